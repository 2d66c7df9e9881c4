"""Static files named by their content, that never turn a page into a 500.

``collectstatic`` (run by ``manage.py room``) compresses each file and names
it by its content (``site.991ecb58063a.css``), so tablets cache it for good
and never keep a stale one. Django's manifest storage then raises on any file
missing from the manifest, so a server started without ``collectstatic``
(gunicorn by hand, or a file added since) fails every page. Here such a file
keeps its plain name instead, which WhiteNoise serves from the app's folder
(``WHITENOISE_USE_FINDERS``), and the log says to collect.
"""

from __future__ import annotations

import logging
from urllib.parse import urlsplit

from django.contrib.staticfiles import finders
from whitenoise.storage import CompressedManifestStaticFilesStorage  # type: ignore[import-untyped]

logger = logging.getLogger(__name__)


class ContentNamedStaticFiles(CompressedManifestStaticFilesStorage):
    """WhiteNoise's compressed manifest storage, with the plain name as a fallback."""

    _warned: set[str] = set()

    def stored_name(self, name: str) -> str:
        try:
            return super().stored_name(name)
        except ValueError:
            # No such file at all (a typo; or WhiteNoise probing whether a name
            # is a hashed one): an error, as Django has it.
            if not finders.find(urlsplit(name).path):
                raise
            if name not in self._warned:
                self._warned.add(name)
                logger.warning(
                    "static file %s is not collected: served under its plain name "
                    "(run manage.py collectstatic, as manage.py room does)",
                    name,
                )
            return name
