"""Refuse oversized uploads without keeping their bytes (settings.IMPORT_MAX_BYTES)."""
from __future__ import annotations

import io
from typing import Any

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.core.files.uploadhandler import FileUploadHandler


class OversizedUpload(UploadedFile):
    """An upload that went over the limit: its bytes are gone, only its name and size remain.

    Forms refuse it by its ``size`` like any other too-large file, with their own message.
    """

    def __init__(self, name: str, content_type: str, size: int, charset: str | None) -> None:
        super().__init__(io.BytesIO(b""), name, content_type, size, charset)


class SizeLimitUploadHandler(FileUploadHandler):
    """First handler of FILE_UPLOAD_HANDLERS: pass chunks on until a file passes the limit.

    From then on the chunks are counted and dropped instead of reaching the memory or
    temporary-file handlers behind it, and the file comes out as an :class:`OversizedUpload`.
    The request body is still read to its end: the client has sent it, and the other form
    fields (the CSRF token) come with it.
    """

    def new_file(self, field_name: str, file_name: str, content_type: str, content_length: Any,
                 charset: str | None = None, content_type_extra: dict | None = None) -> None:
        super().new_file(field_name, file_name, content_type, content_length, charset,
                         content_type_extra)
        self.received = 0

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        self.received += len(raw_data)
        return None if self.received > settings.IMPORT_MAX_BYTES else raw_data

    def file_complete(self, file_size: int) -> UploadedFile | None:
        if self.received <= settings.IMPORT_MAX_BYTES:
            return None  # the next handler holds the file
        return OversizedUpload(self.file_name, self.content_type, self.received, self.charset)
