"""404 and 500 are rendered by our own templates, in the site's language."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import include, path

from tests.factories import PERSONA_PASSWORD

pytestmark = pytest.mark.django_db


def _broken_view(request):
    raise RuntimeError("boom")


def _forbidden_view(request):
    raise PermissionDenied


urlpatterns = [
    path("boom/", _broken_view),
    path("forbidden/", _forbidden_view),
    path("", include("config.urls")),  # the error templates link to the site's own pages
]


def test_unknown_address_shows_our_404_page(client: Client) -> None:
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "There is nothing at this address" in html
    assert "Back to the home page" in html


def test_server_error_shows_our_500_page(client: Client, settings) -> None:
    settings.ROOT_URLCONF = __name__
    client.raise_request_exception = False
    response = client.get("/boom/")
    assert response.status_code == 500
    html = response.content.decode()
    assert "Something went wrong" in html
    assert "your campaign data is safe" in html


def test_404_page_is_translated_for_russian_visitors(client: Client) -> None:
    response = client.get("/no/such/page/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 404
    assert "Страница не найдена" in response.content.decode()


def test_permission_denied_shows_our_403_page(client: Client, settings) -> None:
    settings.ROOT_URLCONF = __name__
    client.raise_request_exception = False
    response = client.get("/forbidden/")
    assert response.status_code == 403
    assert "Your account cannot open this page" in response.content.decode()


def test_stale_csrf_token_explains_what_to_do(alice) -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post("/accounts/login/", {"login": "alice", "password": PERSONA_PASSWORD})
    assert response.status_code == 403
    html = response.content.decode()
    assert "out-of-date security token" in html
    assert "Back to the home page" in html
