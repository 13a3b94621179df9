"""Give every pack its checksum (issue 21): caches are keyed by the checksum alone now.

`ContentPack.save` computes it from `data` since this change; rows saved without one before
(packs created straight from data, not through `set_data`) get it here.
"""

import hashlib
import json

from django.db import migrations


def fill_checksums(apps, schema_editor):
    ContentPack = apps.get_model("cards", "ContentPack")
    for pack in ContentPack.objects.filter(checksum="").iterator():
        text = json.dumps(pack.data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        pack.checksum = hashlib.sha256(text.encode("utf-8")).hexdigest()
        pack.save(update_fields=["checksum"])


class Migration(migrations.Migration):

    dependencies = [("cards", "0002_owner_reveal")]

    operations = [migrations.RunPython(fill_checksums, migrations.RunPython.noop)]
