"""Private pages send anonymous visitors to the login page."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

PRIVATE_PAGES = [
    "/accounts/password/change/",
    "/accounts/email/",
    "/admin/",
]


@pytest.mark.parametrize("path", PRIVATE_PAGES)
def test_anonymous_user_is_redirected_to_login(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 302
    assert "login/?next=" in response["Location"]


@pytest.mark.parametrize("path", PRIVATE_PAGES[:2])
def test_logged_in_user_reaches_account_pages(alice_client: Client, path: str) -> None:
    response = alice_client.get(path)
    assert response.status_code == 200
    html = response.content.decode()
    assert '<nav class="subnav" aria-label="Account">' in html
    assert f'href="{path}" aria-current="page"' in html
