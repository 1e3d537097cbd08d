"""Every `brbot` command's quick path, on an installed brbot: the plain-install check and the image check.

Run with the Python that brbot is installed in (`.ci/plain-install`: a fresh venv holding the wheel and no
extras; `.ci/image-check`: the image's own, as a build step of a derived image). It works in a new temporary
folder, with no BRBOT_* setting from the environment, so neither the checkout nor the machine's settings
help: `--version`, `--help`, `rulesets`, `migrate` on a new SQLite file, a whole `simulate` (the README's
20-player game) kept in it, `verify`, `replay` and `log` of that game, `balance` with few trials, `bench
--quick`, `web` answering /healthz (then stopped), `health` (with a fresh and with no heartbeat) and `run`
refusing to start without a token in one line. Any other exit code, a traceback or a missing line fails
it, with what the command printed. Only the standard library: the installed packages are what is checked.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from importlib.metadata import requires
from pathlib import Path

# Every Python 3.11 venv carries setuptools (ensurepip), and the image installs the locked one to build the
# wheel: its presence says nothing about the dev extra.
ALWAYS_THERE = {"setuptools", "pip"}
WEB_WAIT_SECONDS = 60.0


def brbot_command() -> str:
    beside = Path(sys.executable).parent / "brbot"
    found = str(beside) if beside.exists() else shutil.which("brbot")
    if not found:
        fail("no `brbot` command beside this Python nor on PATH: is brbot installed here?")
    return str(found)


def fail(message: str) -> None:
    print(f"smoke: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def check_no_dev_extra() -> None:
    """None of the `dev` extra's own packages is installed: a plain install is what runs here."""
    from importlib.metadata import PackageNotFoundError, distribution

    found = []
    for spec in requires("brbot") or []:
        if 'extra == "dev"' in spec.replace("'", '"'):
            name = re.split(r"[\s\[<>=!~;(]", spec, maxsplit=1)[0]
            if name.lower() in ALWAYS_THERE:
                continue
            try:
                distribution(name)
            except PackageNotFoundError:
                continue
            found.append(name)
    if found:
        fail(f"the dev extra is installed ({', '.join(found)}): this is not a plain install")
    print("ok: no package of the dev extra is installed")


class Smoke:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.brbot = brbot_command()
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("BRBOT_")}
        self.env["HOME"] = str(folder)
        self.database = f"sqlite+aiosqlite:///{folder / 'smoke.sqlite3'}"

    def run(self, *args: str, expect: str | None = None, code: int = 0) -> str:
        started = time.monotonic()
        result = subprocess.run(
            [self.brbot, *args], cwd=self.folder, env=self.env, capture_output=True, text=True, stdin=subprocess.DEVNULL
        )
        shown = "brbot " + " ".join(args)
        said = result.stdout + result.stderr
        if result.returncode != code or "Traceback (most recent call last)" in said:
            fail(f"`{shown}` exited {result.returncode} (expected {code}):\n{said[-4000:]}")
        if expect is not None and not re.search(expect, said):
            fail(f"`{shown}` did not say {expect!r}:\n{said[-4000:]}")
        print(f"ok: {shown} ({time.monotonic() - started:.1f} s)")
        return result.stdout

    def web(self) -> None:
        """`brbot web` in the background answers /healthz with 200, then is stopped."""
        with socket.socket() as free:
            free.bind(("127.0.0.1", 0))
            port = free.getsockname()[1]
        args = ["web", "--database", self.database, "--host", "127.0.0.1", "--port", str(port)]
        log = (self.folder / "web.log").open("w+")
        server = subprocess.Popen(
            [self.brbot, *args],
            cwd=self.folder,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + WEB_WAIT_SECONDS
            while True:
                if server.poll() is not None:
                    log.seek(0)
                    fail(f"`brbot {' '.join(args)}` exited {server.returncode} before answering:\n{log.read()}")
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as answer:
                        if answer.status == 200:
                            break
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    pass
                if time.monotonic() > deadline:
                    fail(f"`brbot {' '.join(args)}` did not answer /healthz within {WEB_WAIT_SECONDS:.0f} s")
                time.sleep(0.2)
            print(f"ok: brbot {' '.join(args)} answered /healthz")
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
            log.close()

    def setup(self) -> None:
        """A setup file imported, listed and exported again; the shipped languages checked."""
        path = self.folder / "setup.yaml"
        path.write_text(
            "setup: 1\ngame: starcraft_mafia\nname: Smoke town\nversions:\n"
            "  - changelog: Vote on\n    settings: {day_vote: true}\n",
            encoding="utf-8",
        )
        self.run("setup", "import", str(path), "--database", self.database, expect="Smoke town")
        self.run("setup", "list", "--database", self.database, expect=r"Smoke town\s+v1")
        self.run("setup", "export", "1", "--database", self.database, expect="day_vote: true")
        self.texts()

    def texts(self) -> None:
        for language in ("pt-BR", "es-ES"):
            self.run("texts", "check", language)
        self.run("texts", "export", "pt-BR", "--domain", "bot", expect='msgctxt "bot|')

    def all(self) -> None:
        self.run("--version", expect=r"^brbot \d+\.")
        commands = (
            "run",
            "simulate",
            "rulesets",
            "balance",
            "bench",
            "verify",
            "replay",
            "log",
            "health",
            "web",
            "migrate",
            "setup",
            "texts",
        )
        helped = self.run("--help")
        missing = [name for name in commands if not re.search(rf"^\s+{name}\s", helped, re.M)]
        if missing:
            fail(f"`brbot --help` lists no {', '.join(missing)}")
        self.run("rulesets", expect=r"battle_royale\s")
        self.run("migrate", "--database", self.database, expect="is up to date")
        self.run(
            "simulate",
            "--database",
            self.database,
            "--log",
            str(self.folder / "events.jsonl"),
            expect=r"Game over after Day \d+\..*\n.*game #1,",
        )
        self.run("verify", "1", "--database", self.database, expect="identical outcome")
        self.setup()
        self.run("replay", "1", "1", "--rolls", "--database", self.database)
        json.loads(self.run("log", "1", "--json", "--database", self.database))
        self.run("log", "1", "--database", self.database, expect="Order log of game #1")
        json.loads(self.run("balance", "--trials", "200", "--json"))
        figures = json.loads(self.run("bench", "--quick", "--json"))
        if "web_step_page_p95_ms" not in figures:
            fail(f"`brbot bench --quick` measured no web figures: {sorted(figures)}")
        self.web()
        heartbeat = self.folder / "heartbeat"
        heartbeat.write_text(f"{time.time():.3f}\n", encoding="utf-8")
        self.run("health", "--file", str(heartbeat))
        self.run("health", "--file", str(self.folder / "none"), code=1, expect=r"^brbot: .+\n$")
        self.run("run", code=2, expect=r"^brbot: .*BRBOT_DISCORD_TOKEN.*\n$")


def main() -> None:
    started = time.monotonic()
    check_no_dev_extra()
    with tempfile.TemporaryDirectory(prefix="brbot-smoke-") as folder:
        Smoke(Path(folder)).all()
    print(f"smoke: every command ran ({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
