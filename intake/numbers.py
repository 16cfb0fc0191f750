"""Numbers in digits or English words: finding them in text, reading them, and writing them back.

Holds :data:`NUMBER_PATTERN` (a regex fragment for a number in digits or words), :func:`words_to_number`
(English number words, read by ``text2num``), the package-internal ``_to_decimal`` and ``_count_from``
("a couple", "a few"), and :func:`format_number`.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from text_to_num import text2num

from intake.core import normalize

# The words a number can be spelled with. text2num reads them, but it only converts a string it is given:
# finding where a number starts and ends in a sentence ("about forty-five gallons") is our regex's job, and
# the regex needs the vocabulary. ("fourty" is a common misspelling text2num also accepts.)
_NUMBER_WORDS = frozenset(
    (
        *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
        *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen"),
        *("nineteen", "twenty", "thirty", "forty", "fourty", "fifty", "sixty", "seventy", "eighty"),
        *("ninety", "hundred", "thousand", "dozen"),
    )
)
_NUMBER_WORD = "|".join(sorted(_NUMBER_WORDS, key=lambda word: (-len(word), word)))  # longest first
_WORD_NUMBER_RUN = (
    rf"(?:an?\s+(?=(?:hundred|thousand|dozen)\b))?(?:{_NUMBER_WORD})"
    rf"(?:(?:\s+and\s+|\s+|-)(?:{_NUMBER_WORD}))*\b"
)
_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+"
NUMBER_PATTERN = rf"(?:{_DIGITS}|\b{_WORD_NUMBER_RUN})"
"""A number written in digits ("1,000", "2.5") or words ("forty-five", "a hundred and twenty")."""


def words_to_number(text: str) -> int | None:
    """``"forty-five"`` → 45, ``"a hundred and twenty"`` → 120, ``"two thousand five hundred"`` → 2500.

    None for anything that is not a well-formed English number ("one two", "hundred fifty fifty").
    """
    tokens = [t for t in re.split(r"[\s-]+", normalize(text)) if t and t != "and"]
    if tokens[:1] in (["a"], ["an"]):
        tokens = ["one", *tokens[1:]]  # text2num has no "a hundred"
    # Only the words NUMBER_PATTERN finds (text2num would also take "million"), and no leading "zero" before
    # more words (text2num reads "zero five" as 5).
    if not tokens or not _NUMBER_WORDS.issuperset(tokens) or (tokens[0] == "zero" and len(tokens) > 1):
        return None
    if "dozen" in tokens:  # text2num has no "dozen": "two dozen" is two times twelve
        if tokens.index("dozen") != len(tokens) - 1 or "thousand" in tokens:
            return None
        count = _text2num(tokens[:-1]) if len(tokens) > 1 else 1
        return None if count is None else count * 12
    return _text2num(tokens)


def _text2num(tokens: list[str]) -> int | None:
    try:
        return text2num(" ".join(tokens), "en")
    except ValueError:
        return None


def _to_decimal(token: str) -> Decimal | None:
    token = token.strip()
    if re.fullmatch(_DIGITS, token):
        try:
            return Decimal(token.replace(",", ""))
        except InvalidOperation:
            return None
    number = words_to_number(token)
    return None if number is None else Decimal(number)


def _count_from(token: str) -> int | None:
    """A whole count: digits, number words, "a"/"an"/"un"/"una" (1), "a couple" (2); None for "a few"."""
    token = token.strip()
    if token in ("a", "an", "un", "una"):
        return 1
    if re.fullmatch(r"(?:a\s+)?couple(?:\s+of)?", token):
        return 2
    if re.fullmatch(r"(?:a\s+)?few|several", token):
        return None
    number = _to_decimal(token)
    if number is None or number != number.to_integral_value():
        return None
    return int(number)


def format_number(value: Decimal | int | float) -> str:
    """``Decimal("1000")`` → ``"1,000"``, ``2.50`` → ``"2.5"``, ``0.4753`` → ``"0.48"``."""
    number = Decimal(str(value))
    if number == number.to_integral_value():
        return f"{int(number):,}"
    rounded = number.quantize(Decimal("0.01")).normalize()
    return f"{rounded:,f}"
