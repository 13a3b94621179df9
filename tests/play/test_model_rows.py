"""Plain-SQL writes (`config/model_rows.py`): the rows they write read back exactly as the ORM's
`save(update_fields=...)` and `bulk_create` would have written them (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from config import model_rows
from play import services
from play.models import Match, MatchAction
from play.services import SeatSpec


def test_update_fields_writes_json_dates_and_nulls_as_save_does(core_pack, alice) -> None:
    match = services.create_standard_match(core_pack, [SeatSpec("a", alice), SeatSpec("b")])
    twin = Match.objects.get(pk=match.pk)
    state = {"text": "Звёздные империи's \"quoted\"", "n": [1, 2.5, None], "nested": {"1": True}}
    moved = timezone.now() - timedelta(minutes=3)
    for obj, write in ((match, model_rows.update_fields),
                       (twin, lambda o, names: o.save(update_fields=names))):
        obj.state, obj.moved_at, obj.turn_seat, obj.version = state, moved, None, 7
        write(obj, ["state", "moved_at", "turn_seat", "version"])
        again = Match.objects.get(pk=obj.pk)
        assert (again.state, again.moved_at, again.turn_seat, again.version) == (
            state, moved, None, 7)
    untouched = Match.objects.get(pk=match.pk)
    assert untouched.setup == twin.setup and untouched.status == twin.status


def test_insert_writes_every_row_with_its_defaults(core_pack, alice) -> None:
    match = services.create_standard_match(core_pack, [SeatSpec("a", alice), SeatSpec("b")])
    before = timezone.now()
    model_rows.insert([MatchAction(match=match, seq=100 + k, notation=f"play {k}", seat=k % 2)
                       for k in range(3)])
    model_rows.insert([])
    rows = list(MatchAction.objects.filter(match=match, seq__gte=100).order_by("seq"))
    assert [(a.seq, a.notation, a.seat) for a in rows] == [
        (100, "play 0", 0), (101, "play 1", 1), (102, "play 2", 0)]
    assert all(before <= a.created_at <= timezone.now() for a in rows)  # the field's default
