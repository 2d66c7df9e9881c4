"""Events store their movement by name (the library's key, as the chooser offers it);
an existing event's name is made from its settings: family, tables, even-table choice
and arrow switch."""

from django.db import migrations, models

import tournament.text


def name_of(movement: str, tables: int, even: str, arrow: bool) -> str:
    """The library's key for an event's settings (scoring.movements: mitchells,
    howells, team_matches), or "" for a family the library does not name."""
    if movement == "mitchell":
        even_part = "" if tables % 2 else f"-{even or 'skip'}"
        return f"mitchell-{tables}{even_part}" + ("-arrow" if arrow else "")
    if movement in ("howell", "teams"):
        return f"{movement}-{tables}"
    return ""


def fill_names(apps, schema_editor):
    """Name each event's movement from its settings, when the library builds that name
    for them; an event built outside the library (an import) keeps a blank name."""
    from scoring.movements import MovementError, build

    Event = apps.get_model("tournament", "Event")
    for event in Event.objects.only(
        "pk", "movement", "tables", "even", "arrow_switch", "boards_per_round"
    ).iterator():
        name = name_of(event.movement, event.tables, event.even, event.arrow_switch)
        try:
            build(name, event.boards_per_round or 1)
        except MovementError:
            continue
        Event.objects.filter(pk=event.pk).update(movement_name=name)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0019_club_rota"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="movement_name",
            field=models.CharField(
                blank=True,
                default="",
                help_text="Chosen by name.",
                max_length=40,
                verbose_name="movement",
                validators=[tournament.text.OneLine()],
            ),
        ),
        migrations.RunPython(fill_names, migrations.RunPython.noop),
    ]
