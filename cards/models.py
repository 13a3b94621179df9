"""The card catalogue: content packs and the browsable tables derived from them.

`ContentPack.data` holds the whole validated pack JSON (docs/content-format.md) and is the single
source of truth the engine loads. The other models (`CardDesign`, `StickerSheet`, `Sticker`,
`Scenario`, `VPCard`) are read-only copies of parts of `data`, rebuilt by
`ContentPack.rebuild_catalogue()` whenever `data` changes, so the browser can filter with SQL.
Never edit them directly: edit `data` and rebuild.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from cards.checksums import pack_checksum
from cards.envelopes import EnvelopeReveals
from cards.language import InActiveLanguage, pack_text
from cards.pack_copies import OwnCopies
from cards.pack_staging import StagedChanges, StalePack
from common.caching import BoundedCache

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser


# Parsed engine packs by checksum: parsing is the slow part of starting a game, and a pack's
# content never changes under the same checksum.
ENGINE_PACKS: BoundedCache[str, Any] = BoundedCache(32)
# The decoded `data` JSON by checksum, for pages read on every move (the match board): a pack
# row loaded without its `data` column takes the data from here (`with_data`). Read-only.
PACK_DATA: BoundedCache[str, dict[str, Any]] = BoundedCache(32)
# `ContentPack.kind` of an owner's unfinished pack (issue 11): not a choice, so the campaign and
# match pickers, which filter on "core" / "legacy", never offer it; its JSON header keeps the
# kind it will have once complete.
DRAFT = "draft"


class ContentPackQuerySet(models.QuerySet):
    """Named queries over content packs."""

    def builtin(self) -> ContentPackQuerySet:
        """Return the packs shipped with the site (no owner)."""
        return self.filter(is_builtin=True)

    def usable_by(self, user: AbstractBaseUser | AnonymousUser | None) -> ContentPackQuerySet:
        """Return the builtin packs plus, for a logged-in user, the packs they own and the packs
        of their campaigns (one owner enters the box, the group uses it: issue 19)."""
        if user is None or not user.is_authenticated:
            return self.builtin()
        from cards.usage import member_pack_ids

        return self.filter(Q(is_builtin=True) | Q(owner=user) | Q(pk__in=member_pack_ids(user)))

    def owned_by(self, user: AbstractBaseUser | AnonymousUser | None) -> ContentPackQuerySet:
        """Return the packs a user made (none for anonymous visitors)."""
        if user is None or not user.is_authenticated:
            return self.none()
        return self.filter(owner=user)


class ContentPack(EnvelopeReveals, StagedChanges, OwnCopies, models.Model):
    """One version of a set of cards (a core set or a legacy campaign), builtin or a user's own."""

    class Kind(models.TextChoices):
        CORE = "core", _("Core set")
        LEGACY = "legacy", _("Legacy campaign")

    slug = models.SlugField(max_length=100)
    version = models.PositiveIntegerField(default=1)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    name_en = models.CharField(max_length=200)
    name_ru = models.CharField(max_length=200, blank=True)
    description_en = models.TextField(blank=True)
    description_ru = models.TextField(blank=True)
    data = models.JSONField(help_text=_("The whole validated pack JSON (docs/content-format.md)."))
    checksum = models.CharField(max_length=64, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
        related_name="content_packs",
    )
    is_builtin = models.BooleanField(default=False)
    based_on = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="copies",
    )
    # For an owner's own copy of a legacy pack: which envelopes the owner has opened, so the
    # editor shows (and lets them type in) only those sheets, scenarios and VP cards.
    revealed_scenarios = models.PositiveSmallIntegerField(default=0)
    post_campaign_revealed = models.BooleanField(default=False)
    # A finished set's changes wait here until "Apply" checks them together (issue 19): a swap
    # of cards breaks the copy counts on the way. `undo_data` is the set before the last apply.
    staged_data = models.JSONField(null=True, blank=True)
    undo_data = models.JSONField(null=True, blank=True)
    # The private share link's secret: whoever has the link may copy the set (empty: no link).
    share_token = models.CharField(max_length=64, blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    objects = ContentPackQuerySet.as_manager()

    class Meta:
        ordering = ["slug", "-version"]
        constraints = [
            # NULL owners are distinct in SQL, so builtin packs need their own constraint.
            models.UniqueConstraint(
                fields=["slug", "version"], condition=Q(owner__isnull=True),
                name="cards_pack_unique_builtin_version",
            ),
            models.UniqueConstraint(
                fields=["slug", "version", "owner"], condition=Q(owner__isnull=False),
                name="cards_pack_unique_owned_version",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.slug} v{self.version}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save; the checksum always follows `data`, so caches keyed by it are never stale."""
        if "data" not in self.get_deferred_fields():
            self.checksum = pack_checksum(self.data)
            fields = kwargs.get("update_fields")
            if fields is not None and "data" in fields and "checksum" not in fields:
                kwargs["update_fields"] = [*fields, "checksum"]
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("cards:pack", kwargs={"pk": self.pk})

    name = InActiveLanguage("name")

    description = InActiveLanguage("description")

    @property
    def is_draft(self) -> bool:
        return self.kind == DRAFT

    @property
    def target_kind(self) -> str:
        """Return the kind the pack's JSON declares (a draft's kind once complete)."""
        return str(self.data.get("pack", {}).get("kind", "")) if self.is_draft else self.kind

    @property
    def is_legacy(self) -> bool:
        return self.target_kind == self.Kind.LEGACY

    def engine_pack(self) -> Any:
        """Return the engine's parsed `Pack` for `data` (cached per checksum across requests)."""
        from cards.validation import for_engine
        from play.engine import load_pack  # late: the catalogue does not need the engine

        return ENGINE_PACKS.get_or_make(
            self.checksum, lambda: load_pack(for_engine(self.data), self.slug))

    def with_data(self) -> ContentPack:
        """Fill `data` when it was deferred: from this process's memory of its checksum, or read
        once from the database. Return the pack. Callers must not change the shared `data`."""
        if "data" not in self.get_deferred_fields():
            return self
        data = PACK_DATA.get(self.checksum)
        if data is None:
            self.refresh_from_db(fields=["data"])
            if pack_checksum(self.data) == self.checksum:
                PACK_DATA.put(self.checksum, self.data)
            return self
        self.data = data
        return self

    def set_data(self, data: dict[str, Any]) -> None:
        """Copy the header fields and checksum from pack JSON (call `save()` then rebuild)."""
        header = data.get("pack", {})
        self.data = data
        self.checksum = pack_checksum(data)
        self.kind = header.get("kind", "")
        self.version = header.get("version", 1)
        self.name_en = pack_text(header.get("name"), "en", fallback=False)
        self.name_ru = pack_text(header.get("name"), "ru", fallback=False)
        self.description_en = pack_text(header.get("description"), "en", fallback=False)
        self.description_ru = pack_text(header.get("description"), "ru", fallback=False)

    def faction_names(self) -> dict[str, str]:
        """Return {faction id: name} in the active language, from the pack's factions list."""
        from cards.text import faction_names

        return faction_names(self.data)

    def is_owned_by(self, user: AbstractBaseUser | AnonymousUser | None) -> bool:
        return bool(user and user.is_authenticated and self.owner_id == user.pk)

    def replace_data(self, data: dict[str, Any], expected_checksum: str | None = None, *,
                     draft: bool = False) -> None:
        """Store new (already validated) pack JSON and rebuild the derived tables, atomically.

        With ``expected_checksum``, raise StalePack instead if the stored pack changed since.
        With ``draft``, the pack stays an unfinished draft (not offered for games).
        """
        with transaction.atomic():
            if (expected_checksum is not None
                    and self.locked_working_checksum() != expected_checksum):
                raise StalePack(self.pk)
            previous = ContentPack.objects.values_list("data", flat=True).get(pk=self.pk)
            if not self.is_builtin and previous != data:
                self.undo_data = previous  # the owner's "undo the last change"
            self.set_data(data)
            self.staged_data = None
            if draft:
                self.kind = DRAFT
            self.save()
            self.rebuild_catalogue()

    @transaction.atomic
    def rebuild_catalogue(self) -> None:
        """Replace the derived browsing tables with fresh rows built from `data`.

        Called only with validated data (the loader and the edit forms validate first), so the
        row builders read fields directly; the validator is where bad fields are reported.
        """
        self.designs.all().delete()
        self.sticker_sheets.all().delete()
        self.scenarios.all().delete()
        self.vp_cards.all().delete()
        data = self.data
        CardDesign.objects.bulk_create(CardDesign.from_pack_data(self, i, card)
                                       for i, card in enumerate(data.get("cards", [])))
        for sheet in data.get("sticker_sheets", []):
            StickerSheet.create_from_pack_data(self, sheet)
        Scenario.objects.bulk_create(Scenario.from_pack_data(self, scenario)
                                     for scenario in data.get("scenarios", []))
        VPCard.objects.bulk_create(VPCard.from_pack_data(self, vp)
                                   for vp in data.get("vp_cards", []))


class CardDesign(models.Model):
    """A card design of a pack (one row per `cards[]` entry; `quantity` copies exist)."""

    class Type(models.TextChoices):
        SHIP = "ship", _("Ship")
        BASE = "base", _("Base")

    class Role(models.TextChoices):
        TRADE = "trade", _("Trade deck")
        SCOUT = "scout", _("Scout")
        VIPER = "viper", _("Viper")
        EXPLORER = "explorer", _("Explorer")
        STARTER = "starter", _("Starting card")
        POST_CAMPAIGN = "post_campaign", _("Post-campaign")
        TOKEN = "token", _("Token")

    pack = models.ForeignKey(ContentPack, on_delete=models.CASCADE, related_name="designs")
    position = models.PositiveIntegerField(help_text=_("Index in the pack's cards list."))
    slug = models.CharField(max_length=100)
    name_en = models.CharField(max_length=200)
    name_ru = models.CharField(max_length=200, blank=True)
    flavor_en = models.TextField(blank=True)
    flavor_ru = models.TextField(blank=True)
    type = models.CharField(max_length=10, choices=Type.choices)
    outpost = models.BooleanField(default=False)
    cost = models.PositiveIntegerField(null=True, blank=True)
    defense = models.PositiveIntegerField(null=True, blank=True)
    factions = models.JSONField(default=list)
    role = models.CharField(max_length=20, choices=Role.choices)
    quantity = models.PositiveIntegerField(default=1)
    abilities = models.JSONField(default=list)

    class Meta:
        ordering = ["pack", "position"]
        constraints = [
            models.UniqueConstraint(fields=["pack", "slug"], name="cards_design_unique_slug"),
        ]

    @classmethod
    def from_pack_data(cls, pack: ContentPack, position: int, card: dict[str, Any]) -> CardDesign:
        """Return an unsaved row for one `cards[]` entry of the pack's data."""
        return cls(
            pack=pack, position=position, slug=card["id"],
            name_en=pack_text(card.get("name"), "en", fallback=False),
            name_ru=pack_text(card.get("name"), "ru", fallback=False),
            flavor_en=pack_text(card.get("flavor"), "en", fallback=False),
            flavor_ru=pack_text(card.get("flavor"), "ru", fallback=False),
            type=card.get("type", "ship"), outpost=bool(card.get("outpost", False)),
            cost=card.get("cost"), defense=card.get("defense"),
            factions=list(card.get("factions", [])), role=card.get("role", "trade"),
            quantity=card.get("quantity", 1), abilities=card.get("abilities", []),
        )

    def __str__(self) -> str:
        return f"{self.slug} ({self.pack})"

    name = InActiveLanguage("name")

    flavor = InActiveLanguage("flavor")

    def ability_lines(self, factions: dict[str, str] | None = None) -> list[str]:
        """Return the card text, one line per ability, in the active language."""
        from cards.text import abilities_text

        return abilities_text(self.abilities, factions=factions)


class StickerSheet(models.Model):
    """A legacy sticker sheet (L13): five cost rows, each with a ship and a base sticker."""

    pack = models.ForeignKey(ContentPack, on_delete=models.CASCADE, related_name="sticker_sheets")
    slug = models.CharField(max_length=100)
    side = models.CharField(max_length=20)
    scenario = models.PositiveIntegerField()
    name_en = models.CharField(max_length=200, blank=True)
    name_ru = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["pack", "scenario", "side"]
        constraints = [
            models.UniqueConstraint(fields=["pack", "slug"], name="cards_sheet_unique_slug"),
        ]

    @classmethod
    def create_from_pack_data(cls, pack: ContentPack, sheet: dict[str, Any]) -> StickerSheet:
        """Create the row of one `sticker_sheets[]` entry and the rows of its stickers."""
        row = cls.objects.create(
            pack=pack, slug=sheet["id"], side=sheet.get("side", ""),
            scenario=sheet.get("scenario", 0),
            name_en=pack_text(sheet.get("name"), "en", fallback=False),
            name_ru=pack_text(sheet.get("name"), "ru", fallback=False),
        )
        Sticker.objects.bulk_create(
            Sticker.from_pack_data(row, cost_row["cost"], kind, cost_row[kind])
            for cost_row in sheet.get("rows", []) for kind in ("ship", "base") if kind in cost_row)
        return row

    def __str__(self) -> str:
        return self.slug

    name = InActiveLanguage("name")


class Sticker(models.Model):
    """One ability sticker; its id is `<sheet id>:<cost>:<ship|base>`."""

    class Kind(models.TextChoices):
        SHIP = "ship", _("Ship")
        BASE = "base", _("Base")

    sheet = models.ForeignKey(StickerSheet, on_delete=models.CASCADE, related_name="stickers")
    sticker_id = models.CharField(max_length=150)
    cost = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    and_flag = models.BooleanField(default=False, help_text=_("Extends the primary ability (L15)."))
    abilities = models.JSONField(default=list)
    text_en = models.TextField(blank=True)
    text_ru = models.TextField(blank=True)

    class Meta:
        ordering = ["sheet", "cost", "kind"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "cost", "kind"],
                                    name="cards_sticker_unique_slot"),
        ]

    @classmethod
    def from_pack_data(cls, sheet: StickerSheet, cost: int, kind: str, data: dict[str, Any]
                       ) -> Sticker:
        """Return an unsaved row for the `kind` sticker of one sheet row."""
        return cls(
            sheet=sheet, sticker_id=f"{sheet.slug}:{cost}:{kind}", cost=cost, kind=kind,
            and_flag=bool(data.get("and", False)), abilities=data.get("abilities", []),
            text_en=pack_text(data.get("text"), "en", fallback=False),
            text_ru=pack_text(data.get("text"), "ru", fallback=False),
        )

    def __str__(self) -> str:
        return self.sticker_id

    text = InActiveLanguage("text")

    def ability_lines(self, factions: dict[str, str] | None = None) -> list[str]:
        """Return the sticker's printed text, or text generated from its abilities (L15)."""
        from cards.text import ability_text

        if self.text:
            return [self.text]
        return [ability_text(a, factions=factions, extends_primary=self.and_flag)
                for a in self.abilities]


class Scenario(models.Model):
    """A legacy scenario card (L4-L6); `sides` keeps both sides' texts, rules and choices."""

    pack = models.ForeignKey(ContentPack, on_delete=models.CASCADE, related_name="scenarios")
    number = models.PositiveIntegerField()
    title_en = models.CharField(max_length=200)
    title_ru = models.CharField(max_length=200, blank=True)
    story_en = models.TextField(blank=True)
    story_ru = models.TextField(blank=True)
    sides = models.JSONField(default=dict)
    vp_card_ids = models.JSONField(default=list)
    political_victory = models.BooleanField(default=False)

    class Meta:
        ordering = ["pack", "number"]
        constraints = [
            models.UniqueConstraint(fields=["pack", "number"], name="cards_scenario_unique_number"),
        ]

    @classmethod
    def from_pack_data(cls, pack: ContentPack, scenario: dict[str, Any]) -> Scenario:
        """Return an unsaved row for one `scenarios[]` entry."""
        return cls(
            pack=pack, number=scenario["number"],
            title_en=pack_text(scenario.get("title"), "en", fallback=False),
            title_ru=pack_text(scenario.get("title"), "ru", fallback=False),
            story_en=pack_text(scenario.get("story"), "en", fallback=False),
            story_ru=pack_text(scenario.get("story"), "ru", fallback=False),
            sides=scenario.get("sides", {}), vp_card_ids=list(scenario.get("vp_cards", [])),
            political_victory=bool(scenario.get("political_victory", False)),
        )

    def __str__(self) -> str:
        return f"{self.pack} #{self.number}"

    title = InActiveLanguage("title")

    @property
    def name(self) -> str:
        return self.title

    story = InActiveLanguage("story")


class VPCard(models.Model):
    """A legacy victory-point card (L21): who earns it is described by `award`."""

    pack = models.ForeignKey(ContentPack, on_delete=models.CASCADE, related_name="vp_cards")
    slug = models.CharField(max_length=100)
    scenario = models.PositiveIntegerField()
    points = models.IntegerField()
    award = models.JSONField()
    name_en = models.CharField(max_length=200, blank=True)
    name_ru = models.CharField(max_length=200, blank=True)
    text_en = models.TextField(blank=True)
    text_ru = models.TextField(blank=True)

    class Meta:
        ordering = ["pack", "scenario", "slug"]
        constraints = [
            models.UniqueConstraint(fields=["pack", "slug"], name="cards_vpcard_unique_slug"),
        ]

    @classmethod
    def from_pack_data(cls, pack: ContentPack, vp: dict[str, Any]) -> VPCard:
        """Return an unsaved row for one `vp_cards[]` entry."""
        return cls(
            pack=pack, slug=vp["id"], scenario=vp.get("scenario", 0), points=vp.get("points", 0),
            award=vp.get("award"),
            name_en=pack_text(vp.get("name"), "en", fallback=False),
            name_ru=pack_text(vp.get("name"), "ru", fallback=False),
            text_en=pack_text(vp.get("text"), "en", fallback=False),
            text_ru=pack_text(vp.get("text"), "ru", fallback=False),
        )

    def __str__(self) -> str:
        return self.slug

    name = InActiveLanguage("name")

    text = InActiveLanguage("text")
