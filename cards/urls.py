from __future__ import annotations

from django.urls import path

from cards import views
from cards.export import views as export_views

app_name = "cards"
urlpatterns = [
    path("", views.pack_list, name="list"),
    path("<int:pk>/", views.pack_detail, name="pack"),
    path("<int:pk>/copy/", views.copy_pack, name="copy"),
    path("<int:pk>/reveal/", views.reveal_envelope, name="reveal"),
    path("<int:pk>/preview/", views.preview_abilities, name="preview"),
    path("<int:pk>/cards/add/", views.add_card, name="add_card"),
    path("<int:pk>/cards/<str:slug>/", views.card_detail, name="card"),
    path("<int:pk>/cards/<str:slug>/edit/", views.edit_card, name="edit_card"),
    path("<int:pk>/sheets/<str:slug>/edit/", views.edit_sheet, name="edit_sheet"),
    path("<int:pk>/scenarios/<int:number>/edit/", views.edit_scenario, name="edit_scenario"),
    path("new/", views.new_pack, name="new_pack"),
    path("import/", views.import_pack, name="import_pack"),
    path("<int:pk>/download/", views.download_pack, name="download_pack"),
    path("<int:pk>/cards/<str:slug>/remove/", views.remove_card, name="remove_card"),
    path("<int:pk>/sheets/add/", views.add_sheet, name="add_sheet"),
    path("<int:pk>/sheets/<str:slug>/remove/", views.remove_sheet, name="remove_sheet"),
    path("<int:pk>/scenarios/<int:number>/", views.scenario_text, name="scenario_text"),
    path("<int:pk>/scenarios/<int:number>/vp/add/", views.add_vp_card, name="add_vp"),
    path("<int:pk>/vp/<str:slug>/remove/", views.remove_vp_card, name="remove_vp"),
    path("<int:pk>/faces/<str:slug>.png", views.face_image, name="face"),
    path("backs/<str:kind>.png", views.back_image, name="back"),
    path("<int:pk>/export/<str:fmt>/", export_views.pack_export, name="export"),
    path("tts/<str:name>", export_views.tts_image, name="tts_image"),
]
