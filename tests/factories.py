"""factory-boy factories shared by every Django test. Add your app's factories below, one class each.

Personas (fixtures in tests/conftest.py): `alice` and `bob` play a campaign together, `outsider` is
a third registered user who must never see their private pages. All share PERSONA_PASSWORD.
"""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

from campaign.models import Campaign
from cards.models import ContentPack
from tests.campaign.packs import legacy_pack

PERSONA_PASSWORD = "Correct-Horse-Battery-9"


class UserFactory(factory.django.DjangoModelFactory):
    """A registered user who can log in with PERSONA_PASSWORD."""

    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.test")
    password = factory.django.Password(PERSONA_PASSWORD)


def make_pack(pack_id: str = "test-legacy", owner=None, builtin: bool = True) -> ContentPack:
    """Store the campaign tests' small legacy pack as a ContentPack, the way the loader would
    (with its catalogue rows)."""
    pack = ContentPack(slug=pack_id, owner=owner, is_builtin=builtin)
    pack.set_data(legacy_pack(pack_id))
    pack.save()
    pack.rebuild_catalogue()
    return pack


def start_campaign(pack: ContentPack, alice, bob, name: str = "Alice vs Bob") -> Campaign:
    """Return alice's campaign against bob: sides chosen (alice the Star Empire), scenario 1
    opened."""
    campaign = Campaign.start(pack, name, alice, [(alice, "Alice"), (bob, "Bob")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    campaign.apply_event("scenario_opened", {"number": 1}, alice, 1)
    return campaign


def win_every_scenario(campaign: Campaign, user) -> Campaign:
    """Record the Star Empire's win of scenario 1 and every later one (the test pack's choice of
    scenario 2 made on the way), as `user`; L25's after-campaign steps come next."""
    started = campaign
    started.apply_event("game_recorded", {"winner": "empire", "how": "authority"}, user,
                        started.version)
    for number in range(2, 13):
        started.apply_event("scenario_opened", {"number": number}, user, started.version)
        if number == 2:
            started.apply_event("choice_made", {"choice": "tribute", "option": "gold"}, user,
                                started.version)
        started.apply_event("game_recorded", {"winner": "empire", "how": "authority"}, user,
                            started.version)
    return started

