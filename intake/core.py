"""What every parser shares: results, the parse context, tenses, text normalisation and slot forms.

Every parser takes the user's text (and, where time matters, a :class:`ParseContext` with an explicit,
timezone-aware "now" and the city's time zone) and returns a :class:`ParseResult`: either a value or an
``error`` sentence that tells the user what to type. User mistakes never raise; only programming errors
(a naive ``now``, an unknown unit or tense) raise ``ValueError`` with the offending value.

Values are small frozen dataclasses (or dates, ints, strings). ``ParseResult.slot`` gives their JSON-ready
form for Rasa slots and the store (:func:`to_slot`: dates as ISO strings, quantities as small dicts).

Errors and descriptions are written in the language of the reply (:func:`languages.t`); answers are read
in English or Spanish whatever the conversation's language (people switch, and "si" means yes in both).

Holds: :class:`ParseResult` (and the package-internal ``_ok``/``_fail``), :class:`ParseContext`, the tenses
(:data:`PAST`, :data:`FUTURE`, :data:`ANY`), :func:`normalize`, ``_strip_accents``, the list joiners
``and_list``/``or_list`` and :func:`to_slot`.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from typing import Any, Generic, TypeVar
from zoneinfo import ZoneInfo

from cities import CITY_TIME_ZONE
from languages import t

SPOKEN_FILLERS = r"uh+|um+|uhm|erm|er+|ah+|eh+"
"""The hesitations a speech transcript writes ("on, uh, Century Boulevard"), as a regex alternation; readers
add their own ("este", "o sea", "like") where those cannot be words of what they read."""

T = TypeVar("T")

PAST, FUTURE, ANY = "past", "future", "any"
TENSES = (PAST, FUTURE, ANY)


def _check_tense_name(tense: str) -> None:
    if tense not in TENSES:
        raise ValueError(f"tense must be one of {TENSES}; got {tense!r}.")


# --------------------------------------------------------------------------------------------------------
# Results and context
# --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ParseResult(Generic[T]):
    """A parsed value, or a sentence telling the user what to type instead."""

    value: T | None = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def slot(self) -> Any:
        """The value in JSON-ready form (see :func:`to_slot`); None for an error."""
        return to_slot(self.value) if self.ok else None


def _ok(value: T) -> ParseResult[T]:
    return ParseResult(value=value)


def _fail(error: str) -> ParseResult[Any]:
    return ParseResult(error=error)


@dataclass(frozen=True)
class ParseContext:
    """When the message arrived (timezone-aware) and the time zone its dates are read in."""

    now: dt.datetime
    time_zone: str = CITY_TIME_ZONE

    def __post_init__(self) -> None:
        if self.now.tzinfo is None or self.now.utcoffset() is None:
            raise ValueError(f"ParseContext.now must be timezone-aware; got {self.now!r}.")
        ZoneInfo(self.time_zone)  # fail fast on an unknown zone name

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone)

    @property
    def local_now(self) -> dt.datetime:
        return self.now.astimezone(self.zone)

    @property
    def today(self) -> dt.date:
        return self.local_now.date()


# --------------------------------------------------------------------------------------------------------
# Text normalisation
# --------------------------------------------------------------------------------------------------------

_TYPOGRAPHY = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\u00a0": " ",
        "\u2009": " ",
        "\u202f": " ",
    }
)


def normalize(text: str) -> str:
    """Lower case, plain quotes and dashes, single spaces."""
    return " ".join(str(text).translate(_TYPOGRAPHY).lower().split())


def _strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def and_list(items: list[str] | tuple[str, ...]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (Spanish ``a, b y c``)."""
    if len(items) < 2:
        return "".join(items)
    return t("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def or_list(items: list[str] | tuple[str, ...]) -> str:
    """``a``, ``a or b``, ``a, b or c`` (Spanish ``a, b o c``)."""
    if len(items) < 2:
        return "".join(items)
    return t("{items} or {last}", items=", ".join(items[:-1]), last=items[-1])


# --------------------------------------------------------------------------------------------------------
# Slots: the JSON-ready form of every value
# --------------------------------------------------------------------------------------------------------


def _plain(number: Decimal) -> int | float:
    return int(number) if number == number.to_integral_value() else float(number)


def _same(value: Any) -> Any:
    return value


_PLAIN_SLOT_FORMS: dict[type, Callable[[Any], Any]] = {
    str: _same,
    bool: _same,
    int: _same,
    float: _same,
    dt.datetime: lambda value: value.isoformat(),
    dt.date: lambda value: value.isoformat(),
    dt.time: lambda value: value.strftime("%H:%M"),
    Decimal: _plain,
    list: lambda value: [to_slot(v) for v in value],
    tuple: lambda value: [to_slot(v) for v in value],
}
"""Slot forms of plain Python values, by type; a subclass takes its nearest base's (datetime before date)."""


def to_slot(value: Any) -> Any:
    """Dates → ISO strings, times → ``HH:MM``, enums → their value, our dataclasses → their ``to_slot()``,
    tuples → lists."""
    if value is None:
        return None
    if isinstance(value, Enum):  # before str: YesNo is both
        return value.value
    for kind in type(value).__mro__:
        if kind in _PLAIN_SLOT_FORMS:
            return _PLAIN_SLOT_FORMS[kind](value)
    if hasattr(value, "to_slot"):
        return value.to_slot()
    raise TypeError(f"No slot form for {type(value).__name__}: {value!r}")
