"""A function a worker process of the predictions' pool runs in the queue's test (importable by a spawned
process): it waits at a barrier every party of which must reach it, and says which process it ran in."""

from __future__ import annotations

import os
from typing import Any

MEETING_S = 60  # a guard only: two workers meet at once; one worker alone never meets anyone


def meet(barrier: Any) -> int:
    barrier.wait(MEETING_S)
    return os.getpid()
