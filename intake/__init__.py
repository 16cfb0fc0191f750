"""Intake: reading what people type or say in the guided forms, and the forms themselves. Pure.

Parsers take the user's text (and, where time matters, a :class:`ParseContext`) and return a
:class:`ParseResult`: a value or a sentence telling the user what to type. Modules, by kind of answer:

* :mod:`intake.core`: results, context, tenses, normalisation, slot forms (:func:`to_slot`)
* :mod:`intake.numbers`: numbers in digits or words, English or Spanish (``text2num``), :func:`format_number`
* :mod:`intake.dates`: calendar dates; :mod:`intake.times`: times of day, daily hours, moments
* :mod:`intake.phones`: US phone numbers (``phonenumbers``)
* :mod:`intake.locations`: addresses, cross streets, manholes, landmarks, parcel numbers
* :mod:`intake.quantities`: amounts with units, counts; :mod:`intake.frequencies`: service frequencies
* :mod:`intake.choices`: yes/no, skip words (:func:`says_skip`), cities, multiple choices, where a spill goes
* :mod:`intake.text`: names and free text
* :mod:`intake.values`: every kind of answer by name (parse, slot, words): :data:`VALUE_TYPES`
* :mod:`intake.forms`: the form specifications and read-backs

Answers are read in English or Spanish as people text them (no accents, shorthand: "si", "nel", "hace dos
dias", "doscientos galones"); every sentence and description a user sees is written through
:func:`languages.t`, in the language of the reply being written (catalog ``languages/es/intake.yml``).

Layering: intake imports only the standard library, :mod:`languages`, :mod:`cities`, :mod:`config`,
:mod:`compliance`, ``phonenumbers``, ``text2num`` and (lazily) ``dateutil``/``dateparser``; never ``shaping``,
``actions``, ``documents``, ``store``, Rasa or SQLAlchemy.
"""

from intake.choices import (
    APPLICATION_PATH_CHOICES,
    CITY_CHOICES,
    CONTAINER_CHOICES,
    DEVICE_CHOICES,
    ESTABLISHMENT_CHOICES,
    EVIDENCE_CHOICES,
    REACH_CHOICES,
    SPILL_REACHES,
    Choice,
    Reaches,
    YesNo,
    amounts_documented_in_passing,
    asks_to_send,
    evidence_in_passing,
    parse_application_path,
    parse_city,
    parse_containers,
    parse_device,
    parse_establishment_kind,
    parse_evidence_source,
    parse_reaches,
    parse_yes_no,
    says_it_is_not_known,
    says_skip,
)
from intake.core import ANY, FUTURE, PAST, TENSES, ParseContext, ParseResult, and_list, normalize, to_slot
from intake.dates import OLDEST_YEAR, YEARLESS_FUTURE_GRACE_DAYS, find_date, human_date, parse_date
from intake.forms import (
    APPLICANT_NAME,
    APPLICANT_PHONE,
    CHANNELS,
    DEMINIMIS_WAIVER,
    FORMS,
    INGLEWOOD_PERMIT,
    INTERCEPTOR_VARIANCE,
    PHYSICAL_SPACE_WAIVER,
    SERVICE_LOG,
    SPILL_REPORT,
    VICTORVILLE_PERMIT,
    FieldSpec,
    FormSpec,
    form_spec,
    format_value,
    read_back,
    shorten,
)
from intake.frequencies import ServiceFrequency, parse_frequency
from intake.locations import (
    ADDRESS,
    CROSS_STREETS,
    LANDMARK,
    MANHOLE,
    Location,
    parse_location,
    parse_parcel_numbers,
)
from intake.numbers import (
    NUMBER_PATTERN,
    format_number,
    spanish_digits,
    spanish_words_to_number,
    words_to_number,
)
from intake.phones import PhoneNumber, mentions_phone, parse_phone, without_phones
from intake.quantities import (
    CUBIC_YARDS,
    GALLONS,
    GALLONS_PER_CUBIC_YARD,
    LITERS,
    LITERS_PER_GALLON,
    SQUARE_FEET,
    UNITS,
    Quantity,
    convert,
    dwelling_units,
    find_quantity,
    parse_count,
    parse_quantity,
)
from intake.text import parse_person_name, parse_text, user_text
from intake.times import Moment, TimeRange, human_time, localize, parse_moment, parse_time, parse_time_ranges
from intake.values import PARSERS, VALUE_TYPES, Parser, ValueType, describe, parse, value_type

__all__ = [
    "ADDRESS",
    "ANY",
    "APPLICANT_NAME",
    "APPLICANT_PHONE",
    "APPLICATION_PATH_CHOICES",
    "CHANNELS",
    "CITY_CHOICES",
    "CONTAINER_CHOICES",
    "CROSS_STREETS",
    "CUBIC_YARDS",
    "DEMINIMIS_WAIVER",
    "DEVICE_CHOICES",
    "ESTABLISHMENT_CHOICES",
    "EVIDENCE_CHOICES",
    "FORMS",
    "FUTURE",
    "GALLONS",
    "GALLONS_PER_CUBIC_YARD",
    "INGLEWOOD_PERMIT",
    "INTERCEPTOR_VARIANCE",
    "LANDMARK",
    "LITERS",
    "LITERS_PER_GALLON",
    "MANHOLE",
    "NUMBER_PATTERN",
    "OLDEST_YEAR",
    "PARSERS",
    "PAST",
    "PHYSICAL_SPACE_WAIVER",
    "REACH_CHOICES",
    "SERVICE_LOG",
    "SPILL_REACHES",
    "SPILL_REPORT",
    "SQUARE_FEET",
    "TENSES",
    "UNITS",
    "VALUE_TYPES",
    "VICTORVILLE_PERMIT",
    "YEARLESS_FUTURE_GRACE_DAYS",
    "Choice",
    "FieldSpec",
    "FormSpec",
    "Location",
    "Moment",
    "ParseContext",
    "ParseResult",
    "Parser",
    "PhoneNumber",
    "Quantity",
    "Reaches",
    "ServiceFrequency",
    "TimeRange",
    "ValueType",
    "YesNo",
    "amounts_documented_in_passing",
    "and_list",
    "asks_to_send",
    "convert",
    "describe",
    "dwelling_units",
    "evidence_in_passing",
    "find_date",
    "find_quantity",
    "form_spec",
    "format_number",
    "format_value",
    "human_date",
    "human_time",
    "localize",
    "mentions_phone",
    "normalize",
    "parse",
    "parse_application_path",
    "parse_city",
    "parse_containers",
    "parse_count",
    "parse_date",
    "parse_device",
    "parse_establishment_kind",
    "parse_evidence_source",
    "parse_frequency",
    "parse_location",
    "parse_moment",
    "parse_parcel_numbers",
    "parse_person_name",
    "parse_phone",
    "parse_quantity",
    "parse_reaches",
    "parse_text",
    "parse_time",
    "parse_time_ranges",
    "parse_yes_no",
    "read_back",
    "says_it_is_not_known",
    "says_skip",
    "shorten",
    "spanish_digits",
    "spanish_words_to_number",
    "to_slot",
    "user_text",
    "value_type",
    "without_phones",
    "words_to_number",
]
