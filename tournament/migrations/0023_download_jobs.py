"""Downloads prepared by the task worker for whoever asks (tournament.downloads): a job
names its file, the stamp and boards it was built from, and where it is kept; one job a
file at a time."""


from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0022_text_fields'),
    ]

    operations = [
        migrations.AddField(
            model_name='job',
            name='boards',
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='job',
            name='file',
            field=models.CharField(blank=True, max_length=200),
        ),
        migrations.AddField(
            model_name='job',
            name='key',
            field=models.CharField(blank=True, max_length=60),
        ),
        migrations.AddField(
            model_name='job',
            name='stamp',
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.AddConstraint(
            model_name='job',
            constraint=models.UniqueConstraint(condition=models.Q(('state__in', ['queued', 'running']), models.Q(('key', ''), _negated=True)), fields=('event', 'key'), name='one_download_job_a_file'),
        ),
    ]
