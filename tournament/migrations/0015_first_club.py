"""The room's first club, with every event, league, contest and director put in it.

A database that had events before the club existed keeps them all in one club, so
a one-club room sees no difference; a new database gets its club here too.
"""

from django.conf import settings
from django.db import migrations

DEFAULT_CLUB_NAME = "Our club"
DEFAULT_CLUB_SHORT_NAME = "Club"


def the_first_club(apps, schema_editor):
    Club = apps.get_model("tournament", "Club")
    club = Club.objects.order_by("pk").first()
    if club is None:
        club = Club.objects.create(
            name=DEFAULT_CLUB_NAME,
            short_name=DEFAULT_CLUB_SHORT_NAME,
            time_zone=getattr(settings, "CLUB_TIME_ZONE", settings.TIME_ZONE),
        )
    for model in ("Event", "League", "Contest"):
        apps.get_model("tournament", model).objects.filter(club__isnull=True).update(club=club)
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    club.directors.add(*User.objects.filter(is_staff=True))


class Migration(migrations.Migration):
    dependencies = [("tournament", "0014_club")]

    operations = [migrations.RunPython(the_first_club, migrations.RunPython.noop)]
