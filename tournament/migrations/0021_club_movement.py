"""A club's own movements: the schedules its directors upload, kept as CSV (docs/director/movements.md)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import tournament.text


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0020_movement_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="ClubMovement",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=80, validators=[tournament.text.OneLine()])),
                ("csv", models.TextField(validators=[tournament.text.Lines()])),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="movements",
                        to="tournament.club",
                    ),
                ),
                (
                    "created_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["name", "pk"],
                "constraints": [
                    models.UniqueConstraint(fields=("club", "name"), name="club_movement_name_once")
                ],
            },
        ),
    ]
