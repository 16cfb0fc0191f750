"""Open311 GeoReport v2 for spill reports, so a city's 311 or work-order system can file and pull them.

``router`` (mounted by :mod:`web.app`) serves ``/open311/v2/``; :mod:`web.open311.catalog` says what the
service and its attributes are and how a service request maps to a spill report; ``python -m web.open311``
manages the API keys (``create-key``, ``revoke-key``, ``list-keys``).
"""

from web.open311.routes import router

__all__ = ["router"]
