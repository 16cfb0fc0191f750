"""The console's command line: ``python -m web.console create-user --username ada --role admin
--cities victorville,inglewood`` creates an account (the first administrator, typically).

The password is asked for twice at a prompt (``getpass``), or read from the first line of standard input
with ``--password-stdin`` (for scripts). The database is ``DATABASE_URL`` (see config/settings.py); run
``make db`` (or start the stack once) first so the tables exist.
"""

from __future__ import annotations

import argparse
import getpass
import sys

import store
from config import Settings
from store import staff
from store.errors import StoreError
from store.schema import STAFF_ROLES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m web.console", description="Manage console accounts.")
    commands = parser.add_subparsers(dest="command", required=True)
    create = commands.add_parser("create-user", help="create a console account")
    create.add_argument("--username", required=True)
    create.add_argument("--role", required=True, choices=STAFF_ROLES)
    create.add_argument("--cities", required=True, help="comma-separated: victorville,inglewood")
    create.add_argument("--display-name", default=None)
    create.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    args = parser.parse_args(argv)

    password = _read_password(args.password_stdin)
    if password is None:
        return 2
    engine = store.connect(Settings.from_env().database_url)
    try:
        user = staff.create_user(
            engine,
            username=args.username,
            password=password,
            role=args.role,
            cities=[city for city in args.cities.split(",") if city.strip()],
            display_name=args.display_name,
        )
        staff.audit(engine, actor="command-line", action="user_created", changes={"user": user["username"]})
    except StoreError as error:
        print(f"Not created: {error}", file=sys.stderr)
        return 1
    finally:
        engine.dispose()
    print(f"Created {user['role']} {user['username']} for {', '.join(user['cities'])}.")
    return 0


def _read_password(from_stdin: bool) -> str | None:
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    first = getpass.getpass("Password (12 characters or more): ")
    if getpass.getpass("Same password again: ") != first:
        print("The two passwords differ; nothing was created.", file=sys.stderr)
        return None
    return first


if __name__ == "__main__":
    sys.exit(main())
