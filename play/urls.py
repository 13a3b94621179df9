"""URLs of online play, mounted under /play/ (names: play:<name>)."""

from __future__ import annotations

from django.urls import path

from play import live, notification_views, rematch, replays, views

app_name = "play"
urlpatterns = [
    path("", views.create, name="create"),
    path("campaign/<int:pk>/", views.campaign_match, name="campaign"),
    path("join/<str:token>/", views.join, name="join"),
    path("notifications/", notification_views.preferences, name="notifications"),
    path("notifications/stop/<str:token>/", notification_views.unsubscribe, name="unsubscribe"),
    path("<int:pk>/", views.match_page, name="match"),
    path("<int:pk>/board/", views.board, name="board"),
    path("<int:pk>/events/", live.events, name="events"),
    path("<int:pk>/state.json", views.state_json, name="state"),
    path("<int:pk>/act/", views.act, name="act"),
    path("<int:pk>/resign/", views.resign, name="resign"),
    path("<int:pk>/record/", views.record, name="record"),
    path("<int:pk>/replay/", replays.replay_page, name="replay"),
    path("<int:pk>/watch/", replays.spectate_page, name="spectate"),
    path("<int:pk>/watch/board/", replays.spectate_board, name="spectate_board"),
    path("<int:pk>/rematch/", rematch.rematch, name="rematch"),
]
