from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StoryConfig(AppConfig):
    name = "story"
    verbose_name = _("Campaign story and odds")
    default_auto_field = "django.db.models.BigAutoField"
