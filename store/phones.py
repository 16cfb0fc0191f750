"""One key per phone number, so an opt-out or a rate limit matches however the number was written."""

from __future__ import annotations

import re

from store.errors import StoreError


def normalize_phone(value: str) -> str:
    """E.164 form: ``(760) 555-0100``, ``760.555.0100`` and ``+1 760 555 0100`` all give ``+17605550100``.

    Ten digits are taken as a North American number (+1); numbers written with a leading ``+`` keep
    their country code. Twilio already sends E.164 (``From=+17605550100``), which passes unchanged.
    """
    text = str(value).strip()
    digits = re.sub(r"\D", "", text)
    if text.startswith("+") and 8 <= len(digits) <= 15 and re.fullmatch(r"\+[\d\s().\-]+", text):
        return f"+{digits}"
    if not text.startswith("+") and re.fullmatch(r"[\d\s().\-]+", text):
        if len(digits) == 10:
            return f"+1{digits}"
        if len(digits) == 11 and digits.startswith("1"):
            return f"+{digits}"
    raise StoreError(f"{value!r} is not a phone number: expected 10 digits or +country code and number.")
