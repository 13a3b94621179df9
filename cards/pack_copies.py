"""An owner's own copy of a pack, ready to edit (`ContentPack` mixin, issue 5)."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from django.contrib.auth import get_user_model
from django.db import transaction

from cards.checksums import canonical_json

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser


class OwnCopies:
    """Copying a pack for a user under a slug of their own that is still free.

    Mixed into `ContentPack`.
    """

    slug: str
    name_en: str
    name_ru: str
    data: dict[str, Any]

    def copy_for(self, user: AbstractBaseUser) -> Any:
        """Return a new pack owned by `user` with this pack's content, ready to edit (issue 5)."""
        data = json.loads(canonical_json(self.data))
        header = data["pack"]
        header["version"] = 1
        header["name"] = {"en": f"{self.name_en} (my copy)", "ru": f"{self.name_ru} (моя копия)"}
        with transaction.atomic():
            # Several copies posted at once by one user would otherwise all pick the same free
            # slug and all but one fail on the unique constraint: lock the owner's row so the
            # slug is chosen and taken inside one transaction at a time per user.
            list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))
            slug = self.free_copy_slug(user)
            header["id"] = slug
            copy = type(self)(slug=slug, owner=user, is_builtin=False, based_on=self)
            copy.set_data(data)
            if self.is_draft:  # a friend's unfinished set stays unfinished (share links)
                copy.kind = self.kind
            copy.save()
            copy.rebuild_catalogue()
        return copy

    def free_copy_slug(self, user: AbstractBaseUser) -> str:
        """Return `my-<slug>`, numbered when the user already has a pack of that slug."""
        taken = set(type(self)._default_manager.owned_by(user).values_list("slug", flat=True))
        base = f"my-{self.slug}"[:90]
        candidates = (base if n == 1 else f"{base}-{n}" for n in range(1, len(taken) + 2))
        return next(slug for slug in candidates if slug not in taken)
