"""The boards' templates: Jinja2, for speed (templates/jinja2/play/).

A board is rendered on every move and again for every player it reaches, and Django's template
language spent more CPU on it than the move itself; Jinja2 compiles templates to Python and renders
the same board several times faster. Every other page stays in Django templates; a page that shows
a board (the match, spectator and replay pages) includes the board's HTML from `render`.

The templates translate with `{{ _("Authority %(n)s")|format(n=...) }}`: `makemessages` reads that
`_("...")` as it reads Django's `{% translate %}`, so the strings stay in `play/locale/`. A count
of things is `{{ counted("hand", n) }}`: its sentences are ngettext's, in play/board/phrases.py
(makemessages does not read plurals out of these templates)
(tests/play/test_locale.py checks every one has its Russian text). A string with HTML in it uses
`html_format` instead, which escapes the values but not the translated markup. To refresh the
app's catalogue with both kinds of templates:

    cd play && ln -s ../templates/play _templates && ln -s ../templates/jinja2/play _jinja && \
      django-admin makemessages -l ru --symlinks -i "migrations/*"; rm _templates _jinja
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template import engines
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, trans_real
from jinja2 import ChainableUndefined, Environment
from markupsafe import Markup

from play.board.phrases import COUNTS
from play.card_html import CardHtml
from play.rematch import game_over_panel

ENGINE = "jinja2"  # the NAME of the Jinja2 engine in settings.TEMPLATES


def environment(**options: Any) -> Environment:
    """Return the Jinja2 environment Django's Jinja2 backend renders the boards with."""
    options["undefined"] = ChainableUndefined  # like Django: a missing value shows as nothing
    env = Environment(**options)
    env.globals.update({
        "_": gettext, "url": _url, "card_html": CardHtml, "game_over_panel": game_over_panel,
        "counted": counted,
    })
    env.filters["html_format"] = html_format
    return env


def render(name: str, context: dict[str, Any], request: HttpRequest | None = None) -> SafeString:
    """Return the template's HTML, safe to print in a Django template (`{{ board_html }}`).

    The request's CSRF token is read once here: Django's Jinja2 backend gives the template lazy
    `csrf_token`/`csrf_input` values that mask the token anew at every use, a dozen per board.
    """
    # The active language's catalogue, found once: `gettext` looks it up anew at every call
    # (a context-local read), some seventy times a board.
    values = {**context, "_": trans_real.catalog().gettext}
    if request is not None:
        token = get_token(request)
        values.update(request=request, csrf_token=token, csrf_input=Markup(
            '<input type="hidden" name="csrfmiddlewaretoken" value="%s">') % token)
    return mark_safe(engines[ENGINE].get_template(name).template.render(values))


def counted(key: str, n: int) -> str:
    """Return a count in words, in the plural form its number takes (`COUNTS`, ngettext)."""
    return str(COUNTS[key] % {"n": n})


def html_format(message: str, **values: Any) -> Markup:
    """Return a translated message that holds HTML with its values escaped into it."""
    return Markup(message) % values


def _url(name: str, *args: Any) -> str:
    return reverse(name, args=args)
