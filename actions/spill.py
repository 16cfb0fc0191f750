"""Spill reports (voice first; SMS and web too): whom to call right now, then the report, kept from the
first fact (``partial``), read back, committed before the reference number is given, and the written
confirmation the operator owes (Victorville Municipal Code § 10.03.280; Inglewood FOG Ordinance,
Monitoring and Notification (3)).

Phone numbers come only from :func:`compliance.spill_contacts`: printed in the ordinance (Inglewood) or
configured (:class:`config.settings.Settings`, Victorville); an office without a number is named and the
missing number said so, never guessed.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, NamedTuple

from rasa_sdk import Action, Tracker
from rasa_sdk.events import EventType, SlotSet
from rasa_sdk.executor import CollectingDispatcher

import compliance
import documents
import languages
import store
from actions import runtime
from actions.channel import channel_of
from actions.forms import (
    AfterTurn,
    Decision,
    FormState,
    GuidedForm,
    GuidedFormValidation,
    Message,
    incomplete,
    message_time,
    missing_answers,
    question_for,
    without_question,
)
from actions.knowledge import TOPIC_SLOT
from cities import detect_city
from compliance.shifts import human
from config import Settings
from config.paths import DOCUMENTS_DIR
from documents.links import document_url
from documents.spill_notice import incident_date
from intake import (
    GALLONS,
    SPILL_REACHES,
    SPILL_REPORT,
    FieldSpec,
    FormSpec,
    Location,
    Moment,
    ParseContext,
    Quantity,
    Reaches,
    find_quantity,
    mentions_phone,
    parse,
    parse_phone,
    without_phones,
)
from intake.locations import ADDRESS, STREET_SUFFIX, find_place, find_street_address
from intake.routing import sentences, spill_happening_now
from intake.text import business_name_said, names_a_food_business, parse_company_name, said_name
from knowledge.spanish import gloss
from languages import N_, t
from store import outbox
from store.db import Bind

log = logging.getLogger(__name__)

REFERENCE_SLOT = "spill_reference"
URGENT_TOLD_SLOT = "spill_urgent_told"

OVERFLOWING_NOW = FieldSpec(
    name="overflowing_now",
    label=N_("Overflowing right now"),
    ask=N_("Is sewage overflowing right now? (yes or no)"),
    ask_voice=N_("Is sewage overflowing right now? Say yes or press 1. Otherwise, say no or press 2."),
    parser="yes_no",
    why="An overflow happening now needs a phone call to the city before anything else.",
)

_OVERFLOW_NOW = re.compile(
    r"\b(?:overflowing|spilling|flowing|backing up|gushing|pouring)\b.*\b(?:now|right now)\b|\bright now\b|"
    r"\b(?:desbord\w*|derram\w*|rebos\w*|saliendo|brotando|sale|corriendo)\b.*\b(?:ahora|ahorita)\b|"
    r"\b(?:ahora mismo|en este momento)\b",
    re.IGNORECASE,
)  # English and Spanish ("se está desbordando ahorita")


_MY_NAME = re.compile(
    r"\b(?:my name(?:'s| is)|me llamo|mi nombre es)\s+(?P<name>[^\W\d_]+(?:\s+[^\W\d_]+){0,2}?)"
    # where the name ends: punctuation, a number, "and", or (a voice transcript has no commas) the next
    # clause's words ("my name is andre wilson im the shift lead")
    r"(?=\s*(?:[,.;!?]|\d|\b(?:and|y|i'?m|im|i am|soy|from|calling|callback|number|phone|mi|my)\b|$))",
    re.IGNORECASE,
)
_WHEN_CUE = re.compile(
    r"\b(?:ago|started|starting|since|began|this morning|last night|an? hour|\d{1,2}(?::\d\d)?\s*(?:am|pm)|"
    r"hace|empez\w*|comenz\w*|desde|anoche|esta ma[nñ]ana)\b",
    re.IGNORECASE,
)
_STILL_FLOWING = re.compile(
    r"\b(?:still (?:going|goin'?|coming|comin'?|flowing|running|spilling|overflowing|bubbling|pouring)|"
    r"won'?t stop|"
    r"hasn'?t stopped|sigue (?:saliendo|corriendo|tirando)|todav[ií]a (?:sale|est[aá] saliendo|corre))\b",
    re.IGNORECASE,
)
_STOPPED = re.compile(
    r"\b(?:(?:it'?s|it has|has) stopped|stopped (?:now|already)|not (?:flowing|coming out) anymore|"
    r"ya (?:par[oó]|se detuvo|no sale))\b",
    re.IGNORECASE,
)
_REACHES_CUE = re.compile(  # where it flows to, not an address ("on Seventh Street")
    r"\b(?:gutter|storm ?drain|(?:in|into|to|toward|down) the (?:street|alley|sidewalk)|"
    r"cuneta|drenaje pluvial|alcantarilla|(?:a|pa|para|hacia|hasta) la (?:calle|banqueta)|al callej[oó]n)\b",
    re.IGNORECASE,
)


# A spill from a food business's own drains ("our grease trap is overflowing", "se tapó la trampa de grasa"):
# a restaurant is involved, and the caller is at it.
_FOOD_BUSINESS_DRAINS = re.compile(
    r"\b(?:grease ?traps?|(?:grease )?interceptors?|"
    r"(?:our|my) (?:\w+ )?(?:kitchen|restaurant|taqueria|diner|cafe|bakery|fryer|dishwasher)|"
    r"trampas? de grasa|interceptor(?:es)?|"
    r"(?:nuestra|mi) (?:cocina|taquer[ií]a)|(?:nuestro|mi) restaurante|"
    r"(?:behind|in|from) the (?:restaurant|kitchen)|(?:del|el) restaurante|(?:de )?la cocina)\b",
    re.IGNORECASE,
)
# A caller who can't tell which business it comes from ("I don't know what restaurant", "no sé de cuál
# restaurante", "there's a couple on the block"): whether one is involved, unsure
_WHICH_RESTAURANT_UNKNOWN = re.compile(
    r"\b(?:(?:i )?(?:don'?t|do not|dunno) know|not sure|no s[eé]|ni idea)\s+(?:(?:what|which|de)\s+)?"
    r"(?:what|which|cu[aá]l|qu[eé])\s+(?:restaurant|restaurante)s?\b"
    # (not whom to call: "not sure what restaurant to call about this")
    r"(?!\s+(?:to|handles?|pa|para|llamar)\b)",
    re.IGNORECASE,
)
# "the restaurant is Mariscos El Puerto", "el restaurante es Mariscos El Puerto"
_NAMED_RESTAURANT = re.compile(
    r"\b(?:the restaurant(?:'s name)? (?:is|was|is called)|restaurant name(?: is|:)|"
    r"(?:el restaurante|la taquer[ií]a|el negocio|el nombre del (?:restaurante|negocio)) (?:es|se llama))\s+"
    r"(?P<name>[^,.;!?\n]+)",
    re.IGNORECASE,
)
_FIRST_CLAUSE = re.compile(r"[^.,;:!?\n]+")  # a message's words up to its first stop
NAME_FIRST_WORDS = 4  # a business's name said first and alone ("mori sushi."), not a sentence about one
_PLACE_WORDS = re.compile(  # "in front of the Denny's, 1120 La Brea": a landmark, not the business involved
    r"^(?:in front of|across|near|behind|by|next to|at|outside|"
    r"enfrente|frente|cerca|atr[aá]s|junto|afuera)\b",
    re.IGNORECASE,
)


# What is spilling, said with how it flows ("grease water coming up out of the manhole", "sale agua con
# grasa").
_SUBSTANCE = re.compile(
    r"\b(?:raw sewage|sewage|grease(?:y)? water|greasy water|grease and (?:water|food)|dirty water|"
    r"wastewater|grease|aguas negras|agua sucia|agua con grasa|grasa)\b",
    re.IGNORECASE,
)
_FLOWING = re.compile(
    r"\b(?:comin[g']? (?:up|out)|bubbling|gushing|pouring|overflow\w*|spill\w*|leak\w*|running|flowing|"
    # "the floor drain is pukin grease water everywhere n now its goin out the back door"
    r"puk\w*|spew\w*|flood\w*|goin[g']? out|"
    r"backing up|backin'? up|backed up|saliendo|sali[oó]|salen?|brotando|desbord\w*|derram\w*|tirando|"
    r"corriendo)\b",
    re.IGNORECASE,
)


_ON_STREET = re.compile(
    r"^(?P<name>.+?)\s+(?:(?:est[aá]|queda|is|es)\s+)?(?:en|on|at)\s+(?:la\s+|el\s+|the\s+)?"
    r"(?P<where>[\w .'-]+?)$",
    re.IGNORECASE,
)


# A street's kind said with its name ("market st", "la calle Manchester"): the project's street words
_STREET_WORDS = re.compile(rf"\b(?:{STREET_SUFFIX}|bulevar|esquina)\b", re.IGNORECASE)


class _Business(NamedTuple):
    name: str
    where: str  # the place it was said with ("Manchester", "1120 N La Brea Ave")


def _business_at(text: str, ctx: ParseContext) -> _Business | None:
    """The business named before a street address ("El Guero Tacos, 1120 N La Brea Ave"), after where it is
    ("es en la 3rd ave y manchester, pupuseria lupita") or with the street it is on ("Pollos El Sinaloense
    en la Manchester"), and that place; None."""
    pieces = [piece.strip() for piece in without_phones(text).split(",")]
    # clauses end at a comma or at a sentence's mark(s) ("... va pa la calle, q hago?? pupuseria la ceibita")
    clauses = [
        c.strip() for c in re.split(r",|(?<=[^\W\d_]{3})[.;!?]+\s+", without_phones(text)) if c.strip()
    ]
    for i, piece in enumerate(clauses):
        if not names_a_food_business(piece) or _PLACE_WORDS.match(piece):
            continue
        on_street = _ON_STREET.match(piece)
        if on_street and names_a_food_business(
            on_street.group("name")
        ):  # "Pollos El Sinaloense en la Manchester"
            piece, where_text = on_street.group("name"), on_street.group("where")
        elif len(clauses) >= 2:
            # where it is: the clauses beside it that name a street ("pupuseria la ceibita, market st
            # inglewood"), else all the others
            others = clauses[:i] + clauses[i + 1 :]
            where_text = ", ".join(
                [c for c in clauses[max(i - 1, 0) : i + 2] if c != piece and _STREET_WORDS.search(c)]
                or others
            )
        else:
            continue
        where = parse("location", where_text, ctx)
        name = business_name_said(piece)
        if name is None:  # "the restaurant", "sale de mi restaurante": no name said
            continue
        if where.ok and (company := parse_company_name(name)).ok:
            return _Business(company.value, where_text)
    if len(pieces) < 2 or _PLACE_WORDS.match(pieces[0]) or not re.search(r"[^\W\d_]", pieces[0]):
        return None
    first, second = parse("location", pieces[0], ctx), parse("location", pieces[1], ctx)
    if (first.ok and first.value.kind == ADDRESS) or not (second.ok and second.value.kind == ADDRESS):
        return None
    return _Business(pieces[0], pieces[1])


def extract_spill_facts(text: str, ctx: ParseContext, values: Mapping[str, Any]) -> dict[str, Any]:
    """Facts a spill message gives besides the answer asked: the city it names, "overflowing right now", a
    phone number, an amount in gallons, when it started ("about 20 minutes ago"), whether it is still
    flowing, where it reaches ("down the gutter to a storm drain") and what is spilling ("grease water
    coming up"), so a caller who says several at once is not asked them again; the caller's name when
    they say it ("my name's Kevin Ortiz"), and a restaurant involved when it is the caller's own drains."""
    found: dict[str, Any] = {}
    if (named := _MY_NAME.search(text)) and (name := parse("person_name", named.group("name"), ctx)).ok:
        found["reporter_name"] = name.slot
    elif said := said_name(text):  # "im Chente Ruiz the owner, 310-555-0199", "maria lopez 760-555-0188"
        found["reporter_name"] = said
    if _WHEN_CUE.search(text) and (moment := parse("moment", text, ctx)).ok:
        found["started_at"] = moment.slot
    if _STILL_FLOWING.search(text):
        found["still_flowing"] = "yes"
    elif _STOPPED.search(text):
        found["still_flowing"] = "no"
    # read in the sentences that say where it goes: "nine-thirty maybe? and it's running down the gutter
    # toward the storm drain" doubts the time, not the storm drain
    where_to = " ".join(part for part in sentences(text) if _REACHES_CUE.search(part))
    if where_to and (reaches := parse("reaches", where_to, ctx)).ok and reaches.slot != "unsure":
        found["reaches"] = _with_where_it_reached(values.get("reaches"), reaches.slot, where_to)
    if city := detect_city(text):
        found["city"] = city
    english = gloss(text) if languages.current() == languages.SPANISH else text
    if _OVERFLOW_NOW.search(text) or spill_happening_now(english):
        found["overflowing_now"] = "yes"
    if mentions_phone(text) and (phone := parse_phone(text)).ok:
        found["callback_number"] = phone.slot
    volume, _ = find_quantity(text, GALLONS)
    if volume.ok and volume.value is not None:
        found["volume"] = volume.slot
    if _FOOD_BUSINESS_DRAINS.search(text):
        found["restaurant_involved"] = "yes"
    elif _WHICH_RESTAURANT_UNKNOWN.search(text):
        found["restaurant_involved"] = (
            "unsure"  # "I don't know what restaurant, there's a couple on the block"
        )
    if _FLOWING.search(text) and (substance := _SUBSTANCE.search(text)):
        found["what_spilling"] = substance.group(0).lower()
    if (
        not values.get("location")
        and (place := find_place(text))
        and (where := parse("location", place, ctx)).ok
    ):
        found["location"] = where.slot  # "... out of a manhole in the parking lot behind the Del Taco on ..."
    elif (more_exact := _with_the_street_address(values.get("location"), text, ctx)) is not None:
        found["location"] = more_exact
    if (named := _NAMED_RESTAURANT.search(text)) and (company := parse_company_name(named.group("name"))).ok:
        found["restaurant_involved"], found["restaurant_name"] = "yes", company.value
    elif (
        (first := _FIRST_CLAUSE.match(text))
        and len(first.group(0).split()) <= NAME_FIRST_WORDS
        and names_a_food_business(first.group(0))
        and (name := business_name_said(first.group(0)))
    ):
        # "mori sushi. kenji. 310 555 0199" when asked whether a restaurant is involved: that one
        found["restaurant_involved"], found["restaurant_name"] = "yes", name
    involved = "yes" in (values.get("restaurant_involved"), found.get("restaurant_involved"))
    if involved and "restaurant_name" not in found and (business := _business_at(text, ctx)):
        found["restaurant_name"] = business.name
        at_it = _FOOD_BUSINESS_DRAINS.search(text) and not values.get("location")
        if at_it and (where := parse("location", f"{business.name}, {business.where}", ctx)).ok:
            found["location"] = (
                where.slot
            )  # "grease trap overflowing ... Mariscos Chente on Manchester": there
    return found


# Where it reaches said not to be so ("it's not in the storm drain", "no llegó al drenaje")
_NOT_REACHED = re.compile(
    r"\b(?:not|isn'?t|didn'?t|hasn'?t|never)\s+(?:\w+\s+){0,2}?(?:in|into|reach\w*|to|at|near|gotten|got)\b"
    r"|\bstopped\b|\bno\s+(?:ha\s+)?lleg\w*|\bno\s+est[aá]\s+en\b",
    re.IGNORECASE,
)


def _with_where_it_reached(kept: Any, said: Any, words: str) -> Any:
    """Where the spill reaches, as the latest message says it: what it says it does not reach, said anew ("it
    stopped at the curb, it's not in the storm drain"); otherwise what was said before and what it adds
    ("it's going into the storm drain" after the street: both)."""
    if not isinstance(kept, list) or not isinstance(said, list) or _NOT_REACHED.search(words):
        return said
    return [place for place in SPILL_REACHES if place in kept or place in said]


# Words that give the spill's own address ("I walked over, the sign says 12350 Bear Valley Road", "it's at
# ...", "la dirección es ..."), and words that give someone's own place instead ("I own the flower shop at
# 1200 W Century Blvd", "I live at ...", "the restaurant is Rosa's Kitchen, 14580 ...")
_THE_PLACE_SAID = re.compile(
    r"\b(?:sign says|walked over|it'?s at|it is at|address is|the address|located at|right at|in front of|"
    r"la direcci[oó]n|el n[uú]mero es|est[aá] en el|queda en|es en el)\b",
    re.IGNORECASE,
)
_SOMEONE_ELSES_PLACE = re.compile(
    r"\b(?:i live|we live|my (?:shop|store|house|office|place|home)|i own|i work|restaurant(?:'s)? is|"
    r"vivo|vivimos|mi (?:casa|tienda|negocio|oficina)|trabajo en)\b",
    re.IGNORECASE,
)


def _with_the_street_address(
    location: Mapping[str, Any] | str | None, text: str, ctx: ParseContext
) -> dict[str, Any] | None:
    """The location kept, made exact by a street address said as the spill's after it ("the manhole in the
    parking lot behind the Denny's", then "the sign says 12350 Bear Valley Road"): the address first, the
    words kept after it; None when the location kept is an address already, or the message gives no address
    as the spill's (the caller's own shop's or a restaurant's is not where the spill is)."""
    if not location:
        return None
    kept, kind = (location, None) if isinstance(location, str) else (location["text"], location.get("kind"))
    if kind == ADDRESS or not _THE_PLACE_SAID.search(text) or _SOMEONE_ELSES_PLACE.search(text):
        return None
    street = find_street_address(text)
    if street is None or street.lower() in kept.lower():
        return None
    where = parse("location", f"{street}, {kept}", ctx)
    return where.slot if where.ok else None


REPORTED = "reported to the city"  # the spill the topic is about, once this report is filed


def spill_facts(values: Mapping[str, Any]) -> str:
    """The spill being reported, as the compliance core reads it: its day (today until the caller says)."""
    started = values.get("started_at")
    day = dt.datetime.fromisoformat(started).date() if isinstance(started, str) else None
    return f"a sewage spill on {day:%B} {day.day}, {day.year}" if day else "a sewage spill today"


SPILL_FORM = GuidedForm(
    name="spill_form",
    subject="spill-notification",
    says_what_it_starts=False,  # whom to call comes first
    spec=FormSpec("spill_report", None, SPILL_REPORT.title, (OVERFLOWING_NOW, *SPILL_REPORT.fields)),
    skippable=frozenset(
        {
            "what_spilling",
            "started_at",
            "still_flowing",
            "reaches",
            "volume",
            "restaurant_name",
            "reporter_name",
        }
        | {"callback_number", "restaurant_involved"}
    ),
    aliases={  # the English words, then the Spanish ones (with or without accents)
        r"address|location|where|cross streets?|place|spot|manhole|"
        r"direcci[oó]n|ubicaci[oó]n|d[oó]nde|lugar|cruce|esquina|calles que cruzan|pozo|registro": "location",
        r"what(?:'s| is)? spilling|material|substance|what it is|"
        r"qu[eé] (?:se )?(?:est[aá] )?(?:derramando|saliendo|tirando)|sustancia": "what_spilling",
        r"start(?:ed)?|time|when|empez[oó]|comenz[oó]|inicio|hora|cu[aá]ndo": "started_at",
        r"flowing|sigue (?:saliendo|corriendo|fluyendo)|fluyendo|corriendo": "still_flowing",
        r"street|gutter|storm drain|reach(?:es)?|calle|cuneta|drenaje pluvial|alcantarilla|llega": "reaches",
        r"volume|amount|gallons|how much|volumen|cantidad|galones|cu[aá]nto": "volume",
        r"restaurant name|business name|which restaurant|"
        r"nombre del (?:restaurante|negocio)|(?:cu[aá]l|qu[eé]) restaurante": "restaurant_name",
        r"restaurant|business involved|restaurante|negocio": "restaurant_involved",
        r"(?:my )?name|(?:mi )?nombre": "reporter_name",
        r"phone|number|call ?back|tel[eé]fono|n[uú]mero|celular|cel": "callback_number",
        r"city|ciudad": "city",
    },
    extract=extract_spill_facts,
    topic=N_("spill report"),
    question_facts=spill_facts,
    send_early_with=(("city",), ("location",), ("callback_number",)),
    # the location made exact by a street address said later; where it reaches said again otherwise ("it's not
    # in the storm drain, it stopped at the curb")
    restated=frozenset({"location", "reaches"}),
    confirmation_sends=True,
    answers_with_the_request=False,
)

_STORE_COLUMNS = {
    "city",
    "location",
    "what_spilling",
    "started_at",
    "still_flowing",
    "reaches",
    "volume",
    "restaurant_involved",
    "restaurant_name",
    "reporter_name",
    "callback_number",
}


def _yes_no_bool(value: Any) -> bool | None:
    return {"yes": True, "no": False}.get(value) if isinstance(value, str) else value


def store_fields(values: Mapping[str, Any]) -> dict[str, Any]:
    """The form's slot values as :mod:`store.spills` columns (None where not answered)."""
    fields: dict[str, Any] = {"city": values.get("city")}
    location = values.get("location")
    fields["location_text"] = Location.from_slot(location).text if location else None
    fields["what_spilling"] = values.get("what_spilling")
    started = values.get("started_at")
    started_at = Moment.from_slot(started).at if started else None
    fields["started_at"] = started_at
    fields["incident_at"] = started_at
    fields["still_flowing"] = _yes_no_bool(values.get("still_flowing"))
    reaches = values.get("reaches")
    fields["reaches"] = None if reaches in (None, "unsure") else list(Reaches.from_slot(reaches).places)
    volume = values.get("volume")
    if volume is not None:
        quantity = Quantity.from_slot(volume)
        fields["volume_estimate"] = quantity.describe()
        fields["volume_gallons"] = float(quantity.amount)
    else:
        fields["volume_estimate"] = fields["volume_gallons"] = None
    fields["restaurant_involved"] = _yes_no_bool(values.get("restaurant_involved"))
    fields["restaurant_name"] = values.get("restaurant_name") if fields["restaurant_involved"] else None
    fields["reporter_name"] = values.get("reporter_name")
    fields["callback_number"] = values.get("callback_number")
    return fields


def save_partial(
    tracker: Tracker,
    values: Mapping[str, Any],
    reference: str | None,
    now: dt.datetime,
    missing: list[str] | None = None,
) -> str | None:
    """Create the partial report on the first fact, or bring it up to date; returns its reference.
    ``missing``: the questions it is sent without (see :func:`actions.forms.missing_answers`)."""
    answered = {k: v for k, v in values.items() if v is not None}
    if not answered:
        return reference
    fields = store_fields(values)
    details = {  # the reporter's texts use the language
        "answers": dict(values),
        "language": languages.current(),
        **incomplete(missing or []),
    }
    engine = runtime.engine()
    if reference is None:
        record = store.spills.create_partial(
            engine,
            conversation_id=tracker.sender_id,
            channel=channel_of(tracker),
            details=details,
            now=now,
            **{k: v for k, v in fields.items() if v is not None},
        )
        return record["reference"]
    record = store.spills.get_by_reference(engine, reference)
    if record is None or record["status"] == "submitted":
        return save_partial(tracker, values, None, now, missing)
    store.spills.update(engine, reference, details=details, now=now, **fields)
    return reference


def configured_contacts(city: str, settings: Settings) -> dict[str, str]:
    """The spill numbers configured for ``city``, keyed as :func:`compliance.spill_contacts` expects."""
    if city == "inglewood":
        printed = Settings().inglewood_spill_phone
        return {"city": settings.inglewood_spill_phone} if settings.inglewood_spill_phone != printed else {}
    numbers = {
        "code_enforcement": settings.victorville_code_enforcement_phone,
        "sanitary": settings.victorville_sanitary_phone,
        "fire_police": settings.victorville_after_hours_phone,
    }
    return {key: value for key, value in numbers.items() if value}


def urgent_contacts(city: str, when: dt.datetime, settings: Settings) -> tuple[str, str | None]:
    """What to tell someone whose sewer is overflowing now, and the first number to dial (E.164) if any."""
    found = compliance.spill_contacts(city, when, contacts=configured_contacts(city, settings))
    parts = []
    dial = None
    missing = []
    for index, contact in enumerate(found.contacts):
        parts.append(_call_sentence(contact.who, contact.phone, first=index == 0, open_=found.city_hall_open))
        if contact.phone:
            parsed = parse_phone(contact.phone)
            if dial is None and parsed.ok:
                dial = parsed.value.e164
        else:
            missing.append(contact)
    if len(missing) == 1:
        parts.append(t("Its phone number is not configured here, and the ordinance prints none."))
    elif missing:
        parts.append(t("Their phone numbers are not configured here, and the ordinance prints none."))
    if city == "victorville" and found.city_hall_open:
        parts.append(t("During City Hall business hours you can also go to City Hall in person."))
    return f"{' '.join(parts)} ({found.citation})", dial


def each_city_urgent_contacts(when: dt.datetime, settings: Settings) -> str:
    """Whom to call right now in each city, labelled, for a spill whose city is not known yet."""
    return t(
        "If it's in Victorville: {victorville} If it's in Inglewood: {inglewood}",
        victorville=urgent_contacts("victorville", when, settings)[0],
        inglewood=urgent_contacts("inglewood", when, settings)[0],
    )


def _call_sentence(who: str, phone: str | None, *, first: bool, open_: bool) -> str:
    """Whom to call (first: right now; the others: if it could block the sewer), with the number if known."""
    if first and phone:
        return t("Call the {who} right now at {phone}.", who=who, phone=phone)
    if first:
        return t("Call the {who} right now.", who=who)
    if open_ and phone:
        return t(
            "If it could block the sewer or overflow, also call the {who} at {phone}.", who=who, phone=phone
        )
    if open_:
        return t("If it could block the sewer or overflow, also call the {who}.", who=who)
    if phone:
        return t(
            "If it could block the sewer or overflow, also call the {who}, because City Hall is closed "
            "at {phone}.",
            who=who,
            phone=phone,
        )
    return t(
        "If it could block the sewer or overflow, also call the {who}, because City Hall is closed.", who=who
    )


class ValidateSpillForm(GuidedFormValidation):
    form = SPILL_FORM

    def after(self, decision: Decision, state: FormState, message: Message, tracker: Tracker) -> AfterTurn:
        decision = _no_place_for_where(_a_place_for_what_spills(decision, state, message), state, message)
        values = {**state.values, **decision.updates}
        result = AfterTurn(decision)
        starting_call = message.fresh and state.requested is None and message.intent == "voice_call_started"
        if starting_call and decision.question:
            greeting = t("You've reached the sewage spill line. {question}", question=decision.question[0])
            decision = replace(decision, question=(greeting, *decision.question[1:]))
            result.decision = decision
        reference = tracker.get_slot(REFERENCE_SLOT)
        try:
            saved = save_partial(tracker, values, reference, message.ctx.now)
        except store.StoreError:
            log.exception("could not save the partial spill report for %s", tracker.sender_id)
            saved = reference
        if saved != reference:
            result.events.append(SlotSet(REFERENCE_SLOT, saved))
        city = values.get("city")
        just_told = values.get("overflowing_now") == "yes" and state.values.get("overflowing_now") != "yes"
        if just_told and city is None:  # whom to call comes before which city it is: each city's, labelled
            result.messages.append(each_city_urgent_contacts(message.ctx.now, runtime.settings()))
        asks_if_now = bool(decision.question) and decision.question[-1] in (
            t(OVERFLOWING_NOW.ask),
            t(OVERFLOWING_NOW.ask_voice),
        )
        if asks_if_now and city and not tracker.get_slot(URGENT_TOLD_SLOT):
            # "grease backing up out the floor drain ... HELP. inglewood", not plainly going on or over: whom
            # to call comes first all the same, before the question whether it is
            text, _ = urgent_contacts(city, message.ctx.now, runtime.settings())
            result.messages.append(t("If it is overflowing right now: {contacts}", contacts=text))
        if values.get("overflowing_now") == "yes" and city and not tracker.get_slot(URGENT_TOLD_SLOT):
            text, dial = urgent_contacts(city, message.ctx.now, runtime.settings())
            result.events.append(SlotSet(URGENT_TOLD_SLOT, True))
            if message.channel == "voice" and dial:
                result.payloads.append({"dial": dial, "say": t("Connecting you now.")})
                result.decision = without_question(decision)
                result.messages.append(text)
            else:
                result.messages.append(
                    t("{contacts} Then, if you can, tell me more so the report is on file.", contacts=text)
                )
        return result


def _a_place_for_what_spills(decision: Decision, state: FormState, message: Message) -> Decision:
    """ "Valley Plaza, 14400 Bear Valley Road, the cleanout is behind unit C" said when asked what is
    spilling: where it is, which the report keeps as its location (more exact than the first words for it),
    and what is spilling asked again; any other turn as decided."""
    said = decision.updates.get("what_spilling")
    if state.requested != "what_spilling" or not said or _SUBSTANCE.search(message.text):
        return decision
    if any(decision.updates.get(name) is not None for name in _OTHER_ANSWERS):
        # "empezo hace como 20 min, si sigue saliendo": when it started and that it still flows, kept; what
        # is spilling asked again
        return _asked_again(decision, message, "what_spilling", t("Got it."))
    street = find_street_address(message.text)
    where = parse("location", message.text, message.ctx) if street else None
    if where is None or not where.ok:  # (its kind may be the cleanout it names: the street is said)
        return decision
    return _asked_again(
        replace(decision, updates={**decision.updates, "location": where.slot}),
        message,
        "what_spilling",
        t("Got the location."),
    )


# Words that say where something is: a street, a sewer opening, a spot outdoors, a place by another
_WHERE_WORDS = re.compile(
    r"\b(?:st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|way|lane|hwy|highway|calle|avenida|esquina|"
    r"corner|block|cuadra|behind|near|next to|in front|across|outside|by the|cerca|enfrente|frente|junto|"
    r"atr[aá]s|detr[aá]s|afuera|manholes?|clean ?outs?|drains?|gutter|alley|sidewalk|parking|lot|plaza|"
    r"center|mall|coladeras?|alcantarillas?|drenaje|registro|estacionamiento|callej[oó]n|banqueta|cuneta|"
    r"casa|house|home|building|edificio|store|tienda|restaurant|restaurante)\b|\d",
    re.IGNORECASE,
)


# Numbers that say when or how much, not where ("como a las 9:40", "20 minutes ago", "unos 10 galones")
_TIMES_AND_AMOUNTS = re.compile(
    r"\b\d{1,2}(?::\d{2})?\s*(?:a\.?\s?m\b\.?|p\.?\s?m\b\.?)|\b\d{1,2}:\d{2}\b|"
    r"\b\d+\s*(?:min\w*|hours?|hrs?|horas?|gal\w*|days?|d[ií]as?)\b",
    re.IGNORECASE,
)


def _no_place_for_where(decision: Decision, state: FormState, message: Message) -> Decision:
    """ "desde en la mañanita, como a las siete ... sigue saliendo" said when asked where: when it started and
    that it still flows are kept, and where it is asked again; words that name no place are no location."""
    said = decision.updates.get("location")
    if state.requested != "location" or not said:
        return decision
    others = any(decision.updates.get(name) is not None for name in _OTHER_ANSWERS)
    if _WHERE_WORDS.search(_TIMES_AND_AMOUNTS.sub(" ", message.text)):
        # "OK. It is not in the street, only our parking lot, maybe 10 gallon. No storm drain close.": the
        # place is the clause that names one, not the whole answer with where it does not reach
        clause = _the_place_said(message.text) if others else None
        if clause and (where := parse("location", clause, message.ctx)).ok:
            return replace(decision, updates={**decision.updates, "location": where.slot})
        if others and clause == "":  # "... and it's running down the gutter toward the storm drain": where
            return _asked_again(decision, message, "location", t("Got it."))  # it goes, not where it is
        return decision
    if not others:
        return decision
    return _asked_again(decision, message, "location", t("Got it."))


# A clause that says where it is not ("It is not in the street", "No storm drain close"): no place of its own
_NOT_THERE = re.compile(
    r"^\W*(?:(?:it'?s|it is|its|is|est[aá]|llega)\s+)?(?:not|no|isn'?t|nowhere|ni|nada)\b"
    r"|^\W*(?:only|just|solo)\s*$",
    re.IGNORECASE,
)
_ONLY = re.compile(r"^\W*(?:only|just|solo|nom[aá]s|nada m[aá]s)\s+", re.IGNORECASE)


def _the_place_said(text: str) -> str | None:
    """The one clause of an answer that names a place, when the others say where it does not reach or goes
    to, when it started or how much ("only our parking lot"); "" when the only clauses with place words say
    where it flows to ("and it's running down the gutter toward the storm drain"); None when none or several
    do."""
    clauses = [clause.strip() for clause in re.split(r"[.;,!?]+\s*", text) if clause.strip()]
    said = [
        clause
        for clause in clauses
        if _WHERE_WORDS.search(_TIMES_AND_AMOUNTS.sub(" ", clause)) and not _NOT_THERE.match(clause)
    ]
    places = [_ONLY.sub("", clause) for clause in said if not _FLOWS_TO.search(clause)]
    if said and not places and len(clauses) > 1:
        return ""
    return places[0] if len(places) == 1 and len(clauses) > 1 else None


# A clause that says where the spill flows to, not where it is ("it's running down the gutter toward the
# storm drain", "ya se está yendo pa la coladera")
_FLOWS_TO = re.compile(
    r"\b(?:running|going|flowing|heading|headed|draining|runs|goes|flows|spreading)\s+(?:\w+\s+){0,2}?"
    r"(?:to|toward|towards|into|down)\s+(?:the|a)\b"
    r"|\b(?:llegando|yendo|corriendo|va|se\s+va|escurriendo)\s+(?:\w+\s+){0,1}?(?:pa|para|hacia|a|al)\s+"
    r"(?:la|el|los|las)?\b",
    re.IGNORECASE,
)


# The answers a message may give in place of what is spilling, which then is no answer to it
_OTHER_ANSWERS = ("started_at", "still_flowing", "volume", "reaches")


def _asked_again(decision: Decision, message: Message, field: str, heard: str) -> Decision:
    """The decision without the words taken for ``field``'s answer, its question asked again after
    ``heard``."""
    updates = {name: value for name, value in decision.updates.items() if name != field}
    spec = SPILL_FORM.spec.field(field)
    return replace(
        decision,
        updates=updates,
        next_slot=field,
        feedback=(*decision.feedback, heard),
        question=(question_for(spec, message.channel),),
    )


def written_confirmation(city: str, incident: dt.date) -> str:
    deadline = compliance.spill_deadline(city, incident)
    items = "; ".join(deadline.must_state)
    return t(
        "If you operate the business responsible: confirm the spill in writing to {send_to} by {deadline} "
        "(five working days after the incident), stating {items} ({citation}).",
        send_to=deadline.send_to,
        deadline=human(deadline.deadline),
        items=items,
        citation=deadline.citation,
    )


def _as_corrected(said: str) -> str:
    """A place's words as last corrected, without the first ones kept after them for the crew ("215 South La
    Brea (corrected; first given as: ...)" is said back as "215 South La Brea")."""
    marker = t("{new} (corrected; first given as: {old})", new="\x00", old="\x01")
    between = marker.split("\x00", 1)[1].split("\x01", 1)[0]  # " (corrected; first given as: "
    return said.split(between, 1)[0]


class ActionSubmitSpillReport(Action):
    """Commit the confirmed report, then (only then) give its reference number."""

    def name(self) -> str:
        return "action_submit_spill_report"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        values = {name: tracker.get_slot(name) for name in SPILL_FORM.slots}
        now = message_time(tracker)
        engine = runtime.engine()
        missing = missing_answers(SPILL_FORM, values)  # "yes that's right" before the last questions
        reference = save_partial(tracker, values, tracker.get_slot(REFERENCE_SLOT), now, missing)
        if reference is None:
            dispatcher.utter_message(
                text=t("I have nothing to report yet. Tell me about the spill to start again.")
            )
            return []
        record = store.spills.submit(engine, reference, now=now)
        channel = channel_of(tracker)
        city = record["city"]
        place = _as_corrected(Location.from_slot(values["location"]).text) if values.get("location") else None
        lines = [
            t(
                "Thank you. Your spill report at {place} is recorded. Your reference number is {reference}.",
                place=place,
                reference=reference,
            )
            if place  # the place said back with the reference, as filed (a corrected address, say)
            else t(
                "Thank you. Your spill report is recorded. Your reference number is {reference}.",
                reference=reference,
            )
        ]
        if city:
            incident = answers_incident(values, now)
            if channel == "voice":
                deadline = compliance.spill_deadline(city, incident)
                by = human(deadline.deadline)
                lines.append(t("If you run the business responsible, confirm it in writing by {by}.", by=by))
            else:
                lines.append(written_confirmation(city, incident))
                lines.append(t("Would you like a drafted written notice with these facts? (yes or no)"))
        dispatcher.utter_message(text=" ".join(lines))
        events: list[EventType] = [SlotSet(name, None) for name in SPILL_FORM.slots if name != "city"]
        events += [SlotSet("spill_confirmed", None), SlotSet(URGENT_TOLD_SLOT, None)]
        events.append(SlotSet(REFERENCE_SLOT, reference))
        # the conversation's topic is now this spill, reported: "do I have to send something in writing?" is
        # by its day, and "what else do i gotta do now" asks what follows the report: the written confirmation
        events.append(SlotSet(TOPIC_SLOT, f"{spill_facts(values)}, {REPORTED}"))
        return events


def document_link_reply(
    tracker: Tracker, file_name: str, *, what: str, city: str | None, reference: str, now: dt.datetime
) -> str:
    """The sentence that gets a drafted document (``file_name`` under var/documents) to the user: a signed,
    expiring link in the reply (SMS, web chat), or for a caller a text with the link, sent by the worker
    through the outbox (``document_link``) to the number the signed call came from. ``what`` is already in
    the reply's language (``t("drafted notice")``)."""
    settings = runtime.settings()
    url = document_url(settings.web_public_url, file_name, secret_key=settings.secret_key, now=now)
    hours = settings.document_link_hours
    if channel_of(tracker) != "voice":
        return t(
            "Download the {what} (the link works for {hours} hours): {url}", what=what, hours=hours, url=url
        )
    engine = runtime.engine()
    number = _caller_number(engine, tracker.sender_id)
    if number is None:
        return t(
            "I can't text this number, so ask for the {what} by text message or on the web chat.", what=what
        )
    if store.sms.is_opted_out(engine, number):
        return t(
            "This number has opted out of our texts; text START to us, then ask again for the {what}.",
            what=what,
        )
    text = t(
        "Your {what} for {reference} (the link works for {hours} hours): {url}",
        what=what,
        reference=reference,
        hours=hours,
        url=url,
    )
    outbox.enqueue(
        engine,
        "document_link",
        city=city,
        reference=reference,
        payload={"to": number, "text": text, "language": languages.current()},
        now=now,
    )
    return t("I'll text you a link to it.")


def _caller_number(engine: Bind, call_sid: str) -> str | None:
    """The number the call came from, as Twilio's signed request gave it (None: withheld or not a number)."""
    call = store.voice.get_call(engine, call_sid)
    try:
        return store.normalize_phone(call["from_number"]) if call and call["from_number"] else None
    except store.StoreError:
        return None


class ActionSpillNotice(Action):
    """The drafted written confirmation (text here, PDF under var/documents/) for the last report."""

    def name(self) -> str:
        return "action_spill_notice"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        reference = tracker.get_slot(REFERENCE_SLOT)
        record = store.spills.get_by_reference(runtime.engine(), reference) if reference else None
        if record is None or not record["city"]:
            dispatcher.utter_message(text=t("I have no spill report with a city to draft a notice for."))
            return []
        answers = (record["details"] or {}).get("answers", {})
        now = message_time(tracker)
        text = documents.spill_notice_text(record["city"], reference, answers, prepared_at=now)
        path = DOCUMENTS_DIR / f"{reference}-notice.pdf"
        link = ""
        try:
            DOCUMENTS_DIR.mkdir(parents=True, exist_ok=True)
            path.write_bytes(documents.spill_notice_pdf(record["city"], reference, answers, prepared_at=now))
            link = document_link_reply(
                tracker,
                path.name,
                what=t("drafted notice"),
                city=record["city"],
                reference=reference,
                now=now,
            )
        except OSError:
            log.exception("could not write %s", path)
        if channel_of(tracker) == "web":
            dispatcher.utter_message(text=f"{text}\n\n{link}".strip())
        else:
            deadline = compliance.spill_deadline(record["city"], answers_incident(answers, now))
            ready = t(
                "The drafted notice for {reference} is ready: send it to {send_to} by {deadline}, "
                "after filling in the reasons and the steps taken.",
                reference=reference,
                send_to=deadline.send_to,
                deadline=human(deadline.deadline),
            )
            dispatcher.utter_message(text=f"{ready} {link}".strip())
        return []


def answers_incident(answers: Mapping[str, Any], now: dt.datetime) -> dt.date:
    """The day the spill started, else the day of the message, in the city's time zone."""
    return incident_date(answers, now)
