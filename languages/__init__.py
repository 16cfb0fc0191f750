"""The languages the assistant speaks (English and Spanish), and the one a reply is being written in.

The language of a conversation is decided at the edge (:mod:`languages.detect`, the NLU step
``nlp.language.LanguageEntity``, the web page's switch, the voice menu) and kept in the ``language`` slot. An
adapter that writes a reply enters :func:`using` with it; everything below writes its words through
:func:`t` (the Spanish catalog, ``languages/es.yml``) and reads :func:`current` where a choice depends on it
(which answer card text, month names). English is the default and the official text of the ordinances.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from languages.catalog import translate

ENGLISH = "en"
SPANISH = "es"
LANGUAGES = (ENGLISH, SPANISH)
NAMES = {ENGLISH: "English", SPANISH: "español"}

_CURRENT: ContextVar[str] = ContextVar("reply_language", default=ENGLISH)

__all__ = ["ENGLISH", "LANGUAGES", "NAMES", "N_", "SPANISH", "current", "normalised", "t", "using"]


def N_(text: str, /) -> str:
    """Mark ``text`` as a message to translate where it is defined (a constant, a table); :func:`t`
    translates it where it is written into a reply. The catalog check finds both by their names."""
    return text


def normalised(value: object) -> str:
    """A language code we speak, from a slot, a form field or a header ("es-MX" → "es"); else English."""
    text = str(value or "").strip().lower().replace("_", "-")
    code = text.split("-", 1)[0]
    if code in LANGUAGES:
        return code
    return SPANISH if code in ("spanish", "espanol", "español") else ENGLISH


def current() -> str:
    """The language the reply being written is in."""
    return _CURRENT.get()


@contextmanager
def using(language: object) -> Iterator[str]:
    """Write replies in ``language`` inside the block (contextvars: safe across threads and asyncio tasks)."""
    code = normalised(language)
    token = _CURRENT.set(code)
    try:
        yield code
    finally:
        _CURRENT.reset(token)


def t(text: str, /, **values: object) -> str:
    """``text`` (an English message, with ``{name}`` fields) in the current language, its fields filled.

    English text missing from the catalog is returned in English (the completeness check in the tests
    keeps the catalog whole); a Spanish text whose fields differ from the English one is refused at load.
    """
    template = translate(text, current()) if current() != ENGLISH else text
    return template.format(**values) if values else template
