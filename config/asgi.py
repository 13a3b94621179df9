"""ASGI entry point: `uvicorn config.asgi:application --workers 2`.

All state lives in the database, so any number of worker processes can serve the site.
"""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_asgi_application()
