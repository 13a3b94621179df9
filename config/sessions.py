"""Django's database sessions, read with one hand-written query (`SESSION_ENGINE`).

Every request reads its session. The ORM spent about 1 ms building and compiling that one
SELECT, the largest fixed cost of a move after the move itself (see `play/rows.py` for the same
reasoning). Everything else (writes, expiry, cycling the key at log-in, `clearsessions`) stays
Django's `db` backend, on the same table. Sessions naming an authentication backend by the path
it had before `config.auth` read as naming its heir there.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import BACKEND_SESSION_KEY
from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone

from config.auth import RENAMED


class SessionStore(db.SessionStore):
    def decode(self, session_data: str) -> dict[str, Any]:
        """Return the session's data; one logged in through a backend `config.auth` took over
        names the new class (the user stays logged in)."""
        data = super().decode(session_data)
        backend = data.get(BACKEND_SESSION_KEY)
        if backend in RENAMED:
            data[BACKEND_SESSION_KEY] = RENAMED[backend]
        return data

    def _get_session_from_db(self) -> Any:
        """Return the unexpired session row (only its data is read), or None."""
        model = self.model
        connection = connections[router.db_for_read(model)]
        quote = connection.ops.quote_name
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT {quote('session_data')} FROM {quote(model._meta.db_table)} "
                           f"WHERE {quote('session_key')} = %s AND {quote('expire_date')} > %s",
                           [self.session_key, now])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None  # as Django's: an unknown or expired key gets a new one
            return None
        return model(session_key=self.session_key, session_data=row[0])
