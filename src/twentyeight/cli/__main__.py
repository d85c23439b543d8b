"""``python -m twentyeight.cli``: the ``twentyeight`` command."""

import sys

from .interrupts import run_command

if __name__ == "__main__":
    sys.exit(run_command())
