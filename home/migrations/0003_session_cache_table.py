"""Create the database cache table that Django's cached_db session engine reads first.

`createcachetable` makes the tables of every database cache in the settings (and skips those that
exist), so `migrate` alone prepares a new or an updated site. Sessions stay in their own table:
nobody is logged out, a session missing from the cache is read from there.
"""

from django.conf import settings
from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


def drop_cache_table(apps, schema_editor):
    quote = schema_editor.connection.ops.quote_name
    schema_editor.execute(f"DROP TABLE IF EXISTS {quote(settings.SESSION_CACHE_TABLE)}")


class Migration(migrations.Migration):

    dependencies = [("home", "0002_one_query_backends"), ("sessions", "0001_initial")]

    operations = [migrations.RunPython(create_cache_table, drop_cache_table)]
