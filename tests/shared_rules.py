"""The rules texts and rulings of `../shared/rules`, found beside the repository (as CI clones them), never at
one machine's absolute path.

`rulings(name)` is the file's path when it is there. When it is missing a test skips, and only on a
developer's machine: with `CI=true` (set by CI runners) it fails, so a test that checks the product against
the rulings cannot pass unseen by being skipped where it counts."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

SHARED_RULES = Path(__file__).resolve().parents[1].parent / "shared" / "rules"


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def rulings(name: str) -> Path:
    """The path of `../shared/rules/<name>`; a missing file fails the test under CI, else skips it."""
    path = SHARED_RULES / name
    if not path.is_file():
        reason = f"{path} is missing: the rules texts and rulings are cloned beside the repository as ../shared"
        if in_ci():
            pytest.fail(reason)
        pytest.skip(reason)
    return path


def rulings_text(name: str) -> str:
    return rulings(name).read_text(encoding="utf-8")


def settings_named(text: str) -> dict[str, str]:
    """Every "`name = value`" of a rulings text (their mark of a setting and its default), by name."""
    return {m[0]: m[1] for m in re.findall(r"`([a-z_]+) = ([^`]+)`", text) if m[0] != "name"}


def same_default(default: Any, written: str) -> bool:
    """Whether a setting's default is the value the rulings write (`true`, `24`, `attack`)."""
    return written.strip() in (str(default), json.dumps(default))
