"""``python -m compliance``: see :mod:`compliance.cli`."""

import sys

from compliance.cli import main

sys.exit(main())
