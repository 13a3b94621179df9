from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "play"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Connect the receivers of `play.signals.match_changed` (one import per module)."""
        from cards import usage
        from play import (
            bots_queue,  # noqa: F401  (bot turns: queue them for a worker)
            live,  # noqa: F401  (live updates: wake the match streams)
            notifications,  # noqa: F401  (turn e-mails after a delay)
            signals,  # noqa: F401  (receivers: add one import line each below)
        )

        usage.register(match_faces=_match_faces)


def _match_faces(user, match_id: int, pack) -> set:
    """Return the card faces of `user`'s game `match_id` if it plays with `pack` (cards.usage)."""
    from play.models import Match

    match = Match.objects.filter(pk=match_id, seats__user=user).first()
    if match is None or pack.pk not in {p.pk for p in match.content_packs()}:
        return set()
    return match.card_faces()
