"""`brbot web`'s server: uvicorn serving the site, which says the address it serves and, once it listens, a
ready line (on standard output, flushed: a supervisor or a script waits for it)."""

from __future__ import annotations

import socket
import sys
from typing import Any, TextIO

import uvicorn

from bot.text import say


def address(sock: socket.socket) -> str:
    """The http address a listening socket serves (an IPv6 host in brackets)."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


class Server(uvicorn.Server):
    """uvicorn's server, saying where it listens once it does."""

    def __init__(self, config: uvicorn.Config, out: TextIO | None = None) -> None:
        super().__init__(config)
        self.out = out or sys.stdout
        self.addresses: list[str] = []

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.should_exit:  # it could not listen (the port is taken): uvicorn has said why
            return
        self.addresses = [address(s) for server in self.servers for s in server.sockets]
        for url in self.addresses:
            print(say("web_serving", url=url), file=self.out, flush=True)
        print(say("web_ready"), file=self.out, flush=True)


def run(app: Any, host: str, port: int, forwarded_allow_ips: str) -> None:
    """Serve the site until stopped (Ctrl+C, SIGTERM)."""
    config = uvicorn.Config(
        app, host=host, port=port, proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips, log_level="warning"
    )
    Server(config).run()
