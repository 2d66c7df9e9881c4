"""The club runs its events: the per-event list of directors goes (every director of an
event's club directs it; tournament.access), a link to someone who does not direct the
event's club is reported and dropped.  With it: factoring for total points, the club's
member numbers (national or its own) and paper size, and the register's surname."""

from django.db import migrations, models


def report_links(apps, schema_editor):
    """Say which per-event directors lose the event: those who do not direct its club."""
    Event = apps.get_model("tournament", "Event")
    through = Event.directors.through
    dropped = []
    for link in through.objects.select_related("event", "user").order_by("event_id", "user_id"):
        if not link.event.club.directors.filter(pk=link.user_id).exists():
            dropped.append(f"{link.user.username} on {link.event.name} ({link.event.date})")
    if dropped:
        print(
            "\n  Every director of an event's club now directs it. These directors of no event's "
            "club lose their events (add them on the club's Directors page to give them back): "
            + "; ".join(dropped)
        )


def fill_surnames(apps, schema_editor):
    from tournament.models.club import surname_of

    Member = apps.get_model("tournament", "Member")
    for member in Member.objects.only("pk", "name").iterator():
        Member.objects.filter(pk=member.pk).update(surname=surname_of(member.name))


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0018_event_round_clock"),
    ]

    operations = [
        migrations.RunPython(report_links, migrations.RunPython.noop),
        migrations.RemoveField(model_name="event", name="directors"),
        migrations.AddField(
            model_name="event",
            name="factoring",
            field=models.CharField(
                choices=[
                    ("as-played", "As played (the sums as they are)"),
                    ("factored", "Factored (sum x B / b, to the boards most pairs played)"),
                ],
                default="as-played",
                help_text="Total points only: a pair that played fewer boards (a sit-out, a "
                "late pair) is ranked on its sum as it is, or on its sum scaled to the boards "
                "most pairs played.",
                max_length=10,
                verbose_name="total points over unequal boards",
            ),
        ),
        migrations.AddField(
            model_name="club",
            name="national_numbers",
            field=models.BooleanField(
                default=False,
                help_text="On: each member's number is the national body's (ACBL, EBU, ABF...) "
                "and goes into the files sent to it (USEBIO's NATIONAL_ID_NUMBER). Off: the "
                "club's own.",
                verbose_name="our member numbers are national numbers",
            ),
        ),
        migrations.AddField(
            model_name="club",
            name="paper_size",
            field=models.CharField(
                choices=[("a4", "A4"), ("letter", "US Letter")],
                default="a4",
                help_text="The spreadsheets' printed pages.",
                max_length=6,
                verbose_name="paper size",
            ),
        ),
        migrations.AddField(
            model_name="member",
            name="surname",
            field=models.CharField(
                blank=True,
                help_text="The register is sorted by it; blank: taken from the name's last "
                'word (with "van", "de", "von"... kept with it).',
                max_length=80,
            ),
        ),
        migrations.RunPython(fill_surnames, migrations.RunPython.noop),
        migrations.AlterModelOptions(
            name="member",
            options={"ordering": ["surname", "name", "pk"]},
        ),
    ]
