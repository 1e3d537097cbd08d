"""`python -m bot.cli`: the `brbot` command line, as the installed `brbot` runs it."""

import sys

from bot.cli import main

sys.exit(main())
