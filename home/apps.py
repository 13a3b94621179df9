from django.apps import AppConfig


class HomeConfig(AppConfig):
    """The site's own pages above the apps: the home page, the log-in form's wording."""

    name = "home"
    default_auto_field = "django.db.models.BigAutoField"
