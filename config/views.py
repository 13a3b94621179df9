"""Site-wide pages that belong to no single app: the home page."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

HOME_LIST_LIMIT = 20


def home(request: HttpRequest) -> HttpResponse:
    """Show visitors what Starledger is; show players their campaigns and matches."""
    context: dict[str, Any] = {}
    if request.user.is_authenticated:
        context["campaigns"] = _owned_by(request.user, "campaign", "Campaign")
        context["matches"] = _owned_by(request.user, "play", "Match")
    return render(request, "home.html", context)


def _owned_by(user: AbstractBaseUser, app_label: str, model_name: str) -> list[Any]:
    """Return up to HOME_LIST_LIMIT rows from `Model.objects.for_user(user)`.

    The apps grow in parallel with this page, so a model or its `for_user` query may not exist
    yet; the home page then shows the empty state instead of failing.
    """
    try:
        model = apps.get_model(app_label, model_name)
    except LookupError:
        return []
    for_user = getattr(model.objects, "for_user", None)
    if for_user is None:
        return []
    return list(for_user(user)[:HOME_LIST_LIMIT])
