"""Small adjustments to allauth's forms."""

from __future__ import annotations

from typing import Any

from allauth.account.forms import LoginForm
from django.utils.translation import gettext_lazy as _


class StarledgerLoginForm(LoginForm):
    """Allauth's login form, with a label that says both a username and an email work."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["login"].label = _("Username or email")
        self.fields["login"].widget.attrs["placeholder"] = _("Username or email")
