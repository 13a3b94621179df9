"""The envelopes an owner has opened in their copy of a legacy pack (`ContentPack` mixin)."""
from __future__ import annotations

from django.db import models
from django.utils import timezone

MAX_SCENARIO = 12  # envelopes of a legacy campaign (L1)


class EnvelopeReveals:
    """Which envelopes are open, and opening the next one exactly once (a reveal is final).

    Mixed into `ContentPack`, whose `revealed_scenarios` and `post_campaign_revealed` fields
    it reads and moves on.
    """

    revealed_scenarios: int
    post_campaign_revealed: bool

    @property
    def revealed_range(self) -> range:
        """Return the scenario numbers whose envelopes the owner has opened in the editor."""
        return range(1, self.revealed_scenarios + 1)

    @property
    def envelopes_opened(self) -> int:
        """Return how many envelopes the owner has opened: scenarios, plus 1 for post-campaign."""
        return self.revealed_scenarios + int(self.post_campaign_revealed)

    def reveal_next(self, opened_before: int) -> bool:
        """Open the next envelope if exactly ``opened_before`` are open; return whether it did.

        The condition makes a double click (or a second tab showing an older page) open
        nothing instead of a second, unwanted envelope: a reveal cannot be taken back.
        """
        if opened_before != self.envelopes_opened or opened_before > MAX_SCENARIO:
            return False
        if self.revealed_scenarios < MAX_SCENARIO:
            change = {"revealed_scenarios": models.F("revealed_scenarios") + 1}
        else:
            change = {"post_campaign_revealed": True}
        done = type(self)._default_manager.filter(
            pk=self.pk, revealed_scenarios=self.revealed_scenarios,
            post_campaign_revealed=self.post_campaign_revealed).update(**change, updated=timezone.now())
        self.refresh_from_db(fields=["revealed_scenarios", "post_campaign_revealed", "updated"])
        return bool(done)
