"""The `podman build -v` arguments that let pip inside the build reach what this machine's pip reaches.

`python3 .ci/pip_mounts.py FOLDER` writes this machine's pip configuration, merged as pip itself reads it
(`pip config list`: the global, user and site files, then the PIP_* environment variables over them), into
FOLDER/pip.conf and prints one argument a line: that file mounted read-only as the build's /etc/pip.conf,
and each local path it names (a CA file, a constraints file, a find-links folder, a local index's folder:
the folder above its `simple/`, whose pages link to the files beside it) mounted read-only at the same
place. Nothing is copied into the image: the mounts exist only while a RUN step runs (.ci/image-check).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

# Options whose values name local files or folders, and whether a file:// URL there is an index (whose
# pages link to files beside its simple/ folder).
PATH_OPTIONS = {
    "cert": False,
    "client-cert": False,
    "constraint": False,
    "requirement": False,
    "find-links": False,
    "index-url": True,
    "extra-index-url": True,
}


def merged_configuration() -> dict[str, dict[str, str]]:
    """{section: {option: value}} as this machine's pip reads it, environment variables last (they win)."""
    listed = subprocess.run(
        [sys.executable, "-m", "pip", "config", "list"], capture_output=True, text=True, check=True
    ).stdout
    from_files: dict[str, dict[str, str]] = {}
    from_env: dict[str, str] = {}
    for line in listed.splitlines():
        key, _, quoted = line.partition("=")
        section, _, option = key.rpartition(".")
        value = ast.literal_eval(quoted)
        if section == ":env:":
            from_env[option] = value
        else:
            from_files.setdefault(section, {})[option] = value
    from_files.setdefault("global", {}).update(from_env)
    return from_files


def local_paths(configuration: dict[str, dict[str, str]]) -> list[Path]:
    paths: set[Path] = set()
    for options in configuration.values():
        for option, value in options.items():
            if option not in PATH_OPTIONS:
                continue
            for token in value.split():
                url = urlparse(token)
                if url.scheme == "file":
                    path = Path(unquote(url.path))
                    if PATH_OPTIONS[option] and path.name == "simple":
                        path = path.parent
                elif token.startswith("/"):
                    path = Path(token)
                else:
                    continue  # a remote index: reached over the network, like the machine's own pip
                if path.exists():
                    paths.add(path)
    return sorted(paths)


def main() -> None:
    folder = Path(sys.argv[1])
    configuration = merged_configuration()
    lines = []
    for section, options in sorted(configuration.items()):
        lines.append(f"[{section}]")
        lines += [f"{option} = {value}" for option, value in sorted(options.items())]
    (folder / "pip.conf").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"--volume={folder / 'pip.conf'}:/etc/pip.conf:ro")
    for path in local_paths(configuration):
        print(f"--volume={path.resolve()}:{path}:ro")  # a symlink's target, where the option names it


if __name__ == "__main__":
    main()
