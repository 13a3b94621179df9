from __future__ import annotations

app_name = "campaign"
urlpatterns: list = []
