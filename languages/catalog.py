"""The Spanish catalog: each English message the assistant writes, and its Spanish text (``es/*.yml``, one
file per part of the assistant).

The English text is the key, as in gettext: code stays readable, and a message missing from the catalog
still reaches the user (in English) instead of failing. Loading checks that each Spanish text keeps the
English one's ``{fields}`` and numbers, so a translation can never change an amount or a deadline.
"""

from __future__ import annotations

import re
import string
from functools import cache
from pathlib import Path

import yaml

CATALOG_DIR = Path(__file__).resolve().parent
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")


class CatalogError(ValueError):
    """A catalog entry would change what a message says: a field or a number differs."""


def fields(text: str) -> set[str]:
    """The ``{fields}`` a message template fills."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def digits(text: str) -> list[str]:
    """The numbers a text writes in digits, in order."""
    return sorted(_DIGITS.findall(text))


@cache
def catalog(language: str) -> dict[str, str]:
    """English message → its text in ``language``, from ``<language>/*.yml`` beside this module.

    Spaces are normalised; a message's leading and trailing space is kept (" Reply MORE for the rest.")."""
    found: dict[str, str] = {}
    for path in sorted((CATALOG_DIR / language).glob("*.yml")):
        entries = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for english, translated in entries.items():
            english, translated = normal(str(english)), normal(str(translated or ""))
            where = f"{language}/{path.name}: {english!r}"
            if not translated.strip():
                continue  # not translated yet: the English is used, and `python -m languages missing` says so
            if fields(english) != fields(translated):
                raise CatalogError(f"{where}: fields {fields(translated)} != {fields(english)}")
            if digits(english) != digits(translated):
                raise CatalogError(f"{where}: numbers {digits(translated)} != {digits(english)}")
            if english in found and found[english] != translated:
                raise CatalogError(f"{where}: translated twice, differently")
            found[english] = translated
    return found


def normal(text: str) -> str:
    """Runs of whitespace as one space, keeping one leading and one trailing space if there were any."""
    inner = " ".join(text.split())
    return (" " if text[:1].isspace() else "") + inner + (" " if text[-1:].isspace() and inner else "")


def translate(text: str, language: str) -> str:
    """``text`` in ``language`` when the catalog has it, else ``text`` (spaces normalised for the lookup)."""
    return catalog(language).get(normal(text), text)
