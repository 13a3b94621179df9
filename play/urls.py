"""URLs of online play, mounted under /play/ (names: play:<name>)."""

from __future__ import annotations

from django.urls import path

from common import params  # noqa: F401 - registers the <id:…> path converter
from play import live, notification_views, rematch, replays, views

app_name = "play"
urlpatterns = [
    path("", views.create, name="create"),
    path("campaign/<id:pk>/", views.campaign_match, name="campaign"),
    path("join/<str:token>/", views.join, name="join"),
    path("notifications/", notification_views.preferences, name="notifications"),
    path("notifications/stop/<str:token>/", notification_views.unsubscribe, name="unsubscribe"),
    path("<id:pk>/", views.match_page, name="match"),
    path("<id:pk>/board/", views.board, name="board"),
    path("<id:pk>/events/", live.events, name="events"),
    path("<id:pk>/state.json", views.state_json, name="state"),
    path("<id:pk>/act/", views.act, name="act"),
    path("<id:pk>/resign/", views.resign, name="resign"),
    path("<id:pk>/record/", views.record, name="record"),
    path("<id:pk>/scenario-panel/", views.remember_panel, name="panel"),
    path("<id:pk>/replay/", replays.replay_page, name="replay"),
    path("<id:pk>/watch/", replays.spectate_page, name="spectate"),
    path("<id:pk>/watch/board/", replays.spectate_board, name="spectate_board"),
    path("<id:pk>/rematch/", rematch.rematch, name="rematch"),
]
