"""WSGI entry point (gunicorn tournament.wsgi).

The app is warmed as it loads (:mod:`tournament.room.warm`): with ``manage.py room``'s
``--preload`` that happens once, before the workers fork, so no tablet waits for
a worker's first imports.  Under gunicorn, its ``Server`` header is left out of every
answer (:mod:`tournament.room.serverheader`).
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
application = get_wsgi_application()

from tournament.room.serverheader import leave_out_server_header  # noqa: E402
from tournament.room.warm import warm  # noqa: E402 (needs the app set up first)

leave_out_server_header()
warm()
