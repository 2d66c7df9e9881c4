from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = "Duplicate Auction"
    default_auto_field = "django.db.models.BigAutoField"
