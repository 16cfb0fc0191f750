"""Answers kept as typed: people's names (any script) and free text such as descriptions and lists.

Holds :func:`user_text` (what a person typed or said, as Rasa may receive it), :func:`parse_person_name`,
:func:`parse_company_name` and :func:`parse_text`.
"""

from __future__ import annotations

import re

from cities import CITY_NAMES
from intake.core import ParseResult, _fail, _ok, _strip_accents, normalize
from intake.phones import without_phones
from languages import N_, t

_LEADING_SLASHES_AND_SPACE = re.compile(r"^[\s/]+")


def user_text(raw: str) -> str:
    """What a person typed or said, as Rasa may receive it: trimmed, without leading slashes.

    Rasa reads a message that starts with "/" as an intent shortcut (``/restart``, ``/affirm``,
    ``/inform_city{...}``); only our own code may send those, so no channel passes one on from a person.
    """
    return _LEADING_SLASHES_AND_SPACE.sub("", raw).strip()


_RE_NAME_PREFIX = re.compile(
    r"^(?:(?:hi|hello|hey|hola|buenas)[,!.]?\s+)?(?:my\s+name\s+is|my\s+name'?s|name'?s|name\s+is|this\s+is|i\s+am|"
    r"i'?m|it'?s\s+me|it'?s|it\s+is|me\s+llamo|soy|es|call\s+me|mi\s+nombre\s+es)\s+",
    re.IGNORECASE,
)


_NOT_A_NAME = {
    "yes",
    "yeah",
    "yep",
    "no",
    "nope",
    "ok",
    "okay",
    "sure",
    "skip",
    "none",
    "n/a",
    "idk",
    "anonymous",
    *("si", "nel", "claro", "nada", "ninguno", "saltar", "omitir", "no se", "anonimo", "anonima"),
    # what opens another sentence ("Sorry, actually, I need to correct the amount")
    *("sorry", "wait", "actually", "hold on", "oh", "um", "uh", "hi", "hello", "thanks", "thank you"),
    *("perdon", "disculpe", "espere", "espera", "oiga", "hola", "gracias", "bueno", "este"),
}
# Words a sentence has and a person's name never does ("Parcel number is", "we serve Mexican food")
_NOT_IN_A_NAME = {
    *("is", "are", "was", "were", "the", "we", "our", "my", "number", "phone", "parcel", "serve"),
    *("es", "son", "fue", "numero", "telefono", "nuestro", "nuestra", "servimos"),
    *("owner", "manager", "dueno", "duena", "gerente", "encargado", "encargada"),
}
MAX_NAME_WORDS = 6  # "María de los Ángeles García López"
_TYPE_YOUR_NAME = N_("Please tell me your name, for example Maria Lopez.")  # typed or said


def parse_person_name(text: str) -> ParseResult[str]:
    """A person's name as typed (any script), without "my name is" and the like."""
    name = " ".join(str(text).split()).strip(" .,!")
    name = _RE_NAME_PREFIX.sub("", name).strip(" .,!")
    head, comma, tail = name.partition(",")
    if comma and tail.strip()[:1].islower():  # "Rosa Medina, call me back at": the name before the comma
        name = head.strip(" .!")
    if not name or not any(c.isalpha() for c in name):
        return _fail(t(_TYPE_YOUR_NAME))
    plain = _strip_accents(normalize(name))
    words = re.findall(r"[^\W\d_]+", plain)
    if plain in _NOT_A_NAME or _NOT_IN_A_NAME.intersection(words) or all(w in _NOT_A_NAME for w in words):
        return _fail(t(_TYPE_YOUR_NAME))  # "Yes. Yes, that's right": a yes said twice, no name
    # a name has no figures and few words ("We'll have 64 seats and no drive-thru" answers something else)
    if len(name) > 100 or any(c.isdigit() for c in name) or len(name.split()) > MAX_NAME_WORDS:
        return _fail(t("Please type just your name, for example Maria Lopez."))
    return _ok(name)


_RE_COMPANY_PREFIX = re.compile(
    r"^(?:(?:it\s+was|that\s+was|the\s+(?:company|hauler|pumper)\s+(?:was|is)|fue|era|la\s+compa[ñn][ií]a"
    r"\s+(?:fue|es))\s+)",
    re.IGNORECASE,
)
MAX_COMPANY_WORDS = 8  # "Los Angeles County Sanitation Districts Liquid Waste Services"
_TYPE_THE_COMPANY = N_("Please type just the company's name, for example ABC Hauling.")


def parse_company_name(text: str) -> ParseResult[str]:
    """A company's name as typed ("High Desert Liquid Waste"): not a city, a question, a sentence or a
    word too short to be a name ("oh also the pumper said next time he can ... is that ok" answers
    something else)."""
    name = _RE_COMPANY_PREFIX.sub("", " ".join(str(text).split()).strip(" .,!")).strip(" .,!")
    letters = re.sub(r"[^\w]|[\d_]", "", name)
    if len(letters) < 3 or _strip_accents(normalize(name)) in _NOT_A_NAME:
        return _fail(t(_TYPE_THE_COMPANY))
    if normalize(name) in CITY_NAMES or "?" in name or len(name.split()) > MAX_COMPANY_WORDS:
        return _fail(t(_TYPE_THE_COMPANY))
    return _ok(name)


# The words a food business's name is made of ("Pupuseria Lupita", "Tacos El Guero", "Sunrise Bakery").
_FOOD_BUSINESS_WORDS = (
    r"pupuser[ií]a|taquer[ií]a|restaurante?s?|caf[eé]s?|cafeter[ií]a|panader[ií]a|pasteler[ií]a|"
    r"bakery|diner|grill|kitchen|cocina|mariscos|tacos|pizzer[ií]a|pizza|burgers?|bistro|deli|bar|cantina|"
    r"fonda|loncher[ií]a|birrier[ií]a|carnitas|pollos?|sushi|buffet|catering|bbq|wings|donuts?|bagels?|"
    r"birria|antojitos|tortas|tamales|tortiller[ií]a|carnicer[ií]a|donas|paleter[ií]a|never[ií]a|pho|ramen|"
    r"teriyaki|chicken|noodles?|boba"
)
_FOOD_BUSINESS_NOUN = re.compile(rf"\b(?:{_FOOD_BUSINESS_WORDS})\b", re.IGNORECASE)
# "es la taqueria el guero", "it's the burger place": the words said before the business's own name
# "the restaurant's Lucky Star", "our place is called Lucky Star", "el restaurante se llama La Ceiba": the
# words that introduce a business's name
_NAME_INTRO = (
    r"(?:(?:the|our|my|el|la|mi|nuestr[oa])\s+(?:restaurant|place|business|shop|restaurante|negocio|lugar)"
    r"(?:'s|\s+is(?:\s+called)?|\s+es|\s+called|\s+named|\s+se\s+llama)\s+|(?:it'?s|its)\s+called\s+|se\s+llama\s+)"
)
# what follows a kind of place when it is no name ("the restaurant's on Century", "el lugar de Pepe")
_NO_NAME_AFTER = r"(?!(?:on|at|in|next|near|by|de|en|del|closed|open|cerrado|abierto)\b)"
_RE_NAME_INTRO = re.compile(rf"^{_NAME_INTRO}{_NO_NAME_AFTER}(?=\w)", re.IGNORECASE)
_BUSINESS_LEAD = re.compile(
    rf"^(?:{_NAME_INTRO}{_NO_NAME_AFTER})?"
    r"(?:(?:it'?s|it is|es|somos|we'?re)\s+)?"
    rf"(?:(?:the|la|el)\s+(?=\w+\s+\w)(?=(?:{_FOOD_BUSINESS_WORDS})\b))?",
    re.IGNORECASE,
)
# The words that say what kind of place it is without naming it ("the restaurant", "mi taqueria")
_KIND_OF_PLACE = re.compile(
    r"\b(?:the|a|an|la|el|los|las|my|our|mi|nuestr[oa]|this|esta?|that|esa?|place|lugar|negocio|business|"
    rf"{_FOOD_BUSINESS_WORDS})\b|[^\w]",
    re.IGNORECASE,
)


def names_a_food_business(text: str) -> bool:
    """Whether ``text`` reads as a food business's name ("pupuseria lupita"), not a person's ("Lupita
    Ramirez")."""
    return bool(_FOOD_BUSINESS_NOUN.search(text))


# Words that tell how a grease device was serviced, never a business's name
_ABOUT_THE_SERVICE = re.compile(
    r"\b(?:pump[- ]?outs?|pumped|removed|hauled|technician|repairs?|bombe\w+|sacaron|limpieza completa)\b",
    re.IGNORECASE,
)


def tells_the_service(text: str) -> bool:
    """Whether words tell how a grease device was serviced ("Full pump-out"), which no business is named."""
    return bool(_ABOUT_THE_SERVICE.search(text))


def without_name_intro(name: str) -> str:
    """A business's name as answered, without the words that introduce it ("the restaurant's Lucky Star" →
    "Lucky Star"); the words as they are when nothing introduces them."""
    return _RE_NAME_INTRO.sub("", name.strip()) or name


def business_name_said(text: str) -> str | None:
    """The business's own name in a short clause about it ("es la taqueria el guero" -> "taqueria el guero",
    "Pollos El Sinaloense"), or None when the words only say what kind of place it is ("the restaurant", "mi
    taqueria en victorville") or are about it rather than its name ("sale de mi restaurante")."""
    name = _BUSINESS_LEAD.sub("", text.strip(" .,;:!?"))
    words = name.split()
    if not words or len(words) > MAX_COMPANY_WORDS or any(c.isdigit() for c in name):
        return None
    if not _KIND_OF_PLACE.sub("", name).strip() or any(city in normalize(name) for city in CITY_NAMES):
        return None
    if tells_the_service(name):  # "Full pump-out, 750 gallons removed": the service, not the place
        return None
    # a name starts with the kind of business ("Taqueria El Guero") or is written as one ("Casa Lupe"); a
    # short one may end with it, texted in lower case ("mori sushi")
    ends_with_the_kind = (
        len(words) <= SHORT_NAME_WORDS
        and names_a_food_business(words[-1])
        and not any(normalize(w) in _NOT_IN_A_SHORT_NAME for w in words)
    )
    if names_a_food_business(words[0]) or ends_with_the_kind or any(w[0].isupper() for w in words):
        return name
    return None


SHORT_NAME_WORDS = 3
# Words that tell about a place rather than name it ("sale del restaurante", "from my cafe")
_NOT_IN_A_SHORT_NAME = frozenset(
    {"de", "del", "from", "of", "my", "our", "mi", "mis", "nuestro", "nuestra", "in", "en", "at", "al"}
    | {"sale", "salio", "comes", "came", "out"}
)


# A person's role said beside their name ("soy el dueño", "I'm the manager", "la administradora").
_A_ROLE = (
    # "the owner", "la encargada", and without the article after a name ("Karen Blake, property manager")
    r"(?:(?:el|la|the|un|una|a)\s+)?(?:(?:property|general|kitchen|store|shift|assistant|night|district|regional|"
    r"area|operations|office|franchise|floor|restaurant|food service|cafeteria)\s+)?"
    r"(?:due[nñ][oa]|owner|cociner[oa]|cook|"
    r"chef|gerente|manager|encargad[oa]|administrador[a]?|supervisor[a]?|cajer[oa]|meser[oa]|emplead[oa]|"
    r"employee|server|lavaplatos|dishwasher|propietari[oa]|operador[a]?|operator)"
    r"(?:\s+(?:del?|of|here|aqu[ií])(?:\s+\w+)?)?"
)
_ROLE = re.compile(  # the role alone: "soy el dueño (del negocio)"
    rf"^(?:(?:yo\s+)?soy\s+|i'?m\s+|i\s+am\s+)?{_A_ROLE}\s*$", re.IGNORECASE
)
# "soy Lupita Ramírez", "this is Sam Ortiz", "its me Luis Ortega", "im Chente Ruiz the owner": a name after
# words that introduce one, and the role said after it
_INTRODUCED = re.compile(
    rf"^(?:(?:yo\s+)?soy|this is|i'?m|i am|habla|it'?s me|its me|soy yo)\s+"
    rf"(?P<name>.+?)(?P<role>\s+{_A_ROLE})?$",
    re.IGNORECASE,
)
_PERSON_NAME = re.compile(r"^[^\W\d_]+(?:[ '-][^\W\d_]+){1,3}$")


def said_name(text: str) -> str | None:
    """A person's name said among other words, beside their role or after "soy"/"this is": "Juan Perez, soy
    el dueño", "yo soy el cocinero, Ramiro Salas", "Soy Lupita Ramírez, la administradora, 760 555 0163".
    A bare run of words is no name ("ya cerramos el agua"): a role beside it, or capitals, say it is one, or a
    phone number said with it and nothing else ("maria lopez 760-555-0188")."""
    bare = without_phones(text)
    pieces = [p.strip() for p in re.split(r"[,.;]|\s+-\s+", bare)]
    pieces = [p for p in pieces if p]
    with_a_phone = len(pieces) == 1 and bare != " ".join(text.split())
    for i, piece in enumerate(pieces):
        if _ROLE.match(piece):
            continue
        introduced = _INTRODUCED.match(piece)
        role_beside = any(_ROLE.match(pieces[j]) for j in (i - 1, i + 1) if 0 <= j < len(pieces)) or bool(
            introduced and introduced.group("role")
        )
        words = introduced.group("name") if introduced else piece
        if not _PERSON_NAME.match(words) or names_a_food_business(words):
            continue
        capitalised = all(word[0].isupper() for word in words.split())
        named = role_beside or with_a_phone or (introduced and capitalised)
        if named and (name := parse_person_name(words)).ok:
            return name.value
    return None


def parse_text(text: str, *, max_chars: int = 1000) -> ParseResult[str]:
    """Free text (descriptions, lists): trimmed, non-empty, at most ``max_chars`` characters."""
    value = " ".join(str(text).split())
    if len(re.sub(r"\W", "", value)) < 2:
        return _fail(t("Please type a short answer in words."))
    if len(value) > max_chars:
        return _fail(t("That's a bit long: please keep it under {limit} characters.", limit=max_chars))
    return _ok(value)


# A word or two said twice as a speaker restarts ("hace como, como media hora", "la, la rejilla", "es que, es
# que"): lower-case words only, so a name said twice ("Bora Bora") stays
# never a number said in words ("cinco cinco cinco" is a phone number's digits)
_NUMBER_WORDS = (
    r"zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|double|triple|"
    r"cero|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez"
)
_SAID_TWICE = re.compile(
    rf"\b(?!(?:{_NUMBER_WORDS})\b)([a-záéíóúüñ']{{1,8}}(?:\s+[a-záéíóúüñ']{{1,8}})?)(?:,?\s+\1\b)+"
)


def without_restarts(text: str) -> str:
    """``text`` with each word or pair of words a speaker said twice in a row said once."""
    return _SAID_TWICE.sub(r"\1", text)
