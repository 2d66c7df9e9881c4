"""The club every event, league, contest, season, member and director belongs to.

A database made before the club existed gets one club, its events, leagues and
contests and its directors (every staff account) in it, so a one-club room sees no
difference; the club's key is then required on every event, league and contest.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import tournament.models.club


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0013_event_timer_round"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Club",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=120)),
                (
                    "short_name",
                    models.CharField(
                        help_text="On the table cards and the score cards' e-mails: a word or two.",
                        max_length=20,
                    ),
                ),
                (
                    "time_zone",
                    models.CharField(
                        default=tournament.models.club.room_time_zone,
                        help_text="Where the club plays, as Europe/London (a new club takes the room's CLUB_TIME_ZONE).",
                        max_length=64,
                        validators=[tournament.models.club.validate_time_zone],
                    ),
                ),
                (
                    "email_score_cards",
                    models.BooleanField(
                        default=False,
                        help_text="Off unless turned on here; the room's e-mail settings come from its environment (docs/hosting/settings.md).",
                        verbose_name="e-mail each member their score card when an event is published",
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "directors",
                    models.ManyToManyField(
                        blank=True, related_name="clubs", to=settings.AUTH_USER_MODEL
                    ),
                ),
            ],
            options={"ordering": ["pk"]},
        ),
        migrations.CreateModel(
            name="Member",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=80)),
                (
                    "number",
                    models.CharField(
                        blank=True,
                        help_text="Unique within the club.",
                        max_length=20,
                        verbose_name="member number",
                    ),
                ),
                ("email", models.EmailField(blank=True, max_length=254, verbose_name="e-mail")),
                ("phone", models.CharField(blank=True, max_length=30)),
                ("active", models.BooleanField(default=True)),
                (
                    "guest",
                    models.BooleanField(
                        default=False, help_text="Typed in at an event, not registered."
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="members",
                        to="tournament.club",
                    ),
                ),
            ],
            options={
                "ordering": ["name", "pk"],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("number", ""), _negated=True),
                        fields=("club", "number"),
                        name="member_number_unique_in_club",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="Season",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=120)),
                (
                    "method",
                    models.CharField(
                        choices=[("total", "Total points (Law H)"), ("matchpoints", "Matchpoints")],
                        max_length=12,
                        verbose_name="kind of events",
                    ),
                ),
                (
                    "best",
                    models.PositiveSmallIntegerField(
                        blank=True,
                        help_text="Matchpoints: the average of each member's best N percentages (blank: all).",
                        null=True,
                        verbose_name="best N percentages",
                    ),
                ),
                (
                    "at_least",
                    models.PositiveSmallIntegerField(
                        default=1,
                        help_text="Matchpoints: a member is ranked once he has played this many events.",
                        verbose_name="at least M events",
                    ),
                ),
                (
                    "current",
                    models.BooleanField(
                        default=True, help_text="Shown on the club's front page while current."
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="seasons",
                        to="tournament.club",
                    ),
                ),
            ],
            options={"ordering": ["-created_at", "name"]},
        ),
        migrations.AddField(
            model_name="event",
            name="season",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="events",
                to="tournament.season",
            ),
        ),
        migrations.AddField(
            model_name="player",
            name="member",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="players",
                to="tournament.member",
            ),
        ),
        migrations.CreateModel(
            name="ScoreCardMail",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=80)),
                ("address", models.EmailField(max_length=254)),
                ("subject", models.CharField(max_length=200)),
                ("sent", models.BooleanField(default=True)),
                ("error", models.CharField(blank=True, max_length=200)),
                ("at", models.DateTimeField(auto_now_add=True)),
                (
                    "event",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="mails",
                        to="tournament.event",
                    ),
                ),
                (
                    "member",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        to="tournament.member",
                    ),
                ),
            ],
            options={"ordering": ["-at", "pk"]},
        ),
        # The club's key on every event, league and contest: added empty, filled with the
        # first club, then required.
        *(
            migrations.AddField(
                model_name=model,
                name="club",
                field=models.ForeignKey(
                    null=True, on_delete=django.db.models.deletion.PROTECT, to="tournament.club"
                ),
            )
            for model in ("event", "league", "contest")
        ),
    ]
