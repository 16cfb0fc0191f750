"""One-line pump-out logs: "Pumped on Aug 14, 1,000 gallons, ABC Hauling" → date, gallons, hauler.

Best effort and pure: the date and amount come from :mod:`intake` (so "yesterday", "8/14" and
"750 gal" mean what they mean everywhere else); what is left of the message, minus the verbs and filler of
such messages (English or Spanish: "bombeado ayer, 500 galones, ABC Hauling"), is taken as the hauler.
Fields not found are listed in ``missing`` so the form asks for them; a field that was given but cannot be
right (a future date) is in ``errors`` with the sentence to show. The read-back is where the user catches a
wrong guess.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from intake.core import ParseContext, normalize, to_slot
from intake.dates import find_date
from intake.quantities import GALLONS, Quantity, device_size_spans, find_quantity, parse_gallons_removed
from intake.text import names_a_food_business, parse_company_name
from intake.times import clock_spans

REQUIRED = ("service_date", "gallons", "hauler")
"""What a service record needs from the user (the device and frequency are asked separately)."""

_BLANK = "\x00"
# The hauler's paper and its number: "manifest # 20419", "ticket 88213", "the ticket is 88231", "boleta 5521"
_RE_MANIFEST = re.compile(
    r"\b(?:manifest|manifiesto|ticket|boleta|folio)\s*(?:no\.?|number|num|n[uú]mero|#)?\s*[:#]?\s*"
    r"(?:(?:is|was|es|era)\s+)?(?P<number>[a-z0-9][a-z0-9\-]*\d[a-z0-9\-]*)",
    re.IGNORECASE,
)
_RE_DEVICE = re.compile(
    r"\b(?:grease\s+)?(?P<device>interceptor|trap)s?\b|\b(?P<trampa>trampas?|trampitas?)\b", re.IGNORECASE
)
# A device said not to be the one ("la trampita ..., la q no es el interceptor grande", "not the interceptor")
_NOT_THIS_DEVICE = re.compile(
    r"\b(?:not|isn'?t|wasn'?t|no\s+(?:es|fue|era)|no)\s+(?:the|a|our|el|la|un|una|nuestr[oa])?\s*"
    r"(?:(?:big|little|small|grande|chic[oa]|peque[ñn][oa])\s+)?(?:grease\s+)?$",
    re.IGNORECASE,
)
_RE_HAULER_MARKER = re.compile(
    r"\b(?:by|with|from|through|via|using|hauler(?:\s+(?:was|is))?:?|"
    r"company(?:\s+(?:was|is|is called|'s called|called))?:?|"
    r"pumper(?:\s+(?:was|is))?:?|(?-i:vino|vinieron)|"
    # "por" names who did it ("por Sur Grease"), not a percentage ("como en 20 por ciento")
    r"(?-i:por)(?!\s+cien)|(?-i:con)|recolector(?:\s+(?:fue|es|se llama))?:?|"
    r"compa[ñn][ií]a(?:\s+(?:fue|es|se llama))?:?|empresa(?:\s+(?:fue|es|se llama))?:?)\s+"
    r"(?P<hauler>(?:[^,;.\x00]|\.(?=\S))+)",  # to the sentence's end ("by ABC Pumping. They took ...")
    re.IGNORECASE,
)
# A company's own name, capitalised, as a later marker must give it ("... was from Mojave Grease Co")
_A_COMPANY_S_NAME = re.compile(r"^(?!(?:City|Ciudad)\b)[A-Z][\w&'.-]*(?:\s+[A-Z0-9][\w&'.-]*)*$")
_FILLER = {
    *("pumped", "pumping", "pumpout", "pump-out", "cleaned", "cleaning", "serviced", "servicing", "emptied"),
    *("had", "have", "has", "got", "get", "we", "i", "our", "my", "the", "a", "it", "was", "were", "is"),
    *("out", "on", "at", "in", "of", "and", "then", "done", "completed", "came", "come", "did", "full"),
    *("grease", "interceptor", "trap", "gi", "today", "yesterday", "last", "this", "about", "around"),
    *("approximately", "approx", "roughly", "gallons", "gallon", "gal", "by", "with", "from", "ago"),
    *("like", "morning", "afternoon", "evening", "am", "pm", "big", "small", "little", "back", "outside"),
    # Spanish, as people text it (accents or not)
    *("bombeado", "bombeada", "bombearon", "bombeamos", "bombeo", "bombeó", "limpiaron", "limpiamos"),
    *("pumpearon", "pumpiaron", "pumpeamos", "pumpeo", "pumpeó"),
    *("limpiado", "limpiada", "limpieza", "servicio", "vaciaron", "vino", "vinieron", "hicieron", "hizo"),
    *("se", "nos", "le", "lo", "la", "el", "los", "las", "de", "del", "al", "por", "con", "y", "fue", "es"),
    *("hoy", "ayer", "hace", "como", "unos", "aprox", "galones", "galon", "galón", "trampa", "grasa"),
    *("interceptor", "mañana", "manana", "tarde", "noche", "madrugada", "pasado", "pasada"),
    *("llama", "llaman", "nombre"),  # "la compania se llama SoCal Pumping"
    # the day said with the date ("fue ayer lunes en la tarde"), never a company
    *("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "en", "a", "las"),
    *("lunes", "martes", "miercoles", "miércoles", "jueves", "viernes", "sabado", "sábado", "domingo"),
}
_NAME_TAILS = {"pumping", "cleaning", "servicing"}  # fillers that end a company's name after other words
_ABBREVIATION_DOT = "\x01"  # stands in for the dot of "Co." while the message is split at full stops
# "Co." inside a name; "Desert Pumping Co. They took ...": the dot that ends the sentence too, kept
_RE_ABBREVIATION = re.compile(
    r"\b(co|inc|corp|ltd|llc|bros|svc|svcs|env)\.(?!\s+(?-i:They|We|He|She|It|I|The|Our|Then|And|Also)\b)",
    re.IGNORECASE,
)
_RE_ENDS_IN_ABBREVIATION = re.compile(r"\b(?:co|inc|corp|ltd|llc|bros|svc|svcs|env)\.$", re.IGNORECASE)
_NOT_A_HAULER = re.compile(
    r"\b(?:issues?|problems?|fine|ok|okay|good|great|everything|nothing|normal|manifest|receipt|invoice|"
    r"problemas?|bien|todo|nada|manifiesto|recibo|factura|"
    # a request to log is no company ("hola quiero registrar q ayer nos bombearon ...")
    r"hi|hello|hey|want|wanna|need|log|record|report\w*|hola|quiero|kiero|kero|necesito|registrar|apuntar|"
    r"anotar|"
    # a greeting ("q onda, hoy vino el pumper ...", "buenas, ...")
    r"q(?:ue|u[eé])?\s+onda|buen[oa]s|oye|qu[eé]\s+tal|"
    # where the business is ("es Pollos El Chele en inglewood"), not who pumped
    r"(?:en|in)\s+(?:victorville|inglewood)|"
    r"restaurants?|restaurantes?|negocio|local|commissary|comisariato|sucursal|"
    # how full it was ("la grasa estaba como en 20 por ciento", "it was at 25 percent")
    r"por\s+ciento|percent|estaba|was\s+at|"
    # what the gallons were ("1,200 galones en total entre agua y grasa", "in total, water and grease")
    r"(?:en|in)\s+total|entre|agua\s+y\s+grasa|water\s+and\s+grease|"
    # where it was taken ("se la llevaron a la planta de ellos"), not who took it; what was taken out ("they
    # took out about 900")
    r"llev\w+|planta|facility|took|removed|sacaron|quitaron|"
    # not knowing ("no se cual", "idk which")
    r"no\s+s[eé]|idk|(?:don'?t|do not) know|no idea|"
    # the truck or the person, not the company ("vino el camion a bombear el interceptor")
    r"cami[oó]n|camioneta|pipa|truck|pumper|pumperos?|guy|muchacho|chavo|bombear|limpiar|vaciar|sacar|"
    # a sentence about the service, not a name ("It was serviced last Monday")
    r"was|were|been|serviced|"
    # a clause about which device, not who ("la q no es el interceptor grande", "not the big one")
    r"q|que|no\s+es|not\s+the|isn'?t)\b",
    re.IGNORECASE,
)


# What the company came to do, after its name ("vino Sur Grease a limpiar la trampa", "came to pump it")
_RE_ERRAND = re.compile(
    r"\s+(?:(?:a|pa|para)\s+(?:limpiar|bombear|vaciar|sacar|chupar)|to\s+(?:pump|clean|empty|service))\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class PumpOutLog:
    """What a pump-out message said; ``None`` where it said nothing."""

    service_date: dt.date | None = None
    gallons: Quantity | None = None
    hauler: str | None = None
    device: str | None = None  # "interceptor" or "trap" when named
    manifest_number: str | None = None
    errors: Mapping[str, str] = field(default_factory=dict)

    @property
    def missing(self) -> tuple[str, ...]:
        """Required fields neither found nor given wrongly, in the order the form asks them."""
        return tuple(name for name in REQUIRED if getattr(self, name) is None and name not in self.errors)

    @property
    def complete(self) -> bool:
        return not self.missing and not self.errors

    def to_slots(self) -> dict[str, Any]:
        """The fields found, JSON-ready (same forms as :func:`intake.to_slot`)."""
        found = {
            "service_date": self.service_date,
            "gallons": self.gallons,
            "hauler": self.hauler,
            "device": self.device,
            "manifest_number": self.manifest_number,
        }
        return {name: to_slot(value) for name, value in found.items() if value is not None}


def _blank(text: str, span: tuple[int, int]) -> str:
    start, end = span
    return text if start == end else text[:start] + _BLANK * (end - start) + text[end:]


def _strip_filler(words: list[str], first_word_of_message: bool) -> list[str]:
    """Drop filler words at both ends. A capitalised word is kept (it may be part of a company name),
    except the message's first word when the next is not capitalised ("Pumped on ..." but "Pumping Pros")."""

    def capitalised(index: int) -> bool:
        return index < len(words) and words[index][:1].isupper()

    def is_filler(word: str, index: int) -> bool:
        if word.strip("'\".:-").lower() not in _FILLER:
            return False
        if index == 0 and first_word_of_message:
            return not capitalised(1)
        return not capitalised(index)

    start = 0
    while start < len(words) and is_filler(words[start], start):
        start += 1
    end = len(words)
    while end > start and is_filler(words[end - 1], end - 1):
        if end - 1 > start and words[end - 1].lower() in _NAME_TAILS:
            break  # "desert valley pumping": the company's own word
        end -= 1
    return words[start:end]


# A word for any company, not a company's name ("hoy vino la compañia a bombear")
_ANY_COMPANY = re.compile(
    r"^(?:(?:the|la|el|una?|a)\s+)?(?:compa[ñn][ií]a|company|empresa|pumping company|hauler)$", re.IGNORECASE
)


# Words only a company that pumps or hauls has in its name ("Kitchen Guard Services", "Kitchen Grease
# Recovery")
_A_HAULER_S_WORD = re.compile(
    r"\b(?:services?|svcs?|pumping|grease|environmental|septic|haul\w*|plumbing|recovery|waste|liquid|vac\w*|"
    r"rooter|sanitation|guard|inc|co|llc|corp)\b",
    re.IGNORECASE,
)


# The words a company's own name ends in ("High Desert Grease Service", "Sureflow Pumping"), stricter than
# _A_HAULER_S_WORD: no word a sentence about the device or the hauler has ("grease", "waste", "hauler")
_A_COMPANY_S_WORD = re.compile(
    r"\b(?:services?|svcs?|pumping|environmental|septic|plumbing|recovery|rooter|sanitation|inc|llc|corp)\b\.?$",
    re.IGNORECASE,
)
_NOT_A_COMPANY_S_WORD = re.compile(r"\b(?:hauler|guy|truck|came|did|pumper|the)\b", re.IGNORECASE)


def sounds_like_a_hauler(name: str) -> bool:
    """Whether a name said on its own is a pumping or hauling company's ("High Desert Grease Service",
    "Sureflow Pumping"): two words or more, ending in a word only a company's name ends in."""
    return (
        len(name.split()) >= 2
        and bool(_A_COMPANY_S_WORD.search(name.strip()))
        and not _NOT_A_COMPANY_S_WORD.search(name)
    )


def _the_user_s_place(name: str) -> bool:
    """Whether a name said without a marker is a food business's ("taqueria los primos"), not a hauler's
    ("Kitchen Guard Services")."""
    return names_a_food_business(name) and not _A_HAULER_S_WORD.search(name)


def _clean_hauler(text: str) -> str | None:
    name = " ".join(text.replace(_ABBREVIATION_DOT, ".").split()).strip(" ,;-:")
    if not _RE_ENDS_IN_ABBREVIATION.search(name):
        name = name.rstrip(".")
    if _NOT_A_HAULER.search(name) or _ANY_COMPANY.match(name) or not parse_company_name(name).ok:
        return None
    return name


# A place said as the user's own ("at my commissary", "en mi local"): where, never the company
_WHERE_IT_IS = re.compile(r"\b(?:at|en)\s+(?:my|our|mi|nuestr[oa])\b", re.IGNORECASE)


def _hauler(cased: str) -> str | None:
    """The hauler from the text left after the date, amount and manifest were blanked out."""
    cased = _RE_ABBREVIATION.sub(lambda m: m.group(1) + _ABBREVIATION_DOT, cased)
    at = 0
    # each marker in turn: "guy with the truck was from Mojave Grease Co" names no hauler after "with", one
    # after "from"; a later one only a company's own name ("... the guy from the city" names none)
    while match := _RE_HAULER_MARKER.search(cased, at):
        said = _RE_ERRAND.split(match.group("hauler"), maxsplit=1)[0]  # "Sur Grease a limpiar la trampa"
        words = _strip_filler(said.split(), first_word_of_message=False)
        if words and (name := _clean_hauler(" ".join(words))) and (at == 0 or _A_COMPANY_S_NAME.match(name)):
            return name
        at = match.start("hauler")
    chunks = re.split(rf"[,;{_BLANK}]+|\.(?:\s+|$)|\s+-\s+|\band\b", cased)
    unmarked: list[str] = []
    for index, chunk in enumerate(chunks):
        if _WHERE_IT_IS.search(chunk):
            continue  # "interceptor at my commissary vv": where the device is, not who pumped it
        words = _strip_filler(
            _RE_ERRAND.split(chunk, maxsplit=1)[0].split(), first_word_of_message=index == 0
        )
        # unmarked, a name is capitalised or more than one word ("desert valley pumping"), not "big"; a food
        # business is the user's own place ("... fue el viernes 20. taqueria los primos, inglewood")
        named = len(words) > 1 or (words and words[0][:1].isupper())
        if (
            words
            and named
            and not _the_user_s_place(" ".join(words))
            and (name := _clean_hauler(" ".join(words)))
        ):
            unmarked.append(name)
    # a capitalised name before lower-case words: "hoy en la mañana como a las 8, Ace Grease Service"
    return next((name for name in unmarked if any(word[:1].isupper() for word in name.split())), None) or (
        unmarked[0] if unmarked else None
    )


def names_the_hauler(text: str) -> bool:
    """Whether a message says who pumped in so many words ("la empresa fue South Bay", "by ABC Pumping"),
    not only a name that may be one."""
    return _RE_HAULER_MARKER.search(" ".join(str(text).split())) is not None


def parse_pumpout(text: str, ctx: ParseContext) -> PumpOutLog:
    """Date, gallons, hauler (and device, manifest number) from one line; see the module docstring."""
    cased = " ".join(str(text).split())
    lowered = normalize(cased)
    if len(lowered) != len(cased):  # a character whose lower case is longer: work on the lower case
        cased = lowered
    errors: dict[str, str] = {}

    date_result, date_span = find_date(lowered, ctx)
    if date_result.error:
        errors["service_date"] = date_result.error
    lowered, cased = _blank(lowered, date_span), _blank(cased, date_span)

    sized = lowered  # the date read past, the device's size still in it
    sizes = device_size_spans(lowered)  # "1000 gallon interceptor, they took out about 900": its size
    for span in sizes:
        lowered, cased = _blank(lowered, span), _blank(cased, span)
    gallons_result, gallons_span = find_quantity(lowered, GALLONS)
    if sizes and gallons_result.value is None and (removed := parse_gallons_removed(sized)).ok:
        gallons_result = removed  # what came out, said without its unit
    if gallons_result.error:
        errors["gallons"] = gallons_result.error
    lowered, cased = _blank(lowered, gallons_span), _blank(cased, gallons_span)

    for span in clock_spans(lowered):  # "today like 9am": no company
        lowered, cased = _blank(lowered, span), _blank(cased, span)

    manifest = None
    if match := _RE_MANIFEST.search(cased):
        manifest = match.group("number").upper()
        lowered, cased = _blank(lowered, match.span()), _blank(cased, match.span())

    device = None
    for match in _RE_DEVICE.finditer(cased):
        if _NOT_THIS_DEVICE.search(cased[: match.start()]):
            continue
        device = "trap" if match.group("trampa") else match.group("device").lower()
        break

    return PumpOutLog(
        service_date=date_result.value,
        gallons=gallons_result.value,
        hauler=_hauler(cased),
        device=device,
        manifest_number=manifest,
        errors=errors,
    )
