"""Issue 29, past one machine's fixed shares: docker-compose's profile `proxy` (docs/scaling.md) adds nirn-proxy,
a shared REST proxy in front of Discord, pinned, with its REST port on compose's network only and its metrics
for the host; the services that were there are not in the profile (plain `docker compose up` is as before); the
`.env` lines docs/scaling.md gives are valid settings that point the bots at that service's name and port; and
`docker compose --profile proxy config` accepts it where compose is installed."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from bot.config import Settings

ROOT = Path(__file__).resolve().parents[1]


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))


def documented_env() -> dict[str, str]:
    """The `.env` lines docs/scaling.md gives for the profile (its ```sh block that sets COMPOSE_PROFILES)."""
    scaling = (ROOT / "docs" / "scaling.md").read_text(encoding="utf-8")
    [block] = [b for b in re.findall(r"```(?:sh|dotenv)?\n(.*?)```", scaling, re.S) if "COMPOSE_PROFILES=proxy" in b]
    return dict(re.findall(r"^(\w+)=(\S+)$", block, re.M))


def test_the_proxy_profile_adds_a_pinned_nirn_proxy_and_leaves_the_other_services_as_they_were():
    services = compose()["services"]
    proxy = services["nirn-proxy"]
    assert proxy["profiles"] == ["proxy"]
    assert re.fullmatch(r"ghcr\.io/germanoeich/nirn-proxy:v\d+\.\d+\.\d+(@sha256:[0-9a-f]{64})?", proxy["image"])
    published = [str(p) for p in proxy.get("ports", [])]
    assert published and all(p.startswith("127.0.0.1:") for p in published), "metrics for the host only"
    rest_port = str(proxy["environment"]["PORT"])
    assert not any(p.split(":")[-1] == rest_port for p in published), "the REST port stays on compose's network"
    assert all("profiles" not in service for name, service in services.items() if name != "nirn-proxy")


def test_the_documented_settings_point_the_bots_at_the_proxy_service():
    env = documented_env()
    assert env["COMPOSE_PROFILES"] == "proxy"
    settings = Settings(_env_file=None, discord_api_base=env["BRBOT_DISCORD_API_BASE"],
                        discord_pacing=env["BRBOT_DISCORD_PACING"])
    assert settings.discord_pacing == "proxy"
    address = urlsplit(settings.discord_api_base)
    proxy = compose()["services"]["nirn-proxy"]
    assert (address.hostname, address.port) == ("nirn-proxy", int(proxy["environment"]["PORT"]))
    assert address.path == "/api/v10"  # Discord's paths, which the proxy passes on unchanged


def _compose_command() -> list[str] | None:
    if shutil.which("docker") and subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0:
        return ["docker", "compose"]
    return ["docker-compose"] if shutil.which("docker-compose") else None


def test_docker_compose_config_accepts_the_proxy_profile(tmp_path):
    command = _compose_command()
    if command is None:
        pytest.skip("neither `docker compose` (the compose plugin) nor `docker-compose` is installed here: "
                    "the profile was only read, not validated")
    for name in ("docker-compose.yml", "Dockerfile"):
        shutil.copy(ROOT / name, tmp_path / name)
    env = (ROOT / ".env.example").read_text(encoding="utf-8").replace("BRBOT_DISCORD_TOKEN=\n",
                                                                      "BRBOT_DISCORD_TOKEN=token\n")
    documented = documented_env()
    for name in ("BRBOT_DISCORD_API_BASE", "BRBOT_DISCORD_PACING"):
        env = re.sub(rf"^{name}=.*$", f"{name}={documented[name]}", env, flags=re.M)
    (tmp_path / ".env").write_text(env + f"COMPOSE_PROFILES={documented['COMPOSE_PROFILES']}\n", encoding="utf-8")
    result = subprocess.run([*command, "config"], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    services = yaml.safe_load(result.stdout)["services"]
    assert "nirn-proxy" in services
    assert services["bot"]["environment"]["BRBOT_DISCORD_API_BASE"] == documented["BRBOT_DISCORD_API_BASE"]
    assert services["bot"]["environment"]["BRBOT_DISCORD_PACING"] == "proxy"
