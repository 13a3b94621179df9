"""One row per user (or address), action and time window: how many requests it has made.

Why the database and not Django's cache: the default cache lives in each server process, so with
two uvicorn workers a user could reach every limit once in each (issue 25 F7: 103 of 140 match
creations accepted against 60 per hour). Django's DatabaseCache is shared but increments by a read
and a write, so simultaneous requests can count once between them. Here one UPDATE adds one: on
PostgreSQL it locks the row until the transaction ends, on SQLite the transaction holds the write
lock (IMMEDIATE), so the count read back right after is exactly this request's place in line.
"""
from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, models, transaction
from django.db.models import F


class RateCountQuerySet(models.QuerySet):
    """Named operations on the counts."""

    def count_one(self, key: str, expires: datetime, now: datetime) -> int:
        """Add one request to the count of `key` (a new count lives until `expires`); return it."""
        with transaction.atomic(using=self.db):
            if not self.filter(key=key).update(count=F("count") + 1):
                self._start(key, expires, now)
            return self.filter(key=key).values_list("count", flat=True).get()

    def _start(self, key: str, expires: datetime, now: datetime) -> None:
        """Open the count of `key` at 1 (or add one, if a simultaneous request opened it first).

        Counts whose window has passed go at the same time: a new window opens about once per
        user, action and window, and the delete finds its rows through the index on `expires`.
        """
        try:
            with transaction.atomic(using=self.db):
                self.filter(expires__lt=now).delete()
                self.create(key=key, count=1, expires=expires)
        except IntegrityError:  # the other request's row is there now: count on it
            self.filter(key=key).update(count=F("count") + 1)


class RateCount(models.Model):
    """The requests of one user (or address) for one action in one fixed window."""

    key = models.CharField(max_length=200, unique=True)  # ratelimit:<action>:<who>:<window start>
    count = models.PositiveIntegerField(default=0)
    expires = models.DateTimeField(db_index=True)

    objects = RateCountQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"
