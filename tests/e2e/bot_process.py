"""One `brbot run` process of the scale-out test (`test_e2e_scale_out.py`), started as a real subprocess.

It is `bot.app.run` with the settings from the environment, as `brbot run` has them, and two changes for the
test: the gateway is the fake Discord's that the test runs in its own process (`BRBOT_TEST_FAKE_PORT`: the
gateway's address is patched as `FakeDiscord.patched` does; REST reaches the fake, or a proxy in front of it,
through the bot's own setting, `BRBOT_DISCORD_API_BASE`), and every REST request names the process in its
User-Agent (`BRBOT_TEST_PROCESS`), so the test knows who sent what. With
`BRBOT_TEST_CLAIM_LIMIT`, a delivery pass takes fewer rows than in production (the worker's `CLAIM_LIMIT`,
shared out as ever), so that a small night already has its posts cut by the limit, as a big one has.

    python -m tests.e2e.bot_process      (from the repository root)
"""
from __future__ import annotations

import os


def main() -> None:
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import HTTPClient

    from bot.app import run
    from bot.config import Settings

    port, name = os.environ["BRBOT_TEST_FAKE_PORT"], os.environ["BRBOT_TEST_PROCESS"]
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway-ws")
    plain_init = HTTPClient.__init__

    def tagged_init(self, *args, **kwargs) -> None:
        plain_init(self, *args, **kwargs)
        self.user_agent = f"{self.user_agent} brbot-process/{name}"

    HTTPClient.__init__ = tagged_init
    if os.environ.get("BRBOT_TEST_CLAIM_LIMIT"):
        from bot.delivery import worker

        worker.CLAIM_LIMIT = int(os.environ["BRBOT_TEST_CLAIM_LIMIT"])
    run(Settings(_env_file=None))


if __name__ == "__main__":
    main()
