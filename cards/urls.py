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
    path("<int:pk>/cards/<str:slug>/", views.card_detail, name="card"),
    path("<int:pk>/cards/<str:slug>/edit/", views.edit_card, name="edit_card"),
    path("<int:pk>/sheets/<str:slug>/edit/", views.edit_sheet, name="edit_sheet"),
    path("<int:pk>/scenarios/<int:number>/edit/", views.edit_scenario, name="edit_scenario"),
    path("<int:pk>/faces/<str:slug>.png", views.face_image, name="face"),
    path("backs/<str:kind>.png", views.back_image, name="back"),
    path("<int:pk>/export/<str:fmt>/", export_views.pack_export, name="export"),
    path("tts/<str:name>", export_views.tts_image, name="tts_image"),
]
