from __future__ import annotations

from django.urls import path

from cards import views
from cards.export import views as export_views
from cards.owners import set_views
from cards.owners import views as owner_views
from common import params  # noqa: F401 - registers the <id:…> path converter

app_name = "cards"
urlpatterns = [
    path("", views.pack_list, name="list"),
    path("guide/", views.format_guide, name="guide"),
    path("<id:pk>/", views.pack_detail, name="pack"),
    path("<id:pk>/copy/", views.copy_pack, name="copy"),
    path("<id:pk>/reveal/", views.reveal_envelope, name="reveal"),
    path("<id:pk>/preview/", views.preview_abilities, name="preview"),
    path("<id:pk>/card-preview/", owner_views.card_preview, name="owner_card_preview"),
    path("<id:pk>/cards/add/", owner_views.add_card, name="add_card"),
    path("<id:pk>/cards/paste/", owner_views.paste_cards, name="paste_cards"),
    path("<id:pk>/cards/<str:slug>/", views.card_detail, name="card"),
    path("<id:pk>/cards/<str:slug>/edit/", owner_views.edit_card, name="edit_card"),
    path("<id:pk>/sheets/<str:slug>/edit/", owner_views.edit_sheet, name="edit_sheet"),
    path("<id:pk>/sheets/<str:slug>/json/", views.edit_sheet, name="edit_sheet_json"),
    path("<id:pk>/scenarios/<id:number>/edit/", views.edit_scenario, name="edit_scenario"),
    path("new/", views.new_pack, name="new_pack"),
    path("import/", views.import_pack, name="import_pack"),
    path("<id:pk>/import/", set_views.import_into, name="import_into"),
    path("<id:pk>/staged/", set_views.staged, name="staged"),
    path("<id:pk>/undo/", set_views.undo_change, name="undo_change"),
    path("<id:pk>/delete/", set_views.delete_set, name="delete_set"),
    path("<id:pk>/share/", set_views.share_link, name="share_link"),
    path("shared/<str:token>/", set_views.shared, name="shared"),
    path("<id:pk>/download/", views.download_pack, name="download_pack"),
    path("<id:pk>/cards/<str:slug>/remove/", views.remove_card, name="remove_card"),
    path("<id:pk>/sheets/add/", owner_views.add_sheet, name="add_sheet"),
    path("<id:pk>/sheets/<str:slug>/remove/", views.remove_sheet, name="remove_sheet"),
    path("<id:pk>/scenarios/<id:number>/", owner_views.scenario_card, name="scenario_text"),
    path("<id:pk>/scenarios/<id:number>/vp/add/", owner_views.add_vp_card, name="add_vp"),
    path("<id:pk>/vp/<str:slug>/remove/", views.remove_vp_card, name="remove_vp"),
    path("<id:pk>/faces/<str:slug>.png", views.face_image, name="face"),
    path("backs/<str:kind>.png", views.back_image, name="back"),
    path("<id:pk>/export/<str:fmt>/", export_views.pack_export, name="export"),
    path("tts/<str:name>", export_views.tts_image, name="tts_image"),
]
