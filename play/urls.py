"""URLs of online play, mounted under /play/ (names: play:<name>)."""

from __future__ import annotations

from django.urls import URLPattern

app_name = "play"
urlpatterns: list[URLPattern] = []
