from __future__ import annotations

app_name = "cards"
urlpatterns: list = []
