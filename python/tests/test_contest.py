"""`grundy.judge` and `grundy.interact` run a program as the command line does: the same
report for the same seed."""

from __future__ import annotations

import json
import sys

import grundy

from conftest import REPO

PYTHON = sys.executable


def test_judge_accepts_a_correct_solution_as_the_command_line_does(cli):
    program = [PYTHON, str(REPO / "examples" / "contest" / "bean_split.py")]
    got = grundy.judge("bean-split", program, cases=30, seed=7)
    expected = json.loads(
        cli.run("judge", "bean-split", "--cases", "30", "--seed", "7", "--json", "--", *program).stdout
    )
    assert got["verdict"] == expected["verdict"] == "accepted"
    assert got == expected


def test_judge_rejects_a_wrong_solution_with_the_smallest_input():
    # A program that always answers the first player's win.
    program = [PYTHON, "-c", "import sys\nfor line in sys.stdin.read().split('\\n')[1:]:\n    pass\nprint('\\n'.join(['Alice'] * 100))"]
    got = grundy.judge("take-or-merge", program, cases=50, seed=3)
    assert got["verdict"] != "accepted"


def test_interact_plays_a_bot_as_the_command_line_does(cli):
    program = [PYTHON, str(REPO / "examples" / "contest" / "kayles_bot.py")]
    got = grundy.interact("kayles", program, games=5, seed=1)
    expected = json.loads(
        cli.run("interact", "kayles", "--games", "5", "--seed", "1", "--json", "--", *program).stdout
    )
    assert got == expected
    assert got["verdict"] == "accepted" and got["won"] == 5


def test_interact_misere_and_errors():
    program = [PYTHON, str(REPO / "examples" / "contest" / "kayles_bot.py")]
    try:
        grundy.interact("coins:ruler", program, misere=True, seed=1)
    except grundy.UnsupportedError as error:
        assert "misère" in str(error)
    else:
        raise AssertionError("coins:ruler has no misère version")
