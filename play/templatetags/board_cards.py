"""One card of a board, as HTML: `{% board_card c %}`.

A board shows twenty to sixty cards (hands, bases, the trade row, discard piles) and is rendered
again on every move for every player watching. Two nested template includes per card were the
largest part of that work, so the card's markup is written here in Python, once per card.

`c` is a card of `play.presenters.Board`: its face URL (or its name and text lines when there is
no picture), and either one click (`c.click`: a button naming the one action) or a menu of
actions (`c.actions`), or nothing to do. The page context gives the act URL, the board version
every move carries, the CSRF token and the face size.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

register = template.Library()

FORM = ('<form method="post" action="{act}" hx-post="{act}" hx-target="#board" '
        'hx-swap="outerHTML" class="{cls}">{csrf}<input type="hidden" name="version" '
        'value="{version}">')


@register.simple_tag(takes_context=True)
def board_card(context: Any, c: dict[str, Any]) -> SafeString:
    """Return the card's <li>: its face, with its button or menu of actions when it has any."""
    page = _Page(context)
    classes = "game-card" + (" upgraded" if c.get("upgrade") else "") + (
        " has-actions" if c.get("actions") else "")
    if c.get("click"):
        body = _clickable(c, page)
    elif c.get("actions"):
        body = _menu(c, page)
    else:
        body = face(c, page.size)
    parts = [format_html('<li class="{}" data-card-id="{}">', classes, c.get("id", "")), body]
    if c.get("face_url"):
        parts.append(format_html(
            '<img class="face-zoom" src="{}" alt="" width="{}" height="{}" loading="lazy" '
            'decoding="async">', c["face_url"], *page.size))
    if c.get("damage"):
        parts.append(format_html('<span class="card-badge" title="{}">{}</span>',
                                 _("Defense left"), _("%(n)s left") % {"n": c.get("remaining")}))
    parts.append(mark_safe("</li>"))
    return mark_safe("".join(parts))


def face(c: dict[str, Any], size: tuple[int, int]) -> SafeString:
    """Return the card's picture, or its name and lines as text when it has none."""
    if c.get("face_url"):
        return format_html('<img class="face" src="{}" alt="{}" width="{}" height="{}" '
                           'loading="lazy" decoding="async">', c["face_url"], c.get("alt", ""),
                           *size)
    lines = format_html_join("", '<span class="card-line">{}</span>',
                             ((line,) for line in c.get("lines") or []))
    return format_html('<span class="face face-text" role="img" aria-label="{}">'
                       '<span class="card-name">{}</span>{}</span>', c.get("alt", ""),
                       c.get("name", ""), lines)


class _Page:
    """What every card form of one board shares, read from the template context."""

    def __init__(self, context: Any) -> None:
        self.act_url = context.get("act_url", "")
        self.version = context.get("version", "")
        self.size = tuple(context.get("face_size") or ("", ""))
        token = context.get("csrf_token")
        self.csrf = (format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">',
                                 token) if token else "")

    def form(self, cls: str) -> SafeString:
        return format_html(FORM, act=self.act_url, cls=cls, csrf=self.csrf, version=self.version)


def _clickable(c: dict[str, Any], page: _Page) -> SafeString:
    click = c["click"]
    return format_html(
        '{}<button type="submit" name="notation" value="{}" class="card-button" title="{}">'
        '<span class="visually-hidden">{}: </span>{}</button></form>',
        page.form("card-form"), click.get("notation", ""), click.get("label", ""),
        click.get("label", ""), face(c, page.size))


def _menu(c: dict[str, Any], page: _Page) -> SafeString:
    what = _("What to do with %(name)s") % {"name": c.get("name", "")}
    picture = (format_html('<img class="menu-face" src="{}" alt="" width="{}" height="{}" '
                           'loading="lazy" decoding="async">', c["face_url"], *page.size)
               if c.get("face_url") else "")
    buttons = mark_safe("".join(_action_button(a) for a in c["actions"]))
    return format_html(
        '<details class="card-menu"><summary title="{}"><span class="visually-hidden">{}: '
        '</span>{}</summary>{}<p class="menu-title">{}</p>{}{}'
        '<button type="button" class="menu-cancel">{}</button></form></details>',
        what, what, face(c, page.size), page.form("card-actions"), c.get("name", ""), picture,
        buttons, _("Cancel"))


def _action_button(a: dict[str, Any]) -> str:
    sticker = a.get("sticker")
    if not sticker:
        return format_html('<button type="submit" name="notation" value="{}" '
                           'class="card-action">{}</button>', a.get("notation", ""),
                           a.get("short", ""))
    return format_html(
        '<button type="submit" name="notation" value="{}" class="upgrade-option">{} '
        '<span class="sticker-box"><span class="sticker-text">{}</span> '
        '<span class="sticker-faction">+ {}</span></span></button>', a.get("notation", ""),
        a.get("short", ""), sticker.get("text", ""), sticker.get("faction", ""))
