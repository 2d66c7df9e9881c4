from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0025_seats_at_table"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="record_open",
            field=models.BooleanField(
                default=True,
                help_text="After publication, each corrected result and each ruling shows on "
                "the traveller and score card: what changed, when, by the director or the "
                "table, why, and the law. Off keeps the record for the directors alone.",
                verbose_name="players see the record of corrections",
            ),
        ),
    ]
