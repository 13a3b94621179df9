from django.apps import AppConfig


class RateLimitsConfig(AppConfig):
    name = "ratelimits"
    default_auto_field = "django.db.models.BigAutoField"
