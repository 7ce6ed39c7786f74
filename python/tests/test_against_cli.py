"""The Python results equal the command line's JSON on the same inputs."""

from __future__ import annotations

import _thread
import itertools
import json
import threading

import pytest

import grundy

# Positions of each game: every small one of a few games, written as the command line reads them.
HEAP_POSITIONS = [
    " ".join(map(str, heaps))
    for size in (1, 2, 3)
    for heaps in itertools.combinations_with_replacement(range(1, 8), size)
]


def analysis_cases():
    for position in HEAP_POSITIONS[::2]:
        yield "kayles", position, False
    for position in HEAP_POSITIONS[1::3]:
        yield "0.07", position, False
        yield "sub:1,3,4", position, False
        yield "kayles", position, True
        yield "0.123", position, True
    for position in ["1 2 3", "4 5 6 7", "3", "9 9", "1"]:
        yield "nim", position, False
        yield "nim", position, True
    for position in ["3 1 9 4", "1 1", "5 2 7 1 8", "2"]:
        yield "end-piles", position, False
    for position in ["11 10 15 / 4", "3 / 3", "1 2 3"]:
        yield "chocolate", position, False


CASES = list(analysis_cases())


def test_enough_cases():
    assert len(CASES) >= 200


def test_analyze_equals_the_json_of_the_command_line(cli):
    games = {}
    for spelling, position, misere in CASES:
        game = games.setdefault(spelling, grundy.resolve(spelling))
        args = ["analyze", spelling, *position.split()] + (["--misere"] if misere else [])
        expected = cli.json(*args)
        got = game.analyze(position, misere=misere)
        assert got.to_dict() == expected, (spelling, position, misere)
        assert got.winning_moves == [(m["move"], m["to"]) for m in expected["winning_moves"]]


def test_analyze_text_is_the_command_lines(cli):
    # Normal play: a misère report names how far this process's quotient has been built, which
    # depends on what it analysed before (a fresh command line builds only what it needs).
    for spelling, position, misere in [case for case in CASES if not case[2]][::8]:
        args = ["analyze", spelling, *position.split()] + (["--misere"] if misere else [])
        assert str(grundy.resolve(spelling).analyze(position, misere=misere)) == cli.run(*args).stdout


def test_limit_lists_fewer_and_counts_all(cli):
    expected = cli.json("analyze", "chocolate", "11", "10", "15", "/", "4", "--limit", "1")
    got = grundy.resolve("chocolate").analyze("11 10 15 / 4", limit=1)
    assert got.to_dict() == expected
    assert len(got.winning_moves) == 1 and got.winning_move_count == 2


def test_max_memory_changes_no_report_and_is_refused_without_a_table(cli):
    for board in ["4x5", "3x7", "..#../...../...../.#..."]:
        expected = cli.json("analyze", "cram", board, "--max-memory", "1")
        assert expected == cli.json("analyze", "cram", board)
        assert grundy.resolve("cram").analyze(board, max_memory=1).to_dict() == expected
    with pytest.raises(grundy.UnsupportedError) as raised:
        grundy.resolve("kayles").analyze("3 5", max_memory=1)
    assert str(raised.value) == "max_memory bounds a long search's table; 0.77 has none"
    with pytest.raises(grundy.UnsupportedError) as raised:
        grundy.resolve("cram").analyze("3x3", misere=True, max_memory=1)
    assert "under misère play has none" in str(raised.value)
    for bad in [0, (1 << 20) + 1]:
        with pytest.raises(ValueError) as raised:
            grundy.resolve("cram").analyze("3x3", max_memory=bad)
        assert "give a number of GiB from 1 to 1048576" in str(raised.value)


def test_threads_change_no_report_and_are_refused_without_a_table(cli):
    for board in ["4x5", "3x9", "#..../...../...../....#"]:
        expected = cli.json("analyze", "cram", board, "--threads", "2")
        assert expected == cli.json("analyze", "cram", board)
        assert grundy.resolve("cram").analyze(board, threads=2).to_dict() == expected
    with pytest.raises(grundy.UnsupportedError) as raised:
        grundy.resolve("kayles").analyze("3 5", threads=2)
    assert str(raised.value) == "threads shares a long search's table; 0.77 has none"
    for bad in [0, 65]:
        with pytest.raises(ValueError) as raised:
            grundy.resolve("cram").analyze("3x3", threads=bad)
        assert "give a number from 1 to 64" in str(raised.value)
    grundy.resolve("cram").analyze("3x3", threads=1)


def test_a_checkpoint_changes_no_report_fresh_or_resumed(cli, tmp_path):
    cram = grundy.resolve("cram")
    for board in ["4x5", "3x7", "..#../...../...../.#..."]:
        expected = cli.json("analyze", "cram", board)
        path = tmp_path / "search.ckpt"
        fresh = cram.analyze(board, checkpoint=path)
        assert fresh.to_dict() == expected and fresh.resumed is None
        assert path.exists()
        again = cram.analyze(board, checkpoint=str(path), checkpoint_every=60)
        assert again.to_dict() == expected
        assert again.resumed.startswith("resumed from"), again.resumed
        # The command line resumes from the file Python wrote, to the same report.
        run = cli.run("analyze", "cram", board, "--checkpoint", str(path), "--json")
        assert json.loads(run.stdout) == expected
        assert run.stderr.startswith("resumed from"), run.stderr
        path.unlink()


def test_ctrl_c_saves_the_search_and_the_same_call_resumes_it(cli, tmp_path):
    # 5 x 7 takes more than a second, ten times the 0.1 s after which Ctrl-C comes.
    cram = grundy.resolve("cram")
    path = tmp_path / "5x7.ckpt"
    timer = threading.Timer(0.1, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        cram.analyze("5x7", checkpoint=path)
    timer.join()
    assert path.stat().st_size > 0
    resumed = cram.analyze("5x7", checkpoint=path)
    assert resumed.resumed.startswith("resumed from"), resumed.resumed
    assert resumed.to_dict() == cli.json("analyze", "cram", "5x7")


def test_a_checkpoint_is_refused_as_the_command_line_refuses_it(cli, tmp_path):
    path = tmp_path / "refused.ckpt"
    with pytest.raises(grundy.UnsupportedError) as raised:
        grundy.resolve("kayles").analyze("3 5", checkpoint=path)
    assert str(raised.value) == "checkpoint saves a long search to resume it; 0.77 has none"
    assert not path.exists()
    path.write_bytes(b"not a checkpoint at all\n")
    with pytest.raises(grundy.GrundyError) as raised:
        grundy.resolve("cram").analyze("4x5", checkpoint=path)
    assert str(raised.value) == cli.error("analyze", "cram", "4x5", "--checkpoint", str(path))
    assert "not a grundy Cram checkpoint" in str(raised.value)
    for arguments, message in [
        (dict(checkpoint=path, checkpoint_every=0), "checkpoint_every 0: give at least 1 second"),
        (dict(checkpoint_every=60), "give checkpoint too"),
        (dict(checkpoint=path, remoteness=True), "give it no max_memory, checkpoint or threads"),
    ]:
        with pytest.raises(ValueError) as raised:
            grundy.resolve("cram").analyze("4x5", **arguments)
        assert message in str(raised.value)


def test_moves_mark_the_winning_moves_analyze_lists():
    for spelling, position, misere in CASES[::3]:
        game = grundy.resolve(spelling)
        analysis = game.analyze(position, misere=misere)
        moves = game.moves(position, misere=misere)
        assert moves.winner == analysis.winner
        assert moves.grundy == analysis.grundy
        assert not moves.more
        winning = {(m.move, m.to) for m in moves.moves if m.wins}
        assert winning == set(analysis.winning_moves), (spelling, position, misere)


TABLE_GAMES = ["0.07", "0.6", "0.137", "4.07", "0.16", "sub:1,3,4", "sub:2,5,7", "allbut:1,2", "grundys-game", "nim"] + [
    f"0.{a}{b}" for a in range(8) for b in range(0, 8, 3)
]


@pytest.mark.parametrize("to", [60, 700])
def test_tables_equal_the_command_lines(cli, to):
    for spelling in TABLE_GAMES:
        expected = cli.json("table", spelling, "--to", str(to), "--print")
        values = expected.pop("values")
        got = grundy.table(spelling, to=to)
        assert got.report == expected, spelling
        assert list(got.values) == values, spelling
        assert got.period == expected["period"] and got.preperiod == expected["preperiod"]
        assert got.proof == expected["proved"]
        assert tuple(got.largest) == (expected["largest"]["value"], expected["largest"]["at"])
        assert got.checksum == expected["checksum"]
        assert got.value(to) == expected["last"]


def test_a_table_without_to_equals_the_command_lines(cli):
    for spelling in ["0.07", "sub:1,3,4", "0.16"]:
        assert grundy.table(spelling).report == cli.json("table", spelling)


def test_0_1777_values_equal_the_printed_table(cli):
    n = 30_000
    printed = cli.run("table", "0.1777", "--to", str(n), "--print").stdout.splitlines()
    pairs = [p for p in map(str.split, printed) if len(p) == 2 and p[0].isdigit() and p[1].isdigit()]
    expected = [int(v) for k, v in pairs]
    assert [int(k) for k, v in pairs] == list(range(n + 1))
    values = grundy.table("0.1777", to=n).values
    assert len(values) == n + 1
    assert values.tolist() == expected


def test_misere_tables_equal_the_command_lines(cli):
    for spelling, to in [("kayles", 12), ("0.07", 20), ("sub:1,2", 10), ("0.123", 15)]:
        expected = cli.json("table", spelling, "--misere", "--to", str(to))
        got = grundy.table(spelling, to=to, misere=True)
        assert got.report == expected, spelling
        assert got.genus == expected["genus"]
        assert got.presentation == expected["quotient"]["presentation"]
        assert got.quotient.order == expected["quotient"]["order"]
        assert got.quotient.p_portion == expected["quotient"]["p_portion"]
        assert [list(g) for g in got.quotient.generators] == expected["quotient"]["generators"]


def test_an_unsettled_misere_heap_is_the_command_lines(cli):
    expected = cli.json("table", "0.447", "--misere", "--to", "20", "--max-candidates", "20")
    got = grundy.table("0.447", to=20, misere=True, max_candidates=20)
    assert got.report == expected
    unsettled = got.quotient.unsettled
    assert unsettled == expected["quotient"]["unsettled"]
    assert (unsettled["heap"], unsettled["candidates"], unsettled["decided_below"]) == (12, 20, 12)
    assert unsettled["order_at_least"] > got.quotient.order
    with pytest.raises(ValueError):
        grundy.table("0.447", to=20, misere=True, max_candidates=0)
    with pytest.raises(TypeError):
        grundy.table("0.447", to=20, max_candidates=3)


def test_census_equals_the_command_lines(cli):
    expected = json.loads(cli.run("census", "0.??", "sub:1,2", "--to", "500", "--json").stdout)
    got = grundy.census(["0.??", "sub:1,2"], to=500, progress=False)
    assert got.report == expected
    assert len(got) == expected["summary"]["games"]
    for row, record in zip(got, expected["games"]):
        assert (row.game, row.status, row.period, row.preperiod, row.largest_value) == (
            record["game"],
            record["status"],
            record["period"],
            record["preperiod"],
            record["largest"]["value"],
        )


def test_census_progress_is_called_up_to_the_total():
    seen = []
    grundy.census("0.?", to=100, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (8, 8)
    assert all(done <= total for done, total in seen)


def test_census_to_pandas():
    pandas = pytest.importorskip("pandas")
    frame = grundy.census("0.?", to=100, progress=False).to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame["game"]) == [f"0.{d}" for d in range(8)]
    assert "period" in frame.columns and "largest_value" in frame.columns


def test_verify_equals_the_command_lines(cli):
    for spelling, size, misere in [("kayles", 6, False), ("sub:1,2", 4, False), ("nim", None, False), ("kayles", 3, True)]:
        args = ["verify", spelling] + (["--size", str(size)] if size is not None else []) + (["--misere"] if misere else [])
        expected = cli.run(*args).stdout.splitlines()
        got = [str(check) for check in grundy.resolve(spelling).verify(size, misere=misere)]
        assert got == expected, spelling
        assert all(check.disagreements == 0 for check in grundy.resolve(spelling).verify(size, misere=misere))


def test_census_shows_a_tqdm_bar_when_tqdm_is_installed(monkeypatch):
    import sys
    import types

    bars = []

    class FakeBar:
        def __init__(self, total, **_):
            self.total, self.n, self.closed = total, 0, 0
            bars.append(self)

        def update(self, k):
            self.n += k

        def close(self):
            self.closed += 1

    auto = types.ModuleType("tqdm.auto")
    auto.tqdm = FakeBar
    monkeypatch.setitem(sys.modules, "tqdm", types.ModuleType("tqdm"))
    monkeypatch.setitem(sys.modules, "tqdm.auto", auto)
    grundy.census("0.?", to=100)
    assert len(bars) == 1 and (bars[0].total, bars[0].n, bars[0].closed) == (8, 8, 1)
    grundy.census("0.?", to=100, progress=False)
    assert len(bars) == 1


def test_misere_census_equals_the_command_lines_but_for_the_seconds(cli):
    def without_seconds(report):
        return {**report, "games": [{k: v for k, v in g.items() if k != "seconds"} for g in report["games"]]}

    args = ["census", "0.?", "kayles", "0.123", "--misere", "--to", "25", "--seconds", "60", "--json"]
    expected = json.loads(cli.run(*args).stdout)
    got = grundy.census(["0.?", "kayles", "0.123"], to=25, misere=True, seconds=60, progress=False)
    assert without_seconds(got.report) == without_seconds(expected)
    assert [(r.game, r.order, r.p_size, r.heaps) for r in got] == [
        (g["game"], g["order"], g["p_size"], g["heaps"]) for g in expected["games"]
    ]
    # Stopped by the candidate limit (deterministic), never by the clock.
    assert [r.game for r in got if r.stopped] == ["0.6"] and "--max-order" in got[6].stopped


def test_best_move_and_play_agree_with_analyze_and_moves():
    for spelling, position, misere in CASES[::4]:
        game = grundy.resolve(spelling)
        analysis = game.analyze(position, misere=misere)
        best = game.best_move(position, misere=misere)
        if analysis.winner == "first":
            assert best is not None and best.wins and (best.move, best.to) in analysis.winning_moves
        elif best is not None:
            assert best.wins is False
        for move in game.moves(position, misere=misere).moves[:5]:
            assert game.play(position, move.move, misere=misere) == move
            assert game.play(position, move.to, misere=misere).to == move.to


def test_an_illegal_move_is_a_position_error():
    with pytest.raises(grundy.PositionError, match="illegal move"):
        grundy.resolve("nim").play("3 5", "2-9")


def every_kind_cases():
    """(spelling, position, options) of every kind of game: fixed, heap family, script,
    misère, loopy graph, Shiritori, compound, remoteness, coins; positions drawn with a seed."""
    import random

    rng = random.Random(49)
    heaps = lambda count, top: " ".join(str(rng.randint(1, top)) for _ in range(count))  # noqa: E731
    for _ in range(6):
        yield "end-piles", heaps(rng.randint(1, 6), 30), {}
        yield "kayles", heaps(rng.randint(1, 4), 20), {}
        yield "0.07", heaps(rng.randint(1, 3), 15), {"misere": True}
        yield "examples/games/kayles.rhai", heaps(rng.randint(1, 3), 8), {}
        yield "sub:1,3,4", heaps(rng.randint(1, 3), 12), {"compound": "conjunctive"}
        yield "sub:1,2", heaps(rng.randint(1, 3), 12), {"compound": "selective"}
        yield "sub:1,2", heaps(1, 20), {"remoteness": True}
        yield "sub:1,3,4", heaps(2, 9), {"compound": "continued", "remoteness": True}
        yield "graph:examples/graphs/loop-and-end.txt", heaps(rng.randint(1, 3), 2), {}
        yield "coins:ruler", " ".join(sorted({str(rng.randint(1, 30)) for _ in range(3)}, key=int)), {}
    yield "examples/games/fair-shares.rhai", "1 1 1 1 1 1 1 2 2", {}
    yield "shiritori", "abcd bcda ada / abcd", {}
    yield "shiritori", "abc bca cab / abc", {}


def test_to_dict_equals_the_command_line_for_every_kind_of_game(cli):
    kinds = set()
    for spelling, position, options in every_kind_cases():
        args = ["analyze", spelling, *position.split()]
        if options.get("misere"):
            args.append("--misere")
        if options.get("compound"):
            args += ["--compound", options["compound"]]
        if options.get("remoteness"):
            args.append("--remoteness")
        expected = cli.json(*args)
        got = grundy.resolve(spelling).analyze(position, **options)
        assert got.to_dict() == expected, (spelling, position, options)
        assert str(got) == cli.run(*args).stdout, (spelling, position, options)
        for key in expected:
            assert getattr(got, key) is not None or expected[key] is None, key
        kinds.add(tuple(sorted(expected)))
    # Reports of every shape were compared: plain, loopy (gamma, tokens), compound, remoteness.
    assert any("gamma" in keys and "tokens" in keys for keys in kinds)
    assert any("gamma" in keys and "tokens" not in keys for keys in kinds)
    assert any("reachable" in keys for keys in kinds)
    assert any("deciding" in keys for keys in kinds)
    assert any("measure" in keys for keys in kinds)


def test_dir_lists_the_api_only():
    names = [name for name in dir(grundy) if not name.startswith("__")]
    assert sorted(names) == sorted(grundy.__all__)
    assert "Optional" not in dir(grundy) and "__version__" in dir(grundy)


# The classic games by name, one position each, written as the command line reads them.
CLASSIC_POSITIONS = [
    ("wythoff", "5/7 3/5"),
    ("wythoff", "1618033988749894848/2618033988749894848"),
    ("fibonacci-nim", "17/20"),
    ("fibonacci-nim:3", "19"),
    ("staircase", "3 0 2 5"),
    ("lasker", "2 3 5"),
    ("hackenbush", "0-1 1-2 2-0 0-3 3-3"),
    ("cutting", "4x2 5x5 7x9"),
    ("chomp", "5,3 2,2"),
    ("chomp", "7x4"),
    ("subtraction", "1,3,4: 5 7 8"),
]


@pytest.mark.parametrize("spelling,position", CLASSIC_POSITIONS)
def test_the_classic_games_resolve_and_analyze_as_the_command_line(cli, spelling, position):
    game = grundy.resolve(spelling)
    args = ["analyze", spelling, *position.split()]
    got = game.analyze(position)
    assert got.to_dict() == cli.json(*args)
    assert str(got) == cli.run(*args).stdout
