"""Shared by the tests: the command-line binary the Python results are compared with."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
from typing import Any, List

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def grundy_binary() -> pathlib.Path:
    """The `grundy` binary: $GRUNDY_BIN, else the release build of this working tree (which
    `cargo test --release`, run before these tests, leaves there)."""
    given = os.environ.get("GRUNDY_BIN")
    path = pathlib.Path(given) if given else REPO / "target" / "release" / "grundy"
    if not path.is_file():
        pytest.fail(f"no grundy binary at {path}: run `cargo build --release` (or set GRUNDY_BIN)")
    return path


class Cli:
    """Runs the command line."""

    def __init__(self, binary: pathlib.Path) -> None:
        self.binary = binary

    def run(self, *args: str, status: int = 0) -> subprocess.CompletedProcess:
        done = subprocess.run([str(self.binary), *args], capture_output=True, text=True, timeout=120)
        assert done.returncode == status, (args, done.returncode, done.stderr)
        return done

    def json(self, *args: str) -> Any:
        return json.loads(self.run(*args, "--json").stdout)

    def error(self, *args: str) -> str:
        """The message of a refused command (exit status 2), without `error: `."""
        done = self.run(*args, status=2)
        assert done.stdout == "", done.stdout
        line = done.stderr.strip()
        assert line.startswith("error: "), line
        return line[len("error: "):]


@pytest.fixture(scope="session")
def cli() -> Cli:
    return Cli(grundy_binary())


def words(position: str) -> List[str]:
    return position.split()
