"""``python -m twentyeight``: the ``twentyeight`` command, as ``python -m twentyeight.cli``."""

import sys

from .cli.interrupts import run_command

if __name__ == "__main__":
    sys.exit(run_command())
