"""Phone numbers: US (North American) numbers in any common written or spoken form, with an extension.

Finding, validating and formatting are the ``phonenumbers`` library's (Google's libphonenumber metadata,
so an area code that is not in use is refused). What stays ours: reading spoken digit words ("seven six
oh ...") before the library sees the text, and saying in words what is wrong with a number the library
refuses (it tells whether, not why).

Holds :class:`PhoneNumber` and :func:`parse_phone`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import phonenumbers
from phonenumbers import Leniency, NumberParseException, PhoneNumberFormat, PhoneNumberMatcher

from intake.core import SPOKEN_FILLERS, ParseResult, _fail, _ok, normalize
from intake.numbers import spanish_words_to_number, words_to_number
from languages import t

_REGION = "US"
_NANP = 1  # the country code of the US, Canada and the Caribbean numbering plan
_PHONE_EXAMPLE = "760-555-0100"

# Spoken digits as speech-to-text writes them, in English and Spanish. text2num does not fit here: it reads
# "seven six oh" as "7 6 oh" (no "oh"), and a phone number is a string of digits, not one number.
_SPELLED_DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_SPANISH_DIGITS = ("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve")
_DIGIT_WORDS = {
    "oh": "0",
    "o": "0",
    **{word: str(n) for n, word in enumerate(_SPELLED_DIGITS)},
    **{word: str(n) for n, word in enumerate(_SPANISH_DIGITS)},
}


_LETTER_O = frozenset({"o", "oh"})  # a zero said as the letter ("seven six oh"), never before a word


@dataclass(frozen=True)
class PhoneNumber:
    """A North American number: ``e164`` (``+17605550100``) is the key the store uses."""

    e164: str
    extension: str | None = None

    @property
    def display(self) -> str:
        number = _number(self.e164)
        text = self.e164 if number is None else phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
        return (
            t("{number} ext. {extension}", number=text, extension=self.extension) if self.extension else text
        )

    @property
    def spoken(self) -> str:
        """Digit by digit, grouped, for text-to-speech: ``7 6 0, 5 5 5, 0 1 0 0``."""
        number = _number(self.e164)
        digits = phonenumbers.national_significant_number(number) if number else self.e164[2:]
        groups = (digits[:3], digits[3:6], digits[6:])
        text = ", ".join(" ".join(group) for group in groups)
        if self.extension:
            return t("{number}, extension {extension}", number=text, extension=" ".join(self.extension))
        return text

    def to_slot(self) -> str:
        return f"{self.e164};ext={self.extension}" if self.extension else self.e164

    @classmethod
    def from_slot(cls, value: str) -> PhoneNumber:
        number, _, extension = str(value).partition(";ext=")
        return cls(number, extension or None)


def _number(e164: str) -> phonenumbers.PhoneNumber | None:
    try:
        return phonenumbers.parse(e164, _REGION)
    except NumberParseException:
        return None


# The last digits said two at a time, as many people say a number ("... cinco cinco cinco, treinta y uno,
# setenta y seis"; "... zero nine, thirty one"): a ten's word, with its unit
_UNITS_ES = "uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve"
_UNITS_EN = "one|two|three|four|five|six|seven|eight|nine"
_PAIR_SAID = re.compile(
    rf"\b(?:(?:veinte|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa)(?:\s+y\s+(?:{_UNITS_ES}))?"
    r"|veinti(?:uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)|diez|once|doce|trece|catorce|quince|"
    r"dieci(?:seis|siete|ocho|nueve)"
    rf"|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-]+(?:{_UNITS_EN}))?"
    r"|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)\b"
)


_DIGITS_BEFORE_PAIRS = (
    6  # the area code and the exchange, said digit by digit, before the last digits in pairs
)


def _pair_in_digits(match: re.Match[str]) -> str:
    number = words_to_number(match.group(0)) or spanish_words_to_number(match.group(0))
    return f"{number:02d}" if number is not None and 10 <= number <= 99 else match.group(0)


def _spoken_digits(text: str) -> str:
    """``"seven six oh five five five ..."`` → ``"7605550100 ..."``, when at least seven words are digit
    words; the digit words (and numerals) in a row become one run of digits, other words stay."""
    # Spanish digit words have no accents; a sentence's end ends a run ("... zero one four eight. Oh, and do
    # I need to stay?": that "oh" is no digit of the number)
    pairs = 0
    if sum(1 for w in re.findall(r"[a-z]+", text) if w in _DIGIT_WORDS) >= _DIGITS_BEFORE_PAIRS:
        # "cuatro dos cuatro, cinco cinco cinco, treinta y uno, setenta y seis": 31, 76 after the first six
        text, pairs = _PAIR_SAID.subn(_pair_in_digits, text)
    words = re.findall(r"[a-z]+|\d+|[.?!;]", text)
    if sum(1 for w in words if w in _DIGIT_WORDS) + 2 * pairs < 7:
        return text
    runs: list[str] = []
    digits = ""
    for i, word in enumerate(words):
        after = words[i + 1] if i + 1 < len(words) else ""
        if word in _LETTER_O and after.isalpha() and after not in _DIGIT_WORDS:
            word = f"{word}_"  # "cero cero ocho ocho, o a mi cel": "o" is "or", no digit, before a word
        if word in _DIGIT_WORDS or word.isdigit():
            digits += _DIGIT_WORDS.get(word, word)
            continue
        word = word.rstrip("_")
        if digits:
            runs.append(digits)
            digits = ""
        if word not in ".?!;":
            runs.append(word)
        elif runs and runs[-1] != ",":
            runs.append(",")  # kept apart: the next run is another number
    return " ".join([*runs, digits] if digits else runs)


# A number said in its three groups with pauses between them, as speech-to-text writes it ("760, eh, 555,
# 0142", "760 um 555 0142"): the groups joined, so the library sees a number
_FILLER = rf"(?:\s*,?\s*(?:(?:{SPOKEN_FILLERS}|este|like)\b\s*,?\s*)*)"
_PAUSED_GROUPS = re.compile(rf"\b(\d{{3}}){_FILLER}\s*(\d{{3}}){_FILLER}\s*(\d{{4}})\b", re.IGNORECASE)


def phone_pauses_joined(text: str) -> str:
    """``text`` with a number said in paused groups written as one (:data:`_PAUSED_GROUPS`)."""
    return _PAUSED_GROUPS.sub(r"\1-\2-\3", text)


# An assessor's parcel number is written 4-3-3 ("4021-015-022"); a phone number never is
_PARCEL_NUMBER = re.compile(r"^\d{4}-\d{3}-\d{3}$")


def _phones_in(text: str) -> list[phonenumbers.PhoneNumberMatch]:
    """The runs of ``text`` shaped like a phone number (valid or not), except a parcel number."""
    return [
        match
        for match in PhoneNumberMatcher(text, _REGION, leniency=Leniency.POSSIBLE)
        if not _PARCEL_NUMBER.match(match.raw_string.strip())
    ]


def without_phones(text: str) -> str:
    """``text`` with the phone numbers in it removed (``"Sam Ortiz, 760-555-0133"`` → ``"Sam Ortiz"``)."""
    text = phone_pauses_joined(text)
    spans = [(m.start, m.end) for m in _phones_in(text)]
    for start, end in reversed(spans):
        text = text[:start].rstrip(" ,;") + " " + text[end:]
    return " ".join(text.split())


def mentions_phone(text: str) -> bool:
    """Whether ``text`` holds something shaped like a phone number (valid or not), in digits or spoken
    ("callback is seven six zero five five five zero one four two")."""
    return any(
        True
        for said in dict.fromkeys((text, _spoken_digits(normalize(text))))
        for _ in _phones_in(phone_pauses_joined(said))
    )


_DIGIT_RUN = re.compile(r"\+?[\d(][\d\s().-]*\d")
_LEAST_DIGITS_OF_A_TRY = 5  # in a sentence, fewer digits in a row are an amount or a time, not a number
_FEW_WORDS = 3


def parse_phone(text: str) -> ParseResult[PhoneNumber]:
    """A US phone number in any common form (``(760) 555-0100``, ``760.555.0100``, ``+1 760 555 0100``,
    ``7605550100``, spoken digits, an ``ext. 12``), also inside a sentence."""
    normalized = phone_pauses_joined(_spoken_digits(normalize(text)))
    match = next(iter(_phones_in(normalized)), None)
    number: phonenumbers.PhoneNumber | None = None
    if match is not None:
        number = match.number
        if number.country_code != _NANP:
            return _only_us()
        digits = phonenumbers.national_significant_number(number)
    else:  # nothing that looks like a number: count the digits of the likeliest try, to say what is missing
        # (the longest run of digits and separators; "unos 1,500 galones al día, de 6 a 10" tries none)
        runs = [re.sub(r"\D", "", run) for run in _DIGIT_RUN.findall(normalized)]
        digits = max(runs, key=len, default="")
        if len(digits) < _LEAST_DIGITS_OF_A_TRY and len(normalized.split()) > _FEW_WORDS:
            digits = ""  # a sentence's amounts and times; a short "911" is a try at a number
        if not digits:
            return _fail(
                t(
                    "Please type a phone number with the area code, for example {example}.",
                    example=_PHONE_EXAMPLE,
                )
            )
        if normalized.startswith("+") and not digits.startswith("1"):
            return _only_us()
        if len(digits) == 11 and digits.startswith("1"):
            digits = digits[1:]
    if len(digits) == 7:
        return _fail(
            t("Please include the area code: all 10 digits, for example {example}.", example=_PHONE_EXAMPLE)
        )
    if len(digits) < 10:
        return _fail(
            t(
                "That phone number is too short ({count} digits). Please type all 10 digits with the area "
                "code, for example {example}.",
                count=len(digits),
                example=_PHONE_EXAMPLE,
            )
        )
    if len(digits) > 10:
        return _fail(
            t(
                "That phone number has too many digits ({count}). Please type the 10-digit number with "
                "the area code, for example {example}.",
                count=len(digits),
                example=_PHONE_EXAMPLE,
            )
        )
    if number is None:
        number = phonenumbers.parse(digits, _REGION)
    if not phonenumbers.is_valid_number(number):
        return _fail(_why_invalid(digits))
    e164 = phonenumbers.format_number(number, PhoneNumberFormat.E164)
    return _ok(PhoneNumber(e164, number.extension or None))


def _only_us() -> ParseResult[PhoneNumber]:
    return _fail(
        t(
            "I can only take a US phone number: 10 digits with the area code, like {example}.",
            example=_PHONE_EXAMPLE,
        )
    )


def _why_invalid(digits: str) -> str:
    """What is wrong with ten digits that phonenumbers refuses, in the numbering plan's terms (it says only
    that a number is not valid): the first digit of the area code or of the exchange, or the area code."""
    area, exchange = digits[:3], digits[3:6]
    if area[0] in "01":
        return t(
            "Area codes don't start with {digit}, so {area} can't be right. Please check the "
            "number and type all 10 digits, for example {example}.",
            digit=area[0],
            area=area,
            example=_PHONE_EXAMPLE,
        )
    if not _area_code_in_use(area):
        return t(
            "{area} is not an area code. Please type the 10-digit number, for example {example}.",
            area=area,
            example=_PHONE_EXAMPLE,
        )
    if exchange[0] in "01":
        return t(
            "The three digits after the area code can't start with {digit}, so {number} can't be right. "
            "Please check the number.",
            digit=exchange[0],
            number=f"{area}-{exchange}",
        )
    return t(
        "{number} is not a number in use. Please check the number and type all 10 digits.",
        number=f"{area}-{exchange}",
    )


@functools.lru_cache(maxsize=256)
def _area_code_in_use(area: str) -> bool:
    """Whether phonenumbers knows any valid number with area code ``area``; every exchange is tried, since
    some area codes (in the Caribbean) use only a few (about 40 ms, once per area code)."""
    return any(phonenumbers.is_valid_number(_nanp(f"{area}{exchange}0100")) for exchange in range(200, 1000))


def _nanp(digits: str) -> phonenumbers.PhoneNumber:
    return phonenumbers.PhoneNumber(country_code=_NANP, national_number=int(digits))
