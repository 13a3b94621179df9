"""htmx requests carry the CSRF token that base.html sets in hx-headers on <body>."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)

# A button any page could contain: an htmx POST to a CSRF-protected view (the language switch).
HTMX_BUTTON = """
const button = document.createElement('button');
button.id = 'htmx-post';
button.setAttribute('hx-post', '/i18n/setlang/');
button.setAttribute('hx-vals', '{"language": "ru"}');
button.setAttribute('hx-swap', 'none');
button.textContent = 'post';
document.querySelector('main').append(button);
htmx.process(button);
"""


def test_htmx_post_passes_csrf_with_the_body_header(live_server, page: Page) -> None:
    page.goto(live_server.url + "/")
    page.evaluate(HTMX_BUTTON)
    with page.expect_response(lambda r: r.url.endswith("/i18n/setlang/")) as posted:
        page.click("#htmx-post")
    assert posted.value.status in {200, 204, 302}, posted.value.status
    assert posted.value.request.header_value("x-csrftoken")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
