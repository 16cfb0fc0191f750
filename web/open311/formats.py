"""GeoReport v2's two formats: JSON, and XML with the specification's element names.

The XML mirrors the JSON: a list becomes repeated elements under its container (``services`` → ``service``,
``service_requests`` → ``request``, ``attributes`` → ``attribute``, ``values`` → ``value``, ``errors`` →
``error``), ``true``/``false`` for booleans, and an empty element for a missing value; the document starts
with the XML declaration, UTF-8.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi.responses import JSONResponse, Response

FORMATS = ("json", "xml")
ITEM_TAGS = {
    "services": "service",
    "service_requests": "request",
    "attributes": "attribute",
    "values": "value",
    "errors": "error",
    "endpoints": "endpoint",
    "formats": "format",
}
XML_MEDIA_TYPE = "text/xml; charset=utf-8"
XML_DECLARATION = b'<?xml version="1.0" encoding="UTF-8"?>\n'


def _fill(element: ET.Element, value: Any) -> None:
    if isinstance(value, Mapping):
        for name, child in value.items():
            _fill(ET.SubElement(element, name), child)
    elif isinstance(value, list | tuple):
        item_tag = ITEM_TAGS[element.tag]
        for child in value:
            _fill(ET.SubElement(element, item_tag), child)
    elif isinstance(value, bool):
        element.text = "true" if value else "false"
    elif value is not None:
        element.text = str(value)


def to_xml(root: str, value: Any) -> bytes:
    """``value`` (a list or a dict) as the XML document ``<root>…</root>``."""
    element = ET.Element(root)
    _fill(element, value)
    return XML_DECLARATION + ET.tostring(element, encoding="unicode").encode("utf-8")


def respond(fmt: str, root: str, value: Any, status_code: int = 200) -> Response:
    """The response in the format the path asked for; ``root`` names the XML document element."""
    if fmt == "xml":
        return Response(to_xml(root, value), status_code=status_code, media_type=XML_MEDIA_TYPE)
    return JSONResponse(value, status_code=status_code)


def errors(fmt: str, status_code: int, descriptions: Sequence[str]) -> Response:
    """The specification's error list: ``[{"code": 403, "description": "..."}]``."""
    listed = [{"code": status_code, "description": text} for text in descriptions]
    return respond(fmt, "errors", listed, status_code)
