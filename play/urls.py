"""URLs of online play, mounted under /play/ (names: play:<name>)."""

from __future__ import annotations

from django.urls import path

from play import live, views

app_name = "play"
urlpatterns = [
    path("", views.create, name="create"),
    path("campaign/<int:pk>/", views.campaign_match, name="campaign"),
    path("join/<str:token>/", views.join, name="join"),
    path("<int:pk>/", views.match_page, name="match"),
    path("<int:pk>/board/", views.board, name="board"),
    path("<int:pk>/events/", live.events, name="events"),
    path("<int:pk>/state.json", views.state_json, name="state"),
    path("<int:pk>/act/", views.act, name="act"),
    path("<int:pk>/resign/", views.resign, name="resign"),
    path("<int:pk>/record/", views.record, name="record"),
]
