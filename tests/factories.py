"""factory-boy factories shared by every Django test. Add your app's factories below, one class each.

Personas (fixtures in tests/conftest.py): `alice` and `bob` play a campaign together, `outsider` is
a third registered user who must never see their private pages. All share PERSONA_PASSWORD.
"""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

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
