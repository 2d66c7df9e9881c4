"""Joins the two lines that grew from 0019: movements by name and the club's own
movements (0020, 0021), and every text field's check (0022).  No operation."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0021_club_movement"),
        ("tournament", "0022_text_fields"),
    ]

    operations = []
