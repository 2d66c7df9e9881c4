from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0017_contest_one_ranking"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="changeover_minutes",
            field=models.PositiveSmallIntegerField(
                default=2,
                help_text="Between one round's time and the next round's start.",
                verbose_name="minutes to change tables",
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="timer_follows",
            field=models.CharField(
                choices=[
                    ("change-over", "by itself, when the change-over ends"),
                    ("close", "when the director closes the round"),
                ],
                default="change-over",
                max_length=12,
                verbose_name="the next round's clock starts",
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="timer_phase",
            field=models.CharField(
                choices=[("play", "play"), ("change", "change-over")], default="play", max_length=6
            ),
        ),
    ]
