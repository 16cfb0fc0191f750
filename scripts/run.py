"""`make run`: start the whole assistant and keep it running until Ctrl-C."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ops.stack import main

sys.exit(main())
