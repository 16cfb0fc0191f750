"""Which language a message is in: an explicit choice ("en español", "English please") or, for a message
with enough words, the ``lingua`` detector (its own models, English and Spanish only).

Short messages say nothing: "si", "ok", "no", a number, an address or a name keep the conversation's
language (``None`` here). Spanish written the way people text it (no accents, Spanglish such as "el grease
trap esta lleno") still reads as Spanish: the detector weighs the whole message.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lingua import Language, LanguageDetector, LanguageDetectorBuilder

from languages import ENGLISH, SPANISH

# A message needs this many words of letters before the detector is asked, and its answer this confidence.
MIN_WORDS = 3
MIN_CONFIDENCE = 0.80
# One or two words decide only when the detector is this sure of them ("gracias", "yesterday").
FEW_WORDS_CONFIDENCE = 0.95
# Names and the English words of this field that Spanish speakers here use as they are ("el grease trap", "el
# permit"): they say nothing about the language of the sentence around them, so they are not weighed.
LOANWORDS = frozenset(
    [
        "victorville",
        "inglewood",
        "vville",
        "fog",
        "fse",
        "grease",
        "trap",
        "traps",
        "interceptor",
        "permit",
        "permits",
        "hauler",
        "pumper",
        "manifest",
        "waiver",
        "variance",
        "inspector",
        "landlord",
        "manager",
        "restaurant",
        "cafe",
        "taco",
        "tacos",
        "street",
        "st",
        "ave",
        "avenue",
        "blvd",
        "rd",
        "road",
        "dr",
        "drive",
        "main",
        "okay",
        "ok",
        "suite",
        "bin",
        "bins",
    ]
)

_WORD = re.compile(r"[^\W\d_]{2,}")
_ASK_SPANISH = re.compile(
    r"^\W*(?:(?:en|in|hablo|habla|hable|speak|prefiero|quiero)\s+)?(?:espa[nñ]ol|spanish|castellano)"
    r"(?:\s+(?:please|por\s*favor|pls|porfa))?\W*$"
    r"|\b(?:en|in)\s+espa[nñ]ol\b|\b(?:habla|hablan|hablas)\s+espa[nñ]ol\b|\bspanish\s+please\b",
    re.IGNORECASE,
)
_ASK_ENGLISH = re.compile(
    r"^\W*(?:(?:in|en|speak)\s+)?(?:english|ingl[eé]s)(?:\s+(?:please|por\s*favor|pls))?\W*$"
    r"|\b(?:in|en)\s+(?:english|ingl[eé]s)\b|\bspeak\s+english\b|\benglish\s+please\b",
    re.IGNORECASE,
)
_LINGUA = {Language.ENGLISH: ENGLISH, Language.SPANISH: SPANISH}


def explicit_choice(text: str) -> str | None:
    """The language the user asks for by name ("en español", "can you speak spanish", "English please")."""
    if _ASK_SPANISH.search(text or ""):
        return SPANISH
    if _ASK_ENGLISH.search(text or ""):
        return ENGLISH
    return None


def detect(text: str) -> str | None:
    """The language of ``text``, or None when it is too short or too mixed to tell."""
    chosen = explicit_choice(text)
    if chosen:
        return chosen
    if _is_a_name_line(text or ""):
        return None  # "Cocina Lupe, 14500 Bear Valley Rd, Victorville" given in English: names, no language
    words = [word for word in _said_words(text or "") if word.lower() not in LOANWORDS]
    if not words:
        return None
    if len(words) >= MIN_WORDS and (by_words := _by_function_words(words)) is not None:
        return (
            by_words  # "donde pongo el cardboard": its function words are Spanish, whatever a loanword says
        )
    best = _detector().compute_language_confidence_values(" ".join(words))[0]
    needed = FEW_WORDS_CONFIDENCE if len(words) < MIN_WORDS else MIN_CONFIDENCE
    return _LINGUA[best.language] if best.value >= needed else None


# A capitalised word inside a sentence is a name ("Rivera Tax & Bookkeeping, 15550 Palmdale Rd ... soy Hector
# Rivera"): it says nothing about the language around it
_SENTENCE_ENDS = ".!?¡¿:;\n"


def _said_words(text: str) -> list[str]:
    """The message's words without the names in it (capitalised inside a sentence), unless it is all
    capitalised or all names (then every word counts)."""
    found = list(_WORD.finditer(text))
    kept = [
        m.group(0) for m in found if not m.group(0)[0].isupper() or m.group(0).isupper() or _opens(text, m)
    ]
    return kept if kept else [m.group(0) for m in found]


# A line of names: a business, a person or an address ("Taqueria El Gallo", "Cocina Lupe, 14500 Bear Valley
# Rd"), every word capitalised; this many words or fewer, or with a figure or a comma in it
NAME_LINE_WORDS = 4
ACRONYM_LETTERS = 3
_FIGURE_OR_COMMA = re.compile(r"[\d,]")


def _is_a_name_line(text: str) -> bool:
    """Whether a message is only names, every word of two letters or more capitalised ("Maria Lopez",
    "Cocina Lupe, 14500 Bear Valley Rd, Victorville"): the detector would read "Cocina" as the language."""
    words = _WORD.findall(text)
    return (
        len(words) >= 2
        # Title-case words (an acronym of three letters or fewer is a name too: "LLC", "S La Brea Ave"); a
        # message in capitals is shouted, not a name ("SE ESTA DESBORDANDO LA TRAMPA, 14500 BEAR VALLEY")
        and all(word[0].isupper() and (not word.isupper() or len(word) <= ACRONYM_LETTERS) for word in words)
        # a name holds no verb or function word beyond its articles: "Necesito Ayuda" is Spanish
        and not any(word.lower() in _SAID_NOT_NAMED for word in words)
        and (len(words) <= NAME_LINE_WORDS or bool(_FIGURE_OR_COMMA.search(text)))
    )


def _opens(text: str, word: re.Match[str]) -> bool:
    """Whether ``word`` opens the text or a sentence (the character before it, spaces aside, ends one)."""
    before = text[: word.start()].rstrip(" \t")
    return not before or before[-1] in _SENTENCE_ENDS


def _by_function_words(words: list[str]) -> str | None:
    """The language whose function words a message uses, when it uses only that language's (two or more):
    "vivo en Inglewood, el unicel en que bote va?" (lingua: 77% Spanish, as "unicel" and "bote" look like
    nothing) and "donde pongo el cardboard" (lingua: 84% English, for "cardboard") are Spanish; "the grease
    at El Pollo Loco" names a place and stays undecided."""
    said = [word.lower() for word in words]
    spanish = sum(word in _SPANISH_FUNCTION_WORDS for word in said)
    english = sum(word in _ENGLISH_FUNCTION_WORDS for word in said)
    if spanish >= FUNCTION_WORDS_NEEDED and not english:
        return SPANISH
    if english >= FUNCTION_WORDS_NEEDED and not spanish:
        return ENGLISH
    return None


# How many function words of one language (and none of the other) decide a message the detector is unsure of.
FUNCTION_WORDS_NEEDED = 2
_SPANISH_FUNCTION_WORDS = frozenset(
    [
        "el",
        "la",
        "los",
        "las",
        "en",
        "que",
        "q",
        "del",
        "al",
        "por",
        "para",
        "pa",
        "con",
        "mi",
        "mis",
        "es",
        "y",
        "lo",
        "le",
        "se",
        "su",
        "sus",
        "una",
        "uno",
        "donde",
        "cual",
        "cuando",
        "como",
        "pero",
        "tambien",
        "tengo",
        "tenemos",
        "un",
        "si",
        "necesito",
        "necesitamos",
        "puedo",
        "podemos",
        "cuanto",
        "cuantos",
        "pongo",
        "pasa",
        "hay",
        "van",
        "va",
        "esta",
        "estan",
    ]
)
_ENGLISH_FUNCTION_WORDS = frozenset(
    [
        "the",
        "in",
        "of",
        "to",
        "is",
        "my",
        "and",
        "for",
        "where",
        "which",
        "what",
        "when",
        "how",
        "but",
        "also",
        "have",
        "has",
        "are",
        "does",
        "do",
        "it",
        "its",
        "this",
        "that",
        "with",
        "at",
        "we",
        "our",
        "you",
        "your",
        "was",
        "were",
        "on",
        "from",
        "can",
        "like",
        "just",
        "got",
        "be",
        "if",
        "or",
        "they",
        "there",
        "about",
        "an",
        "not",
        "will",
        "would",
        "should",
        "did",
        "had",
    ]
)


# The function words a business's or a person's name may hold ("Taqueria El Gallo", "Casa De Lupe")
_NAME_ARTICLES = frozenset(["el", "la", "los", "las", "de", "del", "y", "the", "of", "and", "at", "on", "in"])
_SAID_NOT_NAMED = (_SPANISH_FUNCTION_WORDS | _ENGLISH_FUNCTION_WORDS) - _NAME_ARTICLES


@lru_cache(maxsize=1)
def _detector() -> LanguageDetector:
    """English and Spanish only, models loaded once (about 0.3 s)."""
    return (
        LanguageDetectorBuilder.from_languages(Language.ENGLISH, Language.SPANISH)
        .with_preloaded_language_models()
        .build()
    )
