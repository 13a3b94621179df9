"""The owner's set as a whole (issue 19): staged changes and "Apply", undo of the last change,
import into the set (a diff first), a private share link, and deleting a set nobody plays."""
from __future__ import annotations

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import ProtectedError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cards.forms import ImportPackForm
from cards.models import StalePack
from cards.owners.staging import (
    NotApplied,
    check_change,
    staged_check,
    store_checked,
    undo_last_change,
)
from cards.owners.views import shared_pack
from cards.views import own_pack
from common.ratelimit import rate_limit


def _stale(request: HttpRequest, pack: object) -> HttpResponse:
    return render(request, "cards/stale.html", {"pack": pack, "edit": True}, status=409)


@login_required
@rate_limit("pack-edit")
def staged(request: HttpRequest, pk: int) -> HttpResponse:
    """Show the staged changes checked together; POST "apply" stores them, "discard" drops them."""
    pack = own_pack(request, pk)
    if request.method == "POST":
        if request.POST.get("checksum") != pack.working_checksum:
            return _stale(request, pack)
        if request.POST.get("action") == "discard":
            pack.discard_staged()
            messages.success(request, _("The staged changes were dropped."))
            return redirect(pack)
        try:
            store_checked(pack, pack.staged_data or pack.data, pack.working_checksum)
        except StalePack:
            return _stale(request, pack)
        except NotApplied as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("Applied: your set and the campaigns that use it now "
                                        "have these changes."))
            return redirect(pack)
    check = staged_check(pack)
    return render(request, "cards/owners/staged.html", {"pack": pack, "check": check},
                  status=400 if request.method == "POST" else 200)


@login_required
@require_POST
@rate_limit("pack-edit")
def undo_change(request: HttpRequest, pk: int) -> HttpResponse:
    """Undo the set's last saved change (or last apply)."""
    pack = own_pack(request, pk)
    try:
        undo_last_change(pack, request.POST.get("checksum", ""))
    except StalePack:
        return _stale(request, pack)
    except NotApplied as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("The last change was undone."))
    return redirect(pack)


@login_required
@rate_limit("pack-import")
def import_into(request: HttpRequest, pk: int) -> HttpResponse:
    """Import a pack file into this set: the differences first, then replace on confirmation."""
    pack = own_pack(request, pk)
    form = ImportPackForm(request.POST or None, request.FILES or None, unfinished=pack.is_draft)
    context: dict[str, object] = {"pack": pack, "form": form}
    if request.method == "POST" and request.POST.get("confirm") == "1":
        return _replace_from_session(request, pack)
    if request.method == "POST" and form.is_valid():
        new = dict(form.data_value, pack={**form.data_value["pack"], "id": pack.slug})
        request.session[f"import-into-{pack.pk}"] = new
        context.update({"check": check_change(pack, pack.data, new), "confirming": True})
    status = 400 if request.method == "POST" and not form.is_valid() else 200
    return render(request, "cards/owners/import_into.html", context, status=status)


def _replace_from_session(request: HttpRequest, pack: object) -> HttpResponse:
    new = request.session.pop(f"import-into-{pack.pk}", None)
    if new is None:
        messages.error(request, _("Choose the file again: the checked file is gone."))
        return redirect("cards:import_into", pk=pack.pk)
    try:
        store_checked(pack, new, request.POST.get("checksum", ""))
    except StalePack:
        return _stale(request, pack)
    except NotApplied as error:
        messages.error(request, str(error))
        return redirect("cards:import_into", pk=pack.pk)
    messages.success(request, _("Your set now has the imported cards; its campaigns use them."))
    return redirect(pack)


@login_required
@rate_limit("pack-edit")
def delete_set(request: HttpRequest, pk: int) -> HttpResponse:
    """Ask, then delete a set that no campaign or game uses."""
    pack = own_pack(request, pk)
    if request.method == "POST":
        try:
            pack.delete()
        except ProtectedError:
            messages.error(request, _("A campaign or a game uses this set, so it stays. Delete "
                                      "those first, or keep the set."))
            return redirect(pack)
        messages.success(request, _("The set was deleted."))
        return redirect("cards:list")
    return render(request, "cards/owners/delete_set.html", {"pack": pack})


@login_required
@require_POST
def share_link(request: HttpRequest, pk: int) -> HttpResponse:
    """Make (or, with "withdraw", remove) the private link that lets others copy the set."""
    pack = own_pack(request, pk)
    pack.share_token = "" if request.POST.get("action") == "withdraw" else (
        pack.share_token or secrets.token_urlsafe(24))
    pack.save(update_fields=["share_token"])
    return redirect(pack.get_absolute_url() + "#share")


def shared(request: HttpRequest, token: str) -> HttpResponse:
    """Show a shared set's name; a logged-in visitor may copy it into their own sets."""
    pack = shared_pack(token)
    if request.method == "POST" and request.user.is_authenticated:
        copy = pack.copy_for(request.user)
        messages.success(request, _("Your own copy is ready. Only you can see and edit it."))
        return redirect(copy)
    login = reverse("account_login") + "?next=" + request.path
    return render(request, "cards/owners/shared.html", {"pack": pack, "login": login})
