"""Joins the two lines that grew from 0019: movements by name and the club's own
movements (0020, 0021), and the text fields' check and the download jobs (0022,
0023).  No operation."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0021_club_movement"),
        ("tournament", "0023_download_jobs"),
    ]

    operations = []
