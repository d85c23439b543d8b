"""``python -m twentyeight``: the ``twentyeight`` command, as ``python -m twentyeight.cli``."""

import sys

from .cli.app import main

if __name__ == "__main__":
    sys.exit(main())
