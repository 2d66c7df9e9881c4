"""Every text field refuses what no database stores: a control character anywhere, a tab
or line break in a one-line field (tournament/text.py; docs/director/club.md, "Names
and text").  Validators only: no column changes."""


import tournament.models.club
import tournament.models.tables
import tournament.text
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0019_club_rota'),
    ]

    operations = [
        migrations.AlterField(
            model_name='auditentry',
            name='action',
            field=models.CharField(max_length=40, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='auditentry',
            name='actor',
            field=models.CharField(blank=True, max_length=60, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='auditentry',
            name='detail',
            field=models.TextField(blank=True, validators=[tournament.text.Lines()]),
        ),
        migrations.AlterField(
            model_name='auditentry',
            name='reason',
            field=models.CharField(blank=True, max_length=300, validators=[tournament.text.Lines()]),
        ),
        migrations.AlterField(
            model_name='board',
            name='deal',
            field=models.CharField(blank=True, help_text='e.g. "N:AKQJ.T98.. ..."', max_length=80, validators=[tournament.text.OneLine()], verbose_name='hand record (PBN deal)'),
        ),
        migrations.AlterField(
            model_name='club',
            name='name',
            field=models.CharField(max_length=120, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='club',
            name='short_name',
            field=models.CharField(help_text="On the table cards and the score cards' e-mails: a word or two.", max_length=20, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='club',
            name='time_zone',
            field=models.CharField(default=tournament.models.club.room_time_zone, help_text="Where the club plays, as Europe/London (a new club takes the room's CLUB_TIME_ZONE).", max_length=64, validators=[tournament.text.OneLine(), tournament.models.club.validate_time_zone]),
        ),
        migrations.AlterField(
            model_name='contest',
            name='name',
            field=models.CharField(max_length=120, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='directorcall',
            name='call',
            field=models.CharField(blank=True, max_length=12, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='directorcall',
            name='note',
            field=models.CharField(blank=True, max_length=300, validators=[tournament.text.Lines()]),
        ),
        migrations.AlterField(
            model_name='directorcall',
            name='seat',
            field=models.CharField(blank=True, max_length=1, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='event',
            name='deal_seed',
            field=models.CharField(blank=True, help_text='The seed the boards were dealt from, if dealt here.', max_length=40, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='event',
            name='display_token',
            field=models.CharField(blank=True, max_length=32, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='event',
            name='name',
            field=models.CharField(max_length=120, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='event',
            name='section',
            field=models.CharField(blank=True, max_length=2, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='fieldchange',
            name='place',
            field=models.CharField(blank=True, max_length=8, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='job',
            name='kind',
            field=models.CharField(default='solve', max_length=20, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='job',
            name='message',
            field=models.CharField(blank=True, max_length=300, validators=[tournament.text.Lines()]),
        ),
        migrations.AlterField(
            model_name='job',
            name='started_by',
            field=models.CharField(blank=True, max_length=60, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='league',
            name='name',
            field=models.CharField(max_length=120, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='leagueteam',
            name='name',
            field=models.CharField(max_length=80, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='member',
            name='name',
            field=models.CharField(max_length=80, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='member',
            name='number',
            field=models.CharField(blank=True, help_text='Unique within the club.', max_length=20, validators=[tournament.text.OneLine()], verbose_name='member number'),
        ),
        migrations.AlterField(
            model_name='member',
            name='phone',
            field=models.CharField(blank=True, max_length=30, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='member',
            name='surname',
            field=models.CharField(blank=True, help_text='The register is sorted by it; blank: taken from the name\'s last word (with "van", "de", "von"... kept with it).', max_length=80, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='pair',
            name='label',
            field=models.CharField(max_length=8, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='player',
            name='name',
            field=models.CharField(blank=True, max_length=80, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='result',
            name='adjusted',
            field=models.CharField(blank=True, max_length=16, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='result',
            name='auction',
            field=models.CharField(blank=True, max_length=1200, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='result',
            name='contract',
            field=models.CharField(blank=True, max_length=12, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='result',
            name='entered_via',
            field=models.CharField(blank=True, max_length=40, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='result',
            name='idempotency_key',
            field=models.CharField(blank=True, max_length=64, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='result',
            name='reason',
            field=models.CharField(blank=True, max_length=300, validators=[tournament.text.Lines()]),
        ),
        migrations.AlterField(
            model_name='result',
            name='revoke_penalty',
            field=models.CharField(blank=True, max_length=6, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='ruling',
            name='actor',
            field=models.CharField(max_length=60, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='ruling',
            name='call',
            field=models.CharField(blank=True, max_length=12, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='ruling',
            name='irregularity',
            field=models.CharField(max_length=30, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='ruling',
            name='law',
            field=models.CharField(max_length=80, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='ruling',
            name='option',
            field=models.CharField(max_length=30, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='ruling',
            name='reason',
            field=models.CharField(blank=True, max_length=300, validators=[tournament.text.Lines()]),
        ),
        migrations.AlterField(
            model_name='ruling',
            name='summary',
            field=models.CharField(max_length=300, validators=[tournament.text.Lines()]),
        ),
        migrations.AlterField(
            model_name='scorecardmail',
            name='error',
            field=models.CharField(blank=True, max_length=200, validators=[tournament.text.Lines()]),
        ),
        migrations.AlterField(
            model_name='scorecardmail',
            name='name',
            field=models.CharField(max_length=80, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='scorecardmail',
            name='subject',
            field=models.CharField(max_length=200, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='season',
            name='name',
            field=models.CharField(max_length=120, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='seating',
            name='note',
            field=models.CharField(blank=True, max_length=200, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='tablelink',
            name='pin',
            field=models.CharField(blank=True, max_length=4, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='tablelink',
            name='token',
            field=models.CharField(default=tournament.models.tables.new_token, max_length=64, unique=True, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='team',
            name='label',
            field=models.CharField(max_length=4, validators=[tournament.text.OneLine()]),
        ),
        migrations.AlterField(
            model_name='team',
            name='name',
            field=models.CharField(blank=True, max_length=80, validators=[tournament.text.OneLine()]),
        ),
    ]
