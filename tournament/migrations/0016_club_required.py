"""Every event, league and contest belongs to a club (filled in by 0015)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournament", "0015_first_club")]

    operations = [
        *(
            migrations.AlterField(
                model_name=model,
                name="club",
                field=models.ForeignKey(
                    on_delete=django.db.models.deletion.PROTECT,
                    to="tournament.club",
                ),
            )
            for model in ("event", "league", "contest")
        ),
    ]
