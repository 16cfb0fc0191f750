"""Reference numbers people can read, type and say over the phone: ``SP-482137``.

A two-letter prefix names the kind of record, then six random digits. The prefixes use no O or I, so
nothing can be mistaken for 0 or 1, and digits are read one by one. Numbers are random (not sequential)
so they reveal nothing about volume and cannot be guessed by counting; uniqueness comes from the
table's unique constraint, with a retry on the rare collision.
"""

from __future__ import annotations

import random
import re
from typing import Protocol

SPILL = "SP"
PERMIT_APPLICATION = "PA"
WAIVER = "WV"
SERVICE_RECORD = "SR"
FACILITY = "FC"
PREFIXES = (SPILL, PERMIT_APPLICATION, WAIVER, SERVICE_RECORD, FACILITY)
DIGITS = 6

REFERENCE_PATTERN = re.compile(rf"^({'|'.join(PREFIXES)})-\d{{{DIGITS}}}$")
_IN_A_TEXT = re.compile(rf"\b(?:{'|'.join(PREFIXES)})-\d{{{DIGITS}}}\b")
_LOOSE_PATTERN = re.compile(rf"^({'|'.join(PREFIXES)})([0-9OIL]{{{DIGITS}}})$")
_SPOKEN_DIGIT_LOOKALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})


def find_reference(text: str) -> re.Match[str] | None:
    """The first reference number said in a text ("... Your reference number is SP-482137. ..."), or None."""
    return _IN_A_TEXT.search(text)


class RandomSource(Protocol):
    def randrange(self, stop: int) -> int: ...


_SYSTEM_RANDOM = random.SystemRandom()


def new_reference(prefix: str, rng: RandomSource | None = None) -> str:
    """A fresh candidate such as ``SP-048213`` (leading zeros kept: always six digits)."""
    if prefix not in PREFIXES:
        raise ValueError(f"Unknown reference prefix {prefix!r}; expected one of {PREFIXES}.")
    number = (rng or _SYSTEM_RANDOM).randrange(10**DIGITS)
    return f"{prefix}-{number:0{DIGITS}d}"


def is_reference(text: str) -> bool:
    """True for a well-formed reference in canonical form (``SP-482137``)."""
    return bool(REFERENCE_PATTERN.match(text))


def normalize_reference(text: str) -> str | None:
    """The canonical form of a reference as a person might type it, or None if it is not one.

    Accepts any case, spaces, dots and dashes (``sp 482 137``, ``Sp.482-137``) and the letters O, I and
    L typed for the digits 0 and 1 (``SP-4821O7``).
    """
    compact = re.sub(r"[\s.\-_/#]", "", str(text)).upper()
    match = _LOOSE_PATTERN.match(compact)
    if match is None:
        return None
    prefix, digits = match.groups()
    return f"{prefix}-{digits.translate(_SPOKEN_DIGIT_LOOKALIKES)}"
