"""The site's authentication backends: Django's and allauth's, with the user read in plain SQL.

Every request reads its user (`request.user`) by the id its session holds. Through the ORM that
one SELECT cost about 1 ms of CPU to build and compile (see `config/model_rows.py`); here it is
written once. Logging in, passwords and permissions are the parent classes' unchanged.

Sessions made before these classes existed name the parents' paths; `config.sessions` reads
those as these, so nobody is logged out by the change.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from allauth.account import auth_backends as allauth_backends
from django.contrib.auth import backends, get_user_model
from django.core.exceptions import ValidationError
from django.db import connections, router

from config.model_rows import Columns

# The parents' paths, as sessions made before these classes name them, and their heirs here.
RENAMED = {
    "django.contrib.auth.backends.ModelBackend": "config.auth.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend": "config.auth.AuthenticationBackend",
}


class _UserByPlainSQL:
    def get_user(self, user_id: Any) -> Any:
        """Return the active user with this id, or None (as `ModelBackend.get_user`)."""
        model = get_user_model()
        try:
            pk = model._meta.pk.to_python(user_id)
        except ValidationError:
            return None
        alias = router.db_for_read(model)
        sql, columns = _user_query(alias, connections[alias].vendor)
        with connections[alias].cursor() as cursor:
            cursor.execute(sql, [pk])
            row = cursor.fetchone()
        if row is None:
            return None
        user = columns.instance(row)
        return user if self.user_can_authenticate(user) else None  # type: ignore[attr-defined]


@lru_cache(maxsize=8)
def _user_query(alias: str, vendor: str) -> tuple[str, Columns]:
    model = get_user_model()
    columns = Columns(model, "u", using=alias)
    quote = connections[alias].ops.quote_name
    return (f'SELECT {columns.sql} FROM {quote(model._meta.db_table)} "u" '
            f'WHERE "u".{quote(model._meta.pk.column)} = %s'), columns


class ModelBackend(_UserByPlainSQL, backends.ModelBackend):
    """Django's username-and-password backend (the admin's log-in)."""


class AuthenticationBackend(_UserByPlainSQL, allauth_backends.AuthenticationBackend):
    """allauth's backend (log-in by username or e-mail, and its other flows)."""
