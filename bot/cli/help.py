"""How `brbot --help` and `brbot --version` read: every parser shows its options' defaults, and the version
is the installed package's."""

from __future__ import annotations

import argparse


class Help(argparse.ArgumentDefaultsHelpFormatter):
    """`--help` shows each option's default where it has one worth saying (not None, not a flag's False, not
    one the help already names)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default in (None, False) or "default" in (action.help or ""):
            return action.help
        return super()._get_help_string(action)


class Parser(argparse.ArgumentParser):
    """brbot's parsers, the commands' too: help with defaults (`Help`)."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", Help)
        super().__init__(*args, **kwargs)


def version() -> str:
    """The installed package's version (`brbot --version`)."""
    from importlib import metadata  # here: loading it is a good part of what `brbot --help` would take

    try:
        return metadata.version("brbot")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed)"
