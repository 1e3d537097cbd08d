"""The progress bar of `brbot simulate`: on long runs only, on a terminal only, and never left on screen; and
`Elapsed`, the line `brbot balance` keeps up to date while its studies run (they can take minutes, and report
no progress of their own: the line counts the seconds), on a terminal only and erased when they end; and
`Line`, one line of text redrawn in place (`brbot setup import`'s games predicted so far), the same way.

A game of a few players prints its days faster than a bar could be read, so the bar appears only from
`MIN_PLAYERS` players on, and only when its stream (stderr) is a terminal: redirected output never holds
carriage returns. The bar is one line redrawn in place; `clear()` erases it before anything else is printed
(the day's results go to stdout, which is usually the same terminal), so results never share a line with
it and no bar is left between them or after the game.
"""

from __future__ import annotations

import threading
from typing import TextIO

from bot.languages import ENGLISH
from bot.text import say

MIN_PLAYERS = 100
WIDTH = 20
CLEAR_LINE = "\r\x1b[K"  # back to the start of the line, erase to its end


class Progress:
    def __init__(
        self, stream: TextIO, players: int, verbose: bool = False, one: str = "day", language: str = ENGLISH
    ) -> None:
        self.language = language  # `simulate --language`
        self.one = one  # one resolution in the game's words (`Words.one`): "day", "turn", "step"
        self.line = Line(stream)
        self.enabled = players >= MIN_PLAYERS and not verbose and self.line.enabled

    def show(self, day: int, days: int) -> None:
        """Draw the bar after `day` of `days` has been resolved."""
        if not self.enabled:
            return
        filled = int(WIDTH * min(day, days) / max(days, 1))
        bar = "#" * filled + "." * (WIDTH - filled)
        shown = say("cli_progress", bar=bar, one=self.one, day=day, days=days)
        if self.language != ENGLISH:
            from bot.languages.reader import localized

            shown = localized(shown, self.language)
        self.line.show(shown)

    def clear(self) -> None:
        """Erase the bar, if it is on screen."""
        self.line.clear()


class Elapsed:
    """`with Elapsed(stderr, game, trials): ...`: one line redrawn every `TICK` seconds, from the start, while
    the block runs (on a terminal only), erased when it ends."""

    TICK = 1.0

    def __init__(self, stream: TextIO, game: str, trials: int) -> None:
        self.stream = stream
        self.game = game
        self.trials = trials
        self.enabled = _is_terminal(stream)
        self.done = threading.Event()
        self.ticker: threading.Thread | None = None

    def draw(self, seconds: int) -> None:
        self.stream.write(CLEAR_LINE + say("cli_studying", game=self.game, trials=self.trials, seconds=seconds))
        self.stream.flush()

    def _tick(self) -> None:
        seconds = 0
        while not self.done.wait(self.TICK):
            seconds += 1
            self.draw(int(seconds * self.TICK))

    def __enter__(self) -> Elapsed:
        if self.enabled:
            self.draw(0)
            self.ticker = threading.Thread(target=self._tick, name="balance-progress", daemon=True)
            self.ticker.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.ticker is not None:
            self.done.set()
            self.ticker.join()
            self.stream.write(CLEAR_LINE)
            self.stream.flush()


class Line:
    """One line redrawn in place as a long task reports how far it got (on a terminal only); `clear()` erases
    it before its result is printed."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.enabled = _is_terminal(stream)
        self.shown = False

    def show(self, text: str) -> None:
        if self.enabled:
            self.stream.write(CLEAR_LINE + text)
            self.stream.flush()
            self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write(CLEAR_LINE)
            self.stream.flush()
            self.shown = False


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream is not a terminal
        return False
