"""Carrier SMS keywords (STOP, START, HELP and their Spanish forms) and the replies carriers expect.

A keyword counts only when it is the whole message, ignoring case, accents, surrounding whitespace
and punctuation: "stop." and " Stop " opt out, "stop by tomorrow" does not. The English lists are
Twilio's default opt-out / opt-in / help keywords (the CTIA set plus OPTOUT and REVOKE); the Spanish
ones are the forms carriers and Twilio's Advanced Opt-Out commonly recognise.

Note for connectors: Twilio itself acts on the English defaults before our webhook sees them (it blocks
further messages to a number that texted STOP until it texts START), but not on the Spanish ones, so our
own opt-out store must honour both. YES and SÍ are also ordinary answers to the bot's questions; treat
them as opt-in only for a number that is currently opted out (see :attr:`KeywordMatch.is_also_an_answer`).
"""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass

from shaping.sms_text import MORE_MARKER


class KeywordKind(enum.Enum):
    OPT_OUT = "opt_out"
    OPT_IN = "opt_in"
    HELP = "help"
    MORE = "more"


class Language(str, enum.Enum):
    ENGLISH = "en"
    SPANISH = "es"


@dataclass(frozen=True)
class KeywordMatch:
    kind: KeywordKind
    language: Language
    keyword: str
    """The normalized keyword that matched, e.g. ``"stop all"`` or ``"si"``."""

    @property
    def is_also_an_answer(self) -> bool:
        """True for YES / SÍ, which opt a number back in but are otherwise replies to the bot's questions."""
        return self.keyword in _ALSO_ANSWERS


_KEYWORDS: dict[str, tuple[KeywordKind, Language]] = {
    **dict.fromkeys(
        [
            "stop",
            "stopall",
            "stop all",
            "unsubscribe",
            "cancel",
            "end",
            "quit",
            "optout",
            "opt out",
            "revoke",
        ],
        (KeywordKind.OPT_OUT, Language.ENGLISH),
    ),
    **dict.fromkeys(
        ["parar", "alto", "detener", "cancelar", "baja", "darse de baja"],
        (KeywordKind.OPT_OUT, Language.SPANISH),
    ),
    **dict.fromkeys(["start", "yes", "unstop"], (KeywordKind.OPT_IN, Language.ENGLISH)),
    **dict.fromkeys(["comenzar", "inicio", "iniciar", "si"], (KeywordKind.OPT_IN, Language.SPANISH)),
    **dict.fromkeys(["help", "info"], (KeywordKind.HELP, Language.ENGLISH)),
    **dict.fromkeys(["ayuda"], (KeywordKind.HELP, Language.SPANISH)),
    **dict.fromkeys(["more"], (KeywordKind.MORE, Language.ENGLISH)),
    **dict.fromkeys(["mas"], (KeywordKind.MORE, Language.SPANISH)),
}
_ALSO_ANSWERS = frozenset({"yes", "si"})


def normalize_keyword(text: str) -> str:
    """Lower-case, strip accents, turn punctuation into spaces and collapse whitespace: " ¡Sí! " -> "si"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    without_accents = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(re.sub(r"[\W_]+", " ", without_accents).split())


def classify_keyword(text: str | None) -> KeywordMatch | None:
    """The carrier keyword that ``text`` consists of, or ``None`` for any other message."""
    normalized = normalize_keyword(text or "")
    found = _KEYWORDS.get(normalized)
    if found is None:
        return None
    kind, language = found
    return KeywordMatch(kind=kind, language=language, keyword=normalized)


_REPLIES: dict[tuple[KeywordKind, Language], str] = {
    (KeywordKind.OPT_OUT, Language.ENGLISH): (
        "{program}: You are unsubscribed and will get no more messages from this number. "
        "Reply START to resubscribe."
    ),
    (KeywordKind.OPT_OUT, Language.SPANISH): (
        "{program}: Se canceló su suscripción y no recibirá más mensajes de este número. "
        "Responda COMENZAR para volver a suscribirse."
    ),
    (KeywordKind.OPT_IN, Language.ENGLISH): (
        "{program}: You are subscribed again. Msg frequency varies. Msg&data rates may apply. "
        "Reply HELP for help. Reply STOP to opt out."
    ),
    (KeywordKind.OPT_IN, Language.SPANISH): (
        "{program}: Su suscripción está activa de nuevo. La frecuencia de mensajes varía. "
        "Pueden aplicarse tarifas de mensajes y datos. Responda AYUDA para ayuda. "
        "Responda PARAR para cancelar."
    ),
    (KeywordKind.HELP, Language.ENGLISH): (
        "{program}: For help, contact {help_contact}. Msg&data rates may apply. Reply STOP to opt out."
    ),
    (KeywordKind.HELP, Language.SPANISH): (
        "{program}: Para ayuda, comuníquese con {help_contact}. "
        "Pueden aplicarse tarifas de mensajes y datos. Responda PARAR para cancelar."
    ),
}

_NOTHING_MORE: dict[Language, str] = {
    Language.ENGLISH: "There is nothing more to send. Ask me another question any time.",
    Language.SPANISH: "No hay nada más que enviar. Puede hacer otra pregunta cuando quiera.",
}

_MORE_MARKERS: dict[Language, str] = {
    Language.ENGLISH: MORE_MARKER,
    Language.SPANISH: " Responda MAS para el resto.",
}


def keyword_reply(kind: KeywordKind, language: Language, *, program_name: str, help_contact: str) -> str:
    """The carrier-style reply to an opt-out, opt-in or help keyword.

    ``help_contact`` is the configured way to reach a person (for example a city phone number or web address);
    this module never supplies one.
    """
    if kind is KeywordKind.MORE:
        raise ValueError("MORE has no fixed reply: send the kept-back remainder, or nothing_more_reply()")
    if not program_name.strip():
        raise ValueError(f"program_name must name the program, got {program_name!r}")
    if not help_contact.strip():
        raise ValueError(f"help_contact must say how to reach a person, got {help_contact!r}")
    return _REPLIES[kind, language].format(program=program_name.strip(), help_contact=help_contact.strip())


def nothing_more_reply(language: Language) -> str:
    """The reply to MORE when nothing was kept back."""
    return _NOTHING_MORE[language]


def more_marker(language: Language) -> str:
    """The continuation marker appended to the last SMS part (pass to ``split_sms(more_marker=...)``)."""
    return _MORE_MARKERS[language]
