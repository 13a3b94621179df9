"""What the campaign app tells the apps above it, which it must not import (issue 21).

`seat_joined` is sent after a person took a campaign seat through its invite link, with
`seat=<campaign.models.Seat>`; the sender is the Seat class. The e-mails to the other members
(play/notifications.py) listen to it.
"""

from __future__ import annotations

from django.dispatch import Signal

seat_joined = Signal()
