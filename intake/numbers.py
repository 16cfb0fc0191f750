"""Numbers in digits or words (English or Spanish): finding them in text, reading them, writing them back.

Holds :data:`NUMBER_PATTERN` (a regex fragment for a number in digits or words), :func:`words_to_number`
(English number words, read by ``text2num``), :func:`spanish_words_to_number` (Spanish ones, read by
``text_to_num.alpha2digit``: "doscientos cincuenta", "cuarenta y cinco", without accents too),
:func:`spanish_digits` (Spanish number words in a sentence written as digits), the package-internal
``_to_decimal`` and ``_count_from`` ("a couple", "a few", "un", "una"), and :func:`format_number`.

Spanish number words are found where they stand (they are part of :data:`NUMBER_PATTERN`), so the spans
:func:`intake.find_date` and :func:`intake.find_quantity` report stay spans of the text as written.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from text_to_num import alpha2digit, text2num

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
_ENGLISH_RUN = (
    rf"(?:an?\s+(?=(?:hundred|thousand|dozen)\b))?(?:{_NUMBER_WORD})"
    rf"(?:(?:\s+and\s+|\s+|-)(?:{_NUMBER_WORD}))*\b"
)

# Spanish number words as people text them (accents or not). "un"/"una" alone are articles as often as
# numbers ("un poco"), so they count only after another number word ("veintiun", "treinta y una"); each
# parser that reads "un"/"una" as one says so. "once" (11) is not the English "once a week".
_SPANISH_UNITS = ("uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve")
_SPANISH_OTHER_WORDS = (
    "cero "
    "diez once doce trece catorce quince dieciseis dieciséis diecisiete dieciocho diecinueve "
    "veinte veintiuno veintiun veintiún veintidos veintidós veintitres veintitrés veinticuatro "
    "veinticinco veintiseis veintiséis veintisiete veintiocho veintinueve "
    "treinta cuarenta cincuenta sesenta setenta ochenta noventa "
    "cien ciento doscientos doscientas trescientos trescientas cuatrocientos cuatrocientas "
    "quinientos quinientas seiscientos seiscientas setecientos setecientas ochocientos ochocientas "
    "novecientos novecientas mil"
)
_SPANISH_NUMBER_WORDS = frozenset((*_SPANISH_OTHER_WORDS.split(), *_SPANISH_UNITS))
_SPANISH_TENS = "treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa"
_SPANISH_WORD = "|".join(sorted(_SPANISH_NUMBER_WORDS - {"once"}, key=lambda word: (-len(word), word)))
_SPANISH_ONE = (  # "once" is 11, but not in "once a week", "once more"
    r"(?:once(?!\s+(?:a|an|per|every|each|in|or|and|more|again|weekly|daily|monthly|yearly)\b))"
)
_SPANISH_TERM = (
    rf"(?:(?:{_SPANISH_TENS})\s+y\s+(?:un|una|{'|'.join(_SPANISH_UNITS)})\b|{_SPANISH_WORD}|{_SPANISH_ONE})"
)
_SPANISH_RUN = rf"{_SPANISH_TERM}(?:\s+(?:{_SPANISH_TERM}|un\b|una\b))*(?![\w-])"
_WORD_NUMBER_RUN = rf"(?:{_ENGLISH_RUN}|{_SPANISH_RUN})"
_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+"
DIGITS_PATTERN = rf"(?<![\d.,])(?:{_DIGITS})(?!\d|[.,]\d)"
"""A number written in digits, whole ("1,000", "2.5", not the "000" of "1,000")."""
NUMBER_PATTERN = rf"(?:{_DIGITS}|\b{_WORD_NUMBER_RUN})"
"""A number written in digits ("1,000", "2.5") or words ("forty-five", "a hundred and twenty", "cuarenta y
cinco")."""


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


_RE_SPANISH_RUN = re.compile(rf"(?<![\w-]){_SPANISH_RUN}")
_MAX_SPANISH_WORDS = 12  # "novecientos noventa y nueve mil novecientos noventa y nueve" has 10
# alpha2digit knows these only with their accents; people text them without.
_ACCENTED = {
    "veintidos": "veintidós",
    "veintitres": "veintitrés",
    "veintiseis": "veintiséis",
    "veintiun": "veintiún",
}


def spanish_words_to_number(text: str) -> int | None:
    """``"doscientos cincuenta"`` → 250, ``"cuarenta y cinco"`` → 45, ``"mil quinientos"`` → 1500.

    None for anything that is not one well-formed Spanish number ("dos tres", "un poco")."""
    words = normalize(text).split()
    if not words or len(words) > _MAX_SPANISH_WORDS or not _RE_SPANISH_RUN.fullmatch(" ".join(words)):
        return None
    read = alpha2digit(" ".join(_ACCENTED.get(word, word) for word in words), "es", threshold=0)
    return int(read) if read.isdigit() else None


def in_digits(text: str) -> str:
    """``text`` with its numbers in words, English or Spanish, written in digits ("more like twenty-five,
    thirty gallons" → "more like 25, 30 gallons"), for telling whether it says an amount at all."""
    return spanish_digits(alpha2digit(text, "en"))


def spanish_digits(text: str) -> str:
    """``text`` with each Spanish number in words written in digits (``"a las siete"`` → ``"a las 7"``).

    For parsers that read the text as a whole (times of day); those that report where in the text a
    number was (:func:`intake.find_quantity`) read the words where they stand instead."""

    def digits(match: re.Match[str]) -> str:
        number = spanish_words_to_number(match.group(0))
        return match.group(0) if number is None else str(number)

    return _RE_SPANISH_RUN.sub(digits, text)


def _to_decimal(token: str) -> Decimal | None:
    token = token.strip()
    if re.fullmatch(_DIGITS, token):
        try:
            return Decimal(token.replace(",", ""))
        except InvalidOperation:
            return None
    number = words_to_number(token)
    if number is None:
        number = spanish_words_to_number(token)
    return None if number is None else Decimal(number)


def _count_from(token: str) -> int | None:
    """A whole count: digits, number words, "a"/"an"/"un"/"una"/"uno" (1), "a couple"/"un par de" (2); None
    for "a few"."""
    token = token.strip()
    if token in ("a", "an", "un", "una", "uno"):
        return 1
    if re.fullmatch(r"un\s+par(?:\s+de)?", token):
        return 2
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
