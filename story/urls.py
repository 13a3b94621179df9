"""The story's URLs: under a campaign (chronicle, copy, forecast, book) and under a set (balance)."""
from __future__ import annotations

from django.urls import path

from common import params  # noqa: F401 - registers the <id:…> path converter
from story import book_views, forecast_views, views

app_name = "story"
urlpatterns = [
    path("campaigns/<id:pk>/chronicle/", views.chronicle_page, name="chronicle"),
    path("campaigns/<id:pk>/chronicle/cards/<str:card>/<id:number>/", views.copy_page,
         name="copy"),
    path("campaigns/<id:pk>/book.pdf", book_views.book, name="book"),
    path("campaigns/<id:pk>/forecast/", forecast_views.forecast_page, name="forecast"),
    path("campaigns/<id:pk>/forecast/<id:run>/", forecast_views.forecast_status,
         name="forecast_status"),
    path("campaigns/<id:pk>/forecast/<id:run>/cancel/", forecast_views.forecast_cancel,
         name="forecast_cancel"),
    path("cards/<id:pk>/balance/", forecast_views.balance_page, name="balance"),
    path("cards/<id:pk>/balance/<id:run>/", forecast_views.balance_status,
         name="balance_status"),
    path("cards/<id:pk>/balance/<id:run>/cancel/", forecast_views.balance_cancel,
         name="balance_cancel"),
]
