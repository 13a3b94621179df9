"""Issue 10, "a request-size limit on imports": a backup over IMPORT_MAX_BYTES is refused with a
form error and nothing stored, and its bytes are dropped while the request is read."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, RequestFactory
from django.test.client import encode_multipart
from django.urls import reverse

from campaign.backup import BackupError, dumps, export_campaign, import_campaign
from campaign.models import Campaign
from common.uploads import OversizedUpload

PROJECT = Path(__file__).resolve().parents[2]


def padded_backup(campaign: Campaign, size: int) -> bytes:
    """Return a valid backup of ``campaign`` padded with trailing spaces to exactly ``size`` bytes."""
    raw = dumps(export_campaign(campaign)).encode()
    assert len(raw) <= size
    return raw + b" " * (size - len(raw))


def post_import(client: Client, raw: bytes):
    upload = SimpleUploadedFile("backup.json", raw, content_type="application/json")
    return client.post(reverse("campaign:import"), {"file": upload, "seat": "auto"})


def test_the_default_limit_is_2_mib(settings) -> None:
    assert settings.IMPORT_MAX_BYTES == 2 * 1024 * 1024
    assert settings.FILE_UPLOAD_HANDLERS[0] == "common.uploads.SizeLimitUploadHandler"


def test_a_backup_of_exactly_the_limit_imports(alice_client: Client, started: Campaign,
                                               settings) -> None:
    settings.IMPORT_MAX_BYTES = 20_000
    response = post_import(alice_client, padded_backup(started, 20_000))
    assert response.status_code == 302
    assert Campaign.objects.count() == 2


def test_one_byte_over_the_limit_is_a_form_error_and_stores_nothing(
        alice_client: Client, started: Campaign, settings) -> None:
    settings.IMPORT_MAX_BYTES = 20_000
    response = post_import(alice_client, padded_backup(started, 20_001))
    assert response.status_code == 200
    page = response.content.decode()
    assert "This file is 19.5\xa0KB; a campaign backup may be at most 19.5\xa0KB." in page
    assert Campaign.objects.count() == 1


def test_a_file_over_the_default_limit_is_refused(alice_client: Client, started: Campaign) -> None:
    response = post_import(alice_client, padded_backup(started, 2 * 1024 * 1024 + 1))
    assert "a campaign backup may be at most 2.0\xa0MB" in response.content.decode()
    assert Campaign.objects.count() == 1


def test_the_refusal_speaks_russian(alice_client: Client, started: Campaign, settings) -> None:
    settings.IMPORT_MAX_BYTES = 20_000
    alice_client.cookies["django_language"] = "ru"
    page = post_import(alice_client, padded_backup(started, 30_000)).content.decode()
    assert "резервная копия кампании может занимать не больше" in page


def test_an_oversized_upload_keeps_no_bytes_but_its_size(settings) -> None:
    """The handler drops the bytes past the limit: neither memory nor a temporary file holds them."""
    settings.IMPORT_MAX_BYTES = 1000
    body = encode_multipart("BoUnDaRy", {
        "file": SimpleUploadedFile("big.json", b"x" * 5000, content_type="application/json"),
        "seat": "auto"})
    request = RequestFactory().post("/", data=body,
                                    content_type="multipart/form-data; boundary=BoUnDaRy")
    upload = request.FILES["file"]
    assert isinstance(upload, OversizedUpload)
    assert upload.size == 5000 and upload.read() == b""
    assert request.POST["seat"] == "auto"  # the fields after the file still arrive


def test_a_small_upload_passes_through_untouched(settings) -> None:
    body = encode_multipart("BoUnDaRy", {
        "file": SimpleUploadedFile("small.json", b"{}", content_type="application/json")})
    request = RequestFactory().post("/", data=body,
                                    content_type="multipart/form-data; boundary=BoUnDaRy")
    assert not isinstance(request.FILES["file"], OversizedUpload)
    assert request.FILES["file"].read() == b"{}"


@pytest.mark.parametrize("version", ["1", 1.0, 2.5, False, 10 ** 30, -2, {"v": 2}])
def test_schema_version_must_be_a_known_whole_number(started: Campaign, alice, version) -> None:
    data = export_campaign(started)
    data["schema_version"] = version
    with pytest.raises(BackupError, match="whole number|schema version"):
        import_campaign(json.dumps(data), alice)
    assert Campaign.objects.count() == 1


def test_the_limit_is_read_from_the_environment() -> None:
    env = {**os.environ, "IMPORT_MAX_BYTES": "5000", "DJANGO_SETTINGS_MODULE": "config.settings"}
    code = ("import django; django.setup(); from django.conf import settings as s; "
            "print(s.IMPORT_MAX_BYTES, s.FILE_UPLOAD_MAX_MEMORY_SIZE, s.DATA_UPLOAD_MAX_MEMORY_SIZE)")
    result = subprocess.run([sys.executable, "-c", code], cwd=PROJECT, env=env, capture_output=True,
                            text=True, timeout=60, check=True)
    assert result.stdout.split() == ["5000", "5000", "5000"]
