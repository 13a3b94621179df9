"""Create (or reset) the demo account and print its password; used by scripts/serve.

The password is reset on every run so the login printed by scripts/serve is always true.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DEMO_USERNAME = "demo"
DEMO_EMAIL = "demo@localhost"
DEMO_PASSWORD = os.environ.get("DEMO_PASSWORD", "starledger-demo")


def main() -> None:
    """Ensure the demo user exists with the demo password, then print the password."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user, _ = get_user_model().objects.get_or_create(
        username=DEMO_USERNAME, defaults={"email": DEMO_EMAIL}
    )
    user.set_password(DEMO_PASSWORD)
    user.save(update_fields=["password"])
    EmailAddress.objects.get_or_create(
        user=user, email=user.email, defaults={"primary": True, "verified": True}
    )
    print(DEMO_PASSWORD)


if __name__ == "__main__":
    main()
