"""The kinds of answer a form field can take, by name: how each is parsed, stored as a slot and said back.

Each kind implements :class:`ValueType` (``parse``, ``to_slot``, ``from_slot``, ``describe``) and is
registered under the name field specs use (``FieldSpec.parser``) in :data:`VALUE_TYPES`; there is no
dispatch on the kind anywhere else. :data:`PARSERS` and :func:`parse` run a kind's parser by name, and
:func:`describe` turns a slot value back into words for read-backs and documents, so each slot format is
known in one place.

Holds :class:`ValueType`, :data:`VALUE_TYPES`, :func:`value_type`, :data:`PARSERS`, :func:`parse` and
:func:`describe`.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable
from typing import Any, Protocol

from intake.choices import (
    APPLICATION_PATH_CHOICES,
    CITY_CHOICES,
    CONTAINER_CHOICES,
    DEVICE_CHOICES,
    ESTABLISHMENT_CHOICES,
    EVIDENCE_CHOICES,
    Choice,
    Reaches,
    YesNo,
    parse_application_path,
    parse_city,
    parse_containers,
    parse_device,
    parse_establishment_kind,
    parse_evidence_source,
    parse_reaches,
    parse_yes_no,
)
from intake.core import ParseContext, ParseResult, _fail, to_slot
from intake.dates import human_date, parse_date
from intake.frequencies import ServiceFrequency, parse_frequency
from intake.locations import Location, parse_location, parse_parcel_numbers
from intake.numbers import format_number
from intake.phones import PhoneNumber, parse_phone
from intake.quantities import (
    CUBIC_YARDS,
    GALLONS,
    SQUARE_FEET,
    Quantity,
    parse_count,
    parse_gallons_removed,
    parse_quantity,
)
from intake.text import parse_company_name, parse_person_name, parse_text
from intake.times import Moment, TimeRange, parse_moment, parse_time_ranges
from languages import N_, t

Parser = Callable[[str, ParseContext], ParseResult[Any]]


class ValueType(Protocol):
    """One kind of answer: read from text, kept as a JSON-ready slot, and said back in words."""

    def parse(self, text: str, ctx: ParseContext) -> ParseResult[Any]:
        """The value in the user's text, or a sentence saying what to type."""
        ...

    def to_slot(self, value: Any) -> Any:
        """The value in its JSON-ready slot form."""
        ...

    def from_slot(self, slot: Any) -> Any:
        """The value back from its slot form."""
        ...

    def describe(self, slot: Any, *, spoken: bool = False) -> str:
        """A (non-None) slot value in words; ``spoken``: for text-to-speech."""
        ...


def _context_free(read: Callable[[str], ParseResult[Any]]) -> Parser:
    def parse(text: str, ctx: ParseContext) -> ParseResult[Any]:
        return read(text)

    parse.__name__ = getattr(read, "__name__", parse.__name__)
    return parse


class _Plain:
    """Answers whose slot is the value itself: free text, names and whole counts. The other kinds derive
    from this one and override what differs."""

    def __init__(self, parser: Parser) -> None:
        self._parser = parser

    def parse(self, text: str, ctx: ParseContext) -> ParseResult[Any]:
        return self._parser(text, ctx)

    def to_slot(self, value: Any) -> Any:
        return to_slot(value)

    def from_slot(self, slot: Any) -> Any:
        return slot

    def describe(self, slot: Any, *, spoken: bool = False) -> str:
        if isinstance(slot, int) and not isinstance(slot, bool):
            return format_number(slot)
        return str(slot)


class _Counts(_Plain):
    """A whole number of ``noun`` (seats, meals, employees)."""

    def __init__(self, noun: str) -> None:
        super().__init__(_context_free(lambda text: parse_count(text, noun)))


class _Dates(_Plain):
    def __init__(self) -> None:
        super().__init__(parse_date)

    def from_slot(self, slot: str) -> dt.date:
        return dt.date.fromisoformat(slot)

    def describe(self, slot: Any, *, spoken: bool = False) -> str:
        return human_date(self.from_slot(slot), spoken=spoken)


class _Moments(_Plain):
    def __init__(self) -> None:
        super().__init__(parse_moment)

    def from_slot(self, slot: str) -> Moment:
        return Moment.from_slot(slot)

    def describe(self, slot: Any, *, spoken: bool = False) -> str:
        return self.from_slot(slot).describe(spoken=spoken)


class _Phones(_Plain):
    def __init__(self) -> None:
        super().__init__(_context_free(parse_phone))

    def from_slot(self, slot: str) -> PhoneNumber:
        return PhoneNumber.from_slot(slot)

    def describe(self, slot: Any, *, spoken: bool = False) -> str:
        number = self.from_slot(slot)
        return number.spoken if spoken else number.display


class _TimeRanges(_Plain):
    def __init__(self) -> None:
        super().__init__(_context_free(parse_time_ranges))

    def from_slot(self, slot: Any) -> tuple[TimeRange, ...]:
        return tuple(TimeRange.from_slot(item) for item in slot)

    def describe(self, slot: Any, *, spoken: bool = False) -> str:
        said = [item.describe() for item in self.from_slot(slot)]
        return functools.reduce(
            lambda first, second: t("{first} and {second}", first=first, second=second), said
        )


class _Locations(_Plain):
    def __init__(self) -> None:
        super().__init__(_context_free(parse_location))

    def from_slot(self, slot: Any) -> Location:
        return Location.from_slot(slot)

    def describe(self, slot: Any, *, spoken: bool = False) -> str:
        return self.from_slot(slot).describe()


class _Quantities(_Plain):
    """An amount in ``unit`` (a bare number in the slot is in that unit), per ``per`` when given."""

    def __init__(self, unit: str, per: str | None = None) -> None:
        super().__init__(_context_free(lambda text: parse_quantity(text, unit, per=per)))
        self.unit = unit

    def from_slot(self, slot: Any) -> Quantity:
        return Quantity.from_slot(slot, self.unit)

    def describe(self, slot: Any, *, spoken: bool = False) -> str:
        return self.from_slot(slot).describe()


class _GallonsRemoved(_Quantities):
    """The gallons pumped out of a device, read past the device's size ("1000 gallon interceptor, they took
    out about 900": 900 gallons)."""

    def __init__(self) -> None:
        super().__init__(GALLONS)
        self._parser = _context_free(parse_gallons_removed)


class _YesNos(_Plain):
    """Yes, no or not sure; slots written by hand may hold booleans."""

    def __init__(self) -> None:
        super().__init__(_context_free(parse_yes_no))

    def from_slot(self, slot: Any) -> YesNo:
        return {True: YesNo.YES, False: YesNo.NO, "yes": YesNo.YES, "no": YesNo.NO}.get(slot, YesNo.UNSURE)

    def describe(self, slot: Any, *, spoken: bool = False) -> str:
        return t(_YES_NO_WORDS[self.from_slot(slot)])


_YES_NO_WORDS = {YesNo.YES: N_("yes"), YesNo.NO: N_("no"), YesNo.UNSURE: N_("not sure")}


class _Reaches(_Plain):
    def __init__(self) -> None:
        super().__init__(_context_free(parse_reaches))

    def from_slot(self, slot: Any) -> Reaches:
        return Reaches.from_slot(slot)

    def describe(self, slot: Any, *, spoken: bool = False) -> str:
        return self.from_slot(slot).describe()


class _Frequencies(_Plain):
    def __init__(self) -> None:
        super().__init__(_context_free(parse_frequency))

    def from_slot(self, slot: Any) -> ServiceFrequency:
        return ServiceFrequency.from_slot(slot)

    def describe(self, slot: Any, *, spoken: bool = False) -> str:
        return self.from_slot(slot).describe()


class _Choices(_Plain):
    """One key (or, for a many-choice question, a list of keys) of ``choices``, said by their labels."""

    def __init__(self, read: Callable[[str], ParseResult[Any]], choices: tuple[Choice, ...]) -> None:
        super().__init__(_context_free(read))
        self.choices = choices

    def from_slot(self, slot: Any) -> tuple[str, ...]:
        return tuple(slot) if isinstance(slot, list) else (slot,)

    def describe(self, slot: Any, *, spoken: bool = False) -> str:
        labels = {choice.key: choice.said for choice in self.choices}
        return ", ".join(labels.get(key, str(key)) for key in self.from_slot(slot))


class _ParcelNumbers(_Plain):
    def __init__(self) -> None:
        super().__init__(_context_free(parse_parcel_numbers))

    def from_slot(self, slot: Any) -> tuple[str, ...]:
        return tuple(slot) if isinstance(slot, list) else (str(slot),)

    def describe(self, slot: Any, *, spoken: bool = False) -> str:
        return ", ".join(self.from_slot(slot))


VALUE_TYPES: dict[str, ValueType] = {
    "text": _Plain(_context_free(parse_text)),
    "person_name": _Plain(_context_free(parse_person_name)),
    "company": _Plain(_context_free(parse_company_name)),
    "phone": _Phones(),
    "date": _Dates(),
    "moment": _Moments(),
    "time_ranges": _TimeRanges(),
    "location": _Locations(),
    "yes_no": _YesNos(),
    "seats": _Counts("seats"),
    "meals": _Counts("meals"),
    "employees": _Counts("employees"),
    "reaches": _Reaches(),
    "frequency": _Frequencies(),
    "parcel_numbers": _ParcelNumbers(),
    "city": _Choices(parse_city, CITY_CHOICES),
    "device": _Choices(parse_device, DEVICE_CHOICES),
    "establishment_kind": _Choices(parse_establishment_kind, ESTABLISHMENT_CHOICES),
    "application_path": _Choices(parse_application_path, APPLICATION_PATH_CHOICES),
    "containers": _Choices(parse_containers, CONTAINER_CHOICES),
    "evidence_source": _Choices(parse_evidence_source, EVIDENCE_CHOICES),
    "gallons": _Quantities(GALLONS),
    "gallons_removed": _GallonsRemoved(),
    "gallons_per_week": _Quantities(GALLONS, "week"),
    "gallons_per_day": _Quantities(GALLONS, "day"),
    "cubic_yards_per_week": _Quantities(CUBIC_YARDS, "week"),
    "square_feet": _Quantities(SQUARE_FEET),
}
"""Every kind of answer by the name field specs give it (``FieldSpec.parser``)."""

MAX_ANSWER_CHARS = 500
"""The longest answer a parser reads. An address, a date or an amount is far shorter; refusing longer input
at once keeps every parser's time bounded whatever is sent (tests/intake/test_parser_bounds.py)."""
MAX_TEXT_CHARS = 2000
"""Free text (a description, a list) is kept as typed, up to the longest message the web chat accepts."""


def _bounded(name: str, kind: ValueType) -> Parser:
    limit = MAX_TEXT_CHARS if name == "text" else MAX_ANSWER_CHARS

    def run(text: str, ctx: ParseContext) -> ParseResult[Any]:
        if len(text) > limit:
            return _fail(
                t(
                    "That answer is {length:,} characters long, more than I can read as one answer. "
                    "Please send just the answer, in {limit:,} characters or fewer.",
                    length=len(text),
                    limit=limit,
                )
            )
        return kind.parse(text, ctx)

    return run


PARSERS: dict[str, Parser] = {name: _bounded(name, kind) for name, kind in VALUE_TYPES.items()}
"""Every parser by name, with one signature ``(text, ctx) -> ParseResult`` and a bound on its input; field
specs name them."""


def value_type(parser: str) -> ValueType:
    """The kind of answer called ``parser`` (a key of :data:`VALUE_TYPES`)."""
    if parser not in VALUE_TYPES:
        raise ValueError(f"Unknown parser {parser!r}; expected one of {sorted(VALUE_TYPES)}.")
    return VALUE_TYPES[parser]


def parse(parser: str, text: str, ctx: ParseContext) -> ParseResult[Any]:
    """Run the parser called ``parser`` (a key of :data:`PARSERS`), input bounded."""
    value_type(parser)  # an unknown name is a ValueError naming the choices
    return PARSERS[parser](text, ctx)


def describe(parser: str, slot: Any, *, spoken: bool = False) -> str:
    """A slot value written for people (``spoken=True``: for text-to-speech), by the parser that made it."""
    kind = value_type(parser)
    if slot is None:
        return t("(not given)")
    return kind.describe(slot, spoken=spoken)
