"""Which rule a message asks about, its parameters read from the message, and the result in words.

Each reader looks for the words that name its rule and the values it needs; the first one whose values are
all in the message answers. A reader never guesses a missing value: no date, no computation.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal

import compliance
from cities import inglewood, victorville
from cities.wording import long_date, month_and_year
from compliance.core import dollars, parse_city
from compliance.inglewood.fog import (
    BASIC_PENALTY_CAP,
    BASIC_PENALTY_RATE,
    LARGE_ANNUAL_FEE,
    SMALL_ANNUAL_FEE,
    LateFee,
)
from intake.choices import DRIVE_THRU_WORDS, ESTABLISHMENT_CHOICES
from intake.core import ANY, FUTURE, SPOKEN_FILLERS, ParseContext, ParseResult, normalize
from intake.dates import MONTH_PATTERN, find_date, shifted
from intake.numbers import NUMBER_PATTERN, spanish_digits, words_to_number
from intake.quantities import UPPER_BOUND, find_quantity
from intake.routing import is_hypothetical
from languages import N_, t

# "last done nov 10", "how often clean it": a service said in other words than "pumped"
_PUMPED = re.compile(
    r"\b(?:pump(?:ed|ing)?|clean(?:ed)?\s*out|cleaned|serviced|"
    r"clean (?:it|them|the (?:trap|interceptor))|"
    r"emptied|vacuumed|last (?:done|did it)|"
    # "ok last time was nov 3" to "what date was it last pumped or serviced?"
    r"last (?:time|one) (?:was|on)|"
    r"pump(?:er|ing)?(?: (?:truck|guys?|company|crew))? (?:came|come|was (?:out|here)|showed up)|"
    r"had (?:the |a )?(?:pump(?:er|ing)?|vacuum|hauler)(?: (?:truck|guys?|company|crew))? "
    r"(?:out|over|come))\b",
    re.I,
)
_DEVICE = re.compile(r"\b(?:grease )?(?:traps?|interceptors?)\b", re.I)
# The last one said with its day alone ("ultimo 5 octubre", glossed "last 5 October"; "last one oct 5"): a
# service only where the device is named ("how often clean interceptor ... last 5 October"), never "mailed
# last nov 16" or "we trained the staff last june 3"
_LAST_DAY_SAID = re.compile(
    rf"\blast (?:one |time )?(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{MONTH_PATTERN})\b"
    rf"|(?:{MONTH_PATTERN})\.?\s+\d)",
    re.I,
)
# A device cleaned out by hand ("i scrape it out myself. last time i did it was nov 10")
_SCRAPED = re.compile(
    r"\b(?:scrap(?:e|ed|ing) (?:it |them )?out"
    r"|last time (?:i|we) (?:did|cleaned|emptied|scraped) (?:it|them))\b",
    re.I,
)
# "la ultima vez vino el camion el 14 de septiembre" (glossed "came el camion"): the pumper's truck, when a
# grease device is what the message is about (the trash truck comes too)
_TRUCK_CAME = re.compile(r"\b(?:came|come|vino|vinieron) (?:el |the )?(?:cami[oó]n|truck)\b", re.I)
# when the next one is due, or whether it can wait ("every 90 days or can i push it longer?")
_NEXT = re.compile(
    r"\b(?:when|next|due|again|how long until|by when|how often|push(?:ed)? it|longer|stretch|postpone|delay|"
    r"skip|wait|"
    # whether it is late already: "last pumped june 3, are we ok or late??"
    r"late|overdue|past due|behind|on time|(?:are|r|is) (?:we|it|i) (?:ok|okay|good|fine)|"
    # texted without the verb: "we good till december right?"
    r"(?:we|we'?re|i'?m|im) (?:ok|okay|good|fine)|(?:ok|okay|good|fine) (?:till|until|til|thru|through))\b",
    re.I,
)
_MANIFEST = re.compile(
    # "do i send the paper to the city or he does it?": the hauler's paper is the manifest
    # ("cant find any permit paperwork" is the permit's)
    r"\b(?:manifest|manafest|manifests|manifiesto|(?<!permit )paperwork|pump ticket)s?\b"
    r"|\b(?:send|turn in|submit|mail|drop off|give) (?:the|his|their|that) papers?\b",
    re.I,
)
_NEXT_SERVICE = re.compile(
    # "when does it need pumped next"
    r"\b(?:next (?:one|pump|service|cleaning|time)|(?:pump|clean|servic|empti?)\w* next(?!\s+(?:door|to)\b)"
    r"|again|how often"
    r"|cada cuanto)\b",
    re.I,
)
_TRAP = re.compile(  # a grease trap (under a sink, indoors), not an interceptor
    r"\b(?:under (?:the|my|our|a) (?:[\w-]+ ){0,2}sink|(?:small|little|lil|indoor|inside|under[- ]?sink) "
    r"(?:grease )?trap|trap under|hydro ?mechanical)\b",
    re.I,
)


def with_the_device_of(text: str, before: str) -> str:
    """``text``, with the under-sink trap the conversation named ``before`` when ``text`` names no device of
    its own ("la ultima vez fue el 20 de noviembre, cuando toca?" after "tenemos una trampita abajo del
    fregadero": the trap's clock, not the interceptor's)."""
    if _DEVICE.search(text) or _TRAP.search(text) or (found := _TRAP.search(before)) is None:
        return text
    return f"{text} ({found.group(0)})"


# "every 60 days", "our permit says 120" (a bare number after the permit is a number of days: 30 to 180)
_PERMIT_DAYS = re.compile(
    r"\b(?:permit|schedule|frequency|every)\D{0,30}?(\d{2,3})\s*days?\b"
    r"|\bpermit\s+(?:says|said|is|has|reads|lists|sets)\s+(?:every\s+)?(\d{2,3})\b(?!\s*(?:gal|seat|sq|%|\$))"
    # "and if they change it to 120", "what if they move us to every 180 days"
    r"|\b(?:chang(?:e[sd]?|ing)|switch(?:e[sd]|ing)?|mov(?:e[sd]?|ing)|bump(?:ed|s)?|put|set|make)\s+"
    r"(?:it|us|that|them|the frequency)\s+(?:to|on|at)\s+(?:every\s+)?(\d{2,3})\b(?!\s*(?:gal|seat|sq|%|\$))"
    # "our permit sets a 120-day maintenance frequency", "we're on a 60 day schedule"
    r"|\b(\d{2,3})[- ]days?\s+(?:\w+\s+){0,2}?(?:frequency|schedule|interval|cycle)\b"
    # one of the frequencies the FOG manager assigns, said bare: "and if it were every 30?"
    r"|\bevery\s+(30|60|90|120|180)\b(?!\s*(?:gal|seat|sq|%|\$|min|hour|week|month|year|yard))"
    # the days, then the permit that says them: "60 days, thats what the permit says", "60 dias dice el
    # permiso"
    r"|\b(\d{2,3})\s*days?\b[\s,]+(?:\w+\s+){0,3}?permit\b",
    re.I,
)
# "permit has us on every 6 months", "quarterly", "twice a year": a frequency in months
_PERMIT_MONTHS = re.compile(
    r"\bevery\s+(?P<n>\d{1,2}|one|two|three|four|six|twelve)\s+months?\b"
    r"|\b(?P<quarterly>quarterly|every quarter)\b"
    r"|\b(?P<half>semi-?annual(?:ly)?|twice a year|every half year)\b"
    # "our FOG permit sets a six-month maintenance frequency"
    r"|\b(?P<n_before>\d{1,2}|one|two|three|four|six|twelve)[- ]months?\s+(?:\w+\s+){0,2}?"
    r"(?:frequency|schedule|interval|cycle)\b",
    re.I,
)
_MONTH_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "six": 6, "twelve": 12}


# What a permit says of the service frequency: "our permit says 60 days", "el permiso dice cada 90 dias"
_PERMIT_TERMS = re.compile(
    r"\b(?:(?:our|my|the|el|nuestro|mi)\s+)?(?:permit|permiso)\s+(?:says|said|is|has|sets|lists|reads|dice|es|"
    r"tiene|pone)\b[^.?!]{0,20}?\b\d{2,3}\b(?:\s*(?:days?|d[ií]as))?",
    re.I,
)


def without_permit_terms(text: str) -> str:
    """The message without the service frequency its permit sets ("our permit says 60 days"): a permit's
    terms are that establishment's, not another city's ("and in inglewood? we got a 2nd spot there")."""
    return " ".join(_PERMIT_TERMS.sub(" ", text).split())


# Another establishment ("we got a 2nd spot there", "tengo otro restaurante alla"): the facts said so far
# (its dates, amounts, permit) are the first one's
_ANOTHER_PLACE = re.compile(
    r"\b(?:2nd|second|other|another|third|3rd)\s+(?:\w+\s+)?(?:spot|location|place|store|restaurant|shop|"
    r"kitchen|site|branch|cafe|business|one)\b"
    r"|\b(?:otr[oa]|segund[oa])\s+(?:\w+\s+)?(?:restaurante|local|negocio|lugar|sucursal|tienda|cocina|"
    r"ubicaci[oó]n|taquer[ií]a)\b"
    r"|\b(?:mi|su|un|el)\s+(?:primo|prima|hermano|hermana|t[ií]o|t[ií]a|amigo|amiga|cu[nñ]ado|cu[nñ]ada)\s+"
    r"tiene\b|\bmy\s+(?:cousin|brother|sister|friend|uncle|aunt)(?:'s|\s+has|\s+owns|\s+runs)\b",
    re.I,
)
# A fact of a day or an amount: "10/20", "Oct 20", "the 23rd", "$267", "1,500 gal", "60 days"
_STATED_FACT = re.compile(
    rf"\b(?:{MONTH_PATTERN})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b|\b\d{{1,2}}\s+de\s+(?:{MONTH_PATTERN})\b"
    r"|\$?\d[\d,]*(?:\.\d+)?(?:[/-]\d{1,4})*(?:st|nd|rd|th)?\b",
    re.I,
)


def about_another_place(text: str) -> bool:
    """Whether a message says it is about another establishment than the one the conversation was about."""
    return bool(_ANOTHER_PLACE.search(text))


def without_stated_facts(text: str) -> str:
    """The message without its establishment's facts (its permit's frequency, days and amounts): the
    question the conversation asked, for another establishment. Amounts said in words go too ("trescientos
    cincuenta dólares", "two hundred dollars")."""
    in_digits = _dollars_in_digits(spanish_digits(text))
    return " ".join(_STATED_FACT.sub(" ", without_permit_terms(in_digits)).split())


# Amounts only Inglewood's ordinance charges (Victorville's chapter prints no fee), said as a bill's or a
# fee's: "an invoice dated 11/6 for $267", "la cuota de 413"
_INGLEWOOD_AMOUNTS = "|".join(
    str(int(amount))
    for amount in (
        compliance.inglewood.fog.SMALL_ANNUAL_FEE,
        compliance.inglewood.fog.LARGE_ANNUAL_FEE,
        compliance.inglewood.fog.INITIAL_PERMIT_FEE,
    )
)
_AN_INGLEWOOD_FEE = re.compile(
    rf"\$\s?(?:{_INGLEWOOD_AMOUNTS})(?:\.00)?\b"
    rf"|\b(?:invoice|bill|fee|factura|cuota)\b[^.?!$\d]{{0,40}}\b(?:{_INGLEWOOD_AMOUNTS})\b(?!\s*(?:gal|seat))",
    re.IGNORECASE,
)


def implied_city(text: str) -> str | None:
    """The city a message that names none is about, by what only one city's ordinance has: a fee amount
    only Inglewood charges ($267, $413, $340), or seats and a drive-thru (what sizes Inglewood's annual fee);
    None."""
    if _AN_INGLEWOOD_FEE.search(text) or (_DRIVE_THRU.search(text) and _SEATS.search(text)):
        return "inglewood"
    return None


def permit_frequency(text: str) -> tuple[int | None, int | None]:
    """The service frequency a message says, as (days, months): "our permit says 60 days" → (60, None),
    "every 6 months" → (None, 6), "quarterly" → (None, 3); (None, None) when it says none."""
    if negations := list(_NO_PERMIT_FREQUENCY.finditer(text)):
        after = text[negations[-1].end() :]
        if not _THE_PERMIT_SAYS.search(after):
            return None, None  # "my permit doesnt say a number. do i gotta pump every 90 days?"
        text = after  # "... permit doesnt say a diff schedule wait no. our permit says 60 days actually"
    days_said = _PERMIT_DAYS.search(text)
    if days_said is not None and _hearsay_before(text, days_said.start()):
        days_said = None  # "jefe dice limpiar cada 90 dias, es verdad?": a claim to check, not the permit's
    days = int(next(g for g in days_said.groups() if g)) if days_said else None
    if days is not None:
        return days, None
    months_said = _PERMIT_MONTHS.search(text)
    if months_said is not None and _hearsay_before(text, months_said.start()):
        return None, None  # "boss says clean every 3 months, is that right?"
    return None, _permit_months(text)


# Someone who is not the permit or the city said to give the frequency ("boss says clean every 3 months",
# "el del camion dice que cada 6 meses"): what the message asks to check, never the permit's frequency
_HEARSAY = re.compile(
    # (people, never "they" or "the guy", who may be the city's inspector, whose word the permit follows)
    r"\b(?:boss|jefe|jefa|owner|due[ñn]o|due[ñn]a|hauler|pumper|pump(?:ing)? guy|truck guy|driver|chofer"
    r"|cousin|primo|prima|friend|amigo|amiga|plumber|plomero|landlord)\b"
    r"\s+(?:\w+\s+){0,2}?(?:says?|said|told (?:me|us)|tells (?:me|us)|dice|dijo|me dijo|nos dijo)\b",
    re.I,
)
HEARSAY_REACH = 40  # a frequency this close after who said it is theirs


def _hearsay_before(text: str, at: int) -> bool:
    """Whether someone other than the permit said the frequency that starts at ``at`` (the permit named
    between them is the permit's: "the guy said our permit says 60 days")."""
    before = text[max(0, at - HEARSAY_REACH) : at]
    said = list(_HEARSAY.finditer(before))
    between = before[said[-1].end() :] + text[at : at + len("permiso")] if said else ""
    return bool(said) and not re.search(r"\bperm(?:it|iso)\b", between, re.I)


# The permit said to give a number, after a message said it gives none: the later word is the user's
_THE_PERMIT_SAYS = re.compile(
    r"\bperm(?:it|iso)\b\D{0,30}?\b\d{2,3}\s*(?:days?|d[ií]as)\b"
    r"|\b\d{2,3}\s*(?:days?|d[ií]as)\b[\s,]+(?:\w+\s+){0,3}?perm(?:it|iso)\b"
    r"|\bperm(?:it|iso)\b\D{0,30}?\b(?:every\s+(?:\d{1,2}|\w+)\s+months?|quarterly|twice a year)\b",
    re.I,
)
_NO_PERMIT_FREQUENCY = re.compile(
    r"\bpermit (?:does ?n[o']?t|dont|doesnt|does not|do(?:es)?n'?t) (?:say|list|set|have|give|show)"
    r"|\bno (?:frequency|number|interval) (?:in|on) (?:the|my|our) permit"
    # "el permit no dice cada cuanto" (glossed "permit no dice how often")
    r"|\bperm(?:it|iso) no (?:dice|trae|tiene|pone|menciona|says?)\b",
    re.I,
)


def _permit_months(text: str) -> int | None:
    """The months of a frequency the message gives in months ("every 6 months" → 6), else None."""
    if not (m := _PERMIT_MONTHS.search(text)):
        return None
    if m.group("quarterly"):
        return 3
    if m.group("half"):
        return 6
    n = (m.group("n") or m.group("n_before")).lower()
    return int(n) if n.isdigit() else _MONTH_WORDS[n]


_INVOICE = re.compile(
    r"\b(?:invoices?|bills?|billed|factura)\b", re.I
)  # a "penalty fee" on a notice is no invoice
# "a late notice for the fog fee": an unpaid fee, whose invoice's date and amount a late fee needs
_FEE_NOTICE = re.compile(r"\b(?:late notice|(?:fog|grease|annual|permit|inspection) fee)\b", re.I)
_UNPAID = re.compile(
    r"\b(?:unpaid|not paid|haven'?t paid|didn'?t pay|(?:do not|don'?t|never|still don'?t|won'?t) pay|late|"
    # "never got paid", "it never got paid off", "wasn't paid"
    r"(?:never|never got|didn'?t get|wasn'?t|was not|hasn'?t been|has not been) paid|"
    r"(?:can'?t|cannot|can not|couldn'?t|unable to) pay|no (?:puedo|podemos|alcanzo a|alcanzamos a) pagar|"
    r"owe|overdue|penalt(?:y|ies)|no (?:lo |la |los )?(?:pago|pagamos|payment|pay)|"
    # by when it must be paid, asked of a bill in hand: not paid yet ("¿Hasta cuándo tengo para pagarla?",
    # glossed "by when tengo para pay")
    r"(?:by when|until when|when (?:do|must|should) (?:i|we) (?:have|need) to|how long do (?:i|we) have to)\b"
    r"[^.?!]{0,25}\bpay\b|"
    r"no (?:lo |la |los |las )?(?:he|hemos) pagado|sin pagar|recargos?|atrasad[oa]s?)\b",
    re.I,
)
_DOLLARS = re.compile(
    r"\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?"
    # "the 267 one", "a 413 bill": an amount named by what it is, without its dollar sign
    r"|\b(?<![$.,\d])(\d{2,5})(?:\.(\d{2}))?(?= (?:one|bill|invoice|factura|fee)\b)"
    # "its 413, dated august 14": the bill talked about, its amount
    r"|\b(?:it'?s|its|it is)\s+(?:for\s+)?(?!20\d\d\b)(\d{2,5})(?:\.(\d{2}))?\b"
    r"(?!\s*(?:gal|seat|day|sq|%|yard|min|hour|year|month|week))"
    # "la factura anual del fog de inglewood por 413" (glossed "invoice ... por 413"): what a bill is for
    r"|\b(?:invoice|bill|factura)\b(?:\s+[^\s\d$]+){0,6}?\s+(?:for|por)\s+(\d{2,5})(?:\.(\d{2}))?\b"
    r"(?!\s*(?:gal|seat|day|d[ií]a|sq|%|yard|min|hour|year|month|week|unit|asiento|silla))"
    # "dicen q les costo 4,000" (glossed "les cost 4,000"), "it cost them 4000": what a cleanup cost
    r"|\bcost(?:s|ed|o)?\s+(?:them|the city|us|les|le|nos)?\s*(?:about\s+|like\s+|around\s+|como\s+)?"
    r"(\d{1,3}(?:,\d{3})+|\d{3,6})(?:\.(\d{2}))?\b"
    r"(?!\s*(?:gal|seat|day|d[ií]a|sq|%|yard|min|hour|year|month|week|unit|asiento|silla))"
)
# "the amount is two hundred sixty-seven dollars": an amount said in words, read as "$267"
_DOLLARS_IN_WORDS = re.compile(rf"(?<![$\d])\b(?P<n>{NUMBER_PATTERN})\s+(?:dollars|bucks|d[oó]lares)\b", re.I)


def says_dollars_in_words(text: str) -> bool:
    """Whether the message gives an amount of dollars in words ("three thousand two hundred dollars")."""
    return _dollars_in_digits(text) != text


def _whole_number(said: str) -> int | None:
    """A whole number said in digits ("3,000") or English words ("six"); None otherwise."""
    plain = said.replace(",", "")
    return int(plain) if plain.isdigit() else words_to_number(said)


def _dollars_in_digits(text: str) -> str:
    def digits(match: re.Match[str]) -> str:
        number = _whole_number(match.group("n"))
        return match.group(0) if number is None else f"${number:,}"

    return _DOLLARS_IN_WORDS.sub(digits, text)


_NOV = re.compile(
    # "the second (2nd) Notice of Violation", as a city's letter prints it
    r"\b(?P<n>1st|first|2nd|second|3rd|third|4th|fourth|5th|fifth)(?:\s*\((?:\d(?:st|nd|rd|th)?)\))?\s+"
    r"(?:nov|notice of violation|violation|ticket)s?\b",
    re.I,
)
# Which notice it is, said of the one talked about ("got a NOV, how much is the fine? ... its the second this
# year", glossed "es the second este ano")
_NTH_SAID = re.compile(
    r"\b(?:it'?s|its|is|es|this is|that'?s|fue|was)\s+(?:the\s+|el\s+|la\s+|our\s+|my\s+|mi\s+)?"
    r"(?P<n>1st|first|2nd|second|3rd|third|4th|fourth|5th|fifth)\b",
    re.I,
)
_ORDINALS = {"1st": 1, "first": 1, "2nd": 2, "second": 2, "3rd": 3, "third": 3, "4th": 4, "fourth": 4}
_ORDINALS |= {"5th": 5, "fifth": 5}
_COST = re.compile(r"\b(?:fees?|fine|costs?|charges?|penalty|how much|pay)\b", re.I)
_SEAT_WORDS = r"seats?|seating|chairs"
_SEATS = re.compile(rf"\b(\d{{1,4}})\s*(?:{_SEAT_WORDS})\b", re.I)
_DRIVE_THRU = re.compile(rf"\b(?:{DRIVE_THRU_WORDS})\b", re.I)
_NO_DRIVE_THRU = re.compile(
    r"\b(?:no|without|w/o|(?:do not|don'?t|does not|doesn'?t|won'?t|will not) have (?:a|any)?|"
    # Spanish a gloss keeps: "no tengo drive-thru", "sin drive thru"
    r"no (?:tengo|tenemos|tiene|hay)(?: (?:un|el|una))?|sin)"
    rf"\s*(?:{DRIVE_THRU_WORDS})\b",
    re.I,
)
_ANNUAL = re.compile(r"\b(?:annual|yearly|every year|per year|inspection fee|control fee|permit fee)\b", re.I)
_SPILL = re.compile(
    r"\b(?:spill(?:ed)?|overflow(?:ed)?|back ?up|back(?:ed|ing) up|sso|sewage|flooded|"
    # "grease come up out of the sewer cover this morning"
    r"(?:came|come|coming) (?:up|out) (?:out )?(?:of|through|from) (?:the |a |our )?"
    r"(?:sewer|manhole|drain|floor drain|cleanout|sink|grease trap|trap|interceptor))\b",
    re.I,
)
_WRITTEN = re.compile(
    # "did I miss the deadline?" of a spill: the written confirmation's (the phone notice's is "immediately")
    r"\b(?:written|in writing|letter|report|confirmation|follow[\s-]?up|paperwork|send|submit|deadline)\b",
    re.I,
)
_YARDS = re.compile(r"\b(?:yards?|yds?|cubic)\b", re.I)
_EDIBLE_FOOD = re.compile(
    r"\b(?:tier|edible food|food recovery|recover(?:ed|ing)? food|donat\w*|surplus food|generator)\b", re.I
)
_EDIBLE_KINDS = (  # the kind of business, in the words people use (first match wins)
    ("supermarket", re.compile(r"\bsupermarkets?\b", re.I)),
    ("grocery_store", re.compile(r"\bgrocer(?:y|ies)\b", re.I)),
    ("hotel", re.compile(r"\b(?:hotel|motel)s?\b", re.I)),
    # a school's kitchen or cafeteria: a local education agency facility ("the cafeteria kitchen at an
    # elementary school", "la cocina de la escuela")
    (
        "local_education_agency",
        re.compile(
            r"\b(?:(?:elementary|middle|high|public|charter) schools?|school (?:district|cafeteria|kitchen)|"
            r"k-?12|escuela|primaria|secundaria)\b",
            re.I,
        ),
    ),
    ("food_distributor", re.compile(r"\bfood distribut(?:or|ion)s?\b|\bdistribuidora? de alimentos\b", re.I)),
    ("wholesale_food_vendor", re.compile(r"\bwholesal(?:e|er)s?\b|\bmayorist[ao]s?\b", re.I)),
    ("food_service_provider", re.compile(r"\b(?:food service provider|contract food service)s?\b", re.I)),
    (
        "health_facility",
        re.compile(r"\b(?:hospital|skilled nursing|nursing home|health ?care facility)\b", re.I),
    ),
    (
        "restaurant",
        re.compile(r"\b(?:restaurants?|cafe|diner|taqueria|eatery|bistro|pizzeria|seats?)\b", re.I),
    ),
)
_SQFT = re.compile(r"(\d{1,3}(?:,\d{3})+|\d+)\s*(?:sq\.?\s*f(?:ee)?t|square[\s-]f(?:ee|oo)t|sf)\b", re.I)
_ROOMS = re.compile(r"\b(\d+)\s*(?:guest\s+)?rooms\b", re.I)
_BEDS = re.compile(r"\b(\d+)\s*beds\b", re.I)
DEVICE_NAMES = {"trap": N_("trap"), "interceptor": N_("interceptor")}
"""The device a pump-out answer names ("Your next trap service ..."), by the core's device key."""


@dataclass(frozen=True)
class Computed:
    """The result first, then the reason; ``citation`` is the section it rests on. ``dues``: the days a
    clock's result falls due on (empty for other results), which tell whether two cities' clocks agree."""

    kind: str
    text: str
    citation: str
    dues: tuple[dt.date, ...] = ()

    @property
    def needs_a_value(self) -> bool:
        """Whether the result is a rule's limit that still asks for the user's value ("How many cubic yards of
        trash service a week do you have?"): what the conversation said before may hold it."""
        return self.kind in _ASKS_FOR_A_VALUE


_ASKS_FOR_A_VALUE = frozenset({"deminimis_limit"})


Reader = Callable[[str, str | None, ParseContext], "Computed | None"]


# A value taken back in the same message: "quince de septiembre... no perdon, es quince de octubre",
# "nov 3, no wait, nov 13" (read in Spanish's gloss too)
_TAKEN_BACK = re.compile(
    r"[,.\s]+(?:no[,.!\s]+)?(?:perd[oó]n|sorry|wait|i mean|quiero decir|mejor dicho|oops|me equivoqu[eé])\b"
    r"(?:[,.!\s]+(?:perd[oó]n|sorry|wait))*[,.!\s]+",
    re.I,
)
TAKEN_BACK_REACH = 40  # the new value comes this close after the words that take the old one back


def without_dates_taken_back(text: str, ctx: ParseContext) -> str:
    """``text`` without a date the user took back, when another date follows the words that take it back."""
    for back in reversed(list(_TAKEN_BACK.finditer(text))):
        after, _ = find_date(text[back.end() : back.end() + TAKEN_BACK_REACH], ctx)
        if after.value is None:
            continue
        before = text[: back.start()]
        found, (start, end) = find_date(before, ctx)
        last = None
        while found.value is not None:  # the last date said before the words that take it back
            last = (start, end)
            rest = before[:start] + "_" * (end - start) + before[end:]
            found, (start, end) = find_date(rest, ctx)
            before = rest
        if last is not None:
            text = text[: last[0]] + " " * (last[1] - last[0]) + text[last[1] :]
    return text


def compute(text: str, city: str | None, now: dt.datetime, *, asked: str | None = None) -> Computed | None:
    """The computed answer to ``text`` for ``city`` (None when no rule's values are all in the message).

    ``asked`` is the newest message when ``text`` also holds what the conversation said before: the rule it
    names is computed first ("n the manifest, when does the city need it by" after a logged pump-out asks
    the manifest's clock, not the next service)."""
    ctx = ParseContext(now=now)
    text = without_dates_taken_back(_dollars_in_digits(text), ctx)
    if asked is not None and _supposes_no_value(asked):
        return None  # "and if it's more than a quarter full before that?": a condition no rule computes
    for reader in _readers_for(asked, text):
        try:
            found = reader(text, city, ctx)
        except compliance.ComplianceError:
            found = None  # values the rule refuses (a future service date, ...): answer from the text instead
        if found is not None:
            return found
    return None


# A service booked for a day to come ("pump guy cant come till the 23rd, is that ok", "viene hasta el 23"):
# that day is checked against the due date, never taken for the last service
_PLANNED = re.compile(
    r"\b(?:(?:can'?t|cannot|can not|won'?t|will not|isn'?t|is not|not)\s+(?:\w+\s+){0,3}?(?:till|until|til)"
    r"|(?:scheduled|booked|coming|coming out|planned|comes|come out)\s+(?:for|on)"
    r"|no\s+(?:\w+\s+){0,3}?hasta|(?:viene|vienen|va a venir|van a venir|agendad[oa]|programad[oa])\s+"
    r"(?:hasta|para)?\s*(?=el\b))\s+(?P<when>[^,.?!]{1,30})",
    re.I,
)


NO_HOLIDAY_SHIFT = N_(
    "The ordinance doesn't move a due date that falls on a holiday or a weekend, so have the service done on "
    "a day before it."
)
# A day the message says is a holiday or a weekend day ("jan 1 is a holiday tho, do i do it before?"): the
# calendar's, never the day the device was serviced
_A_DAY_SAID_OF_THE_CALENDAR = re.compile(
    r"\b[\w/]+(?:\s+\d{1,2}(?:st|nd|rd|th)?)?\s+(?:is|es|falls on|cae en)\s+(?:a\s+|un\s+)?"
    r"(?:holiday|d[ií]a festivo|festivo|feriado|sunday|saturday|weekend|domingo|s[aá]bado|fin de semana)\b",
    re.IGNORECASE,
)


def _service_due(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    planned_day = None
    if planned := _PLANNED.search(text):
        when, (_, said_end) = find_date(planned.group("when"), ctx, FUTURE)
        if when.ok and when.value is not None:  # the booked day's words, not what follows it ("... the 20th
            end = planned.start("when") + said_end  # tho last grease pump was oct 15")
            planned_day, text = when.value, f"{text[: planned.start()]} {text[end:]}"
    # "last pump was 10/20, our permit says 60 days" asks the next date as plainly as "when's the next one"
    asks_next = _NEXT.search(text) or any(permit_frequency(text)) or planned_day is not None
    pumped = (
        _PUMPED.search(text)
        or ((_TRUCK_CAME.search(text) or _LAST_DAY_SAID.search(text)) and _DEVICE.search(text))
        # "a little box under the 3 comp sink, i scrape it out myself": by hand, only a trap is serviced
        or (_SCRAPED.search(text) and _TRAP.search(text) and not _INTERCEPTOR_NAMED.search(text))
    )
    if city is None or not (pumped and asks_next) or _SPILL.search(text):
        return None  # "it overflowed yesterday, all cleaned up, what now?" is a spill, not a pump-out
    if _INVOICE.search(text) and not _DEVICE.search(text):
        return None  # "invoice for cleaning the sewer main, dated oct 30, when do i have to pay?"
    if _MANIFEST.search(text) and not _NEXT_SERVICE.search(text):
        return None  # "pumped yesterday, when do i get the manifest in?": the manifest's clock answers
    calendar_day = _A_DAY_SAID_OF_THE_CALENDAR.search(text)
    served, _ = find_date(_A_DAY_SAID_OF_THE_CALENDAR.sub(" ", text), ctx)
    if not served.ok or served.value is None:
        return None
    device = "trap" if _TRAP.search(text) else "interceptor"
    frequency, months = permit_frequency(text)
    result = compliance.service_due(city, device, served.value, ctx.today, frequency, frequency_months=months)
    if result.due is None:
        return None
    name, due, days = t(DEVICE_NAMES[device]), long_date(result.due), result.days_left
    values = {"device": name, "date": due, "days": abs(days or 0)}
    if planned_day is not None and planned_day > result.due:
        lead = t(
            "No: {planned} is {late} days late, after the due date. Your next {device} service is due by "
            "{date}, so have it done by then.",
            planned=long_date(planned_day),
            late=(planned_day - result.due).days,
            **values,
        )
    elif planned_day is not None:
        lead = t(
            "Yes: {planned} is in time. Your next {device} service is due by {date}.",
            planned=long_date(planned_day),
            **values,
        )
    elif days == 1:
        lead = t("Your next {device} service is due by {date}, tomorrow.", **values)
    elif days is not None and days > 0:
        lead = t("Your next {device} service is due by {date} ({days} days from today).", **values)
    elif days == -1:
        lead = t("Your next {device} service was due by {date}, yesterday: it is overdue.", **values)
    elif days is not None and days < 0:
        lead = t("Your next {device} service is due by {date}, so it is overdue by {days} days.", **values)
    else:
        lead = t("Your next {device} service is due by {date}.", **values)
    # the reason once, not the date again: "... because no other frequency is set, ...; last serviced Nov 3"
    because = (
        t(
            "That is because {basis}; it was last serviced {last}.",
            basis=result.basis,
            last=long_date(served.value),
        )
        if result.basis  # (none when it must be serviced at once: the reason says why)
        else result.reason
    )
    parts = [lead, because]
    if calendar_day is not None:  # "jan 1 is a holiday tho, do i do it before?"
        parts.append(t(NO_HOLIDAY_SHIFT))
    if result.manifest_due is not None and result.manifest_due >= ctx.today:
        parts.append(
            t("The manifest for that service is due by {date}.", date=long_date(result.manifest_due))
        )
    return Computed("service_due", " ".join(parts), result.citation)


# Inglewood's bill for a blockage or overflow the restaurant caused: the City's costs plus a service charge
_SERVICE_CHARGE = re.compile(
    r"\b(?:service charge|cargo (?:de|por) servicio|"
    # "the cleanup cost and then some extra percentage added on top"
    r"(?:extra|added|additional) (?:\d+ ?)?(?:percent(?:age)?|%)|percent(?:age)? (?:added|on top|extra)|"
    r"porcentaje|"
    # "seis mil dolares de costo y aparte un veinticinco por ciento": the 25% itself
    r"25 ?(?:percent|%)(?=\W|$))",
    re.I,
)
_CITY_WORK = re.compile(
    # (a clog of the City's line: "clogged their main", never "our kitchen line clogged")
    r"\b(?:clean(?:ing|ed)?(?: ?-?ups?| out)?|repairs?|blockage|blocked|overflow|backup|"
    r"clogged (?:their|the city'?s|the) (?:main|sewer|line)|"
    r"sewer (?:main|line)|unclog\w*|limpi\w+|reparaci[oó]n|tap[oó]n|tapamos|tapado|destap\w+|"
    r"desbordamiento)\b",
    re.I,
)
_BILLED_TOTAL = re.compile(r"\b(?:total|extra|on top|encima|adicional)\b", re.I)
# "can they charge more than what it cost them?", "why is the bill higher than the cleanup?": the 25% asked
_ABOVE_COSTS = re.compile(
    r"\b(?:(?:charge|bill|invoice)\w* (?:us )?more than|more than (?:what )?(?:it|the \w+) cost|"
    r"(?:higher|bigger|more) than (?:the|their|what)|mark ?-?up|overhead|"
    # "says city cost $4,800 ... is that all or do they add more?"
    r"(?:do|does|will|can|could) (?:they|the city|inglewood) add|add(?:ed)? (?:more|anything|extra)|"
    # "the city's costs were $4,000. will anything be added to that?"
    r"(?:anything|something|more|extra) (?:else )?(?:be |get |gets |getting )?added|"
    r"added (?:on )?to (?:that|it)|"
    # "me pueden cobrar algo mas encima?" (glossed "can they charge anything else encima")
    r"charge (?:us |me )?(?:anything|something) (?:else|more)|"
    r"is that (?:all|it)(?= or\b| \?|\?)|"
    # "Will the bill just be $6,000?", "¿nomás me van a cobrar los $6,000?"
    r"(?:bill|invoice)\s+(?:\w+\s+)?(?:just|only)\s+be\s+\$|"
    r"(?:nom[aá]s|solo|s[oó]lo)\s+(?:me\s+|nos\s+)?(?:van\s+a\s+|va\s+a\s+)?(?:cobrar|facturar)|"
    # "me van a cobrar eso nomas o mas?" (glossed "will they charge that just or mas")
    r"(?:charge|cobrar)\s+(?:us\s+|me\s+)?(?:that|it|this|eso)\s+(?:just|only|nom[aá]s|solo)\b|"
    r"m[aá]s de lo que (?:les )?cost\w+|"
    # "por q me cobran mil de mas??" (glossed "why me charge 1000 de mas")
    r"(?:\$?\d[\d,]*|mil|algo|dinero) de m[aá]s)\b",
    re.I,
)
_HOW_MUCH = re.compile(
    r"\b(?:how much|cu[aá]nto)\b"
    # "what will they actually bill us?", "what's the total going to be?"
    r"|\bwhat (?:will|would|do|does|can|could) (?:they|the city|it) (?:\w+ )?(?:bill|charge)\b"
    r"|\bwhat(?:'?s| is| will be) the (?:total|bill)\b",
    re.I,
)
# Paying a bill late asked about ("how much is the penalty if we pay late", "si pago tarde")
_PAYING_LATE = re.compile(
    r"\b(?:pay(?:ing)?\s+(?:it\s+|them\s+|this\s+)?late|late\s+(?:fees?|penalt(?:y|ies)|charges?)|"
    r"pag\w*\s+(?:la\s+factura\s+)?tarde|recargos?\s+por\s+(?:pago\s+)?(?:tard\w*|atras\w*))\b",
    re.I,
)
_BILL_WORDS = r"invoices?|bills?|billed|factura|cobr\w+"
_A_BILL = re.compile(rf"\b(?:{_BILL_WORDS}|charge)\b", re.I)


def _damage_costs(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    """ "billed us for the overflow cleanup: city cost $8,000 then added $2,000 service charge, legit?": the
    25% service charge and the total on the City's costs, checked against the bill's, and the day it is due
    when the message dates the invoice."""
    if city != "inglewood" or not _CITY_WORK.search(text):
        return None
    if _PAYING_LATE.search(text) and not (_SERVICE_CHARGE.search(text) or _BILLED_TOTAL.search(text)):
        return (
            None  # "city billed us its clean-up cost, $12,400 ... the penalty if we pay late?": the late fee
        )
    amounts = [_amount(match) for match in _DOLLARS.finditer(text)]
    billed_total = _BILLED_TOTAL.search(text) and (len(amounts) > 1 or _HOW_MUCH.search(text))
    # "cost them $8,000: how much in total?" asks too, and so does how much the City's bill for its cleanup
    # may charge ("me quieren cobrar la limpieza ... ¿cuánto me pueden cobrar? ... costo de $2,400")
    asks_the_bill = bool(_A_BILL.search(text) and _HOW_MUCH.search(text))
    if not (_SERVICE_CHARGE.search(text) or billed_total or _ABOVE_COSTS.search(text) or asks_the_bill):
        return None
    costs = _city_costs(amounts)
    if costs is None:
        return None
    fee = compliance.damage_costs(costs)
    charge, total = fee.breakdown["service_charge"], fee.amount
    parts = [
        t(
            "The service charge is {charge}, 25% of the City's {costs} costs, for a total of {total}.",
            charge=dollars(charge),
            costs=dollars(costs),
            total=dollars(total),
        )
    ]
    billed = [amount for amount in amounts if amount != costs]
    if billed and all(amount in (charge, total) for amount in billed):
        parts.append(t("So the bill's {amount} is what the ordinance provides.", amount=dollars(billed[0])))
    invoiced, _ = find_date(text, ctx)
    if invoiced.ok and invoiced.value is not None:
        parts.append(compliance.deadline("inglewood", "damage_costs_payment", invoiced.value).reason)
    else:
        parts.append(t("The total is payable within forty-five days of the City's invoice."))
    return Computed("damage_costs", " ".join(parts), fee.citation)


def _amount(match: re.Match[str]) -> Decimal:
    whole, cents = next((match.group(i), match.group(i + 1)) for i in (1, 3, 5, 7, 9) if match.group(i))
    return Decimal(whole.replace(",", "") + "." + (cents or "00"))


def _billed(text: str) -> Decimal | None:
    """The amount an invoice bills: the first said, or, for the City's cleanup bill that gives its costs and
    the 25% service charge on them ("$3,600 for their cost and then $900 service charge"), the two
    together."""
    found = list(_DOLLARS.finditer(text))
    amounts = [_amount(match) for match in found]
    if not amounts:
        return None
    costs = _city_costs(amounts) if _CITY_WORK.search(text) else None
    if costs is not None and costs / 4 in amounts:
        return costs + costs / 4
    if len(amounts) == 1 and costs is not None and _COSTS_BEFORE.search(text[: found[0].start()]):
        # "the city's cost was $2,400": the bill adds the 25% service charge to the City's costs
        return compliance.damage_costs(costs).amount
    return amounts[0]


# An amount said to be what the work cost the City ("el costo de la ciudad fue de $2,400", "their costs came
# to $2,400"), not the bill's total
_COSTS_BEFORE = re.compile(
    r"(?:\b(?:city'?s?|their|ciudad)\b\W+(?:\w+\W+){0,2}?cost(?:s|o|os)?\b"
    r"|\bcost(?:s|o|os)?\b\W+(?:\w+\W+){0,3}?(?:city|them|ciudad)\b"
    # "there's the cleanup cost and then some extra percentage ... the cleanup part says $3,200"
    r"|\b(?:clean ?-?up|cleaning|limpieza) (?:part|portion|cost|costo)\b|\bparte de la limpieza\b)"
    r"[^$\d?!]{0,25}$",
    re.I,
)


def _city_costs(amounts: list[Decimal]) -> Decimal | None:
    """The City's own costs among a bill's amounts: the one the others are 25% or 125% of, else the first
    ("$6,800 plus a 'service charge'"); None when there is none."""
    for costs in amounts:
        if any(other in (costs / 4, costs * Decimal("1.25")) for other in amounts if other != costs):
            return costs
    return amounts[0] if amounts else None


# A bill left unpaid: "it just sits there", "we let it ride", "lo dejo", "se queda sin pagar"
_LEFT_UNPAID = (
    r"\b(?:(?:(?:it|that|we|i)\s+)?(?:just\s+)?(?:sits?|sitting|goes\s+unpaid|drags?\s+on|rides?"
    r"|let\s+it\s+(?:sit|ride|go))|(?:lo|la)\s+dej(?:o|amos|a)|se\s+queda(?:\s+sin\s+pagar)?)"
)

# "and if i pay it friday?", "what if we pay on the 10th": the day the bill is to be paid, which the penalty
# owed is worked out for (Spanish is read in its gloss: "y si lo pago el viernes?" is "and if lo payment el
# Friday")
_PAY_ON = re.compile(
    r"\b(?:if|when|once|si|cuando)\s+(?:(?:i|we|lo|la)\s+)?(?:can\s+|could\s+|do\s+)?pay(?:ment)?"
    r"(?:\s+(?:it|this|that|them|the\s+(?:bill|invoice|fee)))?\s+(?:on\s+|by\s+|el\s+)?(?P<day>[^?.!,;]{1,40})"
    # "and if i cant pay till january?": paid then, at the earliest
    r"|\b(?:can'?t|cannot|won'?t|don'?t|do not|not|no)\s+(?:(?:lo|la)\s+)?pay(?:ment)?"
    r"(?:\s+(?:it|this|that|them|the\s+(?:bill|invoice|fee)))?\s+(?:till|until|before|hasta)\s+"
    r"(?P<later>[^?.!,;]{1,30})"
    # "what if it just sits there, like into january?", "y si lo dejo hasta enero?": left unpaid till then
    rf"|{_LEFT_UNPAID}(?:\s+(?:there|ahi|ah[ií]|as[ií]|on|sin pagar))?,?(?:\s+(?:like|como))?\s+"
    r"(?:into|until|till|through|to|hasta)\s+(?P<sits>[^?.!,;]{1,30})"
    # "and if i wait 2 more weeks?", "y si me espero 2 semanas mas?" (glossed "2 weeks mas"): paid then
    r"|\b(?:wait|espero|esperamos|me espero|nos esperamos|hold off)\s+(?:(?:like|about|another|como|unos"
    r"|unas)\s+)?"
    rf"(?P<wait_n>{NUMBER_PATTERN}|an?|un|una)\s+(?:more\s+|mas\s+|m[aá]s\s+)?"
    r"(?P<wait_unit>days?|weeks?|months?|d[ií]as?|semanas?|mes(?:es)?)\b"
    # (not a wait to do something else: "what if we wait 2 weeks to pump the trap")
    r"(?!\s+(?:more\s+|mas\s+)?(?:to|para|pa)\s)",
    re.IGNORECASE,
)


def _pay_day(text: str, ctx: ParseContext) -> tuple[dt.date | None, str]:
    """The day the message says the bill would be paid (None unless today or later), and the text without
    it (the invoice's own date is then the first other day); None and the text when it says none."""
    match = _PAY_ON.search(text)
    if match is None:
        return None, text
    if match["wait_n"]:  # "and if i wait 2 more weeks?": paid that long after today
        said = match["wait_n"].lower()
        count = 1 if said in ("a", "an", "un", "una") else _whole_number(spanish_digits(said))
        if count:
            later = shifted(ctx.today, count, match["wait_unit"].lower())
            return later, text[: match.start()] + " " + text[match.end() :]
        return None, text
    name = "day" if match["day"] else "later" if match["later"] else "sits"
    found, (start, end) = find_date(match[name], ctx, FUTURE)
    if name != "day" and not found.ok and (month := re.search(MONTH_PATTERN, match[name], re.I)):
        found, _ = find_date(
            f"{month.group(0)} 1", ctx, FUTURE
        )  # "till january": its first day, at the earliest
        start, end = month.start(), month.end()
    if found.ok and found.value is None and _NEXT_WEEK.search(match[name]):
        # "and if we pay next week?": from its Monday, the first day it could be paid then
        found = ParseResult(ctx.today + dt.timedelta(days=7 - ctx.today.weekday()))
        start, end = _NEXT_WEEK.search(normalize(match[name])).span()
    if not found.ok or found.value is None or not _LEADS_TO_A_DAY.fullmatch(normalize(match[name])[:start]):
        return None, text  # "if i pay late its dated oct 20": the invoice's date, no day it is paid
    if name == "day" and _AFTER_DAY.search(normalize(match[name])[:start]):
        found = ParseResult(found.value + dt.timedelta(days=1))  # "if i pay it after new years": the 2nd
    said = re.escape(normalize(match[name])[start:end])  # the day's words: the invoice's date is another
    rest = text[: match.start(name)] + re.sub(said, " ", text[match.start(name) :], count=1, flags=re.I)
    return (found.value if found.value >= ctx.today else None), rest


# The words that may come between "if i pay it" and the day: "on", "after", "like around", "el", "hasta el"
_LEADS_TO_A_DAY = re.compile(
    r"\s*(?:(?:after|before|on|by|the|around|like|maybe|about|in|at|until|till|to|into|through|el|la|"
    r"despu[eé]s|antes|de|del|para|hasta|como|por|a|mas|m[aá]s)\s+)*",
    re.I,
)
# "after new years", "despues de navidad": the day after the day said, at the earliest
_AFTER_DAY = re.compile(r"\b(?:after|despu[eé]s\s+de(?:l)?)\s*$", re.I)
_NEXT_WEEK = re.compile(r"\bnext week\b|\b(?:la )?(?:otra|pr[oó]xima) semana\b|\bla semana que viene\b", re.I)


# A hearing the message speaks of: its days are a letter's and the hearing's, never an invoice's
_A_HEARING = re.compile(r"\b(?:hearing|audiencia)\b", re.I)


# A bill said paid, or asked about otherwise than when or how much: its appeal, how to pay it
_PAID_OR_ASKED_ELSE = re.compile(
    r"\b(?:paid (?:it|that|already|on)|already paid|ya (?:lo |la )?pag\w*|pagamos|appeal\w*|apela\w*|dispute|"
    r"credit card|tarjeta|how (?:do|can) (?:we|i) pay|c[oó]mo (?:lo |la )?pag\w*)\b",
    re.I,
)


def _late_fee(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    if (
        city == "inglewood"
        # the fee named, or the seats that set it ("ok con las 45 sillas nomas. y si pago la factura tarde?"),
        # not a bill for the city's work ("billed us for cleaning the sewer line ... we're a 45 seat place")
        and (
            _FEE_NOTICE.search(text)
            or _ANNUAL.search(text)
            or (_SEATS.search(text) and not _CITY_WORK.search(text) and not _NOV.search(text))
        )
        and _PAID_LATE.search(text)
        # "... and if we pay the bill late?": the bill for that fee, when none of its own is given
        and (not _INVOICE.search(text) or (_billed(text) is None and _dated(text, ctx).value is None))
    ):
        # "how much is the yearly grease fee ... 38 seats, drive thru" then "n what if i pay late": the
        # basic penalty on the annual fee the message's facts set
        fee = _annual_result(text)
        return _late_penalty_undated(Decimal(str(fee.amount)), ctx) if fee is not None else None
    if city != "inglewood" or not _INVOICE.search(text):
        return None
    paid_on, rest = _pay_day(text, ctx)
    amount = _billed(text)
    # "if i pay it after new years" says unpaid, and so does a bill just come with its amount ("me llego una
    # factura ... es de $267, la fecha dice 20 de octubre"; _RECEIVED: below)
    # ("we got a bill for $267 dated oct 20, paid it already" is no late bill; nor one whose appeal is asked)
    came_unpaid = _RECEIVED.search(text) and amount is not None and not _PAID_OR_ASKED_ELSE.search(text)
    if not (_UNPAID.search(text) or paid_on is not None or came_unpaid):
        return None
    text = rest
    invoiced = _dated(text, ctx)
    if (not invoiced.ok or invoiced.value is None) and amount is not None:
        return _late_penalty_undated(amount, ctx)  # "It's $267, the annual inspection fee."
    if not invoiced.ok or invoiced.value is None:
        return None
    if amount is None and _A_HEARING.search(text):
        # "a letter mailed november 20 ... over unpaid invoices. The hearing is set for december 10"
        return None
    if amount is None:  # "the yearly fee bill dated nov 2, when do i get hit with a late fee?": its dates
        return _late_fee_dates(compliance.late_fee(invoiced.value, 1, ctx.today))  # any amount: same dates
    if paid_on is not None:  # "and if i pay it friday?", "and if i cant pay till january?"
        paid = _paid_on(compliance.late_fee(invoiced.value, amount, paid_on))
        if not _REVOCATION.search(text):
            return paid
        late = compliance.late_fee(invoiced.value, amount, ctx.today)
        return replace(paid, text=f"{_revocation_sentence(late)} {paid.text}")
    fee = compliance.late_fee(invoiced.value, amount, ctx.today)
    if fee.delinquent:
        lead = t(
            "As of today you owe {total}: the {invoice} invoice plus {penalties} in late penalties.",
            total=dollars(fee.total_due),
            invoice=dollars(fee.base_amount),
            penalties=dollars(fee.amount),
        )
    else:
        lead = t(
            "No penalty yet: pay the {amount} by {date}.",
            amount=dollars(fee.base_amount),
            date=long_date(fee.pay_by),
        )
    reason = fee.reason if fee.delinquent else ""  # not yet late, the core's reason repeats the lead
    parts = [lead, reason, _what_comes_next(fee)]
    revocation, owed = _REVOCATION.search(text), _ASKS_OWED.search(text)
    if revocation and not fee.revocation_proceedings and (owed is None or revocation.start() < owed.start()):
        # "when can they pull our permit?" asked first; "cuanto me cobran de recargo ... me pueden quitar el
        # permit?" asks the amount first, and gets it first
        parts = [_revocation_sentence(fee), lead, reason, _what_comes_next(fee, revocation_said=True)]
    return Computed("late_fee", " ".join(p for p in parts if p), fee.citation)


def _paid_on(fee: LateFee) -> Computed:
    """What is owed when the invoice is paid on the day asked about (``fee.on``)."""
    if not fee.delinquent:
        lead = t(
            "Paid on {day}, it is on time: no penalty. Pay the {amount} by {date}.",
            day=long_date(fee.on),
            amount=dollars(fee.base_amount),
            date=long_date(fee.pay_by),
        )
        return Computed("late_fee", lead, fee.citation)
    lead = t(
        "Paid on {day}, you owe {total}: the {invoice} invoice plus {penalties} in late penalties.",
        day=long_date(fee.on),
        total=dollars(fee.total_due),
        invoice=dollars(fee.base_amount),
        penalties=dollars(fee.amount),
    )
    return Computed("late_fee", f"{lead} {fee.reason}", fee.citation)


# What is owed, asked ("how much do they charge", "cuanto me cobran de recargo", glossed)
_ASKS_OWED = re.compile(r"\b(?:how much|owe|total|charge|recargo|late (?:fee|penalty))\b", re.IGNORECASE)


# "y hasta cuando antes de q me quieran quitar el permiso?" (glossed "... revoke the permit"), "and if i
# still dont pay?": the day the unpaid invoice becomes cause for revocation is what is asked
_REVOCATION = re.compile(
    r"\b(?:revok\w*|revocation|revocar\w*|"
    r"pull (?:our|my|the) permit|(?:lose|take away) (?:our|my|the) permit|"
    r"go(?:ing)? after (?:our|my|the) permit|"
    r"if (?:(?:i|we) )?(?:(?:still|just|simply|really|ever|de plano) )?"  # "y si no pago": "and if don't pay"
    r"(?:don'?t|dont|do not|never|can'?t|cannot|won'?t) pay"
    r"(?!\w|(?: (?:it|this|that|them))? (?:by|on|para)\b)|"
    # "y si de plano no lo pago" (glossed "... no lo payment"); not "y si no la pago para esa fecha?", which
    # asks what is owed after the due date
    r"if (?:de plano )?no (?:lo|la) pay\w*(?! (?:by|on|para)\b)|"
    r"quit\w* (?:el |mi |the |my |our )?permi\w*|"  # "cuando me quitan el permit" (glossed in part)
    r"(?:never|not|don'?t|stop) pay(?:ing)? (?:it|this|that|the (?:bill|invoice|fee))(?! (?:by|on|para)\b)|"
    r"si (?:nunca|no) (?:lo |la )?pag\w+|"
    rf"(?:if|si)\s+{_LEFT_UNPAID})\b",  # "what if it just sits there, like into january?"
    re.I,
)


def _revocation_sentence(fee: LateFee) -> str:
    """The ninetieth day after the invoice date, and the first day an unpaid invoice is cause for revocation
    (the text's "unpaid after ninety days"): both, so neither reading of the day is left to guess."""
    return t(
        "Ninety days after the invoice date is {day90}: still unpaid after that (from {date}), it is cause "
        "for permit revocation proceedings.",
        day90=long_date(fee.revocation_from - dt.timedelta(days=1)),
        date=long_date(fee.revocation_from),
    )


_NOW = re.compile(r"^(?:right now|now|today|as of today|hoy|ahorita|ahora)$", re.I)


def _dated(text: str, ctx: ParseContext) -> ParseResult[dt.date]:
    """The day a bill is dated: the first day the message gives, passing over "right now" and "today" when
    another day is given ("so what do i owe right now" after "invoice dated oct 16": October 16)."""
    found, (start, end) = find_date(text, ctx)
    if found.ok and found.value is not None and _NOW.match(normalize(text)[start:end].strip()):
        rest = normalize(text)
        other, _ = find_date(f"{rest[:start]} {'_' * (end - start)} {rest[end:]}", ctx)
        if other.ok and other.value is not None:
            return other
    return found


def _late_penalty_undated(amount: Decimal, ctx: ParseContext) -> Computed:
    """The basic late penalty on an unpaid invoice of ``amount`` whose date is not said (the core's penalty
    on the day it starts), and the question for the date that tells what is owed now."""
    starts = compliance.late_fee(ctx.today, amount, ctx.today)  # dated today: the day the penalty starts
    fee = compliance.late_fee(ctx.today, amount, starts.penalty_starts)
    text = t(
        "The basic late penalty on a {invoice} invoice is {basic}, added {days} days after the invoice date; "
        "after that 1.5% a month of the invoice plus that penalty accrues.",
        invoice=dollars(fee.base_amount),
        basic=dollars(fee.basic_penalty),
        days=fee.days_since_invoice,
    )
    return Computed("late_fee", f"{text} {t(_INVOICE_DATE_QUESTION)}", fee.citation)


def _late_fee_dates(fee: LateFee) -> Computed:
    """The dates of an invoice whose amount was not said: when it is late, and what is added then."""
    if fee.delinquent:
        lead = t(
            "It is late: unpaid invoices are delinquent 45 days after the invoice date, so since {date}. "
            "A basic penalty of 10% of the invoice (at most $1,000) was added, then 1.5% a month of the "
            "invoice plus that penalty. Tell me the amount and I'll work out what is owed.",
            date=long_date(fee.penalty_starts),
        )
    else:
        lead = t(
            "Pay it by {date} (45 days after the invoice date). If it is still unpaid on {starts}, a basic "
            "penalty of 10% of the invoice (at most $1,000) is added, and then 1.5% a month of the invoice "
            "plus that penalty.",
            date=long_date(fee.pay_by),
            starts=long_date(fee.penalty_starts),
        )
    return Computed("late_fee", lead, fee.citation)


def _what_comes_next(fee: LateFee, *, revocation_said: bool = False) -> str:
    """The dates to come or passed: when it was due (day 45: first, as the date a late invoice is asked
    about), the basic penalty on day 46 (its date; to come when not yet delinquent), the monthly 1.5% (none
    accrued yet), and the day unpaid becomes cause for revocation proceedings (unless it was
    ``revocation_said`` already)."""
    revocation = "" if fee.revocation_proceedings or revocation_said else _revocation_sentence(fee)
    if not fee.delinquent:
        later = compliance.late_fee(fee.invoice_date, fee.base_amount, fee.penalty_starts)
        capped = later.base_amount * BASIC_PENALTY_RATE > BASIC_PENALTY_CAP  # "$1,000 (capped at $1,000)"
        penalty = t(
            "If it is still unpaid on {date}, a basic penalty of {basic}{capped} is added, and then 1.5% a "
            "month of the invoice plus that penalty.",
            date=long_date(fee.penalty_starts),
            basic=dollars(later.basic_penalty),
            capped=t(" (capped at $1,000)") if capped else t(" (10% of the invoice)"),
        )
        return f"{penalty} {revocation}"
    monthly = (
        ""
        if fee.months_accrued
        else t(
            "Each full month after that adds 1.5% of the invoice plus the basic penalty: {amount} a month.",
            amount=dollars(fee.per_month),
        )
    )
    # both days in one sentence, so a first SMS that holds one holds the other
    due = t(
        "It was due by {date}, 45 days after the invoice date; day 46 was {starts}.",
        date=long_date(fee.pay_by),
        starts=long_date(fee.penalty_starts),
    )
    return " ".join(part for part in (due, monthly, revocation) if part)


# "so 1st 2nd 3rd all together how much", "what do the first three add up to": the notices' fees summed
_ALL_TOGETHER = re.compile(
    r"\b(?:all together|altogether|in total|total|combined|in all|add(?:ed|s)? up|sum(?:med)?|"
    r"en total|todo junto|tod[oa]s juntos?|sumad[oa]s?|sumando|entre tod[oa]s)\b",
    re.I,
)
_ORDINAL = re.compile(r"\b(1st|first|2nd|second|3rd|third|4th|fourth|5th|fifth)\b", re.I)
_FIRST_FEW = re.compile(r"\b(?:first|all|the)\s+(?P<n>two|three|four|five|2|3|4|5)\b", re.I)
_FEW = {"two": 2, "three": 3, "four": 4, "five": 5, "2": 2, "3": 3, "4": 4, "5": 5}


def _notices_summed(text: str) -> int | None:
    """How many notices a request for their fees together counts ("1st 2nd 3rd all together", "the first
    three in total"), read in the sentence that asks for the total; None when no total is asked."""
    together = _ALL_TOGETHER.search(text)
    if together is None:
        return None
    # the words just before the total ("so 1st 2nd 3rd all together"), else just after it ("the total of
    # the first and second"): never a later sentence, which may be the conversation's earlier turns run on
    # without a question mark ("... and a 4th?")
    start = max((m.end() for m in re.finditer(r"[?.!]", text[: together.start()])), default=0)
    before = text[start : together.start()]
    after = re.split(r"[?.!]", text[together.end() : together.end() + _AFTER_TOTAL])[0]
    for said in (before, after):
        if few := _FIRST_FEW.search(said):
            return _FEW[few.group("n").lower()]
        ordinals = {_ORDINALS[word.lower()] for word in _ORDINAL.findall(said)}
        if len(ordinals) > 1:  # a total of one notice is no total
            return max(ordinals)
    return None


_AFTER_TOTAL = 40  # how far after "in total" its notices are looked for


# A notice of violation named as one ("the 2nd NOV", never "nov 25"), or the grease inspector's ticket ("got a
# ticket from the grease inspector"), never a pump ticket
_NOTICE_NAMED = (
    r"\b(?:notices? of violation|novs?)\b(?!\s*\d)"
    r"|\b(?:ticket|citation)\b.{0,30}\b(?:inspector|city)\b|\b(?:inspector|city)\b.{0,30}\b(?:ticket|citation)\b"
)
# A pump-out's ticket, not a notice of violation: the hauler's, the truck's, the pump guy's
_A_PUMP_TICKET = re.compile(r"\b(?:pump\w*|hauler|truck|guy|driver|chofer|pipa|cami[oó]n)\b", re.I)
# The same, or said in Spanish (an "aviso de violación", the city's "multa")
_A_NOTICE_NAMED = re.compile(
    rf"{_NOTICE_NAMED}|\bavisos? de (?:violaci|infracci)\w*"
    r"|\bmulta\b.{0,30}\b(?:inspector|city|ciudad)\b|\b(?:inspector|city|ciudad)\b.{0,30}\bmulta\b"
    r"|\b(?:ticket|citation)\b.{0,30}\bciudad\b|\bciudad\b.{0,30}\b(?:ticket|citation)\b",
    re.I,
)


def _nov_fee(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    if city != "inglewood":
        return None
    if (count := _notices_summed(text)) is not None and _NOTICE_OF_VIOLATION.search(text):
        each = [compliance.nov_fee(n).amount for n in range(1, count + 1)]
        first, second, third = (dollars(compliance.nov_fee(n).amount) for n in (1, 2, 3))
        return Computed(
            "nov_fee",
            t(
                "{total} for the first {count} notices of violation together ({each}). The first notice "
                "costs {first}, the second {second}, and the third and every later one {third}.",
                total=dollars(compliance.nov_fee(count).breakdown["total_for_all_novs_so_far"]),
                count=count,
                each=" + ".join(dollars(amount) for amount in each),
                first=first,
                second=second,
                third=third,
            ),
            inglewood("Enforcement", "(4)"),
        )
    match = _NOV.search(text)
    nth = _NTH_SAID.search(text)
    undated = text if nth is None else text[: nth.start()] + text[nth.end() :]  # "es el 3rd" is no Nov 3
    if match is None and _NOTICE_OF_VIOLATION.search(text) and find_date(undated, ctx)[0].value is None:
        # "... how much is the fine? es el segundo este año"; with a day said, the day's clock is asked
        # ("... it's the first one ... it was mailed November nineteenth": the appeal's deadline)
        match = nth
    # which notice it is, told and not asked about ("me dieron otro ticket ... es el tercero"): its fee too
    if match is None or not (_COST.search(text) or "?" not in text):
        return None
    if _A_PUMP_TICKET.search(text) and not _A_NOTICE_NAMED.search(text):
        return None  # "that's the 2nd ticket the pump guy left this month": the hauler's ticket, no notice
    result = compliance.nov_fee(_ORDINALS[match.group("n").lower()])
    lead = f"{dollars(result.amount)}. {result.reason}"
    if _REINSPECTION.search(text) and not _NO_REINSPECTION.search(text):
        # "... y ahora el inspector tambien dice q va a volver a reinspeccionar. cuanto nos va a salir?": the
        # noncompliance charge's $150 reinspection fee is in addition to the penalty
        fee = compliance.reinspection_fee()
        lead += " " + t(
            "If the City also charges the {fee} reinspection fee (a noncompliance charge, in addition to the "
            "penalty), that is at least {total}.",
            fee=dollars(fee.amount),
            total=dollars(result.amount + fee.amount),
        )
        return Computed("nov_fee", lead, f"{result.citation}; {fee.citation}")
    return Computed("nov_fee", lead, result.citation)


_NO_REINSPECTION = re.compile(
    r"\b(?:no|not|without|won'?t|sin|ya no)\s+(?:\w+\s+){0,2}?(?:re-?inspect\w*|reinspecci[oó]n\w*)", re.I
)
_REINSPECTION = re.compile(r"\b(?:re-?inspect\w*|reinspecci[oó]n\w*|reinspeccionar)\b", re.I)


# The kinds of establishment Inglewood's definition makes large whatever their seats (Definitions, "Food
# service establishment" (b)): "our school kitchen", "the hospital cafeteria"
_LARGE_KINDS = tuple(
    (choice.key, re.compile(rf"\b(?:{choice.pattern})\b", re.I))
    for choice in ESTABLISHMENT_CHOICES
    if choice.key in ("school", "hospital")
)
# Establishments other than restaurants, schools and hospitals, named as the definition names them: small
# whatever their seats ("the snack bar for a youth soccer league", "our church kitchen")
_OTHER_KIND = re.compile(
    r"\b(?:snack bar|snack stand|concession(?: stand| building| booth)?s?|refreshment stands?|"
    r"lunch counters?|church kitchen|community (?:center|clubhouse)|clubhouse|fire station|convalescent|"
    r"puesto de comida|cocina de la iglesia)\b",
    re.I,
)
# A fee asked, not a fine: "what would it even cost?", never "what's the fine for ..."
_FEE_ASKED = re.compile(r"\b(?:fees?|cost|costs|charges?|cuesta|cuota)\b", re.I)
_A_FEE_NAMED = re.compile(r"\b(?:fees?|cuota)\b", re.I)
# A fine, a penalty or a clean-up asked: no fee ("what fines could a 40 seat restaurant get ...")
_FINED = re.compile(
    r"\b(?:fines?|fined|penalt(?:y|ies)|tickets?|citations?|multas?|clean ?-?up|cleaning|repairs?|"
    r"damages?)\b",
    re.I,
)
_NEAR_A_PLACE = re.compile(
    r"\b(?:near|by|next to|across from|close to|cerca de|junto a|enfrente de)\s+"
    r"(?:(?:the|a|an|la|el|una|un)\s+)?(?:\w+\s+)?(?:"
    + "|".join(named.pattern for _, named in _LARGE_KINDS)
    + r")",
    re.I,
)


# Paying late said of a fee ("n what if i pay late", "y si pago tarde", "what if we're late paying it")
_PAID_LATE = re.compile(
    # "ok and whats the late fee on that?" after the fee the seats set; "¿y el recargo?" (glossed "late
    # penalty"), not a surcharge for the drive-thru
    # "if we pay the bill late", "si pago la factura tarde"
    r"\b(?:pay(?:ing)? (?:(?:it|this|that|the|our|my|fee|bill|invoice) ){0,2}late|"
    r"late (?:paying|payment|fee|charge|penalty)"
    r"(?!\s+(?:por|for)\s+(?:el\s+|the\s+|tener\s+)?(?:drive|seats|sillas))|"
    r"(?:i|we) (?:don'?t|do not|can'?t) pay(?: it)? on time|"
    r"pag(?:o|amos|ar|arla|arlo) (?:(?:la|el|factura|bill) ){0,2}tarde|pago tard[ií]o|"
    r"payment (?:(?:la|el|the|invoice|bill) ){0,2}(?:tarde|late)|"
    r"no (?:lo |la )?pag(?:o|amos) a tiempo)\b",
    re.I,
)


# No seats at all: "a snack bar like ours with no seating", "sin sillas"
_NO_SEATS = re.compile(
    r"\b(?:no|zero|without|w/o)\s+(?:\w+\s+)?(?:seats?|seating|chairs|dining room)\b"
    r"|\bsin\s+(?:sillas|asientos|mesas)\b",
    re.I,
)


def _fee_facts(text: str) -> tuple[int | None, bool, str]:
    """The seats (0 for none), the drive-thru and the kind of establishment an Inglewood fee rests on, as
    the message says them ("a restaurant near the high school" is a restaurant); None: no seats said."""
    said_seats = _SEATS.search(text)
    seats = int(said_seats.group(1)) if said_seats else (0 if _NO_SEATS.search(text) else None)
    drive_thru = bool(_DRIVE_THRU.search(text)) and not _NO_DRIVE_THRU.search(text)
    said = _NEAR_A_PLACE.sub(" ", text)
    kind = next((kind for kind, named in _LARGE_KINDS if named.search(said)), None)
    if kind is None:
        kind = "other" if _OTHER_KIND.search(said) else "restaurant"
    return seats, drive_thru, kind


def _annual_result(text: str) -> compliance.Result | None:
    """Inglewood's annual fee for the seats and drive-thru the message gives; None when it gives neither."""
    seats, drive_thru, kind = _fee_facts(text)
    if seats is None and not drive_thru:
        return None
    return compliance.annual_fee(seats, drive_thru, kind)


def _annual_fee(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    seats, drive_thru, kind = _fee_facts(text)
    checked = _an_annual_fee_checked(text)  # "billed $267 ..., is that right?"
    if city != "inglewood" or not (_ANNUAL.search(text) or _COST.search(text) or checked):
        return None
    if _FINED.search(text) and not (_ANNUAL.search(text) or _A_FEE_NAMED.search(text)):
        return None  # "what fines could a 40 seat restaurant get for skipping pumping": no fee asked
    other_s_fee = kind == "other" and _FEE_ASKED.search(text) and not _FINED.search(text)
    if seats is None and not (drive_thru or (kind != "restaurant" and _ANNUAL.search(text)) or other_s_fee):
        return None  # a school's or hospital's fee is asked by name ("the school's yearly fee"), not "a fine"
    if _APPLYING.search(text) and not _ANNUAL_ONLY.search(text):
        # "we're applying: how much will we pay?": the initial fee with the first year's annual fee
        fees = compliance.permit_fees(seats=seats, drive_thru=drive_thru, kind=kind)
        total = fees.breakdown["first_year_total"]
        lead = t(
            "Your first year's permit fees come to {total}: {reason}",
            total=dollars(total),
            reason=fees.reason,
        )
        return Computed("permit_fee", lead, fees.citation)
    result = compliance.annual_fee(seats, drive_thru, kind)
    lead = t("Your annual fee is {amount}: {reason}", amount=dollars(result.amount), reason=result.reason)
    billed = _billed(text)
    if billed in (SMALL_ANNUAL_FEE, LARGE_ANNUAL_FEE) and billed != result.amount:
        # "invoice for $413 ... is that right? we only have 30 seats": the bill is the other size's fee
        lead += " " + t(
            _BILLED_AS_LARGE if billed == LARGE_ANNUAL_FEE else _BILLED_AS_SMALL, billed=dollars(billed)
        )
    return Computed("annual_fee", lead, result.citation)


_BILLED_AS_LARGE = N_(
    "The {billed} billed is the large establishments' fee (more than 50 seats, a drive-thru, a school or a "
    "hospital): if that is not you, ask the City to correct the invoice."
)
_BILLED_AS_SMALL = N_(
    "The {billed} you mention is the small establishments' fee; by what you said, yours is the large one."
)


# An applicant's question ("opening in march, applying for the permit: what will it cost?"), and one about the
# yearly fee alone ("what's the annual fee?")
_APPLYING = re.compile(
    r"\b(?:apply(?:ing)?|application|new permit|initial fee|opening|solicitud|solicitar|sacar el permiso|"
    # "como le hacen pa sacar el permiso" (glossed "get the permit"), "how do we get a FOG permit"
    r"(?:get|obtain|getting) (?:a|the|our|my|their) (?:\w+ )?permit"
    r"(?!\s+(?:renew\w*|revoked|suspended|reinstated|transferred|back|pulled|changed|modified))|"
    r"need (?:a|the) (?:\w+ )?permit(?!\s+renew))\b",
    re.I,
)
_ANNUAL_ONLY = re.compile(r"\b(?:annual|yearly|every year|per year|each year|al a[nñ]o|anual)\b", re.I)


def _deminimis(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    if city == "inglewood" or not _YARDS.search(text):
        return None
    yards, gallons = _said_with_words(text, "yd3"), _said_with_words(text, "gal")
    if yards is None or gallons is None:
        return None
    result = compliance.deminimis(
        yards[0], gallons[0], total_below=_is_below(yards), organics_below=_is_below(gallons)
    )
    lead = (
        t("Yes, you qualify to apply for a de minimis waiver.")
        if result.eligible
        else t("No, you don't qualify for a de minimis waiver.")
    )
    return Computed("deminimis", f"{lead} {result.reason}", result.citation)


# An amount said per week ("4 gal a week", "1 yarda a la semana", "weekly")
_WEEKLY = re.compile(
    r"\b(?:a|per|each|every|/|x|por|a la|cada)\s*(?:week|wk|semana)\b|\bweekly\b|\bsemanal", re.I
)
# A weekly trash service, or the waiver it is asked for ("1.5 yards a week", "de minimis", "get out of
# organics")
_TRASH_SERVICE = re.compile(rf"{_WEEKLY.pattern}|\bde minimis\b|\bwaiver\b|\bexempt|\bget out of\b", re.I)


# A landscaping service's contract asked about ("our landscaping is contracted out. Does that contract need
# any special language?"), not a gardener named beside a bin ("a gardener does the landscaping, do we need a
# green bin?")
_LANDSCAPING_CONTRACT = re.compile(
    r"^(?=.*\b(?:landscap\w*|gardening|gardeners?|jardiner\w*|jardinero)\b)"
    r".*\b(?:contract\w*|agreement|language|specify|contrato)\b",
    re.I,
)
_A_WAIVER_ASKED = re.compile(r"\b(?:waiver|de minimis|exempt\w*|exenci[oó]n|qualif\w*|califica\w*)\b", re.I)


def _deminimis_limit(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    """The trash service alone ("nuestro servicio de basura es 1 yarda cubica por semana"): the organic
    waste limit it sets, and the one value still needed."""
    if city == "inglewood" or not _YARDS.search(text) or _said_in(text, "gal") is not None:
        return None
    if not _TRASH_SERVICE.search(text):
        return None  # "the monthly cost for a 3-yard organics bin": a bin's size, no weekly trash service
    if _LANDSCAPING_CONTRACT.search(text) and not _A_WAIVER_ASKED.search(text):
        # "about 30 yards of trash a week and our landscaping is contracted out. Does that contract need any
        # special language?": the yards are the landscaping contract rule's 2 cubic yards, no waiver asked
        return None
    said_yards = _said_with_words(text, "yd3")
    if said_yards is None:
        return None
    yards, below = said_yards[0], _is_below(said_yards)
    result = compliance.deminimis(yards, 0, total_below=below)
    said = f"{yards.normalize():f}"
    lead = t(
        "With {yards} cubic yards of trash service a week, organic waste must be under {limit} gallons a "
        "week per container for a de minimis waiver. About how many gallons of organic waste a week do you "
        "have?",
        yards=t("less than {n}", n=said) if below else said,
        limit=f"{result.organics_limit_gal.normalize():f}",
    )
    return Computed("deminimis_limit", lead, result.citation)


# The city's bill for its own cleanup after a backup ("got a bill from victorville for cleaning the sewer main
# after our backup. letter dated nov 2"): its date is the invoice's, which starts no spill's or service's
# clock
_BILL_FOR_CITY_WORK = re.compile(
    rf"\b(?:{_BILL_WORDS})\b[^.?!]{{0,60}}?\b(?:for|por|de)\s+(?:the\s+|el\s+|la\s+)?"
    r"(?:clean\w*|repair\w*|limpi\w+|reparaci\w+)?[^.?!]{0,20}?\b(?:sewer|main line|drenaje|alcantarill\w*|"
    r"l[ií]nea principal)\b",
    re.I,
)
# The clocks such a day starts: the bill's own (the other clocks run from a service, a spill, a notice)
_STARTED_BY_A_BILL = re.compile(r"\b(?:invoice|fee)\b", re.I)


def _spill_deadline(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    if (
        city is None
        or not (_SPILL.search(text) and _WRITTEN.search(text))
        or _BILL_FOR_CITY_WORK.search(text)
    ):
        return None
    incident, _ = find_date(text, ctx)
    if not incident.ok or incident.value is None:
        return None
    result = compliance.spill_deadline(city, incident.value)
    holidays = any(name not in ("Saturday", "Sunday") for _, name in result.closed_days_skipped)
    if holidays:  # the reason names the holidays skipped
        lead = t("Your written confirmation is due by {date}.", date=long_date(result.deadline))
        lead = f"{lead} {result.reason}"
    else:
        lead = t(
            "Your written confirmation to {send_to} is due by {date}, five working days after the {incident} "
            "incident.",
            send_to=result.send_to,
            date=long_date(result.deadline),
            incident=long_date(result.incident),
        )
    contents = t("It must state {items}.", items="; ".join(result.must_state))
    return Computed("spill_written_deadline", f"{lead} {contents}", result.citation)


def _edible_food_tier(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    """Victorville's edible food generator tier from the business's kind and size ("we're a restaurant,
    200 seats, 5,400 sq ft: are we tier two?"); the compliance core refuses when it lacks a size it needs."""
    if city == "inglewood" or not _EDIBLE_FOOD.search(text):
        return None
    kind = next((kind for kind, words in _EDIBLE_KINDS if words.search(text)), None)
    if kind is None:
        return None
    if kind == "grocery_store" and _is_a_supermarket(text):
        kind = (
            "supermarket"  # "8,500 square feet, but a full-line self-service store, sales about $3 million"
        )

    def number(pattern: re.Pattern[str]) -> int | None:
        match = pattern.search(text)
        return int(match.group(1).replace(",", "")) if match else None

    sqft, seats = number(_SQFT), number(_SEATS)
    result = compliance.edible_food_tier(
        kind, sqft=sqft, seats=seats, rooms=number(_ROOMS), beds=number(_BEDS)
    )
    text = result.reason
    if result.tier is None and kind == "restaurant" and sqft is None:  # the size not said: the other test
        text = f"{text} {t('If its total facility size is 5,000 square feet or more, it is tier two.')}"
    return Computed("edible_food_tier", text, result.citation)


# A supermarket as the chapter defines one: a full-line, self-service retail store with gross annual sales of
# two million dollars or more ("annual sales are around $3 million", "vendemos como 2.5 millones al año")
_FULL_LINE = re.compile(r"\b(?:full[- ]line|self[- ]service|autoservicio)\b", re.I)
_MILLIONS_OF_SALES = re.compile(
    r"\$?\s?(\d+(?:\.\d+)?)\s*(?:million|millones|mil+ion|mm?)\b"
    r"(?=[^.]{0,40}\b(?:sales|ventas|a year|per year|annual|al a[nñ]o|anuales)\b)"
    r"|\b(?:sales|ventas)\b[^.]{0,40}?\$?\s?(\d+(?:\.\d+)?)\s*(?:million|millones|mm?)\b",
    re.I,
)
SUPERMARKET_SALES_MILLIONS = 2


def _is_a_supermarket(text: str) -> bool:
    """Whether a grocery store's message says it is a supermarket: full-line, self-service, and gross annual
    sales of two million dollars or more."""
    sales = _MILLIONS_OF_SALES.search(text)
    if not (_FULL_LINE.search(text) and sales):
        return False
    return Decimal(sales.group(1) or sales.group(2)) >= SUPERMARKET_SALES_MILLIONS


def _said_in(text: str, unit: str) -> Decimal | None:
    """The first amount the user gave in ``unit`` itself (not converted from another unit they used)."""
    said = _said_with_words(text, unit)
    return None if said is None else said[0]


def _is_below(said: tuple[Decimal, str]) -> bool:
    """Whether an amount was said as an upper bound ("less than 2 cubic yards", "menos de 10 galones")."""
    return bool(UPPER_BOUND.match(said[1]))


def _said_with_words(text: str, unit: str) -> tuple[Decimal, str] | None:
    """The first amount given in ``unit`` itself, with the words that said it."""
    remaining = normalize(text)
    for _ in range(4):
        found, (start, end) = find_quantity(remaining, unit)
        if not found.ok or found.value is None:
            return None
        if found.value.given is None:
            return found.value.amount, remaining[start:end]
        remaining = remaining[:start] + "_" * (end - start) + remaining[end:]  # same length: spans stay put
    return None


def _dollars(text: str) -> Decimal | None:
    match = _DOLLARS.search(text)
    return None if match is None else _amount(match)


# Whether the organics cart is required of a business that makes little of it: the waiver asked for in the
# words people use ("can we skip the brown bin?", "podemos pedir q nos quiten lo del organico?")
_ASKS_THE_WAIVER = re.compile(
    r"\b(?:de minimis|waiver|waive|exempt\w*|skip(?:ping)?|get out of|opt(?:ing)? out|exenci[oó]n|exent\w*|"
    r"quit\w* (?:el|lo del|los) (?:bote|contenedor|org[aá]nico)|"
    r"(?:need|have to have|gotta have|required to have) (?:an? |the |our )?(?:\w+ )?"
    r"(?:bins?|carts?|containers?))\b",
    re.I,
)


def _deminimis_gallons(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    """Organic waste a week alone, the waiver asked ("like 4 gal a week, can we skip the brown bin?"): under
    both limits it qualifies whatever the trash service; at or over both, it never does; between them, it
    depends on the service, which is asked."""
    if (
        city == "inglewood"
        or _YARDS.search(text)
        or not (_ASKS_THE_WAIVER.search(text) and _WEEKLY.search(text))
    ):
        return None
    said = _said_with_words(text, "gal")
    if said is None:
        return None
    gallons, below = said[0], _is_below(said)
    large = compliance.deminimis(2, gallons, organics_below=below and gallons <= 20)
    small = compliance.deminimis(2, gallons, total_below=True, organics_below=below and gallons <= 10)
    amount = f"{gallons.normalize():f}"
    kind = "deminimis"
    if small.eligible and large.eligible:
        lead = t(
            "Yes, you qualify to apply for a de minimis waiver, whatever your trash service: {gallons} "
            "gallons of organic waste a week is under the limit of 10 gallons (less than 2 cubic yards of "
            "trash service a week) and of 20 gallons (2 cubic yards or more).",
            gallons=amount,
        )
    elif not large.eligible:
        lead = t(
            "No, you don't qualify for a de minimis waiver: {gallons} gallons of organic waste a week is not "
            "under the limit, 20 gallons with 2 cubic yards or more of trash service a week, 10 with less.",
            gallons=amount,
        )
    else:
        kind = "deminimis_limit"
        lead = t(
            "It depends on your trash service: {gallons} gallons of organic waste a week qualifies you to "
            "apply for a de minimis waiver with 2 cubic yards or more of trash service a week (the limit is "
            "under 20 gallons), not with less (under 10). How many cubic yards of trash service a week do "
            "you have?",
            gallons=amount,
        )
    return Computed(kind, lead, victorville("6.37.050(a)(2)"))


# A discharge made while an order was in force ("discharged about 300 gallons while we were under a cease and
# desist order"), and the most it can cost asked ("what's the most they can fine us")
_UNDER_AN_ORDER = re.compile(
    r"\b(?:cease(?: and | & |-and-)desist|suspension order|suspended|emergency (?:suspension )?order|"
    r"(?:under|violat\w*|against|despite) (?:an? |the |their |our )?(?:city'?s? )?order|"
    r"orden de (?:cese|suspensi[oó]n))\b",
    re.I,
)
_THE_MOST_IT_COSTS = re.compile(
    r"\b(?:fine|fines|fined|penalt(?:y|ies)|charge us|cost us|how much|most|max(?:imum)?|multa\w*|"
    r"cu[aá]nto)\b",
    re.I,
)


def _order_penalty(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    """The city's cap on the administrative civil penalty for a discharge that violated an order: ten
    dollars a gallon (Victorville 10.03.360(d)(4), Inglewood Enforcement (11)(c)), for the gallons the message
    gives."""
    if city not in _PENALTY_CAP_OF_THE_CITY or not (
        _UNDER_AN_ORDER.search(text) and _THE_MOST_IT_COSTS.search(text)
    ):
        return None
    gallons = _said_in(text, "gal")
    if gallons is None or gallons < 1 or gallons != gallons.to_integral_value():
        return None
    result = _PENALTY_CAP_OF_THE_CITY[city]("order", int(gallons))
    return Computed("penalty_cap", result.reason, result.citation)


# Each city's caps on administrative civil penalties (Victorville 10.03.360(d), Inglewood Enforcement (11)(c))
_PENALTY_CAP_OF_THE_CITY = {
    "victorville": compliance.administrative_civil_penalty_cap,
    "inglewood": compliance.inglewood_administrative_civil_penalty_cap,
}
# The kinds of violation the cities cap administrative civil penalties for by the day, in the words a question
# names them
_PENALTY_KINDS = (
    (
        "reports",
        re.compile(
            r"\b(?:self[- ]?monitoring|monitoring|technical|lab) (?:\w+ )?reports?\b"
            r"|\breports?\b.{0,40}\b(?:late|failed|didn'?t|never|not (?:filed|sent|submitted|delivered))"
            # "for not sending in reports for 10 days", "no entregamos los informes"
            r"|\b(?:not|never|didn'?t|failed to|failing to|no|sin)\s+(?:send|submit|fil|turn|furnish|deliver|"
            r"entreg|mand)\w*\s+(?:in\s+|out\s+)?(?:\w+\s+){0,3}(?:reports?|informes?|reportes?)\b"
            r"|\bno (?:reports?|informes?|reportes?)\b",
            re.I,
        ),
    ),
    ("compliance_schedule", re.compile(r"\bcompliance schedule\b", re.I)),
    (
        # "three days of discharges violating my permit conditions", "descargas que violan las condiciones de
        # mi permiso"
        "discharge",
        re.compile(
            r"\bdischarg\w*\b.{0,40}\b(?:violat\w*|in violation of|against)\b.{0,30}"
            r"\b(?:permit|limitations?|conditions?|requirements?)\b"
            r"|\bviolat\w*\s+(?:\w+\s+){0,3}(?:permit conditions?|discharge limitations?)\b"
            r"|\bdescarg\w*\b.{0,40}\bviol\w*\b.{0,30}\b(?:permis\w*|condici\w*|l[ií]mites?|requisitos?)\b",
            re.I,
        ),
    ),
)
_ADMINISTRATIVE_PENALTY = re.compile(
    r"\badministrative (?:civil )?(?:penalt(?:y|ies)|fines?)\b|\bexposure\b|\bmultas? administrativas?\b"
    # a penalty an administrative complaint proposes (10.03.360(b))
    r"|\badministrative complaints?\b.{0,200}\b(?:penalt(?:y|ies)|fine[sd]?)\b"
    r"|\bqueja administrativa\b.{0,200}\bmultas?\b|\bmultas? civil(?:es)?\b.{0,200}\bqueja administrativa\b",
    re.I | re.S,
)
# The penalty an administrative complaint proposes, said with its amount ("proposes a civil penalty of
# $18,000", "$6,000 per day", "propone una multa de $18,000"): never another dollar figure in the message
_PROPOSED_PENALTY = re.compile(
    r"\b(?:propos\w*|seeks?|seeking|asks? for|penalty of|fine of|multa de|propone\w*)[^$.?!]{0,40}?"
    r"\$\s?(?P<amount>\d[\d,]*(?:\.\d\d)?)(?P<per_day>\s*(?:per|a|each|/|por|al)\s*(?:day|d[ií]a))?",
    re.I,
)
# "can they even charge that much?": whether a proposed amount is within the cap
_THAT_MUCH = re.compile(r"\b(?:that much|so much|tanto)\b", re.I)
_PROPOSED_OVER_CAP = N_("The {proposed} proposed is more than that cap.")
_PROPOSED_WITHIN_CAP = N_("The {proposed} proposed is within that cap.")
_FOR_DAYS = re.compile(
    rf"\b(?:for|of|over|por|durante)\s+(?P<n>{NUMBER_PATTERN})\s+(?:calendar\s+)?(?:days?|d[ií]as)\b"
    # "on three days last month", "on 4 separate days": the days a violation happened on, never a deadline's
    # "due on 30 days"
    rf"|(?<!due )(?<!respond )\bon\s+(?P<on>{NUMBER_PATTERN})\s+(?:separate\s+|different\s+)?days?\s+"
    r"(?:last|this|in|during|that|between)\b"
    # "12 days' worth" of reports not furnished (days only: the caps are per day)
    rf"|\b(?P<worth>{NUMBER_PATTERN})\s+days?'?\s+(?:worth|de\s+reportes)\b",
    re.I,
)
# How late reports are, when no days of violation are said: "we're late, it's been 12 days", "12 days late",
# "llevamos 12 días de atraso"; never the days since something ("it's been 20 days since they served it")
_DAYS_LATE = re.compile(
    rf"\b(?:it'?s been|been|late by|behind by|llevamos|van)\s+(?P<n>{NUMBER_PATTERN})\s+(?:days?|d[ií]as)\b"
    r"(?!\s+(?:since|desde|after|despu[eé]s))"
    rf"|\b(?P<by>{NUMBER_PATTERN})\s+(?:days?|d[ií]as)\s+(?:late|overdue|behind|de\s+atraso|tarde)\b",
    re.I,
)


def _penalty_for_days(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    """The city's cap on the administrative civil penalty for the days a violation lasted ("our lab failed
    to deliver the self-monitoring reports for 6 days: our maximum administrative civil penalty exposure?"):
    the day's cap for that kind of violation times the days (Victorville 10.03.360(d)(1)-(3), Inglewood
    Enforcement (11)(c)), and an administrative
    complaint's proposed penalty held against it (10.03.360(b))."""
    if city not in _PENALTY_CAP_OF_THE_CITY or not (
        _ADMINISTRATIVE_PENALTY.search(text) and (_THE_MOST_IT_COSTS.search(text) or _THAT_MUCH.search(text))
    ):
        return None
    kind = next((key for key, named in _PENALTY_KINDS if named.search(text)), None)
    said = spanish_digits(text)
    days = _FOR_DAYS.search(said)
    late = _DAYS_LATE.search(said) if days is None and kind == "reports" else None  # the reports' days late
    if kind is None or (days is None and late is None):
        return None
    count = _whole_number(
        days.group("n") or days.group("on") or days.group("worth")
        if days is not None
        else late.group("n") or late.group("by")
    )
    if not count or count < 1:
        return None
    result = _PENALTY_CAP_OF_THE_CITY[city](kind, count)
    said = _PROPOSED_PENALTY.search(text)  # "it proposes a civil penalty of $18,000": held against the cap
    # (Inglewood caps a discharge per violation for each day: a proposed total is held against no one cap)
    if said is None or result.per != "day" or (city == "inglewood" and kind == "discharge"):
        return Computed("penalty_cap", result.reason, result.citation)
    proposed = Decimal(said.group("amount").replace(",", ""))
    cap = result.amount / result.units if said.group("per_day") else result.amount  # a day's, or the total
    verdict = _PROPOSED_OVER_CAP if proposed > cap else _PROPOSED_WITHIN_CAP
    shown = dollars(proposed) + (t(" a day") if said.group("per_day") else "")
    return Computed("penalty_cap", f"{result.reason} {t(verdict, proposed=shown)}", result.citation)


_LANDSCAPE = re.compile(r"\blandscap\w*|\blawn\b|\bjard[ií]n\b", re.I)
# The square feet said of the landscape, before or after it ("about 2,000 sq ft of landscaping", "landscaping,
# about 2,000 sq ft"), not the building's ("a new 3,000 sq ft restaurant with a small lawn")
_LANDSCAPE_AREA = re.compile(
    r"\b(?:landscap\w*|lawn|jard[ií]n|planting\w*|greenery)\W+(?:(?:is|are|of|about|around|roughly|approx\w*|like|maybe|de|en|"
    r"enfrente|son|es|how|como|unos|area|total)\W+){0,4}?(?P<after>\d[\d,]*)\s*"
    r"(?:sq\.?\s*f(?:ee|oo)?t|square\s+f(?:ee|oo)t|sqft|sf)\b(?!\s+(?:building|restaurant|store|edificio|local))"
    r"|\b(?P<before>\d[\d,]*)\s*(?:sq\.?\s*f(?:ee|oo)?t|square\s+f(?:ee|oo)t|sqft|sf)\.?\s+"
    r"(?:of\s+|de\s+)?(?:new\s+|existing\s+)?(?:landscap\w*|lawn|jard[ií]n|planting\w*|greenery)",
    re.I,
)
_REHABILITATED = re.compile(
    r"\b(?:rehab\w*|redo\w*|re-?do(?:ing)?|renovat\w*|remodel\w*|re-?landscap\w*)\b", re.I
)
_NEW_PROJECT = re.compile(r"\b(?:new|construct\w*|build(?:ing)? a|building (?:a|our))\b", re.I)


def _landscape(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    """Whether a landscape of the square feet the message gives follows the MWELO's compost and mulch
    sections (6.37.100(a)): a new project's over 500, a rehabilitated one's over 2,500; None unless the
    message says which."""
    said = _LANDSCAPE_AREA.search(text) if city != "inglewood" else None
    if said is None:
        return None
    area = Decimal((said.group("after") or said.group("before")).replace(",", ""))
    if _REHABILITATED.search(text):
        rehabilitated = True
    elif _NEW_PROJECT.search(text):
        rehabilitated = False
    else:
        return None
    result = compliance.landscape_compost_rule(area, rehabilitated=rehabilitated)
    return Computed("landscape", result.reason, result.citation)


# Records asked whether they may go ("can i toss those yet?", "those can go in the shredder?", "¿ya los puedo
# tirar?"), dated by a month and a year ("receipts going back to march 2025")
# The words a business's records go by, in English and Spanish
_RECORD_WORDS = (
    r"records?|receipts?|manifests?|logs?|paperwork|invoices?|papers|documents?|recibos|registros|papeles|"
    r"facturas|manifiestos"
)
_RECORDS = re.compile(rf"\b(?:{_RECORD_WORDS})\b", re.I)
# the grease devices' service the records are of (the organics chapter sets no such period)
_OF_A_GREASE_SERVICE = re.compile(
    r"\b(?:pump\w*|grease|interceptors?|traps?|manifests?|trampas?|grasa|bombeo\w*|limpieza\w*|manifiestos?)\b",
    re.I,
)
_OF_ORGANICS = re.compile(
    r"\b(?:organic\w*|recycl\w*|self[- ]?haul\w*|compost\w*|org[aá]nicos|reciclaje)\b", re.I
)
_LET_GO = re.compile(
    r"\b(?:toss|throw (?:them |those |it )?(?:out|away)|shred\w*|get rid|discard|"
    r"tirar(?:los|las)?|botar(?:los|las)?|destruir(?:los|las)?|deshacerme|triturar)\b",
    re.I,
)
# the month and year the records go back to ("receipts going back to march 2025", "recibos de marzo de 2024")
_MONTH_AND_YEAR = re.compile(
    r"\b(?:from|since|to|back to|dating to|de|desde)\s+"
    rf"(?P<month>{MONTH_PATTERN})\.?\s+(?:of\s+|de\s+(?:l\s+)?)?(?P<year>20\d\d)\b",
    re.I,
)


def _records_kept(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    """Whether records from a month may go yet ("grease pumping receipts going back to march 2025 ... can i
    toss those yet?"): kept for the city's period from the month's last day (the latest record of that
    month), so yes once that day has passed, else not yet and until when."""
    if city is None or not (_RECORDS.search(text) and _LET_GO.search(text)):
        return None
    if not _OF_A_GREASE_SERVICE.search(text) or _OF_ORGANICS.search(text) or _UNPAID.search(text):
        return None  # organics records (no period in the chapter), or an unpaid bill (its late fee)
    said = _MONTH_AND_YEAR.search(text)
    if said is None:
        return None
    first, _ = find_date(f"{said['month']} 1, {said['year']}", ctx, ANY)
    if not first.ok or first.value is None:
        return None
    last = first.value.replace(day=calendar.monthrange(first.value.year, first.value.month)[1])
    deadline = compliance.deadline(city, "records_retention", last)
    month = month_and_year(last)
    if deadline.due < ctx.today:
        lead = t(
            "Yes: records from {month} had to be kept until {date}, and that day has passed.",
            month=month,
            date=long_date(deadline.due),
        )
    else:
        lead = t(
            "Not yet: keep the records from {month} until at least {date}.",
            month=month,
            date=long_date(deadline.due),
        )
    return Computed("deadline", lead, deadline.citation, (deadline.due,))


# A depth said in inches ("48 inches deep", "48 pulgadas de hondo"), and the other inches said with it: how
# deep the grease and solids are
_INCHES = re.compile(r"\b(\d{1,3}(?:\.\d+)?)\s*(?:inches|inch|in\b|\"|''|pulgadas|pulgs?\b)", re.I)
_DEPTH_AFTER = re.compile(r"^\W*(?:of\s+)?(?:\w+\s+)?(?:deep|depth|hondo|de hondo|profundidad)\b", re.I)
_DEPTH_BEFORE = re.compile(r"\b(?:deep|depth|hondo|profundidad)\W+(?:\w+\W+){0,3}$", re.I)


def _accumulation(text: str, city: str | None, ctx: ParseContext) -> Computed | None:
    """ "the pumper measured it: 48 inches deep, grease and solids at 14 inches. is that ok?": the 25% Rule
    worked out for the depths said."""
    if city is None or not _GREASE_LAYER.search(text) or _AN_OPENING.search(text):
        return None  # a manhole's diameter beside the depth is no layer of grease
    if (
        _TRAP.search(text) or re.search(r"\b(?:traps?|trampas?)\b", text, re.I)
    ) and not _INTERCEPTOR_NAMED.search(text):
        return None  # a trap's test is its capacity (10.03.160(g)(3)), not the interceptor's 25% Rule
    said = list(_INCHES.finditer(text))
    if len(said) != 2:
        return None
    deep = [
        m
        for m in said
        if _DEPTH_AFTER.match(text[m.end() : m.end() + 30])
        or _DEPTH_BEFORE.search(text[max(0, m.start() - 30) : m.start()])
    ]
    if len(deep) != 1:
        return None
    level = next(m for m in said if m is not deep[0])
    found = compliance.accumulation(city, float(deep[0].group(1)), float(level.group(1)), t(_INCH_UNIT))
    return Computed("accumulation", found.reason, found.citation)


_INCH_UNIT = N_("inches")
_INTERCEPTOR_NAMED = re.compile(r"\b(?:interceptors?|interceptor(?:es)?)\b", re.I)
_GREASE_LAYER = re.compile(r"\b(?:grease|fog|solids|sludge|scum|cap|layer|lodo|grasa|nata)\b", re.I)
_AN_OPENING = re.compile(r"\b(?:manholes?|diameter|across|wide|width|opening|tapa|di[aá]metro)\b", re.I)


_READERS: tuple[Reader, ...] = (
    _spill_deadline,
    _damage_costs,
    _late_fee,
    _records_kept,
    _nov_fee,
    _annual_fee,
    _deminimis,
    _deminimis_limit,
    _deminimis_gallons,
    _edible_food_tier,
    _order_penalty,
    _penalty_for_days,
    _landscape,
    _service_due,
    _accumulation,
)


# The words that name each reader's rule in a follow-up's own words.
_NAMES_RULE: dict[Reader, Callable[[str], object]] = {
    _records_kept: lambda text: _RECORDS.search(text) and _LET_GO.search(text),
    _spill_deadline: lambda text: _SPILL.search(text) or _WRITTEN.search(text),
    _damage_costs: lambda text: _SERVICE_CHARGE.search(text),
    _late_fee: lambda text: _INVOICE.search(text) or _UNPAID.search(text) or _FEE_NOTICE.search(text),
    _nov_fee: _NOV.search,
    _annual_fee: lambda text: _ANNUAL.search(text) or _SEATS.search(text) or _DRIVE_THRU.search(text),
    _deminimis: lambda text: (
        _YARDS.search(text) or re.search(r"\bgal(?:lon)?s?\b|\bde minimis\b", text, re.I)
    ),
    _deminimis_limit: _YARDS.search,
    _deminimis_gallons: _ASKS_THE_WAIVER.search,
    _edible_food_tier: _EDIBLE_FOOD.search,
    _order_penalty: _UNDER_AN_ORDER.search,
    _penalty_for_days: _ADMINISTRATIVE_PENALTY.search,
    _landscape: _LANDSCAPE.search,
    _service_due: lambda text: _NEXT_SERVICE.search(text) or _PUMPED.search(text),
    _accumulation: _INCHES.search,
}


# A bill's amount put to the assistant to check: "is that right?", "shouldn't it be less", "overcharged"
_CHECKS_THE_AMOUNT = re.compile(
    r"\b(?:(?:is|was) (?:that|this|it) (?:right|correct|the right (?:amount|fee))"
    r"|overcharg\w*|(?:billed|charged) (?:us |me )?(?:wrong|too much|the wrong)|wrong (?:amount|fee|rate)"
    r"|should(?:n'?t| not)? (?:it|that|this) be|supposed to be)",
    re.I,
)


def _an_annual_fee_checked(text: str) -> bool:
    """Whether a message puts an Inglewood annual fee's bill up to be checked: the fee named or billed at its
    $267 or $413, and no notice of violation, clean-up, pumping or late charge named ("the city billed us
    $4,000 for clearing the sewer line ..., is that right?" is the clean-up's bill)."""
    if not _CHECKS_THE_AMOUNT.search(text) or not _DOLLARS.search(text):
        return False
    annual = _ANNUAL.search(text) or _billed(text) in (SMALL_ANNUAL_FEE, LARGE_ANNUAL_FEE)
    other = (
        _FINED.search(text)
        or _CITY_WORK.search(text)
        or _NOTICE_OF_VIOLATION.search(text)
        or _PAID_LATE.search(text)
        or re.search(r"\b(?:late|pump\w*|pumper|hauler)\b", text, re.I)
    )
    return bool(annual) and not other


# "how long do I have to keep the pumper's receipts?": how long records are kept, which no clock computes
_KEEPING_RECORDS = re.compile(
    r"\b(?:keep|keeping|retain|hold on to|save|store|guardar|guardo|conservar)\b.{0,40}?"
    rf"\b(?:{_RECORD_WORDS})\b",
    re.I,
)


def _supposes_no_value(asked: str) -> bool:
    """Whether a what-if gives no value of its own and names no rule ("and if it's more than a quarter full
    before that?"): the topic's result again would not answer it ("and if it were 22 gallons?" does)."""
    return (
        is_hypothetical(asked)
        and not re.search(NUMBER_PATTERN, asked, re.IGNORECASE)
        and not any(names(asked) for names in _NAMES_RULE.values())
        and not _PAY_ON.search(asked)  # "and if i cant pay till january?": a day to pay on
        and not _REVOCATION.search(asked)  # "and if i still dont pay?": the day it becomes cause to revoke
    )


def _readers_for(asked: str | None, text: str = "") -> tuple[Reader, ...]:
    """The readers in the order to try: those whose rule ``asked`` names first; a question about the
    manifest computes no next service, and one about how long records are kept computes nothing. A message
    alone (no ``asked``) that checks a bill against the seats it gives computes the fee those seats set
    first ("invoice for $413 dated october 1 ... is that right? we only have 30 seats")."""
    if not asked:
        if _SEATS.search(text) and _an_annual_fee_checked(text):
            return (_annual_fee, *(reader for reader in _READERS if reader is not _annual_fee))
        return _READERS
    if _KEEPING_RECORDS.search(asked):
        return ()
    named = tuple(reader for reader in _READERS if _NAMES_RULE[reader](asked))
    if _SEATS.search(asked) and _annual_fee in named and not _PAID_LATE.search(asked):
        # "we're billed wrong, we have 44 seats and no drive-thru: shouldn't it be the small rate?": the fee
        # the seats set, before the bill's late penalty ("ok con las 45 sillas nomas. y si pago la factura
        # tarde?" asks the penalty on the fee those seats set)
        named = (_annual_fee, *(reader for reader in named if reader is not _annual_fee))
    readers = named + tuple(reader for reader in _READERS if reader not in named)
    if _MANIFEST.search(asked) and not _NEXT_SERVICE.search(asked):
        readers = tuple(reader for reader in readers if reader is not _service_due)
    return readers


_EITHER_CITY = ("victorville", "inglewood")
_ORGANICS_CITY = ("victorville", None)  # only Victorville has an organics chapter
# What each computation needs, asked in one short question when the conversation names the rule but not
# every value: (the rule's words, the cities it is computed for, the question).
_INVOICE_DATE_QUESTION = N_("What is the invoice's date? I'll work out what is owed and by when.")
_ASK_FOR: tuple[tuple[Callable[[str], object], tuple[str | None, ...], str], ...] = (
    (
        lambda text: _SPILL.search(text) and _WRITTEN.search(text),
        _EITHER_CITY,
        N_("What day did the spill happen? I'll work out when the written confirmation is due."),
    ),
    (
        lambda text: (
            (_INVOICE.search(text) or _FEE_NOTICE.search(text))
            and _UNPAID.search(text)
            and _DOLLARS.search(text)
        ),
        ("inglewood",),
        _INVOICE_DATE_QUESTION,
    ),
    (
        lambda text: (_INVOICE.search(text) or _FEE_NOTICE.search(text)) and _UNPAID.search(text),
        ("inglewood",),
        N_("What are the invoice's date and amount? I'll work out what is owed and by when."),
    ),
    (
        _ANNUAL.search,
        ("inglewood",),
        N_("How many seats does the restaurant have, and does it have a drive-thru?"),
    ),
    (
        lambda text: _YARDS.search(text) or re.search(r"\bde minimis\b", text, re.I),
        _ORGANICS_CITY,
        N_(
            "How many cubic yards of trash service a week do you have, and how many gallons of organic waste?"
        ),
    ),
    (
        _EDIBLE_FOOD.search,
        _ORGANICS_CITY,
        N_("What kind of business is it, and how many seats or square feet does it have?"),
    ),
    (
        lambda text: _PUMPED.search(text) or _PERMIT_DAYS.search(text),
        _EITHER_CITY,
        N_("What date was it last pumped or serviced? I'll work out when the next service is due."),
    ),
)


# A bare number given to the question that asks for a count, with the unit that question asked for.
_COUNT_ASKED = {
    N_("How many seats does the restaurant have, and does it have a drive-thru?"): "seats",
}
# A bare number after a question about a bill is its amount from here up ("2" is no bill).
MIN_BARE_AMOUNT = 20
_BARE_NUMBER = re.compile(r"^\s*(?:about|like|maybe|around|como|unos|unas)?\s*(\d{1,5})\s*[.!]?\s*$", re.I)


# A bill's amount said first, without its dollar sign: "its 413, dated august 14", "es de 267 del 3 de marzo"
_AMOUNT_SAID = re.compile(
    r"^\s*(?:it'?s|it is|its|the (?:bill|invoice|amount) (?:is|was)|was|es de|son|fue de|la factura es de)\s+"
    r"(\d{2,5})(?:\.\d{2})?\b(?!\s*(?:gal|seat|day|sq|%|asiento|dia|d[ií]as))",
    re.I,
)


def with_unit_asked(text: str, asked: str | None) -> str:
    """``text`` with the unit the last question asked for, when it is a bare number ("52" to "How many seats
    ...?" is "52 seats"); else ``text`` as it is."""
    number = _BARE_NUMBER.match(text)
    unit = next((unit for question, unit in _COUNT_ASKED.items() if asked and t(question) in asked), None)
    return f"{number.group(1)} {unit}" if number and unit else text


# An amount with its unit, as a conversation's topic gives them ("1 yarda ... 6 galones", "48 seats")
_AMOUNT_WITH_UNIT = re.compile(
    r"\b\d+(?:[.,]\d+)?\s*(gallons?|gal|galones|cubic yards?|yards?|yardas(?: c[uú]bicas)?|seats|asientos|"
    r"days|d[ií]as)\b",
    re.I,
)
_A_NUMBER = re.compile(r"(?<![\d$/:.,-])\b\d+(?:\.\d+)?\b(?![/:]\d)")

# A count the conversation gives again replaces the one it gave before: seats, gallons, cubic yards
_COUNT_WITH_UNIT = re.compile(
    r"\b\d+(?:[.,]\d+)?\s*"
    r"(?P<unit>gallons?|gal|galones|cubic yards?|yards?|yardas(?: c[uú]bicas)?|seats|asientos)\b",
    re.I,
)
_UNIT_KINDS = (("gal", "gallon"), ("yard", "yard"), ("seat", "seat"), ("asiento", "seat"))


def _unit_kind(unit: str) -> str:
    """The kind of count a unit says: "gallon" for "gal", "galones"; "yard" for "cubic yards", "yardas"."""
    word = unit.lower().split()[-1] if not unit.lower().startswith("cubic") else "yard"
    return next((kind for prefix, kind in _UNIT_KINDS if word.startswith(prefix)), word)


def with_newer_facts(topic: str, said: str) -> str:
    """The conversation's facts, then ``said``, with each count ``said`` gives (seats, gallons, cubic yards)
    replacing the topic's counts of that kind ("... 48 seats" then "what if we add the patio, like 62 seats":
    62 seats, not the first count read again), and a dollar amount it gives replacing the topic's ("$267"
    then "what if its the 413 one instead": $413)."""
    return " ".join(f"{without_facts_said_again(topic, said)} {said}".split())


def without_facts_said_again(topic: str, said: str) -> str:
    """The topic without the facts ``said`` gives anew: its counts of the kinds ``said`` counts, its dollar
    amount when ``said`` gives one, whether there is a drive-thru when ``said`` says ("30 seats, no drive
    thru" then "and if we add a drive thru next year?": a drive-thru), and the service frequency when ``said``
    gives one ("my manager said 90 days" then "our permit says 60 days tho": 60 days)."""
    kinds = {_unit_kind(found["unit"]) for found in _COUNT_WITH_UNIT.finditer(said)}
    kept = _COUNT_WITH_UNIT.sub(lambda found: " " if _unit_kind(found["unit"]) in kinds else found[0], topic)
    if _DOLLARS.search(kept) and _DOLLARS.search(said):  # "the 413 one", "its 413", "$413"
        kept = _DOLLARS.sub(" ", kept)
    if _DRIVE_THRU.search(said):
        kept = _DRIVE_THRU.sub(" ", _NO_DRIVE_THRU.sub(" ", kept))
    if any(permit_frequency(said)):  # "our permit says 60 days tho" after "my manager said 90 days"
        kept = _DAYS_OF_A_FREQUENCY.sub(" ", _PERMIT_MONTHS.sub(" ", _PERMIT_DAYS.sub(" ", kept)))
    return with_the_day_corrected(kept, said)


# A day of the month said in place of another: "its dated the 13th not the 3rd", "was the 25th not the
# 15th", glossed "fue el 4 no el 3"
_ORDINAL_END = r"(?:st|nd|rd|th|ro|vo|to|o)?"
_DAY_CORRECTED = re.compile(
    rf"\b(?:the\s+|el\s+|del\s+)?(?P<new>\d{{1,2}}){_ORDINAL_END},?\s+(?:not|no|instead of|en vez del?)\s+"
    rf"(?:the\s+|el\s+|del\s+)?(?P<old>\d{{1,2}}){_ORDINAL_END}\b(?!\s*(?:[/:$%]|gal|seat|day|sq|asiento|d[ií]a))",
    re.IGNORECASE,
)


# A number said as a day of the month: with "the", "el", "del" before it or an ordinal's ending after it
_SAID_AS_A_DAY = re.compile(r"\b(?:the|el|del)\s+\d|\d(?:st|nd|rd|th)\b", re.I)
_A_DATE_WORD = re.compile(r"\b(?:dated?|fecha|day|d[ií]a|pumped|cleaned|on the|fue el|was the)\b", re.I)


def with_the_day_corrected(topic: str, said: str) -> str:
    """``topic`` with the day of the month of its dates that ``said`` corrects ("nov 3" becomes "nov 13"
    after "its dated the 13th not the 3rd"); ``topic`` as it is when ``said`` corrects no day, or the topic
    dates nothing on the old day."""
    found = next(
        (
            match
            for match in _DAY_CORRECTED.finditer(said)
            if 1 <= int(match["new"]) <= 31
            and 1 <= int(match["old"]) <= 31
            and _SAID_AS_A_DAY.search(match[0])
        ),
        None,
    )  # "every 60, not 90... and it was the 20th not the 30th": the days, not the frequency
    if found is None:
        return topic  # "its 20 not 30" of the seats names no day of the month
    if _NOTICE_OF_VIOLATION.search(topic) and not _A_DATE_WORD.search(said):
        return topic  # "its the 3rd not the 2nd" after a notice of violation: which notice, not its date
    old, new = found["old"], found["new"]
    month_first = re.compile(rf"\b(?P<month>{MONTH_PATTERN})\.?\s+(?:the\s+)?0?{old}{_ORDINAL_END}\b", re.I)
    day_first = re.compile(
        rf"\b(?:the\s+|el\s+)?0?{old}{_ORDINAL_END}(?P<between>\s+(?:of\s+|de\s+)?)(?P<month>{MONTH_PATTERN})\b",
        re.I,
    )
    corrected = month_first.sub(lambda m: f"{m['month']} {new}", topic)
    return day_first.sub(lambda m: f"{new}{m['between']}{m['month']}", corrected)


# A number of days the topic gave that may be a frequency ("my manager said 90 days"), not a day counted from
# ("pumped 45 days ago")
_DAYS_OF_A_FREQUENCY = re.compile(r"\b\d{2,3}[- ]?days?\b(?!\s+(?:ago|before|after|later|from|since))", re.I)


# A number said back in place of the one just supposed: "no no, son 8", "nah it's 8", "no, actually 8"
_SAID_BACK = re.compile(
    r"^\W*(?:(?:no+|nah|nope|wait|espera|perd[oó]n|sorry|oops)\b[\W]*)+"
    r"(?:(?:son|es|eran|fueron|it'?s|its|it is|they'?re|actually|really|more like|m[aá]s bien|como|like|"
    r"about|unos|unas|just|solo|nom[aá]s)\s+)*\d",
    re.IGNORECASE,
)
# "Son 8, afortunadamente." right after "¿Y si fueran 12 galones?": the number said back without a "no"
_SAID_BACK_TO_A_WHAT_IF = re.compile(
    r"^\W*(?:son|eran|fueron|they'?re|actually|really|m[aá]s bien)\s+(?:(?:como|like|about|unos|unas|solo|"
    r"just|nom[aá]s)\s+)?\d+\b(?!\s+(?:los|las|que|q|de)\b)",
    re.IGNORECASE,
)


# Seats added to those the topic gave: "add 20 more seats", "another 12 seats", "agregamos 20 sillas más"
_SEATS_ADDED = re.compile(
    r"\b(?P<verb>add|adding|added|another|put in|putting in|agregar|agregamos|agregando|poner|ponemos"
    r"|otras?)\s+"
    r"(?P<count>\d{1,3})\s+(?:more\s+|extra\s+|additional\s+)?(?:seats?|chairs|sillas|asientos)(?:\s+m[aá]s)?\b",
    re.IGNORECASE,
)


_SEATS_SAID = re.compile(rf"\b(\d{{1,4}})\s*(?:{_SEAT_WORDS}|sillas|asientos)\b", re.I)  # raw Spanish too
_SPANISH_ADDING = {"agregar", "agregamos", "agregando", "poner", "ponemos", "otra", "otras"}


def what_if_read(text: str, topic: str) -> str:
    """Seats a what-if adds to those the topic gave ("what if we add 20 more seats" after 38: 58 seats in
    all); a what-if's bare number in the unit of the last amount the topic gave ("y si fueran 12?" after "1
    yarda ... 6 galones" supposes 12 gallons), and so a number said back in place of it ("no no, son 8"
    after the what-if: 8 gallons); ``text`` as it is when it is neither, gives its unit, or the topic gave
    no amount."""
    if (added := _SEATS_ADDED.search(text)) and (had := _SEATS_SAID.findall(topic)):
        # "what if we add 20 more seats next year" after 38 seats: 58 seats ("y si agregamos 20 sillas más?")
        total = int(had[-1]) + int(added.group("count"))
        spanish = added.group("verb").lower() in _SPANISH_ADDING
        seats = f"{total} sillas en total" if spanish else f"{total} seats in all"
        return f"{text[: added.start()]}{added.group('verb')} {seats}{text[added.end() :]}"
    last = re.split(r"(?<=[.?!])\s+", topic.strip())[-1] if topic.strip() else ""
    said_back = _SAID_BACK.match(text) or (_SAID_BACK_TO_A_WHAT_IF.match(text) and is_hypothetical(last))
    if not (is_hypothetical(text) or said_back) or _AMOUNT_WITH_UNIT.search(text):
        return text
    units = _AMOUNT_WITH_UNIT.findall(topic)
    number = _A_NUMBER.search(text)
    if not units or number is None:
        return text
    return f"{text[: number.end()]} {units[-1]}{text[number.end() :]}"


def bare_number_read(text: str, asked: str | None, topic: str, city: str | None, now: dt.datetime) -> str:
    """What a bare number means after the last answer: the count the last question asked for ("52" to "How
    many seats ...?"); else the one value the topic's rule still needs ("52" after the yearly fee's two
    amounts: 52 seats); else, after a next service worked out, the permit's frequency in days ("60" after
    "no other frequency is set"). ``text`` as it is when it is no bare number or none of these."""
    if not _BARE_NUMBER.match(text):
        said = _AMOUNT_SAID.match(text)  # "its 413, dated august 14" after a question about a late bill
        if said and (_INVOICE.search(topic) or _FEE_NOTICE.search(topic)) and int(said[1]) >= MIN_BARE_AMOUNT:
            return f"{text[: said.start(1)]}${text[said.start(1) :]}"
        return text
    for question in (asked, missing_value_question(topic, city)):
        if (said := with_unit_asked(text, question)) != text:
            return said
    number = _BARE_NUMBER.match(text).group(1)
    if _NOTICE_OF_VIOLATION.search(topic) and 1 <= int(number) <= max(_ORDINALS.values()):
        return f"{_ordinal(int(number))} notice of violation"  # "3" after "whats the fine for a NOV"
    if (_INVOICE.search(topic) or _FEE_NOTICE.search(topic)) and int(number) >= MIN_BARE_AMOUNT:
        return f"${number}"  # "267" after "how much is the late charge on the fog fee invoice?"
    if city != "inglewood" and _EDIBLE_FOOD.search(topic) and (size := _edible_size(int(number), topic)):
        return size  # "280" after "do our restaurants have to donate leftover food?": 280 seats
    found = compute(topic, city, now) or compute(f"{topic} last serviced today", city, now)
    if found is not None and found.kind == "service_due":  # "120" after a next service worked out, or
        return f"our permit says every {number} days"  # after "how often ...?", which needs only the day
    return text


# A restaurant's bare size under this is its seats, from it up its square feet (no restaurant has 280 square
# feet, nor 4,800 seats)
MAX_BARE_SEATS = 1000
_BARE_SIZE_UNIT = {"hotel": "rooms", "health_facility": "beds"}


def _edible_size(number: int, topic: str) -> str | None:
    """A bare number said of the business an edible-food topic names, in the unit its tier is measured by:
    a restaurant's seats (or, from :data:`MAX_BARE_SEATS` up, its square feet), a hotel's rooms, a health
    facility's beds, any other business's square feet; None when the topic names no business."""
    kind = next((kind for kind, words in _EDIBLE_KINDS if words.search(topic)), None)
    if kind is None:
        return None
    if kind == "restaurant":
        return f"{number} seats" if number < MAX_BARE_SEATS else f"{number} square feet"
    return f"{number} {_BARE_SIZE_UNIT.get(kind, 'square feet')}"


# "me dieron otro ticket ... x la trampa de grasa" (glossed "another ticket ... for the grease trap"): a
# ticket for the grease device, never its pump-out's ticket
_A_TICKET_FOR_THE_DEVICE = (
    r"\b(?:another|otro)\s+(?:ticket|citation)\b(?!\s+(?:from|for|of|de)\s+(?:the\s+)?(?:pump|hauler|truck))"
    r"|\b(?:ticket|citation)\s+(?:for|por|x|because of|over)\s+(?:the\s+|la\s+|el\s+|our\s+|my\s+)?"
    r"(?:grease|fog|trap|trampa|interceptor|grasa)\b(?!\s+(?:\w+\s+)?(?:service|pump\w*|clean\w*|manifest))"
)
_NOTICE_OF_VIOLATION = re.compile(f"{_NOTICE_NAMED}|{_A_TICKET_FOR_THE_DEVICE}", re.I)


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def frequency_noted(text: str, city: str | None, now: dt.datetime) -> str | None:
    """What a permit frequency said without a service date means ("our Inglewood permit says 90 days"): the
    interval the core works out from it, with its section, or why the core refuses it (a Victorville
    frequency the FOG manager cannot assign); None when no frequency is said or the city is not known."""
    days, months = permit_frequency(text)
    if city is None or (days is None and months is None):
        return None
    today = ParseContext(now=now).today
    device = "trap" if _TRAP.search(text) else "interceptor"
    try:
        result = compliance.service_due(city, device, today, today, days, frequency_months=months)
    except compliance.ComplianceError as refused:
        return str(refused)
    return t(
        "With that frequency, service is due {interval} ({citation}).",
        interval=t("every {days} days", days=days) if days else result.interval,  # the permit's own figure
        citation=result.citation,
    )


def missing_value_question(text: str, city: str | None) -> str | None:
    """The one short question for the value a rule the message names still needs ("our permit says 120":
    the date of the last service), or None when no rule is named. Ask it only when :func:`compute` found
    nothing."""
    for names_rule, cities, question in _ASK_FOR:
        if city in cities and names_rule(text):
            return t(question)
    return None


MAX_SAME_DAY_SAID = 3  # how many times one day may be said again before the next day is looked for
# A paper's own date ("an invoice dated November 30", "la factura con fecha del 30 de noviembre"), and the
# clocks a paper starts (an invoice, a notice, a letter mailed)
_DATED = re.compile(r"\b(?:dated|dated on|fechad[oa](?: el)?|con fecha(?: del?)?|la fecha dice)\s+", re.I)
# (a clock that runs from a mailing runs from the day it was mailed, said or not: "mailed nov 24 but the
# letter is dated nov 20" appeals by the mailing's 15 days)
_DATED_PAPER = re.compile(r"\b(?:invoice|fee|charge)\b", re.I)


def _the_day_dated(
    said: str, ctx: ParseContext, tense: str
) -> tuple[ParseResult[dt.date], tuple[int, int]] | None:
    """The one day a paper is said to be dated ("invoice dated November 30"), with its span in ``said``;
    None when none is, or two are."""
    days = []
    for dated in _DATED.finditer(said):
        found, (start, end) = find_date(said[dated.end() :], ctx, tense)
        if found.ok and found.value is not None and start == 0:
            days.append((found, (dated.end() + start, dated.end() + end)))
    return days[0] if len({found.value for found, _ in days}) == 1 else None


def clock_deadlines(keys: tuple[str, ...], text: str, city: str, now: dt.datetime) -> Computed | None:
    """The due dates of the compliance core's clocks ``keys`` (an answer card's), started on the one day the
    message gives ("the letter was mailed nov 18": the revocation is final on the 16th day after); None when
    the message gives no day, or more than one (which day starts the clock is then not certain)."""
    if not keys:
        return None
    clocks = compliance.clocks_for(parse_city(city))
    if any(key not in clocks for key in keys):
        return None
    if _BILL_FOR_CITY_WORK.search(text) and not all(
        _STARTED_BY_A_BILL.search(clocks[key].trigger) for key in keys
    ):
        return (
            None  # "victorville sent invoice for cleaning the sewer main ... dated oct 30": no manifest's day
        )
    # An advance notice counts back from a day to come ("construction starts feb 1"); other clocks run
    # from a day that passed or is near ("mailed nov 18", "the hearing is dec 15").
    tense = FUTURE if any(clocks[key].counts_back for key in keys) else ANY
    ctx = ParseContext(now=now)
    found, (start, end) = find_date(text, ctx, tense)
    said = normalize(text)
    if found.ok and found.value is None and tense != FUTURE and (just := _JUST_HAPPENED.search(said)):
        # "the city just came by and handed us an emergency suspension order": today
        found, (start, end) = ParseResult(ctx.today), just.span()
    if not found.ok or found.value is None:
        return None
    dated = (
        _the_day_dated(said, ctx, tense)
        if any(_DATED_PAPER.search(clocks[k].trigger) for k in keys)
        else None
    )
    if dated is not None:
        # "Two weeks ago (Tuesday, Nov 17) we had a backup ... Today I got an invoice dated November 30": the
        # bill's clock starts on the day the bill is dated, whatever other days are said
        found, (start, end) = dated
    # the weekday said with the day is the same day ("on monday february 1, 2027"), never a second one
    rest = _WEEKDAY_BEFORE.sub(" ", said[:start]) + " " + said[end:]
    second, (second_start, second_end) = find_date(rest, ctx, tense)
    for _ in range(MAX_SAME_DAY_SAID):
        if second.value is None or second.value != found.value:
            break
        # the same day said again ("two weeks ago (Tuesday, Nov 17)"): the next day said after it ("an invoice
        # dated November 30") is the second one, at the same place in ``rest``
        rest = rest[:second_start] + "_" * (second_end - second_start) + rest[second_end:]
        second, (second_start, second_end) = find_date(rest, ctx, tense)
    other, start_at = None, start
    if dated is not None and second.value is not None and second.value != found.value:
        other = second.value  # the paper's day starts the clock; another day said is checked against it
    elif second.value is not None and second.value != found.value:
        # two days ("mailed nov 24, hearing is dec 3"): the clock starts on the one its start is said of
        at = second_start if second_start < start else second_start - 1 + (end - start)  # in ``said``
        after = end if at > start else 0  # the words before the second day, back to the first
        starts = _STARTS_WORK if tense == FUTURE else _STARTS_CLOCK
        first_starts = _said_to_start(
            said, start, 0 if at > start else at + (second_end - second_start), starts
        )
        second_starts = _said_to_start(said, at, after, starts)
        if first_starts == second_starts and any("incident" in clocks[key].trigger for key in keys):
            # "el miercoles 18 se nos tapo el drenaje ... hoy vino alguien de la ciudad": the day the spill is
            # said of starts a spill's clock
            first_starts = _spill_said_after(said, end)
            second_starts = _spill_said_after(said, at + (second_end - second_start))
        if first_starts == second_starts:
            return None  # which day starts the clock is not certain
        found, other = (found, second.value) if first_starts else (second, found.value)
        start_at = start if first_starts else at
        if other < found.value and (found.value - other).days > 180:  # "hearing jan 20" after "mailed nov 24"
            other = other.replace(year=other.year + 1)
    if (
        other is None
        and _OF_THE_HEARING.search(said[max(0, start_at - HEARING_WORDS_BEFORE) : start_at])
        and not any("hearing" in clocks[key].trigger for key in keys)
    ):
        return None  # "Hearing is December 21, 2026. What happens at the hearing?": no mailing day said
    if any(_starts_at_a_decision(clocks[key].trigger) for key in keys) and not _said_of_a_decision(
        said, start_at
    ):
        return None  # "mailed nov 20 ... and if we lose, can we appeal?": the appeal runs from a decision
    if (
        all(
            "mailed" in clocks[key].trigger and not _A_DECISION_OR_ORDER.search(clocks[key].trigger)
            for key in keys
        )
        and _said_of_a_decision(said, start_at, _A_DECISION_SAID)
        and not _SENT.search(said[max(0, start_at - DECISION_WORDS_BEFORE) : start_at])
    ):
        # "The hearing officer ... issued a written decision revoking our FOG permit, dated November 24": the
        # day of a decision starts no clock that runs from a notice's mailing (the hearing's window)
        return None
    if any("mailed" in clocks[key].trigger for key in keys) and _said_of_receipt(said, start_at):
        return None  # "got our 2nd NOV today, can i fight it?": the day it came, not the day it was mailed
    try:
        deadlines = [compliance.deadline(city, key, found.value) for key in keys]
    except compliance.ComplianceError:
        return None
    deadlines = [_with_the_notice_s_period(deadline, said) for deadline in deadlines]
    said_reasons = [deadline.reason for deadline in deadlines]
    dues = tuple(deadline.due for deadline in deadlines)
    if other is not None and (window := _in_window(other, list(dues))) is not None:
        # "hearing set dec 3, is that legal?": the verdict is the answer, the window its reason
        return Computed("window", " ".join([window, *said_reasons]), deadlines[0].citation, dues)
    return Computed("deadline", " ".join(said_reasons), deadlines[0].citation, dues)


# A letter or an order that came a moment ago, with no day said ("they just handed us an emergency suspension
# order", "nos acaban de dar una orden"): the day is today
_JUST_HAPPENED = re.compile(
    # (not "just mailed": a letter in hand was mailed before it came)
    r"\b(?:just|acab(?:a|an|o|amos)\s+de)\s+(?:came|come|handed|gave|given|served|delivered|dropped|got|"
    r"received|issued|shut|tagged|left|llegar|entregar|dar(?:nos|me)?|dejar|recibir|traer|"
    r"poner|pegar|cortar)\w*\b",
    re.IGNORECASE,
)


# The day a hearing is set for, said as such ("hearing is dec 21", "la audiencia está puesta para el 30"):
# never the day a notice was mailed
_OF_THE_HEARING = re.compile(
    r"\b(?:hearing|audiencia)\b(?:\s+(?:is|was|will be|set|scheduled|on|for|date|es|est[aá]|puesta|"
    r"programada|para|el|la|the|sera|será)){0,4}\W*$",
    re.IGNORECASE,
)
HEARING_WORDS_BEFORE = 40  # characters before a day its hearing words are looked for in


_WEEKDAY_BEFORE = re.compile(
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|sun|"
    r"lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo)\.?,?\s*$",
    re.IGNORECASE,
)
# The days a notice of violation itself gives to comply ("Correct within 10 calendar days", "tiene 10 dias
# para corregir"): shorter than the chapter's thirty, they are the deadline (6.37.130(d)(3))
_NOTICE_PERIOD = re.compile(
    r"\b(?:within|in|dentro de|en|tiene|tienes|tenemos|da|dan|gives?|giving)\s+"
    rf"(?P<n>\d{{1,2}}|{NUMBER_PATTERN})\s+"
    r"(?:calendar\s+|natural(?:es)?\s+)?(?:days?|d[ií]as)\b(?:\s+(?:calendario|naturales))?",
    re.IGNORECASE,
)


def _with_the_notice_s_period(deadline: compliance.Deadline, said: str) -> compliance.Deadline:
    """An organics notice of violation's deadline, from the shorter period the notice gives when the message
    reads it out; any other deadline as it is."""
    if deadline.key != compliance.ORGANICS_NOV_CLOCK or (match := _NOTICE_PERIOD.search(said)) is None:
        return deadline
    days = words_to_number(match["n"]) if not match["n"].isdigit() else int(match["n"])
    if days is None or not 1 <= days < 30:
        return deadline
    issued = dt.datetime.combine(deadline.start, dt.time())
    shorter = compliance.organics_nov_deadline(issued, dt.timedelta(days=int(days)))
    return replace(deadline, due=shorter.deadline.date(), reason=shorter.reason)


# The words that say a day started a clock: a letter's mailing or date, an order's service or issue.
_STARTS_CLOCK = re.compile(
    r"\b(?:mailed|dated|sent|served|issued|postmark\w*|letter|notice|invoice|fechad[ao]|enviad[ao]|con fecha|"
    r"mandaron|llego|sello|matasellos|"
    # "la mandaron por correo certificado el 20 de noviembre", "certified mail on nov 20"
    r"certified(?: mail)?|(?:por )?correo(?: certificado)?|certificad[ao]|"
    # a service's day ("the pumping guys came out yesterday afternoon"): a manifest's clock starts there
    r"pumped|serviced|cleaned|came out|came by|showed up|bombearon|vinieron)\b",
    re.IGNORECASE,
)


# The words that say a day to come is the one an advance notice counts back from: the work's start ("taking
# over jan 1 and starting a kitchen remodel feb 1")
_STARTS_WORK = re.compile(
    r"\b(?:start|starts|starting|begin|begins|beginning|remodel|remodeling|renovation|construction|work|"
    r"empieza|empezamos|comienza|comenzamos|remodelaci[oó]n|obra|construcci[oó]n)\b",
    re.IGNORECASE,
)


# A clock that starts at a hearing or a decision (an appeal's, a written decision's), and the words that say a
# day is one ("the hearing officer's decision came, dated nov 23", "la audiencia es el 15")
_DECIDED = re.compile(r"\b(?:decision|hearing)\b", re.IGNORECASE)
# A decision, never a hearing's notice ("the hearing officer issued a written decision ... dated November
# 24"); a clock that runs from an order or a decision mailed is started by it
_A_DECISION_SAID = re.compile(r"\b(?:decision|decided|ruling|ruled|resoluci[oó]n|fallo|decisi[oó]n)\b", re.I)
_A_DECISION_OR_ORDER = re.compile(r"\b(?:decision|order)\b", re.I)
_SENT_WORDS = r"mailed|sent|postmarked|enviad[ao]|mandaron"
_SENT = re.compile(rf"\b(?:{_SENT_WORDS})\b", re.IGNORECASE)  # not "dated": a decision is dated too
_OF_A_DECISION = re.compile(
    r"\b(?:decision|decided|decides|ruled|ruling|hearing|decisi[oó]n|decidi[oó]|audiencia|resoluci[oó]n|fallo)\b",
    re.IGNORECASE,
)
# how far before the day the words that it is a hearing's or decision's are looked for ("the hearing
# officer's written decision (a temporary suspension of our FOG permit) is dated November 24")
DECISION_WORDS_BEFORE = 90


def _starts_at_a_decision(trigger: str) -> bool:
    """Whether a clock's start is a hearing or a decision ("hearing officer's written decision issued"), not
    a notice's mailing ("notice of the decision ... mailed", which "mailed nov 25" says)."""
    return bool(_DECIDED.search(trigger)) and "mailed" not in trigger


def _said_of_a_decision(text: str, at: int, words: re.Pattern[str] = _OF_A_DECISION) -> bool:
    """Whether the sentence before the day at ``at`` says it is a hearing's or a decision's (``words``: a
    decision's alone, for the clocks a hearing's notice starts)."""
    before = re.split(r"[.;!?]", text[max(0, at - DECISION_WORDS_BEFORE) : at])[-1]
    return bool(words.search(before))


# The words that say a day is when something arrived, not when it was mailed ("got our 2nd NOV today")
_RECEIVED = re.compile(
    r"\b(?:got|get|gotten|received|receive|came|arrived|handed|delivered|recib\w*|lleg[oó]|me dieron"
    r"|nos dieron)\b",
    re.IGNORECASE,
)
_MAILED = re.compile(rf"\b(?:{_SENT_WORDS}|dated|fechad[ao]|con fecha)\b", re.IGNORECASE)


RECEIPT_WORDS_AROUND = 60  # how far either side of a day the words that say it is an arrival are looked for


def _said_of_receipt(text: str, at: int) -> bool:
    """Whether the sentence of the day at ``at`` says it is when a letter arrived ("got our 2nd NOV today"),
    and nothing in the message says when it was mailed."""
    before = re.split(r"[.;!?]", text[max(0, at - RECEIPT_WORDS_AROUND) : at])[-1]
    after = re.split(r"[.;!?]", text[at : at + RECEIPT_WORDS_AROUND])[0]
    return bool(_RECEIVED.search(f"{before}{after}")) and not _MAILED.search(text)


def _spill_said_after(text: str, end: int) -> bool:
    """Whether the words just after a day, in its clause, say a spill happened then ("the 18th the sewer
    backed up")."""
    return bool(_SPILL.search(re.split(r"[,.;!?]", text[end : end + SPILL_SAID_REACH])[0]))


SPILL_SAID_REACH = 40  # how far after a day the words that say a spill happened that day may be


def _said_to_start(text: str, at: int, since: int, starts: re.Pattern[str]) -> bool:
    """Whether the words just before the day at ``at`` (in its clause, after ``since``: the other day) say
    it starts a clock (``starts``: "mailed nov 24", "letter dated 10/27"; "remodel starts feb 1")."""
    said = _SPOKEN_FILLER.sub(" ", text[max(since, at - 30) : at])  # "the letter's dated, uh, november"
    before = re.split(r"[,.;!?]", said)[-1]
    return bool(starts.search(before))


# What a caller says while finding the next word, with the commas a transcript puts around it
_SPOKEN_FILLER = re.compile(rf"[,\s]*\b(?:{SPOKEN_FILLERS}|este|o sea)\b[,\s]*", re.IGNORECASE)


def _in_window(day: dt.date, dues: list[dt.date]) -> str | None:
    """Where another day the message gives ("hearing set dec 3") falls against a window's earliest and
    latest days; None unless the clocks are such a window (two dues)."""
    if len(dues) != 2:
        return None
    earliest, latest = sorted(dues)
    window = {"date": long_date(day), "earliest": long_date(earliest), "latest": long_date(latest)}
    if day < earliest:
        return t("{date} is earlier than the chapter allows ({earliest} to {latest}).", **window)
    if day > latest:
        return t("{date} is later than the chapter allows ({earliest} to {latest}).", **window)
    return t("{date} falls within the window the chapter allows ({earliest} to {latest}).", **window)
