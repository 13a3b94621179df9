"""Store the link between a game and its rematch (issue 25 F2).

Before, the rematch of a finished game A was *found*: the first later match with A's setup (seed
aside), packs and people in the same seats. Two players asking at once could both find nothing
and create two rematches. Now the link is a one-to-one field, so the database refuses a second
rematch. `link_earlier_rematches` stores the links the old rule found for games made before.
"""

import django.db.models.deletion
from django.db import migrations, models

IGNORED = ("seed", "shuffler")


def _game(match):
    setup = {k: v for k, v in (match.setup or {}).items() if k not in IGNORED}
    mixed = [link.pack_id for link in sorted(match.pack_links.all(), key=lambda k: k.position)]
    people = [(s.bot, s.user_id or s.offered_to_id)
              for s in sorted(match.seats.all(), key=lambda s: s.index)]
    return (match.pack_id, repr(sorted(setup.items())), mixed, people)


def link_earlier_rematches(apps, schema_editor):
    Match = apps.get_model("play", "Match")
    matches = list(Match.objects.filter(campaign__isnull=True)
                   .prefetch_related("seats", "pack_links").order_by("created", "pk"))
    games = {m.pk: _game(m) for m in matches}
    taken = set()
    for original in matches:
        if original.status != "finished" or original.finished is None:
            continue
        later = (m for m in matches if m.pk != original.pk and m.pk not in taken
                 and m.created >= original.finished and games[m.pk] == games[original.pk])
        rematch = next(later, None)
        if rematch is not None:
            taken.add(rematch.pk)
            Match.objects.filter(pk=rematch.pk).update(rematch_of=original.pk)


class Migration(migrations.Migration):

    dependencies = [
        ('play', '0005_notifications'),
    ]

    operations = [
        migrations.AddField(
            model_name='match',
            name='rematch_of',
            field=models.OneToOneField(blank=True, help_text='The finished game this one is the rematch of (one rematch per game).', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='rematch', to='play.match'),
        ),
        migrations.RunPython(link_earlier_rematches, migrations.RunPython.noop),
    ]
