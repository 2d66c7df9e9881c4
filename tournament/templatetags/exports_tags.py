"""``{% load exports_tags %}``: the download buttons drawn from the export registry."""

from __future__ import annotations

from django import template

from tournament import exports
from tournament.models import Event

register = template.Library()


@register.filter
def download_formats(event: Event) -> list[exports.ExportFormat]:
    """The formats of :data:`exports.EXPORT_FORMATS` offered for ``event``.

    A filter rather than a context variable, so the pages that include
    ``_downloads.html`` need not each pass the registry in.
    """
    return exports.formats_offered(event)
