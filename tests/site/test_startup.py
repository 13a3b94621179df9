"""A process that loads the site starts without the drawing libraries (story/plots.py explains).

matplotlib (with numpy) and fpdf2 cost ~1.2 s of every start: each web worker, each task worker
and every manage.py command loaded them through the URLconf before the views imported them on
first use. A fresh interpreter loads the URLconf and the ASGI application and names any of them
that came along.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from django.conf import settings

HEAVY = ("matplotlib", "numpy", "fpdf")

PROBE = f"""
import json, sys
import django
django.setup()
import config.urls, config.asgi
print(json.dumps(sorted({{name.split(".")[0] for name in sys.modules}} & set({HEAVY!r}))))
"""


def test_loading_the_site_imports_no_drawing_library() -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=settings.BASE_DIR, env=env,
                            capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []
