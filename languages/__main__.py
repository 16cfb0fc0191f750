"""``python -m languages missing [--write FILE]``: the messages in the code the Spanish catalog lacks.

Messages are found in the source, as gettext finds them: the first argument of every ``t("...")`` and
``N_("...")`` call (:func:`languages.messages.messages_in_code`). ``--write`` adds them to a YAML file with
an empty Spanish text, for a translator. Exits 1 when a message is missing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import yaml

from languages.catalog import catalog
from languages.messages import messages_in_code


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m languages", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["missing"])
    parser.add_argument("--language", default="es")
    parser.add_argument("--write", type=Path, help="a YAML file to add the missing messages to")
    args = parser.parse_args(argv)
    known = catalog(args.language)
    missing = [(message, where) for message, where in messages_in_code().items() if message not in known]
    for message, where in missing:
        print(f"{where}: {message}")
    if args.write and missing:
        entries = {message: "" for message, _ in missing}
        with args.write.open("a", encoding="utf-8") as out:
            yaml.safe_dump(entries, out, allow_unicode=True, sort_keys=False, width=110)
    print(f"{len(missing)} message(s) without a {args.language} text", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
