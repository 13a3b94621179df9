"""One card of a board, as HTML: `{{ cards.li(c) }}` in the board templates (play/jinja.py).

A board shows twenty to sixty cards (hands, bases, the trade row, discard piles) and is rendered
again on every move for every player watching, so the card's markup is written here in Python,
with markupsafe's C escaping and `%`, rather than as a template included once per card.

`c` is a card of `play.board` (`ShownCards.card`): its face URL (or its name and text lines when
there is no picture), and either one click (`c.click`: a button naming the one action) or a menu
of actions (`c.actions`), or nothing to do (a button that shows the card large: static/js/inspect.js
opens every card so, and on a touch screen it asks before any action). `CardHtml` holds what every card form of one board
shares: the act URL, the board version every move carries, the CSRF token and the face size.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from markupsafe import Markup, escape

# The pieces of a card's markup, filled with `%` and values escaped by markupsafe's C `escape`:
# string.Formatter (`Markup.format`, `format_html`) was most of a board's rendering time.
FORM = ('<form method="post" action="%(act)s" hx-post="%(act)s" hx-target="#board" '
        'hx-swap="outerHTML" class="%(cls)s">%(csrf)s<input type="hidden" name="version" '
        'value="%(version)s">')
LI = '<li class="%s" data-card-id="%s" data-name="%s">'
FACE = ('<img class="face" src="%s" alt="%s" width="%s" height="%s" loading="lazy" '
        'decoding="async">')
TEXT_FACE = ('<span class="face face-text" role="img" aria-label="%s">'
             '<span class="card-name">%s</span>%s</span>')
LINE = '<span class="card-line">%s</span>'
ZOOM = ('<img class="face-zoom" src="%s" alt="" width="%s" height="%s" loading="lazy" '
        'decoding="async">')
MENU_FACE = ('<img class="menu-face" src="%s" alt="" width="%s" height="%s" loading="lazy" '
             'decoding="async">')
LOOK = '<button type="button" class="card-look">%s</button>'
BADGE = '<span class="card-badge" title="%s">%s</span>'
CLICK = ('%s<button type="submit" name="notation" value="%s" class="card-button" title="%s">'
         '<span class="visually-hidden">%s: </span>%s</button></form>')
MENU = ('<details class="card-menu"><summary title="%s"><span class="visually-hidden">%s: '
        '</span>%s</summary>%s<p class="menu-title">%s</p>%s%s'
        '<button type="button" class="menu-cancel">%s</button></form></details>')
ACTION = '<button type="submit" name="notation" value="%s" class="card-action">%s</button>'
UPGRADE = ('<button type="submit" name="notation" value="%s" class="upgrade-option">%s '
           '<span class="sticker-box"><span class="sticker-text">%s</span> '
           '<span class="sticker-faction">+ %s</span></span></button>')


class CardHtml:
    """The cards of one board: `li(c)` is a card's <li>, with its button or menu of actions."""

    def __init__(self, act_url: str = "", version: Any = "", face_size: Any = None,
                 csrf_token: Any = "") -> None:
        self.size = tuple(escape(x) for x in (face_size or ("", "")))
        csrf = (f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(csrf_token)}">'
                if csrf_token else "")
        self.form_html = {cls: FORM % {"act": escape(act_url or ""), "cls": cls, "csrf": csrf,
                                       "version": escape("" if version is None else version)}
                          for cls in ("card-form", "card-actions")}

    def li(self, c: dict[str, Any]) -> Markup:
        """Return the card's <li>: its face, with its button or menu of actions when it has any."""
        classes = "game-card" + (" upgraded" if c.get("upgrade") else "") + (
            " has-actions" if c.get("actions") else "")
        if c.get("click"):
            body = self._clickable(c)
        elif c.get("actions"):
            body = self._menu(c)
        else:
            body = LOOK % self.face(c)
        parts = [LI % (classes, escape(c.get("id", "")), escape(c.get("name", ""))), body]
        if c.get("face_url"):
            parts.append(ZOOM % (escape(c["face_url"]), *self.size))
        if c.get("damage"):
            parts.append(BADGE % (escape(_("Defense left")),
                                  escape(_("%(n)s left") % {"n": c.get("remaining")})))
        parts.append("</li>")
        return Markup("".join(parts))

    def face(self, c: dict[str, Any]) -> str:
        """Return the card's picture, or its name and lines as text when it has none."""
        if c.get("face_url"):
            return FACE % (escape(c["face_url"]), escape(c.get("alt", "")), *self.size)
        lines = "".join(LINE % escape(line) for line in c.get("lines") or [])
        return TEXT_FACE % (escape(c.get("alt", "")), escape(c.get("name", "")), lines)

    def _clickable(self, c: dict[str, Any]) -> str:
        click = c["click"]
        label = escape(click.get("label", ""))
        return CLICK % (self.form_html["card-form"], escape(click.get("notation", "")), label,
                        label, self.face(c))

    def _menu(self, c: dict[str, Any]) -> str:
        what = escape(_("What to do with %(name)s") % {"name": c.get("name", "")})
        picture = (MENU_FACE % (escape(c["face_url"]), *self.size) if c.get("face_url") else "")
        buttons = "".join(_action_button(a) for a in c["actions"])
        return MENU % (what, what, self.face(c), self.form_html["card-actions"],
                       escape(c.get("name", "")), picture, buttons, escape(_("Cancel")))


def _action_button(a: dict[str, Any]) -> str:
    sticker = a.get("sticker")
    if not sticker:
        return ACTION % (escape(a.get("notation", "")), escape(a.get("short", "")))
    return UPGRADE % (escape(a.get("notation", "")), escape(a.get("short", "")),
                      escape(sticker.get("text", "")), escape(sticker.get("faction", "")))
