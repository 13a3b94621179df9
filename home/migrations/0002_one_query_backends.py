"""Keep people logged in across the move to the site's own backend classes (common/auth.py).

They are Django's and allauth's backends reading the user in one query. A session stores the path
of the backend that logged its user in, and Django logs the session out when that path is no
longer configured; this migration rewrites the stored paths to the classes the settings name now
(and back, when migrated backwards).
"""

from django.contrib.auth import BACKEND_SESSION_KEY
from django.db import migrations

RENAMED = {
    "django.contrib.auth.backends.ModelBackend": "common.auth.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend": "common.auth.AuthenticationBackend",
}


def _rewrite(apps, renamed: dict[str, str]) -> None:
    from django.contrib.sessions.backends.db import SessionStore

    Session = apps.get_model("sessions", "Session")
    store = SessionStore()
    for session in Session.objects.iterator():
        data = store.decode(session.session_data)
        old = data.get(BACKEND_SESSION_KEY)
        if old in renamed:
            data[BACKEND_SESSION_KEY] = renamed[old]
            session.session_data = store.encode(data)
            session.save(update_fields=["session_data"])


def rename_backends(apps, schema_editor):
    _rewrite(apps, RENAMED)


def restore_backends(apps, schema_editor):
    _rewrite(apps, {new: old for old, new in RENAMED.items()})


class Migration(migrations.Migration):

    dependencies = [("home", "0001_session_backends")]

    operations = [migrations.RunPython(rename_backends, restore_backends)]
