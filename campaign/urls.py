"""Campaign URLs (mounted under /campaigns/)."""
from __future__ import annotations

from django.urls import path

from campaign import export_views, views

app_name = "campaign"
urlpatterns = [
    path("", views.campaign_list, name="list"),
    path("new/", views.create, name="create"),
    path("import/", views.import_backup, name="import"),
    path("join/<str:token>/", views.join, name="join"),
    path("<int:pk>/", views.dashboard, name="dashboard"),
    path("<int:pk>/deck/", views.deck, name="deck"),
    path("<int:pk>/poll/", views.poll, name="poll"),
    path("<int:pk>/scenarios/<int:number>/", views.scenario, name="scenario"),
    path("<int:pk>/sides/", views.wish, name="wish"),
    path("<int:pk>/open/", views.open_scenario, name="open"),
    path("<int:pk>/choice/", views.choose, name="choose"),
    path("<int:pk>/record/", views.record, name="record"),
    path("<int:pk>/after/", views.after_upgrade, name="after_upgrade"),
    path("<int:pk>/finish/", views.finish, name="finish"),
    path("<int:pk>/history/", views.history, name="history"),
    path("<int:pk>/undo/", views.undo, name="undo"),
    path("<int:pk>/export/", views.export, name="export"),
    path("<int:pk>/deck/export/<str:fmt>/", export_views.export_deck, name="export_deck"),
    path("<int:pk>/delete/", views.delete, name="delete"),
    path("<int:pk>/restore/", views.restore, name="restore"),
    path("<int:pk>/leave/", views.leave, name="leave"),
]
