from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0003_deals"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="english_bidding",
            field=models.BooleanField(
                default=False,
                help_text="1913 only: the dealer may pass, spades are always royals at 9, "
                "the lowest declaration is one club.",
                verbose_name="English bidding rule",
            ),
        ),
    ]
