"""Top-level URLs: each app mounts under its own prefix; accounts and language switching here."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from home import views as home

urlpatterns = [
    path("", home.home, name="home"),
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("cards/", include("cards.urls")),
    path("campaigns/", include("campaign.urls")),
    path("play/", include("play.urls")),
    path("", include("story.urls")),  # /campaigns/<id>/chronicle/…, /cards/<id>/balance/…
]
