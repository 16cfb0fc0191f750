"""One key per phone number, so an opt-out or a rate limit matches however the number was written."""

from __future__ import annotations

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberFormat, ValidationResult

from store.errors import StoreError

_NANP = 1


def normalize_phone(value: str) -> str:
    """E.164 form: ``(760) 555-0100``, ``760.555.0100`` and ``+1 760 555 0100`` all give ``+17605550100``.

    Ten digits are taken as a North American number (+1); numbers written with a leading ``+`` keep
    their country code. Twilio already sends E.164 (``From=+17605550100``), which passes unchanged.

    Parsing and formatting are ``phonenumbers``'; the number must have a possible length for its country
    (not necessarily an area code in use: a key only has to be the same however the number is written).
    Letters (``1-800-FLOWERS``, ``ext 4``) and extensions are refused, and so is a number without a ``+``
    that phonenumbers would read as dialled abroad (``011 44 ...``).
    """
    text = str(value).strip()
    number = _parse(text)
    if (
        number is None
        or number.extension
        or (not text.startswith("+") and number.country_code != _NANP)
        or phonenumbers.is_possible_number_with_reason(number) != ValidationResult.IS_POSSIBLE
    ):
        raise StoreError(f"{value!r} is not a phone number: expected 10 digits or +country code and number.")
    return phonenumbers.format_number(number, PhoneNumberFormat.E164)


def _parse(text: str) -> phonenumbers.PhoneNumber | None:
    if any(c.isalpha() for c in text):  # phonenumbers reads letters as keypad digits
        return None
    try:
        return phonenumbers.parse(text, "US")
    except NumberParseException:
        return None
