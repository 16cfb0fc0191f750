"""Text out of the PDFs fpdf2 writes, without a PDF library (pypdf is not installed in either environment).

Enough of PDF for our own output: objects, Flate-compressed streams, ``Tf`` font switches, ``Tj``/``TJ``
strings, and the ``ToUnicode`` maps of embedded (Type0, Identity-H) TrueType fonts. Core fonts are read as
latin-1. One output line per ``BT ... ET`` text object.
"""

from __future__ import annotations

import re
import zlib

_OBJECT = re.compile(rb"(\d+) 0 obj\s*(.*?)\s*endobj", re.S)
_STREAM = re.compile(rb"^(.*?)stream\r?\n(.*?)\r?\nendstream", re.S)
_ESCAPES = {
    b"n": b"\n",
    b"r": b"\r",
    b"t": b"\t",
    b"b": b"\b",
    b"f": b"\f",
    b"(": b"(",
    b")": b")",
    b"\\": b"\\",
}


def _objects(pdf: bytes) -> dict[int, tuple[bytes, bytes | None]]:
    found = {}
    for match in _OBJECT.finditer(pdf):
        body = match.group(2)
        stream = _STREAM.match(body)
        if stream is None:
            found[int(match.group(1))] = (body, None)
            continue
        header, data = stream.group(1), stream.group(2)
        if b"/FlateDecode" in header:
            data = zlib.decompress(data)
        found[int(match.group(1))] = (header, data)
    return found


def _unicode_map(cmap: bytes) -> dict[int, str]:
    mapping: dict[int, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.S):
        for code, text in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            mapping[int(code, 16)] = bytes.fromhex(text.decode()).decode("utf-16-be")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", cmap, re.S):
        for low, high, start in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            first = int(start, 16)
            for offset, code in enumerate(range(int(low, 16), int(high, 16) + 1)):
                mapping[code] = chr(first + offset)
    return mapping


def _literal(data: bytes, start: int) -> tuple[bytes, int]:
    """The bytes of the literal string opening at ``data[start] == b"("``, and the index after it."""
    out, depth, i = bytearray(), 1, start + 1
    while depth:
        char = data[i : i + 1]
        if char == b"\\":
            following = data[i + 1 : i + 2]
            octal = re.match(rb"[0-7]{1,3}", data[i + 1 : i + 4])
            if octal:
                out.append(int(octal.group(0), 8))
                i += 1 + len(octal.group(0))
                continue
            out += _ESCAPES.get(following, following)
            i += 2
            continue
        if char == b"(":
            depth += 1
        elif char == b")":
            depth -= 1
            if not depth:
                break
        out += char
        i += 1
    return bytes(out), i + 1


def page_count(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


def extract_text(pdf: bytes) -> str:
    """All text drawn on all pages, one line per text object."""
    objects = _objects(pdf)
    font_maps: dict[int, dict[int, str] | None] = {}
    for number, (header, _) in objects.items():
        if b"/Type /Font" in header:
            to_unicode = re.search(rb"/ToUnicode (\d+) 0 R", header)
            font_maps[number] = (
                _unicode_map(objects[int(to_unicode.group(1))][1] or b"") if to_unicode else None
            )
    names: dict[bytes, int] = {}
    for header, _ in objects.values():
        for name, number in re.findall(rb"/(F\d+) (\d+) 0 R", header):
            names[name] = int(number)
    lines: list[str] = []
    for _header, data in objects.values():
        if data is None or b"BT" not in data or b"Tf" not in data:
            continue
        current: dict[int, str] | None = None
        for block in re.findall(rb"BT(.*?)ET", data, re.S):
            pieces: list[str] = []
            i = 0
            while i < len(block):
                font = re.match(rb"/(F\d+)\s+[\d.]+\s+Tf", block[i:])
                if font:
                    current = font_maps.get(names[font.group(1)])
                    i += font.end()
                    continue
                if block[i : i + 1] == b"(":
                    raw, i = _literal(block, i)
                    if current is None:
                        pieces.append(raw.decode("latin-1"))
                    else:
                        codes = [int.from_bytes(raw[k : k + 2], "big") for k in range(0, len(raw), 2)]
                        pieces.append("".join(current.get(code, "\ufffd") for code in codes))
                    continue
                i += 1
            if pieces:
                lines.append("".join(pieces))
    return "\n".join(lines)
