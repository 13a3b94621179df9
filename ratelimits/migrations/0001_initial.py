"""Create the table of rate-limit counts (issue 25 F7: shared by every server process)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
    ]

    operations = [
        migrations.CreateModel(
            name='RateCount',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('key', models.CharField(max_length=200, unique=True)),
                ('count', models.PositiveIntegerField(default=0)),
                ('expires', models.DateTimeField(db_index=True)),
            ],
        ),
    ]
