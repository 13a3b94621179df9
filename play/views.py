"""Views of online play. The match pages arrive with the online-play issue."""

from __future__ import annotations
