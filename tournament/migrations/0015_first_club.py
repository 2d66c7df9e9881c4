"""The room's first club, with every event, league, contest and director put in it.

A database that had events before the club existed keeps them all in one club, so
a one-club room sees no difference.  A new database, with nothing to put in a club,
gets none here: its club is made on first use (``Club.first``), so a backup loaded
into a newly migrated database (docs/hosting/backups.md) holds its own clubs and no
other.
"""

from django.conf import settings
from django.db import migrations

DEFAULT_CLUB_NAME = "Our club"
DEFAULT_CLUB_SHORT_NAME = "Club"


def the_first_club(apps, schema_editor):
    Club = apps.get_model("tournament", "Club")
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    homeless = [
        apps.get_model("tournament", model).objects.filter(club__isnull=True)
        for model in ("Event", "League", "Contest")
    ]
    staff = User.objects.filter(is_staff=True)
    if not staff.exists() and not any(rows.exists() for rows in homeless):
        return  # a new database: nothing to put in a club
    club = Club.objects.order_by("pk").first()
    if club is None:
        club = Club.objects.create(
            name=DEFAULT_CLUB_NAME,
            short_name=DEFAULT_CLUB_SHORT_NAME,
            time_zone=getattr(settings, "CLUB_TIME_ZONE", settings.TIME_ZONE),
        )
    for rows in homeless:
        rows.update(club=club)
    club.directors.add(*staff)


class Migration(migrations.Migration):
    dependencies = [("tournament", "0014_club")]

    operations = [migrations.RunPython(the_first_club, migrations.RunPython.noop)]
