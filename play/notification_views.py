"""The e-mail preferences page and the one-click opt-out link of every e-mail.

The opt-out link carries a signed token (user and kind of e-mail), so it works logged out and
from any device. GET shows what the link turns off and a button; POST turns it off. The POST is
exempt from CSRF: the token is the credential, and mail clients' one-click unsubscribe (RFC 8058,
`List-Unsubscribe-Post`) posts to the link without any cookie or page.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from play import notifications
from play.forms import NotificationPrefsForm
from play.models import NotificationPrefs


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request: HttpRequest) -> HttpResponse:
    """Show and save the user's e-mail preferences (the e-mails then use the page's language)."""
    prefs = NotificationPrefs.of(request.user)
    form = NotificationPrefsForm(request.POST or None, instance=prefs)
    if request.method == "POST" and form.is_valid():
        prefs = form.save(commit=False)
        prefs.language = notifications.request_language(request)
        prefs.save()
        messages.success(request, _("Your e-mail preferences are saved."))
        return redirect("play:notifications")
    return render(request, "play/preferences.html", {"form": form, "email": request.user.email})


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """Turn off one kind of e-mail from the link in an e-mail (logged in or not)."""
    found = notifications.read_unsubscribe_token(token)
    if found is None:
        raise Http404("no such link")
    user, kind = found
    done = request.method == "POST"
    if done:
        notifications.opt_out(user, kind)
    return render(request, "play/unsubscribe.html", {
        "kind": kind, "done": done, "name": user.get_username(),
        "mine": request.user.is_authenticated and request.user.pk == user.pk})
