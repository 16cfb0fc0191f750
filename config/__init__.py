"""Configuration at the bottom of the house: typed settings read once from the environment, and paths.

``.env`` at the repository root (if present) is read with python-dotenv under the real environment: a variable
set in the environment wins over the file.
"""

from config.paths import DEFAULT_DATABASE_URL, ENV_FILE, REPO, VAR
from config.settings import MODES, PLACEHOLDER, Ports, Settings, SettingsError, environment

__all__ = [
    "DEFAULT_DATABASE_URL",
    "ENV_FILE",
    "MODES",
    "PLACEHOLDER",
    "REPO",
    "VAR",
    "Ports",
    "Settings",
    "SettingsError",
    "environment",
]
