"""Every event, league and contest belongs to a club (filled in by 0015)."""

import django.db.models.deletion
from django.db import migrations, models

import tournament.models.club


class Migration(migrations.Migration):
    dependencies = [("tournament", "0015_first_club")]

    operations = [
        *(
            migrations.AlterField(
                model_name=model,
                name="club",
                field=models.ForeignKey(
                    default=tournament.models.club.default_club,
                    on_delete=django.db.models.deletion.PROTECT,
                    to="tournament.club",
                ),
            )
            for model in ("event", "league", "contest")
        ),
    ]
