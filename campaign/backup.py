"""Campaign backups: versioned JSON out, a NEW identical campaign in.

Schema history (``schema_version``):

* 1 — the first tracker's files: ``{"schema_version": 1, "pack": "<slug>", "name": ...,
  "players": [name, name], "log": [{"type": kind, "data": payload, "by": name, "at": iso}]}``.
  No pack version or checksum, no seq numbers. ``_migrate_v1`` turns it into version 2.
* 2 — the current one, written by :func:`export_campaign`.

Import replays every event through the same validation as a person's input, inside one
transaction: a broken, foreign or rule-breaking file creates nothing.

The file names seats but not users, so the importer is seated by :func:`importer_seat`: the seat
they chose on the import form, or by default the seat whose name is their user name (ignoring
case), else the first seat. The other seat stays open for its invite link.
"""
from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.content import ContentError, PackContent
from campaign.models import Campaign, CampaignEvent, Seat
from campaign.state import Event, EventRefused, derive
from cards import jsoninput
from cards.models import ContentPack

FORMAT = "starledger-campaign"
SCHEMA_VERSION = 2
NAME_MAX = Campaign._meta.get_field("name").max_length
SEAT_NAME_MAX = Seat._meta.get_field("name").max_length


class BackupError(ValueError):
    """The file cannot be imported; the message says why, for the person uploading it."""


def export_campaign(campaign: Campaign) -> dict:
    """Return the campaign as a JSON-ready dict of schema version 2."""
    pack = campaign.pack
    return {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "pack": {"slug": pack.slug, "version": pack.version, "checksum": pack.checksum},
        "name": campaign.name,
        "seats": [{"index": s.index, "name": s.name} for s in campaign.seats.order_by("index")],
        "events": [
            {"seq": e.seq, "kind": e.kind, "payload": e.payload, "actor": e.actor_name,
             "created_at": e.created_at.isoformat()}
            for e in campaign.events.order_by("seq")
        ],
    }


def dumps(data: dict) -> str:
    """Serialise a backup the same way every time (so two exports compare byte for byte)."""
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True)


AUTO_SEAT = "auto"  # the seat named like the importer, else the first one
NO_SEAT = "none"    # the importer only keeps score


def import_campaign(raw: str | bytes, user: Any, seat: str = AUTO_SEAT) -> Campaign:
    """Create a new campaign owned by ``user`` from a backup, seating them by ``seat`` ("auto",
    "0", "1" or "none"); raise BackupError, creating nothing."""
    data = _migrate(_parse(raw))
    pack = _find_pack(data["pack"], user)
    events = _events(data)
    try:
        state = derive(PackContent(pack.data), [Event(e["seq"], e["kind"], e["payload"]) for e in events])
    except (EventRefused, ContentError) as error:
        raise BackupError(_("The file breaks the campaign rules: %(error)s") % {"error": error})
    with transaction.atomic():
        return _create(data, pack, user, events, state.to_dict(), seat)


def _parse(raw: str | bytes) -> dict:
    try:
        data = jsoninput.loads(raw)  # also refuses absurd nesting and NUL characters
    except jsoninput.JSONInputError as error:
        raise BackupError(_("This file is not JSON that can be imported: %(why)s")
                          % {"why": error}) from None
    if not isinstance(data, dict) or "schema_version" not in data:
        raise BackupError(_("This file is not a Starledger campaign backup."))
    return data


def _migrate(data: dict) -> dict:
    version = data.get("schema_version")
    if type(version) is not int:  # 1.0 and true equal 1 in Python; a file must say 1 or 2
        raise BackupError(_("The schema version must be a whole number."))
    if version == 1:
        data = _migrate_v1(data)
    elif version != SCHEMA_VERSION or data.get("format") != FORMAT:
        raise BackupError(_("Unknown backup format or schema version %(v)s.") % {"v": version})
    _require(isinstance(data.get("seats"), list) and len(data["seats"]) == 2,
             _("A backup needs exactly two seats."))
    _require(isinstance(data.get("events"), list), _("A backup needs a list of events."))
    _require(isinstance(data.get("name"), str) and data["name"].strip(), _("A backup needs a name."))
    _require(len(data["name"]) <= NAME_MAX, _("The campaign name is longer than %(n)s characters.")
             % {"n": NAME_MAX})
    return data


def _migrate_v1(old: dict) -> dict:
    """Turn a schema 1 file into schema 2 (seq from the order; no pack version: the newest)."""
    try:
        return {
            "format": FORMAT, "schema_version": SCHEMA_VERSION,
            "pack": {"slug": old["pack"], "version": None, "checksum": None},
            "name": old["name"],
            "seats": [{"index": i, "name": n} for i, n in enumerate(old["players"])],
            "events": [{"seq": i, "kind": e["type"], "payload": e["data"], "actor": e.get("by", ""),
                        "created_at": e["at"]} for i, e in enumerate(old["log"], 1)],
        }
    except (KeyError, TypeError):
        raise BackupError(_("This schema 1 backup is incomplete.")) from None


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise BackupError(message)


def _find_pack(identity: Any, user: Any) -> ContentPack:
    _require(isinstance(identity, dict) and isinstance(identity.get("slug"), str)
             and identity["slug"], _("The backup names no pack."))
    version = identity.get("version")
    _require(version is None or type(version) is int,
             _("The backup's pack version must be a whole number."))
    packs = ContentPack.objects.usable_by(user).filter(slug=identity["slug"])
    if identity.get("version") is not None:
        packs = packs.filter(version=identity["version"])
    pack = packs.order_by("-version").first()
    if pack is None:
        raise BackupError(_("The content pack “%(slug)s” version %(v)s is not on this site.")
                          % {"slug": identity["slug"], "v": identity.get("version")})
    if identity.get("checksum") and identity["checksum"] != pack.checksum:
        raise BackupError(_("The content pack “%(slug)s” here differs from the one the backup was "
                            "made with (checksum mismatch).") % {"slug": identity["slug"]})
    return pack


def _events(data: dict) -> list[dict]:
    events = data["events"]
    for number, event in enumerate(events, 1):
        _require(isinstance(event, dict) and type(event.get("seq")) is int and event["seq"] == number,
                 _("Event %(n)s is missing or out of order.") % {"n": number})
        _require(isinstance(event.get("payload"), dict) and isinstance(event.get("kind"), str),
                 _("Event %(n)s has no kind or payload.") % {"n": number})
        _require(isinstance(event.get("actor", ""), str),
                 _("Event %(n)s: the actor must be a name.") % {"n": number})
        event["created_at"] = _event_date(event.get("created_at"), number)
    return events


# Dates a database stores and a page shows without trouble. Years 1 and 9999 are valid ISO
# dates whose UTC value can fall outside what Python and the databases represent (a 500 on
# PostgreSQL's history pages, on SQLite's import), so the file's dates must fall well inside.
EARLIEST_EVENT_DATE = datetime(1970, 1, 1, tzinfo=UTC)
LATEST_EVENT_DATE = datetime(9000, 1, 1, tzinfo=UTC)


def _event_date(raw: Any, number: int) -> datetime:
    """Return an event's date in UTC; a missing, malformed or out-of-range one is refused."""
    bad = BackupError(_("Event %(n)s has a bad date.") % {"n": number})
    try:
        when = datetime.fromisoformat(raw)
        when = (when if when.tzinfo else when.replace(tzinfo=UTC)).astimezone(UTC)
    except (TypeError, ValueError, OverflowError):
        raise bad from None
    if not EARLIEST_EVENT_DATE <= when < LATEST_EVENT_DATE:
        raise BackupError(_("Event %(n)s has a date outside the years 1970 to 8999.")
                          % {"n": number})
    return when


def importer_seat(names: list[str], username: str, choice: str = AUTO_SEAT) -> int | None:
    """Return the index of the seat the importer takes, or None (they only keep score)."""
    if choice == NO_SEAT:
        return None
    if choice in ("0", "1"):
        return int(choice)
    folded = username.casefold()
    return next((i for i, name in enumerate(names) if name.strip().casefold() == folded), 0)


def _create(data: dict, pack: ContentPack, user: Any, events: list[dict], state: dict,
            seat_choice: str) -> Campaign:
    campaign = Campaign.objects.create(pack=pack, name=data["name"], creator=user,
                                       version=len(events), state=state)
    names = []
    for index, seat in enumerate(data["seats"]):
        name = seat.get("name") if isinstance(seat, dict) else None
        _require(isinstance(name, str) and name, _("Seat %(n)s has no name.") % {"n": index + 1})
        _require(len(name) <= SEAT_NAME_MAX, _("Seat %(n)s: the name is longer than %(max)s "
                                               "characters.") % {"n": index + 1, "max": SEAT_NAME_MAX})
        names.append(name)
    mine = importer_seat(names, user.get_username(), seat_choice)
    for index, name in enumerate(names):
        Seat.objects.create(campaign=campaign, index=index, name=name,
                            user=user if index == mine else None)
    CampaignEvent.objects.bulk_create([
        CampaignEvent(campaign=campaign, seq=e["seq"], kind=e["kind"], payload=e["payload"],
                      actor_name=str(e.get("actor") or "")[:150], created_at=e["created_at"])
        for e in events
    ])
    return campaign
