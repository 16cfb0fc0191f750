"""Open311 API keys, from the command line (README, "For city staff"):

    python -m web.open311 create-key --name "County 311" [--city victorville]   # prints the key once
    python -m web.open311 list-keys
    python -m web.open311 revoke-key --id 3

The database is ``$DATABASE_URL`` (or ``--database-url``), migrated to the current schema first.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from cities import CITIES
from store import connect, migrate
from store import open311 as open311_store
from store.errors import StoreError


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m web.open311", description="Manage Open311 API keys.")
    parser.add_argument("--database-url", help="SQLAlchemy URL (default: $DATABASE_URL or var/assistant.db)")
    commands = parser.add_subparsers(dest="command", required=True)
    create = commands.add_parser("create-key", help="create a key and print it (it is shown only once)")
    create.add_argument("--name", required=True, help='who uses it, e.g. "County 311"')
    create.add_argument("--city", choices=CITIES, help="limit the key to one city (default: both)")
    revoke = commands.add_parser("revoke-key", help="refuse a key from now on")
    revoke.add_argument("--id", type=int, required=True, help="the key's id (see list-keys)")
    commands.add_parser("list-keys", help="list the keys (never the keys themselves)")
    args = parser.parse_args(argv)

    engine = connect(args.database_url)
    try:
        migrate.upgrade_to_head(engine)
        if args.command == "create-key":
            row, key = open311_store.create_key(engine, name=args.name, city=args.city)
            print(f"Created key {row['id']} for {row['name']} ({row['city'] or 'both cities'}).")
            print("Give this key to the client now; it is not stored and cannot be shown again:")
            print(key)
        elif args.command == "revoke-key":
            row = open311_store.revoke_key(engine, args.id)
            print(f"Key {row['id']} ({row['name']}) is revoked since {row['revoked_at']:%Y-%m-%d %H:%M} UTC.")
        else:
            for row in open311_store.list_keys(engine):
                state = f"revoked {row['revoked_at']:%Y-%m-%d}" if row["revoked_at"] else "active"
                used = f"{row['last_used_at']:%Y-%m-%d %H:%M}" if row["last_used_at"] else "never"
                print(f"{row['id']}\t{row['name']}\t{row['city'] or 'both'}\t{state}\tlast used {used}")
    except StoreError as error:
        print(error, file=sys.stderr)
        return 1
    finally:
        engine.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
