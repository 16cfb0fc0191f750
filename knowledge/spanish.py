"""Spanish questions in the words the ordinances use: the glossary (``glossary.es.yml``) read over a message.

The embedding model reads English only, so a Spanish question is searched twice: as written, against the
Spanish texts of the answer cards (and their BM25 with a Spanish stemmer), and glossed here into the
ordinances' English words against the English cards and passages. "cada cuanto hay que limpiar la trampa de
grasa" → "how often hay what clean the grease trap".
"""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

import Stemmer
import yaml
from text_to_num import alpha2digit

GLOSSARY = Path(__file__).resolve().parent / "glossary.es.yml"
_TOKEN = re.compile(r"[a-z0-9$%]+(?:[.,/-][a-z0-9]+)*")
# "hace 2 semanas" → "2 weeks ago": Spanish puts "ago" first, with the amount after it.
_AGO = re.compile(
    r"\bhace\s+(un|una|algunos|algunas|media|\d+)?\s*(minutos?|horas?|dias?|semanas?|mes(?:es)?|anos?)\b"
)
# "unos 6 galones", "hace unos dias": about, some; never the number one (number words become digits below).
_SOME = re.compile(r"\b(?:hace\s+)?un[oa]s\b", re.IGNORECASE)
_UNITS = {
    "minuto": "minutes",
    "hora": "hours",
    "dia": "days",
    "semana": "weeks",
    "mes": "months",
    "ano": "years",
}


def plain(text: str) -> str:
    """Lowercase, without accents ("¿Cuánto cuesta?" → "¿cuanto cuesta?"); ñ becomes n."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=1)
def glossary() -> dict[tuple[str, ...], str]:
    """Spanish phrase (as plain words) → English words."""
    entries = yaml.safe_load(GLOSSARY.read_text(encoding="utf-8"))["phrases"]
    return {tuple(plain(str(k)).split()): str(v) for k, v in entries.items()}


# "nos puso un NOV", "el segundo NOV": the notice of violation, never November ("1 nov" would be a day)
_NOV_ACRONYM = re.compile(
    r"\b(?P<before>un|una|el|la|otro|otra|mi|su|primer|segundo|tercer|del|este|ese)\s+(?:NOV|nov|N\.O\.V\.?)\b"
    r"(?!\.?\s*\d)",
    re.IGNORECASE,
)

# An amount in millions said with digits ("vendemos como 1.5 millones al año", "2 millones de dolares")
_MILLIONS = re.compile(r"(?P<amount>\d+(?:[.,]\d+)?)\s+mill[oó]n(?:es)?\b", re.IGNORECASE)

# An amount in thousands said with digits ("el local mide como 6 mil pies cuadrados", "12 mil dolares")
_THOUSANDS = re.compile(r"(?<![\d.,])(?P<amount>\d+(?:[.,]\d+)?)\s+mil\b", re.IGNORECASE)


def _thousands(match: re.Match[str]) -> str:
    return f"{Decimal(match['amount'].replace(',', '.')) * 1000:f}".split(".")[0]


# "por ciento" after an amount ("un veinticinco por ciento", "10 por ciento"): percent
_PER_CENT = re.compile(r"\s+por\s*ciento\b", re.IGNORECASE)


# "cuartos" are rooms in a hotel ("tenemos 150 cuartos"), which the number reader would take for "4ᵒˢ"
_ROOMS = re.compile(r"\bcuartos\b", re.IGNORECASE)
# "a un cuarto" of its depth is a quarter, not the fourth
_A_QUARTER = re.compile(r"\b(?:un|1)\s+cuarto\b", re.IGNORECASE)
# An ordinal the number reader wrote as a figure ("la tercera vez" → "la 3ª vez"): in English ("3rd time")
_ORDINAL_FIGURE = re.compile(r"\b(\d+)(?:ᵒˢ|ᵃˢ|ᵒ|ᵃ|ª|º)")
_ENGLISH_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


def _ordinals_in_english(text: str) -> str:
    def english(match: re.Match[str]) -> str:
        n = int(match.group(1))
        return f"{n}{'th' if 10 <= n % 100 <= 20 else _ENGLISH_SUFFIX.get(n % 10, 'th')}"

    return _ORDINAL_FIGURE.sub(english, text)


def gloss(text: str) -> str:
    """``text`` with every glossary phrase replaced by its English words (longest phrase first); words the
    glossary does not know (names, numbers, English words in Spanglish) are kept as written; number words
    become digits ("doscientos cincuenta galones" → "250 gallons")."""
    text = _NOV_ACRONYM.sub(r"\g<before> notice of violation", text)  # before "un" is "1": "1 nov" is a day
    text = _MILLIONS.sub(r"\g<amount> million", text)  # "1.5 millones": 1.5 million, not "1.5 1000000"
    text = _THOUSANDS.sub(_thousands, text)  # "6 mil": 6000, not "6 1000"
    text = _PER_CENT.sub(" percent", text)  # "veinticinco por ciento": 25 percent, not "25 por 100"
    text = _A_QUARTER.sub("a quarter", _ROOMS.sub("habitaciones", text))
    digits = _ordinals_in_english(alpha2digit(_SOME.sub(_some, text), "es", threshold=0))
    words = _TOKEN.findall(_AGO.sub(_ago, plain(digits)))
    table = glossary()
    longest = max((len(k) for k in table), default=1)
    out: list[str] = []
    i = 0
    while i < len(words):
        for size in range(min(longest, len(words) - i), 0, -1):
            english = table.get(tuple(words[i : i + size]))
            if english is not None:
                out.append(english)
                i += size
                break
        else:
            out.append(_conjugated(words[i]) or words[i])
            i += 1
    return " ".join(out)


# The endings of a conjugated verb, or of one with its pronoun attached ("avisamos", "avisarle", "mandalo",
# "tapo"): a word ending so is glossed by its verb's entry ("avisar: notify"). English words in Spanglish
# ("permit", "parking") end otherwise, and are kept. Not "they did" ("mandaron", "cobraron"): the English
# base form would lose the past a date's clock is read from ("la mandaron el 23" is when it was mailed).
_VERB_ENDING = re.compile(
    r"(?:amos|emos|imos|aste|iste|aba|aban|ando|iendo|ado|ada|ados|idas?|ido|ia|ian|an|en|o|"
    r"(?:ar|er|ir|a|e)(?:lo|la|le|los|las|les|me|nos|se))$"
)
_PRONOUN_ATTACHED = re.compile(r"(ar|er|ir|a|e)(?:lo|la|le|los|las|les|me|nos|se)$")
_STEMMER = Stemmer.Stemmer("spanish")
MIN_CONJUGATED = 4  # shorter words ("van", "den", "lo") are too often something else


def _conjugated(word: str) -> str | None:
    """The English of a conjugated form of a verb the glossary has ("avisamos" → "notify" from "avisar");
    None for a word that does not end like a conjugated verb, or whose stem no single verb shares."""
    if len(word) < MIN_CONJUGATED or not _VERB_ENDING.search(word):
        return None
    verb = _PRONOUN_ATTACHED.sub(r"\1", word)  # "mandalo" → "manda", "avisarle" → "avisar"
    return _verbs_by_stem().get(_STEMMER.stemWord(verb))


@lru_cache(maxsize=1)
def _verbs_by_stem() -> dict[str, str]:
    """The glossary's one-word verbs (infinitives) by stem; a stem two verbs share with different English
    is left out."""
    found: dict[str, set[str]] = {}
    for key, english in glossary().items():
        if len(key) == 1 and re.search(r"(?:ar|er|ir)$", key[0]):
            found.setdefault(_STEMMER.stemWord(key[0]), set()).add(english)
    return {stem: next(iter(english)) for stem, english in found.items() if len(english) == 1}


def _some(match: re.Match[str]) -> str:
    return "hace algunos" if match.group(0).lower().startswith("hace") else "about"


def _ago(match: re.Match[str]) -> str:
    amount, unit = match.group(1) or "a", match.group(2)
    unit = _UNITS["mes" if unit.startswith("mes") else unit.rstrip("s")]  # "hace un mes", "hace 2 meses"
    if amount in ("un", "una"):
        amount = "a"
    elif amount in ("algunos", "algunas"):
        amount = "a few"
    elif amount == "media":
        amount = "half an"
    return f"{amount} {unit} ago"
