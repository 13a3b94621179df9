"""Campaign URLs (mounted under /campaigns/)."""
from __future__ import annotations

from django.urls import path

from campaign import export_views, views
from common import params  # noqa: F401 - registers the <id:…> path converter

app_name = "campaign"
urlpatterns = [
    path("", views.campaign_list, name="list"),
    path("new/", views.create, name="create"),
    path("import/", views.import_backup, name="import"),
    path("join/<str:token>/", views.join, name="join"),
    path("<id:pk>/", views.dashboard, name="dashboard"),
    path("<id:pk>/deck/", views.deck, name="deck"),
    path("<id:pk>/poll/", views.poll, name="poll"),
    path("<id:pk>/scenarios/<id:number>/", views.scenario, name="scenario"),
    path("<id:pk>/sides/", views.wish, name="wish"),
    path("<id:pk>/open/", views.open_scenario, name="open"),
    path("<id:pk>/choice/", views.choose, name="choose"),
    path("<id:pk>/record/", views.record, name="record"),
    path("<id:pk>/after/", views.after_upgrade, name="after_upgrade"),
    path("<id:pk>/finish/", views.finish, name="finish"),
    path("<id:pk>/history/", views.history, name="history"),
    path("<id:pk>/undo/", views.undo, name="undo"),
    path("<id:pk>/export/", views.export, name="export"),
    path("<id:pk>/deck/export/<str:fmt>/", export_views.export_deck, name="export_deck"),
    path("<id:pk>/delete/", views.delete, name="delete"),
    path("<id:pk>/restore/", views.restore, name="restore"),
    path("<id:pk>/leave/", views.leave, name="leave"),
]
