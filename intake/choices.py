"""Answers picked from a fixed set: yes/no/not sure, the city, and the forms' multiple-choice questions.

Answers are read in English or Spanish as people text them ("si", "simon", "nel", "no se", "azul", "la
trampa"); labels and the sentences asking again are in the reply's language.

Holds :class:`YesNo` and :func:`parse_yes_no`; :func:`asks_to_send` ("submit", "mándalo"); :func:`says_skip`
(skip words: "skip", "saltar", "nada mas"); :class:`Choice` and the choice sets with their parsers
(:func:`parse_city`, :func:`parse_device`, :func:`parse_establishment_kind`, :func:`parse_application_path`,
:func:`parse_containers`, :func:`parse_evidence_source`); and where a spill goes (:data:`SPILL_REACHES`,
:class:`Reaches`, :func:`parse_reaches`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from cities import detect_city
from intake.core import ParseResult, _fail, _ok, _strip_accents, and_list, normalize, or_list
from languages import N_, t


class YesNo(str, Enum):
    YES = "yes"
    NO = "no"
    UNSURE = "unsure"

    @property
    def as_bool(self) -> bool | None:
        return {YesNo.YES: True, YesNo.NO: False, YesNo.UNSURE: None}[self]


_RE_UNSURE = re.compile(
    r"\b(?:not\s+(?:sure|certain)|unsure|(?:don'?t|do\s+not|dont)\s+know|dunno|idk|no\s+idea|maybe|perhaps|"
    r"can'?t\s+(?:tell|see)|cannot\s+(?:tell|see)|hard\s+to\s+(?:say|tell)|no\s+se|no\s+lo\s+se|quien\s+sabe|"
    r"tal\s+vez|quizas?|possibly|might\s+be|"
    r"no\s+estoy\s+segur[oa]|ni\s+idea|no\s+tengo\s+idea|a\s+lo\s+mejor|puede\s+ser|no\s+sabemos|no\s+sabria)\b"
)
_RE_NO = re.compile(
    r"^(?:no|nope|nah|naw|negative|not\s+really|no\s+way|never|not\s+at\s+all|not\s+anymore|no\s+longer|"
    r"n|nay|i\s+don'?t\s+think\s+so|i\s+do\s+not\s+think\s+so|it\s+(?:is\s+not|isn'?t|doesn'?t|does\s+not|"
    r"has\s+not|hasn'?t|did\s+not|didn'?t|stopped)|not\s+(?:that\s+i\s+(?:know|can\s+see))|👎|"
    r"nel|nop|nones|negativo|para\s+nada|nunca|ya\s+no|todavia\s+no|aun\s+no|tampoco)(?:\b|$|\W)"
)
_RE_YES = re.compile(
    r"^(?:yes|yeah|yea|yep|yup|ya|yah|ye|y|sure|correct|right|affirmative|absolutely|definitely|of\s+course|"
    r"ok|okay|k|uh\s*huh|mhm|mm\s*hmm|si|claro|i\s+think\s+so|i\s+believe\s+so|it\s+is|it\s+does|it\s+has|"
    r"indeed|true|yes+|👍|"
    r"simon|sip|correcto|es\s+correcto|asi\s+es|afirmativo|por\s+supuesto|exacto|eso\s+es|efectivamente|"
    r"cierto|de\s+acuerdo|desde\s+luego|esta\s+bien)(?:\b|$|\W)"
)
# An acknowledgement before the answer ("Understood. Yes, ...", "thanks, no", "entendido, si"): not the answer
_RE_ACKNOWLEDGED = re.compile(
    r"^(?:understood|got\s+it|gotcha|thanks|thank\s+you|great|perfect|cool|i\s+see|noted|"
    r"entendido|entiendo|gracias|perfecto|ya\s+veo)[\s.!,;:-]+(?=\w)"
)
_RE_OF_COURSE_NOT = re.compile(r"^(?:claro|por\s+supuesto)\s+que\s+no\b")
_YES_NO_AGAIN = N_("Please answer yes, no or not sure.")


def parse_yes_no(text: str) -> ParseResult[YesNo]:
    """Yes, no or not sure, in the many ways people say them, in English and Spanish ("si", "simon",
    "claro", "asi es", "nel", "no se", "quien sabe")."""
    normalized = _strip_accents(normalize(text)).strip(" .!?,¡¿")
    normalized = _RE_ACKNOWLEDGED.sub("", normalized) or normalized  # "Understood. Yes, please submit it."
    if not normalized:
        return _fail(t(_YES_NO_AGAIN))
    if _RE_UNSURE.search(normalized):
        return _ok(YesNo.UNSURE)
    if _RE_OF_COURSE_NOT.match(normalized):
        return _ok(YesNo.NO)
    said_no, said_yes = bool(_RE_NO.match(normalized)), bool(_RE_YES.match(normalized))
    if said_yes and re.search(r"\b(?:and|or|but|y|o|pero)\s+no\b", normalized):
        said_no = True  # "yes and no": ask again
    if said_no and not said_yes:
        return _ok(YesNo.NO)
    if said_yes and not said_no:
        return _ok(YesNo.YES)
    return _fail(t(_YES_NO_AGAIN))


# "Please submit", "send it", "go ahead", "file it"; "envíela", "mándalo", "puede enviarla", "dale": the user
# asks to send what they have told so far (a thing to send, "we can send our invoices", is no such request).
_RE_SEND_IT = re.compile(
    r"\b(?:submit(?:\s+it)?|send\s+(?:it|this|that|them|the\s+(?:application|request|report|form))|"
    r"file\s+(?:it|this|the\s+(?:application|request|report))|turn\s+it\s+in|go\s+ahead|"
    r"envi\w*l[ao]s?|mand\w*l[ao]s?|(?:puede|pueden)\s+(?:enviar|mandar)\w*|presentarl[ao]|adelante)\b"
    r"|^\W*(?:(?:si|yes|ok)\W+)?(?:send|enviar|mandar)(?:\s+(?:now|ya|ahora|please|por\s+favor))?\W*$"
    # "dale" said as go-ahead ("si dale", "dale mandalo", "ok, dale"), never Dale Evans Parkway or a name
    r"|(?:^\W*|\b(?:si|ok|okay|ya|pues|bueno|va)\W+)dale\b(?!\s+evans)|\bdale\W*$"
)


def asks_to_send(text: str) -> bool:
    """Whether ``text`` asks to send (submit, file) the form now: "yes, please submit", "go ahead",
    "si todo bien, mandalo", "envíela por favor"."""
    return bool(_RE_SEND_IT.search(_strip_accents(normalize(text))))


_RE_SKIP = re.compile(
    r"^(?:skip|skip\s+it|pass|next|leave\s+it\s+out|no\s+answer|n/?a|none|i\s+don'?t\s+know|dont\s+know|"
    r"saltar|saltar\s+pregunta|salta(?:te)?l[oa]|salte(?:l[oa])?|salta|omitir|omite(?:l[oa])?|omit[ae]l[oa]|omita|"
    r"paso|siguiente|no\s+aplica|ninguno|ninguna|nada|nada\s+mas|no\s+se|no\s+lo\s+se|ni\s+idea|sin\s+respuesta)\W*$"
)


def says_skip(text: str) -> bool:
    """Whether ``text`` asks to skip the question ("skip", "pass", "n/a", "saltar", "omitir", "ninguno",
    "nada mas"); forms let the user skip an optional question this way."""
    return bool(_RE_SKIP.match(_strip_accents(normalize(text)).strip(" .!¡")))


# "I don't know how long, I just drove by", "no se desde cuando, apenas lo vi": a clause saying the answer is
# not known, anywhere in a longer answer (Spanish "no se" only before what is not known, never "no se ha
# parado")
_RE_NOT_KNOWN = re.compile(
    r"\b(?:(?:i\s+)?(?:don'?t|do\s+not|dont)\s+(?:really\s+)?know|dunno|idk|no\s+idea|no\s+clue"
    r"|(?:i'?m\s+)?not\s+sure|ni\s+idea|no\s+(?:lo\s+)?se|no\s+sabemos|no\s+sabria|quien\s+sabe)"
    # said alone, or of a time or an amount, never of something else ("i don't know who owns it")
    r"(?:\s*(?:[,.;:!?]|$)|\s+(?:how\s+(?:long|much|many)|when|what\s+time|exactly|for\s+sure|cuando"
    r"|desde\s+cuando|a\s+que\s+hora|cuanto|cuantos|bien|exactamente)\b)",
    re.IGNORECASE,
)


def says_it_is_not_known(text: str) -> bool:
    """Whether ``text`` says, in one of its clauses, that the answer is not known ("I don't know how long, I
    just drove by", "no sé desde cuándo", "idk, maybe an hour"): a form may leave that question out. Not
    knowing something else ("i don't know who owns the restaurant") is no such answer."""
    return bool(_RE_NOT_KNOWN.search(_strip_accents(normalize(text))))


@dataclass(frozen=True)
class Choice:
    """One answer a choice question accepts: its stored ``key``, how to say it, and the words that mean it."""

    key: str
    label: str
    """In English, marked for translation (``N_``); :attr:`said` gives it in the reply's language."""
    pattern: str
    """What the answer matches, in English and Spanish, without accents."""

    @property
    def said(self) -> str:
        """The label in the reply's language."""
        return t(self.label)


_DENIED = (
    r"\b(?:not|no|nor|isn'?t|wasn'?t|never|ni)\b"
    r"(?:\s+(?:is|was|es|era|fue|the|a|an|that|this|el|la|un|una|little|small|big|chica|chico|grande)\b)*\s+"
)


def _choose(text: str, choices: tuple[Choice, ...], question: str) -> ParseResult[str]:
    """The one choice ``text`` names; else ``question`` (already in the reply's language) and the options."""
    normalized = _strip_accents(normalize(text))
    hits = [c.key for c in choices if re.search(rf"\b(?:{c.pattern})\b", normalized)]
    if len(hits) > 1:  # "the interceptor out back, not the little trap": a choice said only to be denied
        named = "|".join(f"(?:{c.pattern})" for c in choices)
        affirmed = re.sub(rf"{_DENIED}(?:{named})\b", " ", normalized)
        hits = [c.key for c in choices if re.search(rf"\b(?:{c.pattern})\b", affirmed)]
    if len(hits) == 1:
        return _ok(hits[0])
    options = or_list([c.said for c in choices])
    return _fail(t("{question} Please answer {options}.", question=question, options=options))


_RE_ALL = re.compile(
    r"\b(?:all|every|each)\b(?:\s+(?:of\s+them|three|three\s+of\s+them))?|\b(?:todos|todas|todo|los\s+tres|las\s+tres)\b"
)
_RE_NOT_ALL = re.compile(r"\bnot\s+all\b|\bno\s+tod[oa]s?\b")


_RE_ONLY = re.compile(r"\b(?:only|just|solo|solamente|nomas|nada mas)\b")


def _choose_many(text: str, choices: tuple[Choice, ...], question: str) -> ParseResult[tuple[str, ...]]:
    normalized = _strip_accents(normalize(text))
    if _RE_ALL.search(normalized) and not _RE_NOT_ALL.search(normalized):
        return _ok(tuple(c.key for c in choices))
    hits = tuple(c.key for c in choices if re.search(rf"\b(?:{c.pattern})\b", normalized))
    only = next(  # "a waiver for the brown containers only": not the green of "Mesa Verde Plaza" said before
        (
            found
            for clause in re.split(r"[.;,!?]", normalized)
            if _RE_ONLY.search(clause)
            and (found := tuple(c.key for c in choices if re.search(rf"\b(?:{c.pattern})\b", clause)))
        ),
        (),
    )
    if only:
        return _ok(only)
    if hits:
        return _ok(hits)
    labels = ", ".join(c.said for c in choices)
    return _fail(t("{question} Please name one or more of: {options}.", question=question, options=labels))


CITY_CHOICES = (
    Choice("victorville", N_("Victorville"), r"v[iy]ct[eo]r\s?v[iy]ll?e?|victorvile|vville"),
    Choice("inglewood", N_("Inglewood"), r"ing[el]l?e?wood|inglwood|engl[ae]wood"),
)


def parse_city(text: str) -> ParseResult[str]:
    """Victorville or Inglewood, by name (common misspellings too) or ZIP code."""
    city = detect_city(text)
    if city:
        return _ok(city)
    return _choose(text, CITY_CHOICES, t("Which city is it in?"))


DEVICE_CHOICES = (
    Choice(
        "interceptor",
        N_("grease interceptor"),
        r"interceptors?|gi|gravity\s+interceptor|in\s*-?\s*(?:the\s+)?ground|underground|vault|big\s+one|"
        r"out\s*back|interceptor(?:es)?(?:\s+de\s+grasa)?|bajo\s+tierra|subterraneo|en\s+el\s+suelo|"
        r"(?:la|el)\s+grande",
    ),
    Choice(
        "trap",
        N_("grease trap"),
        r"traps?|under\s+the\s+sink|hydro\s*-?\s*mechanical|hgi|"
        r"trampas?(?:\s+de\s+grasa)?|"
        r"(?:debajo|abajo|bajo)\s+(?:del?\s+)?(?:el\s+|la\s+)?(?:fregadero|lavadero|lavaplatos|tarja)",
    ),
)


def parse_device(text: str) -> ParseResult[str]:
    """``interceptor`` or ``trap`` (the compliance core's :class:`compliance.Device` values)."""
    if _RE_UNSURE.search(_strip_accents(normalize(text))):
        return _fail(
            t(
                "Your FOG permit or the hauler's invoice says which. An interceptor is usually underground "
                "outside; a grease trap serves individual sinks. Is it a grease interceptor or a grease trap?"
            )
        )
    return _choose(text, DEVICE_CHOICES, t("Is it a grease interceptor or a grease trap?"))


ESTABLISHMENT_CHOICES = (
    Choice(
        "restaurant",
        N_("restaurant"),
        r"restaurants?|diner|eatery|cafe|bistro|grill|taqueria|pizzeria|fast\s*-?\s*food|"
        r"restaurantes?|fonda|loncheria|cafeteria|comida\s+rapida|marisqueria",
    ),
    Choice("school", N_("school"), r"schools?|college|university|campus|escuelas?|colegio|universidad"),
    Choice("hospital", N_("hospital"), r"hospitals?|medical\s+center|hospitales|clinica|centro\s+medico"),
    Choice(
        "other",
        N_("something else"),
        r"other|something\s+else|none\s+of\s+(?:those|these|them)|bar|church|club|"
        r"otro|otra(?:\s+cosa)?|algo\s+mas|ninguno\s+de\s+(?:esos|esas|ellos)|iglesia",
    ),
)


# A drive-thru as people name it, in English and Spanish: the feature that makes any Inglewood restaurant a
# large food establishment (Definitions, "Food service establishment"(b)): "drive thru", "a lil window where
# cars pull up and grab their order", "pick-up window for cars", "ventanilla de autoservicio"
DRIVE_THRU_WORDS = (
    r"drive[\s-]?(?:thru|thr(?:ough|u)|in)|drive[\s-]?up\s+window|pick[\s-]?up\s+window\s+for\s+cars"
    r"|window\s+(?:where|for|so)\s+(?:the\s+)?(?:cars?|drivers?|people\s+in\s+cars?)"
    r"|cars?\s+(?:can\s+)?(?:pull|drive)\s+up\s+(?:to|at)\s+(?:a|the|our)\s+(?:\w+\s+)?window"
    # (never a bare "ventanilla", a walk-up window, nor "autoservicio", a self-service buffet)
    r"|ventanilla\s+(?:de\s+autoservicio|pa(?:ra)?\s+(?:los\s+)?(?:carros|autos|coches))"
)


def parse_establishment_kind(text: str) -> ParseResult[str]:
    """Restaurant, school, hospital or other: the kinds Inglewood's small/large definition names."""
    return _choose(
        text, ESTABLISHMENT_CHOICES, t("Is it a restaurant, a school, a hospital or something else?")
    )


APPLICATION_PATH_CHOICES = (
    Choice(
        "application",
        N_("fill out the application"),
        r"application|apply|fill|form|questions|\(a\)|option\s+a|^a$|"
        r"solicitud|aplicacion|llenar(?:la)?|formulario|preguntas|opcion\s+a",
    ),
    Choice(
        "building_documents",
        N_("show building-division documents"),
        r"documents?|documentation|building\s+(?:permit|division|department)|already|\(b\)|option\s+b|^b$|"
        r"documentos?|documentacion|permisos?\s+de\s+construccion|division\s+de\s+construccion|ya\s+tengo|"
        r"opcion\s+b",
    ),
)


def parse_application_path(text: str) -> ParseResult[str]:
    """Victorville: complete the application (10.03.060(a)) or show building-division documents ((b))."""
    return _choose(
        text, APPLICATION_PATH_CHOICES, t("Do you want to fill out the application or show documents?")
    )


CONTAINER_CHOICES = (
    Choice("blue", N_("blue (recyclables)"), r"blue|recycl\w*|azul(?:es)?|reciclables?|reciclaje"),
    Choice(
        "green",
        N_("green (organic waste)"),
        r"green|organics?|yard\s+waste|green\s+waste|plant\w*|verdes?|organicos?|desechos\s+de\s+jardin|jardin",
    ),
    Choice(
        "brown",
        N_("brown (food scraps)"),
        r"brown|food\s+(?:scraps?|waste)|compost\w*|cafes?|marron(?:es)?|restos\s+de\s+comida|sobras(?:\s+de\s+comida)?",
    ),
)


def parse_containers(text: str) -> ParseResult[tuple[str, ...]]:
    """Which of the blue, green and brown containers (Victorville Municipal Code § 6.37.040(b)(1))."""
    return _choose_many(text, CONTAINER_CHOICES, t("Which containers?"))  # no room for, or waived


EVIDENCE_CHOICES = (
    Choice(
        "hauler",
        N_("the hauler"),
        r"haulers?|trash\s+company|waste\s+company|collector|recolector(?:es)?|"
        r"compania\s+de\s+(?:la\s+)?basura|basurero",
    ),
    Choice("architect", N_("a licensed architect"), r"architects?|arquitectos?"),
    Choice("engineer", N_("a licensed engineer"), r"engineers?|ingenieros?"),
    Choice(
        "none_yet",
        N_("no one yet"),
        r"no\s+one|nobody|none|not\s+yet|no|nadie|ninguno|todavia\s+no|aun\s+no",
    ),
)


def parse_evidence_source(text: str) -> ParseResult[str]:
    """Who documents the lack of space (Victorville Municipal Code § 6.37.050(b)(2)); of several who do ("our
    hauler wrote a letter, and we have a licensed architect's site plan too"), the first named, since any
    one of them is documentation enough."""
    chosen = _choose(text, EVIDENCE_CHOICES, t("Who can document the lack of space?"))
    if chosen.ok:
        return chosen
    normalized = _strip_accents(normalize(text))
    named = [
        (found.start(), c.key)
        for c in EVIDENCE_CHOICES
        if c.key != "none_yet" and (found := re.search(rf"\b(?:{c.pattern})\b", normalized))
    ]
    return _ok(min(named)[1]) if len(named) > 1 else chosen


# A document in hand, said in passing ("Tengo una carta del recolector que dice que no hay espacio", "we have
# a letter from our hauler saying there's no room")
_A_DOCUMENT_IN_HAND = re.compile(
    r"\b(?:i|we)(?: already)? (?:have|got|'ve got) (?:a|an|the) (?:[\w']+ )?"
    r"(?:letter|note|report|statement|document\w*)\b"
    # "our hauler did a site visit and wrote a letter", "el recolector nos dio una carta"
    r"|\b(?:wrote|written|gave (?:us|me)|sent (?:us|me)|signed|provided|put together) (?:us )?(?:a|an|the) "
    r"(?:[\w']+ )?(?:letter|note|report|statement|document\w*)\b"
    r"|\b(?:tengo|tenemos|ya tengo|ya tenemos) (?:una|la|un|el) (?:\w+ )?"
    r"(?:carta|nota|constancia|reporte|documento)\b"
    r"|\b(?:(?:nos|me) (?:dio|dieron|mando|mandaron|hizo|hicieron)|escribio|firmo|hizo) (?:una|la|un|el) "
    r"(?:\w+ )?(?:carta|nota|constancia|reporte|documento)\b"
)


# Papers that show a waiver's amounts, said to be in hand ("tengo las facturas de la basura pa mostrar lo de
# la yarda y media", "we've got the hauler invoices", "i can send the bills")
_BILLS_IN_HAND = re.compile(
    r"\b(?:(?:i|we)(?: already)? (?:have|got|'ve got|can (?:send|show|upload))|here are) "
    r"(?:(?:the|our|my|all (?:the|our|my)) )?(?:[\w']+ )?"
    r"(?:invoices?|bills?|receipts?|statements?|records?)\b"
    r"|\b(?:tengo|tenemos|ya tengo|ya tenemos|(?:le )?puedo (?:mandar|mostrar|ensenar|enviar)) "
    r"(?:(?:las|los|mis|nuestras|nuestros|todas las|todos los) )?"
    r"(?:facturas|recibos|biles|estados de cuenta)\b",
    re.IGNORECASE,
)


def amounts_documented_in_passing(text: str) -> bool:
    """Whether a message says the papers showing the waste amounts are in hand (:data:`_BILLS_IN_HAND`)."""
    return bool(_BILLS_IN_HAND.search(_strip_accents(normalize(text))))


def evidence_in_passing(text: str) -> str | None:
    """Who documents the lack of space, when a message says the document is in hand and names one who wrote
    it: its key ("hauler"); None otherwise. The "no" of "no hay espacio" is not "no one yet" here."""
    normalized = _strip_accents(normalize(text))
    if not _A_DOCUMENT_IN_HAND.search(normalized):
        return None
    named = [
        c.key
        for c in EVIDENCE_CHOICES
        if c.key != "none_yet" and re.search(rf"\b(?:{c.pattern})\b", normalized)
    ]
    return named[0] if len(named) == 1 else None


SPILL_REACHES = ("street", "gutter", "storm_drain")
"""Where a spill can go; the same values as ``store.schema.SPILL_REACHES``."""
REACH_CHOICES = (
    Choice(
        "street",
        N_("the street"),
        r"streets?|road|roadway|pavement|alley|calles?|avenida|banqueta|acera|pavimento|callejon",
    ),
    Choice(
        "gutter",
        N_("a gutter"),
        r"gutters?|curbs?|kerbs?|cunetas?|canaletas?|bordillo|orilla\s+de\s+la\s+calle",
    ),
    Choice(
        "storm_drain",
        N_("a storm drain"),
        r"storm\s*-?\s*drains?|catch\s+basins?|storm\s+sewers?|(?<!floor )(?<!sink )(?<!kitchen )drains?|"
        r"drenajes?\s+pluvial(?:es)?|alcantarillas?|coladeras?|rejillas?\s+de\s+la\s+calle",
    ),
)
_RE_REACHES_NONE = re.compile(
    r"^(?:no|nope|none|neither|nowhere|not\s+yet|it\s+(?:doesn'?t|does\s+not|hasn'?t|has\s+not))\b|"
    r"\b(?:stays?|staying|still)\s+(?:on|in)\s+(?:the\s+)?(?:property|parking\s+lot|lot|building|yard)\b|"
    r"\bjust\s+the\s+(?:parking\s+lot|property|yard|building)\b|"
    r"^(?:ninguno|ninguna|nada|a\s+ningun\s+lado|todavia\s+no)\b|"
    r"\b(?:se\s+queda|sigue|esta)\s+(?:en|dentro\s+de)\s+(?:el\s+|la\s+)?"
    r"(?:propiedad|terreno|estacionamiento|edificio|patio|local)\b|"
    r"\bsolo\s+(?:en\s+)?(?:el\s+|la\s+)?(?:estacionamiento|propiedad|patio|edificio|local)\b"
)
_RE_REACHES_NOWHERE = re.compile(
    r"\b(?:none|neither|nowhere|ninguno|ninguna|ningun\s+lado|ninguna\s+parte)\b"
)
_RE_REACHES_NOT = re.compile(r"^(?:no,?\s+)?no\s+(?:llega|ha\s+llegado|sale|ha\s+salido|alcanza)\b")
# Said of a place the spill has not reached: "not in the street yet", "close to the storm drain but not in
# it", "no ha llegado a la calle", "cerca de la alcantarilla"
_RE_NOT_THERE = re.compile(
    # ("No storm drain close": "no" before the place, not "no, it reached the storm drain")
    r"\b(?:not|no|isn'?t|hasn'?t|hasnt|isnt|never|close\s+to|near|next\s+to|nowhere\s+near|cerca\s+de|"
    r"junto\s+a|no\s+(?:ha\s+)?(?:llegado|llega|sale|alcanza))\b(?:\s+[\w']+){0,3}?\s*$"
)


def _reached(pattern: str, text: str) -> bool:
    """Whether ``text`` says the spill is at a place of ``pattern``: some mention of it, and none said in the
    negative or as only near it ("not in the street yet, just the alley" has not reached the street, though
    an alley is one)."""
    denied = [
        bool(_RE_NOT_THERE.search(text[: m.start()]) or _RE_COMES_FROM.search(text[: m.start()]))
        for m in re.finditer(rf"\b(?:{pattern})\b", text)
    ]
    return bool(denied) and not any(denied)


# Said of the place it comes out of, not one it reaches: "sale agua con grasa x la coladera del patio",
# "coming up out of the drain"
_RE_COMES_FROM = re.compile(r"\b(?:out\s+of|up\s+from|from|por|x)\s+(?:the\s+|a\s+|la\s+|el\s+|una\s+)?$")


def _only_not_there(text: str) -> bool:
    """Whether ``text`` names places only to say the spill is not there ("not in the street yet")."""
    mentions = [c.pattern for c in REACH_CHOICES if re.search(rf"\b(?:{c.pattern})\b", text)]
    return bool(mentions) and not any(_reached(pattern, text) for pattern in mentions)


# All three places ("all of them", "all 3", "todos"), not "all over the floor"
_RE_REACHES_ALL = re.compile(
    r"^\W*all\W*$|\ball\s+(?:of\s+(?:them|those|these|it)|three|3)\b|\b(?:todos|todas)\b|\blos\s+tres\b"
)


@dataclass(frozen=True)
class Reaches:
    """Where the spill goes: any of :data:`SPILL_REACHES` (empty: none), or ``unsure``."""

    places: tuple[str, ...] = ()
    unsure: bool = False

    def describe(self) -> str:
        if self.unsure:
            return t("not sure")
        if not self.places:
            return t("none of the street, gutter or storm drain")
        return and_list([next(c.said for c in REACH_CHOICES if c.key == p) for p in self.places])

    def to_slot(self) -> list[str] | str:
        return "unsure" if self.unsure else list(self.places)

    @classmethod
    def from_slot(cls, value: list[str] | str) -> Reaches:
        return cls((), True) if value == "unsure" else cls(tuple(value))


_AN_AMOUNT_GUESSED = re.compile(
    r"\b(?:maybe|perhaps|possibly|tal\s+vez|quizas?|a\s+lo\s+mejor|puede\s+ser)\s+(?:like\s+|unos?\s+|about\s+)?"
    r"\d[\d,.]*\s*(?:gal\w*|gallons?|galones?|buckets?|cubetas?|liters?|litros?)?"
)


def parse_reaches(text: str) -> ParseResult[Reaches]:
    """Does the spill reach the street, a gutter or a storm drain? Any of them, none, or not sure."""
    # "maybe 10 gallon", "tal vez unos 20 galones": a guess at how much, no doubt of where it reaches
    normalized = _AN_AMOUNT_GUESSED.sub(" ", _strip_accents(normalize(text)))
    if unsure := _RE_UNSURE.search(normalized):
        # "si llego a la cuneta pero no se si a la alcantarilla", "it's in the street, not sure about the
        # storm drain": the places said before the doubt are reached; the doubt is about another
        before = normalized[: unsure.start()]
        sure = tuple(c.key for c in REACH_CHOICES if _reached(c.pattern, before))
        if sure and not _RE_REACHES_NOT.search(before):
            return _ok(Reaches(tuple(p for p in SPILL_REACHES if p in sure)))
        return _ok(Reaches(unsure=True))
    if _RE_REACHES_NOT.search(normalized):  # "no llega a la calle": it names the street it does not reach
        return _ok(Reaches(()))
    if not _RE_REACHES_NOWHERE.search(normalized):
        places = tuple(c.key for c in REACH_CHOICES if _reached(c.pattern, normalized))
        if _RE_REACHES_ALL.search(normalized) and not _RE_NOT_ALL.search(normalized):
            places = SPILL_REACHES
        if places:
            return _ok(Reaches(tuple(p for p in SPILL_REACHES if p in places)))
    if _RE_REACHES_NONE.search(normalized) or _only_not_there(normalized):
        return _ok(Reaches(()))
    return _fail(t("Does it reach the street, a gutter or a storm drain? Say which, or none, or not sure."))
