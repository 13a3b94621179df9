"""The site's authentication backends: Django's and allauth's, reading the user in one query.

Every request reads its user by the id its session holds, the board's fetches and moves several
times a second. `Manager.get()` builds and compiles that SELECT anew each time, which cost about
1.8 ms of CPU where the query itself takes 0.6 ms (benchmarks/move_cpu.py); here the SQL is
written once per database from the user model's own fields and run through `Manager.raw()`,
Django's public way to run hand-written SQL (its converters and model instances are Django's).

Both `get_user` and `aget_user` go through the same read, so a page, a move and the event stream
load a user the same way. Logging in, passwords and permissions are the parent classes'.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from allauth.account import auth_backends as allauth_backends
from asgiref.sync import sync_to_async
from django.contrib.auth import backends, get_user_model
from django.core.exceptions import ValidationError
from django.db import connections, router


@lru_cache(maxsize=8)
def _user_query(alias: str) -> str:
    model = get_user_model()
    quote = connections[alias].ops.quote_name
    columns = ", ".join(quote(field.column) for field in model._meta.concrete_fields)
    return (f"SELECT {columns} FROM {quote(model._meta.db_table)} "
            f"WHERE {quote(model._meta.pk.column)} = %s")


class _OneQueryUser:
    def get_user(self, user_id: Any) -> Any:
        """Return the active user with this id, or None (as `ModelBackend.get_user`)."""
        model = get_user_model()
        try:
            pk = model._meta.pk.to_python(user_id)
        except ValidationError:
            return None
        alias = router.db_for_read(model)
        found = model._default_manager.db_manager(alias).raw(_user_query(alias), [pk])
        user = next(iter(found), None)
        return user if user is not None and self.user_can_authenticate(user) else None

    async def aget_user(self, user_id: Any) -> Any:
        """The same read for async requests (the event stream)."""
        return await sync_to_async(self.get_user)(user_id)


class ModelBackend(_OneQueryUser, backends.ModelBackend):
    """Django's username-and-password backend (the admin's log-in)."""


class AuthenticationBackend(_OneQueryUser, allauth_backends.AuthenticationBackend):
    """allauth's backend (log-in by username or e-mail, and its other flows)."""
