"""Keep people logged in across the move back to Django's own authentication backends.

Until issue 21 the site used its own subclasses of Django's and allauth's backends
(`config.auth.ModelBackend`, `config.auth.AuthenticationBackend`) to read the user in plain SQL.
A session stores the path of the backend that logged its user in, and Django logs the session
out when that path is no longer configured; this migration rewrites the stored paths to the
standard classes the settings name now.
"""

from django.contrib.auth import BACKEND_SESSION_KEY
from django.db import migrations

RENAMED = {
    "config.auth.ModelBackend": "django.contrib.auth.backends.ModelBackend",
    "config.auth.AuthenticationBackend": "allauth.account.auth_backends.AuthenticationBackend",
}


def rename_backends(apps, schema_editor):
    from django.contrib.sessions.backends.db import SessionStore

    Session = apps.get_model("sessions", "Session")
    store = SessionStore()
    for session in Session.objects.iterator():
        data = store.decode(session.session_data)
        old = data.get(BACKEND_SESSION_KEY)
        if old in RENAMED:
            data[BACKEND_SESSION_KEY] = RENAMED[old]
            session.session_data = store.encode(data)
            session.save(update_fields=["session_data"])


class Migration(migrations.Migration):

    dependencies = [("sessions", "0001_initial")]

    operations = [migrations.RunPython(rename_backends, migrations.RunPython.noop)]
