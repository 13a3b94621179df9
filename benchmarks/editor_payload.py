"""A hostile scenario-editor post: how long one request with a huge JSON list takes (issue 25 F3).

Builds a throw-away SQLite database, gives a user their own copy of the default legacy pack with
envelope 1 open, then posts `/cards/<pack>/scenarios/1/edit/` with `vp_cards` = a JSON list of
--items `1`s (200,000 is about 400 kB, under the upload limit) through the test client, --runs
times. Prints one JSON line: the status code, the payload size and the median/max seconds.

    python benchmarks/editor_payload.py [--items 200000] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from sandbox import load_pack, throwaway_site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    throwaway_site("editor")
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    settings.RATE_LIMITS = {}  # measure the work of one request, not the limiter's refusal
    builtin = load_pack("legacy-default")
    user = get_user_model().objects.create_user("owner", password="x")
    pack = builtin.copy_for(user)
    pack.revealed_scenarios = 1
    pack.save()
    scenario = next(s for s in pack.data["scenarios"] if s["number"] == 1)
    payload = json.dumps([1] * args.items, separators=(",", ":"))
    client = Client(HTTP_HOST="localhost")
    client.force_login(user)
    url = f"/cards/{pack.pk}/scenarios/1/edit/"
    client.get(url)  # warm up: templates, translations, the pack's data in memory
    seconds, status = [], None
    for _ in range(args.runs):
        started = time.perf_counter()
        response = client.post(url, {"scenario": json.dumps(scenario), "vp_cards": payload,
                                     "checksum": pack.checksum})
        seconds.append(time.perf_counter() - started)
        status = response.status_code
    print(json.dumps({"benchmark": "editor_payload", "items": args.items,
                      "payload_kb": len(payload) // 1024, "status": status, "runs": args.runs,
                      "median_s": round(statistics.median(seconds), 3),
                      "max_s": round(max(seconds), 3)}))


if __name__ == "__main__":
    main()
