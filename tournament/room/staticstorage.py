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
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from whitenoise.storage import CompressedManifestStaticFilesStorage  # type: ignore[import-untyped]

logger = logging.getLogger(__name__)


class ContentNamedStaticFiles(CompressedManifestStaticFilesStorage):
    """WhiteNoise's compressed manifest storage, with the plain name as a fallback.

    A name found uncollected is remembered for the process (the manifest is read
    once, at start-up, so it stays uncollected until a restart): every page links
    the same few files, and searching the apps' folders for each on every page
    would cost the pages more than the rest of their static links together."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._plain: set[str] = set()
        self._urls: dict[str, str] = {}

    def url(self, name: str | None, force: bool = False) -> str:
        """A file's address, worked out once a process for each name: it follows from the
        manifest, read once at start-up, and a page links the same few files (a tablet's
        board page five), each costing more to work out than the rest of its tag."""
        if name is None or force or settings.DEBUG:
            return super().url(name, force)
        found = self._urls.get(name)
        if found is None:  # a missing file raises, and is asked again next time
            found = self._urls[name] = super().url(name)
        return found

    def post_process(self, *args: Any, **kwargs: Any) -> Any:
        """``collectstatic``: the files' names change, and so may their addresses."""
        self._urls.clear()
        yield from super().post_process(*args, **kwargs)
        self._urls.clear()

    def stored_name(self, name: str) -> str:
        if name in self._plain:
            return name
        try:
            return super().stored_name(name)
        except ValueError:
            # No such file at all (a typo; or WhiteNoise probing whether a name
            # is a hashed one): an error, as Django has it.
            if not finders.find(urlsplit(name).path):
                raise
            self._plain.add(name)
            logger.warning(
                "static file %s is not collected: served under its plain name "
                "(run manage.py collectstatic, as manage.py room does)",
                name,
            )
            return name
