"""The install checks CI runs after the tests (docs/deployment.md): `.ci/run` calls the plain-install check
and `make image-check` after `make test` and `make check`; the image check builds the project's own
Dockerfile on its debootstrap base and mounts this machine's pip configuration at build time, never copying
it into the image; and the mounts name every local path pip's configuration points at (a local index's
folder above its `simple/`, whose pages link to `../../files/`)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _pip_mounts():
    spec = importlib.util.spec_from_file_location("pip_mounts", ROOT / ".ci" / "pip_mounts.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_ci_runs_the_install_checks_after_the_tests_and_the_checks():
    steps = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
             if line.startswith("make ")]
    assert steps == ["make test", "make test-postgres", "make check", "make plain-install-check", "make image-check"]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^test-postgres: .*\n\tenv .*BRBOT_TEST_DATABASES=postgres .*pytest -n auto$", makefile, re.M)
    assert re.search(r"^plain-install-check:\n\tbash \.ci/plain-install$", makefile, re.M)
    assert re.search(r"^image-check:\n\tbash \.ci/image-check$", makefile, re.M)


def test_the_plain_install_has_no_extras_and_runs_every_command():
    script = (ROOT / ".ci" / "plain-install").read_text(encoding="utf-8")
    [install] = re.findall(r'^"\$work/venv/bin/pip" install (.*)$', script, re.M)
    assert install == '--quiet --constraint requirements.lock "$work"/dist/brbot-*.whl'  # no [dev]
    assert script.rstrip().endswith('"$work/venv/bin/python" .ci/smoke.py')
    smoke = (ROOT / ".ci" / "smoke.py").read_text(encoding="utf-8")
    helped = subprocess.run([sys.executable, "-m", "bot.cli", "--help"], capture_output=True, text=True,
                            check=True).stdout
    commands = re.findall(r"^    (\w+)\s", helped, re.M)
    assert len(commands) >= 10
    for command in commands:  # each command of `brbot --help` is run, not only listed
        assert re.search(rf'self\.run\(\s*"{command}"|self\.{command}\(\)', smoke), command


def test_the_image_check_builds_the_dockerfile_with_pip_mounted_not_copied():
    script = (ROOT / ".ci" / "image-check").read_text(encoding="utf-8")
    [build] = [line for line in script.splitlines() if line.startswith("podman build") and "BASE=" in line]
    assert "--isolation=chroot" in build and '"${mounts[@]}"' in build and '--build-arg "BASE=$base"' in build
    assert "debootstrap --variant=minbase" in script and "python3 -m venv /opt/venv" in script
    assert 'suite="$(. /etc/os-release' in script  # the machine's own suite: bookworm's Python 3.11
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    copied = " ".join(re.findall(r"^(?:COPY|ADD) (.+)$", dockerfile, re.M))
    assert not re.search(r"pip|\.crt|certs|\.conf", copied), copied


def test_the_mounts_name_every_local_path_of_the_pip_configuration(tmp_path):
    mounts = _pip_mounts()
    index = tmp_path / "pypi"
    (index / "simple").mkdir(parents=True)
    (tmp_path / "wheels").mkdir()
    (tmp_path / "ca.crt").write_text("", encoding="utf-8")
    configuration = {"global": {
        "extra-index-url": f"file://{index}/simple https://example.org/simple",
        "find-links": str(tmp_path / "wheels"),
        "cert": str(tmp_path / "ca.crt"),
        "constraint": str(tmp_path / "missing.txt"),  # pip would fail on it; nothing to mount
        "timeout": "60",
    }}
    assert mounts.local_paths(configuration) == sorted([index, tmp_path / "wheels", tmp_path / "ca.crt"])


def test_the_mounted_configuration_is_this_machines_with_its_environment_over_its_files(tmp_path, monkeypatch):
    mounts = _pip_mounts()
    config = tmp_path / "pip.conf"
    config.write_text("[global]\nfind-links = /nowhere\ntimeout = 60\n[install]\nno-compile = yes\n",
                      encoding="utf-8")
    monkeypatch.setenv("PIP_CONFIG_FILE", str(config))
    monkeypatch.setenv("PIP_FIND_LINKS", str(tmp_path))
    merged = mounts.merged_configuration()
    assert merged["global"]["find-links"] == str(tmp_path) and merged["global"]["timeout"] == "60"
    assert merged["install"]["no-compile"] == "yes"
    monkeypatch.setattr(sys, "argv", ["pip_mounts.py", str(tmp_path)])
    mounts.main()
    written = (tmp_path / "pip.conf").read_text(encoding="utf-8")
    assert f"find-links = {tmp_path}" in written and "[install]" in written


class _Item:
    def __init__(self, nodeid: str) -> None:
        self.nodeid = nodeid


def test_make_test_runs_postgresql_where_the_databases_differ_and_ci_runs_every_case(monkeypatch):
    from tests.conftest import runs_on

    locks = _Item("tests/services/steps/test_resolution.py::test_x[postgres]")
    words = _Item("tests/services/orders/test_strict_commands.py::test_y[postgres]")
    monkeypatch.delenv("BRBOT_TEST_DATABASES", raising=False)
    assert runs_on(locks) == {"sqlite", "postgres"} and runs_on(words) == {"sqlite"}
    monkeypatch.setenv("BRBOT_TEST_DATABASES", "postgres")
    assert runs_on(locks) == runs_on(words) == {"postgres"}
    monkeypatch.setenv("BRBOT_TEST_DATABASES", "all")
    assert runs_on(words) == {"sqlite", "postgres"}
    monkeypatch.setenv("BRBOT_TEST_DATABASES", "mysql")
    with pytest.raises(pytest.UsageError, match="postgres or all"):
        runs_on(words)
