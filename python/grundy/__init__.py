"""grundy: impartial combinatorial games, from the grundy Rust library.

Who wins a position, its Grundy value and every winning move; Grundy sequences of heap games
with proved periods; misère quotients; censuses of whole families of octal games. Every answer
comes from the same library as the ``grundy`` command line, and equals its ``--json`` output.

>>> import grundy
>>> kayles = grundy.resolve("kayles")
>>> result = kayles.analyze("3 5 7")
>>> result.winner, result.grundy, result.winning_moves
('first', 5, [('2-1', '3 4 7')])
>>> t = grundy.table("0.07", to=20)
>>> t.values[:10].tolist()
[0, 0, 1, 1, 2, 0, 3, 1, 1, 0]

The functions:

* :func:`resolve` -- a game from its spelling (``kayles``, ``0.07``, ``sub:1,3,4``, ``nim``,
  ``end-piles``, a script ``game.rhai`` ...), with :meth:`Game.analyze`, :meth:`Game.moves`
  and :meth:`Game.verify`;
* :func:`table` -- G(0), G(1), ... of a heap game with its proved period (``values`` is a
  read-only NumPy array over the engine's own storage); ``misere=True`` for the misère
  quotient;
* :func:`census` -- every game of a pattern such as ``'0.??'``, as rows (``to_pandas()``);
  with ``executor=`` its shards run on any ``concurrent.futures.Executor`` (a process pool,
  Dask, MPI, Ray) and are merged into the same census (:func:`census_shard` and
  :func:`census_merge` are the two halves).

Errors are subclasses of :class:`GrundyError` carrying the command line's located message.
Long calls (``table``, ``census``) release the GIL and stop on Ctrl-C (``KeyboardInterrupt``).
"""

from __future__ import annotations

import copy as _copy
import json as _json
import os as _os
from importlib import metadata as _metadata
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _grundy as _native
from ._distributed import (
    census_shard,
    merge_pieces as _merge_pieces,
    progress_callback as _progress_callback,
    run_on_executor as _run_on_executor,
    tqdm_bar as _tqdm_bar,
)
from ._grundy import (
    ComputationError,
    GrundyError,
    LimitError,
    PositionError,
    UnknownGameError,
    UnsupportedError,
)

__all__ = [
    "Analysis",
    "Census",
    "CensusRow",
    "Check",
    "ComputationError",
    "Game",
    "GrundyError",
    "Largest",
    "LimitError",
    "MisereCensus",
    "MisereCensusRow",
    "MisereTable",
    "Move",
    "Moves",
    "PositionError",
    "Quotient",
    "Table",
    "UnknownGameError",
    "UnsupportedError",
    "catalogue",
    "census",
    "census_merge",
    "census_shard",
    "interact",
    "judge",
    "nimber",
    "resolve",
    "table",
]

#: The package's version: the one number of the Rust crate it is built from (python/Cargo.toml).
__version__ = _metadata.version("grundy")


def __dir__() -> List[str]:
    """The API only: what ``__all__`` names, and ``__version__`` (not the helpers' imports)."""
    return sorted(__all__ + ["__version__"])


def _seed(seed: Optional[int]) -> int:
    import random

    return random.getrandbits(64) if seed is None else seed


def judge(
    game: str,
    program: Sequence[str],
    dialect: Optional[str] = None,
    cases: int = 1000,
    seconds: float = 60.0,
    seed: Optional[int] = None,
    time_limit: float = 1.0,
    beyond: bool = False,
) -> Dict[str, Any]:
    """``grundy judge GAME [--dialect D] [--cases N] [--seconds S] [--seed K] [--time-limit T]
    [--beyond] --json -- PROGRAM...``: runs ``program`` (a command and its arguments) on
    generated judge inputs of ``game`` and compares its answers with grundy's; the report as the
    command line's JSON object (``verdict`` is ``'accepted'`` or why not, with the smallest
    failing input). A seed makes the run repeatable.

    >>> import grundy, sys
    >>> solution = [sys.executable, "examples/contest/bean_split.py"]   # from the repository
    >>> grundy.judge("bean-split", solution, cases=10, seed=7)["verdict"]
    'accepted'
    """
    return _native.judge(game, list(program), dialect, cases, seconds, _seed(seed), time_limit, beyond)


def interact(
    game: str,
    program: Sequence[str],
    position: str = "",
    games: int = 20,
    seed: Optional[int] = None,
    time_limit: float = 1.0,
    misere: bool = False,
    compound: Optional[str] = None,
) -> Dict[str, Any]:
    """``grundy interact GAME [POSITION] [--games N] [--seed K] [--time-limit T] [--misere]
    [--compound C] --json -- PROGRAM...``: a perfect jury plays ``program`` over the line
    protocol of ``docs/contest.md``, from ``position`` or from ``games`` drawn positions the
    program's side can win; the report as the command line's JSON object.

    >>> import grundy, sys
    >>> bot = [sys.executable, "examples/contest/kayles_bot.py"]   # from the repository
    >>> report = grundy.interact("kayles", bot, games=3, seed=1)
    >>> report["verdict"], report["won"]
    ('accepted', 3)
    """
    return _native.interact(game, list(program), position, games, _seed(seed), time_limit, misere, compound)


def catalogue() -> str:
    """What ``grundy list`` prints: every named game's rules, notation, sources and judge
    formats, and the families of games spelled at run time (heap rules, coin-turning games,
    scripts, graphs).

    >>> import grundy
    >>> grundy.catalogue().splitlines()[0]
    'end-piles'
    """
    return _native.catalogue()


class _Nimbers:
    """Arithmetic in the field of the nimbers below 2^64, as ``grundy nimber`` computes it.

    >>> import grundy
    >>> grundy.nimber.product(2, 3), grundy.nimber.inverse(2), grundy.nimber.log(32, 141)
    (1, 3, 189)
    """

    def product(self, a: int, b: int) -> int:
        """The nim-product a ⊗ b."""
        return _native.nimber("product", a, b)

    def power(self, a: int, exponent: int) -> int:
        """a raised to ``exponent`` under the nim-product."""
        return _native.nimber("power", a, exponent)

    def sqrt(self, a: int) -> int:
        """The nim square root of a (every nimber has exactly one)."""
        return _native.nimber("sqrt", a, 0)

    def inverse(self, a: int) -> Optional[int]:
        """The nim-inverse of a; ``None`` for 0."""
        return _native.nimber("inverse", a, 0)

    def log(self, a: int, b: int) -> Optional[int]:
        """The least x with a^x = b under the nim-product; ``None`` when there is none."""
        return _native.nimber("log", a, b)

    def order(self, a: int) -> Optional[int]:
        """The multiplicative order of a; ``None`` for 0."""
        return _native.nimber("order", a, 0)

    def __repr__(self) -> str:
        return "grundy.nimber"


#: Nimber arithmetic: ``grundy.nimber.product(a, b)``, ``power``, ``sqrt``, ``inverse``, ``log``,
#: ``order``.
nimber = _Nimbers()


def resolve(spelling: str) -> Game:
    """The game a spelling names, exactly as the command line reads it.

    A fixed game (``nim``, ``end-piles``, ``chocolate``, ``bean-split`` ...), a heap family
    (a take-and-break code ``0.07`` or its name ``kayles``/``dawsons-kayles``, ``sub:1,3,4``,
    ``allbut:1,2``, ``grundys-game``), a coin-turning game (``coins:ruler``), a script file
    (``game.rhai``) or a directed graph (``graph:FILE``). Raises :class:`UnknownGameError`
    for a spelling that names none (the message lists what would).

    >>> import grundy
    >>> kayles = grundy.resolve("kayles")
    >>> kayles.name
    '0.77'
    >>> kayles.analyze("3 5 7").winning_moves
    [('2-1', '3 4 7')]
    >>> grundy.resolve("kayless")
    Traceback (most recent call last):
    ...
    grundy.UnknownGameError: unknown game `kayless`; ...
    """
    return Game(_native.resolve(spelling))


class Move(NamedTuple):
    """One legal move: its notation, the position it leads to, whether it wins (None when
    the theory cannot tell)."""

    move: str
    to: str
    wins: Optional[bool]


@dataclass(frozen=True)
class Moves:
    """A position with its legal moves (at most the limit asked for), as ``Game.moves`` gives."""

    position: str
    winner: str
    grundy: Optional[int]
    moves: List[Move]
    more: bool
    legal: Optional[int]


class Check(NamedTuple):
    """One line of ``grundy verify``: the theory against exhaustive search."""

    name: str
    checked: int
    disagreements: int
    counterexample: Optional[str]
    detail: Optional[str]

    def __str__(self) -> str:
        line = f"{self.name}: checked {self.checked} positions, {self.disagreements} disagreements"
        if self.counterexample is not None:
            line += f"\n  smallest counter-example: `{self.counterexample}`: {self.detail}"
        return line


class Analysis:
    """The analysis of one position: the content of ``grundy analyze GAME POSITION --json``.

    ``winner`` is ``'first'`` (the player to move wins), ``'second'`` or ``'draw'``;
    ``grundy`` the Grundy value where the theory gives one; ``winning_moves`` the listed
    winning moves as ``(move, to)`` pairs and ``winning_move_count`` how many there are in all.
    Every other field of the report is an attribute too, by its JSON name: ``gamma``,
    ``tokens``, ``drawing_moves`` and ``drawing_move_count`` for games with draws; ``compound``,
    ``rules`` and ``deciding`` for a compound; ``measure``, ``value``, ``moves`` and ``more`` for
    remoteness. ``str()`` is the command line's text report; ``to_dict()`` its JSON object,
    every key of it.
    """

    __slots__ = ("_report", "_text", "_resumed")

    def __init__(self, report: Dict[str, Any], text: str, resumed: Optional[str] = None) -> None:
        self._report = report
        self._text = text
        self._resumed = resumed

    @property
    def resumed(self) -> Optional[str]:
        """With a ``checkpoint``: what the search resumed from (the line ``grundy analyze
        --checkpoint`` writes on standard error), ``None`` when it started afresh or had no
        checkpoint."""
        return self._resumed

    @property
    def game(self) -> str:
        """The game's command-line name."""
        return self._report["game"]

    @property
    def position(self) -> str:
        """The position, in canonical notation."""
        return self._report["position"]

    @property
    def play(self) -> str:
        """``'normal'`` or ``'misere'``."""
        return self._report.get("play", "normal")

    @property
    def winner(self) -> str:
        """``'first'``, ``'second'`` or ``'draw'``."""
        return self._report["winner"]

    @property
    def grundy(self) -> Optional[int]:
        """The Grundy value, where the theory gives one."""
        return self._report.get("grundy")

    @property
    def winning_moves(self) -> List[Tuple[str, str]]:
        """The listed winning moves, as ``(move, to)`` pairs."""
        return [(m["move"], m["to"]) for m in self._report.get("winning_moves", [])]

    @property
    def winning_move_count(self) -> int:
        """How many winning moves there are in all."""
        return self._report.get("winning_move_count", 0)

    def __getattr__(self, name: str) -> Any:
        report = object.__getattribute__(self, "_report")
        if name in report:
            return _copy.deepcopy(report[name])
        raise AttributeError(f"this report has no field {name!r} (its fields: {', '.join(report)})")

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object ``grundy analyze --json`` prints, as a dict: every key of it.

        >>> import grundy
        >>> grundy.resolve("nim").analyze("1 2").to_dict()["winning_moves"]
        [{'move': '2-1', 'to': '1 1'}]
        """
        return _copy.deepcopy(self._report)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Analysis) and self._report == other._report

    def __hash__(self) -> int:
        return hash(_json.dumps(self._report, sort_keys=True))

    def __repr__(self) -> str:
        return (
            f"Analysis(game={self.game!r}, position={self.position!r}, play={self.play!r}, "
            f"winner={self.winner!r}, grundy={self.grundy!r}, winning_moves={self.winning_moves!r}, "
            f"winning_move_count={self.winning_move_count!r})"
        )

    def __str__(self) -> str:
        return self._text


class Game:
    """A game, as :func:`resolve` gives it: analyse positions, list moves, verify the theory.

    >>> import grundy
    >>> nim = grundy.resolve("nim")
    >>> nim.analyze("1 2 3").winner
    'second'
    """

    def __init__(self, native: Any) -> None:
        self._native = native
        self._info: Dict[str, Any] = native.info()

    @property
    def name(self) -> str:
        """The command-line name (a family's canonical spelling: ``kayles`` is ``0.77``)."""
        return self._info["name"]

    @property
    def spelling(self) -> str:
        """The spelling it was resolved from."""
        return self._native.spelling

    @property
    def info(self) -> Dict[str, Any]:
        """What ``grundy list`` says of it: rules, position and move notation, source,
        verify size, domain, and whether it is a heap game (``table`` works on those)."""
        return dict(self._info)

    def __repr__(self) -> str:
        return f"grundy.resolve({self.spelling!r})"

    def analyze(
        self,
        position: str,
        misere: bool = False,
        limit: Optional[int] = None,
        compound: Optional[str] = None,
        remoteness: bool = False,
        max_memory: Optional[int] = None,
        checkpoint: Optional[Union[str, _os.PathLike[str]]] = None,
        checkpoint_every: Optional[int] = None,
        threads: Optional[int] = None,
    ) -> Analysis:
        """Who wins ``position`` (in the game's notation), its Grundy value, its winning moves.

        The same as ``grundy analyze GAME POSITION [--misere] [--compound C] [--remoteness]
        [--limit N] --json``: at most ``limit`` winning moves are listed (default 10000, fewer
        for huge positions), their count is always complete. ``compound`` is one of
        ``'conjunctive'``, ``'continued'``, ``'selective'``, ``'shortened'`` (the report then
        has the deciding number); ``remoteness=True`` gives R of the position and of every
        move's result. ``threads`` (``--threads N``, 1 to 64) runs a long search (a Cram board of
        at most 60 cells) on that many threads sharing one table, for this and later searches of
        the process, also with a checkpoint: the same report, sooner. ``max_memory``
        (``--max-memory``, a whole number of GiB from 1 to 2^20) lets a long search's transposition table (Cram's) grow past its default of about 0.4 GiB
        for this and later searches of the process: time saved on large boards, never a value
        changed. ``checkpoint`` (``--checkpoint FILE``) saves the search to that file every
        ``checkpoint_every`` seconds (default 300), on Ctrl-C (then ``KeyboardInterrupt`` is
        raised) and at the end, and resumes from it when it holds this position's search: the
        report is the same, the ``resumed`` attribute says what the search resumed from. Raises
        :class:`PositionError` for a malformed position (the message locates it),
        :class:`UnsupportedError` for what the game does not offer, :class:`GrundyError` for a file
        that is not this position's checkpoint (the message says why).

        >>> import grundy
        >>> kayles = grundy.resolve("kayles")
        >>> kayles.analyze("3 5 7")
        Analysis(game='0.77', position='3 5 7', play='normal', winner='first', grundy=5, winning_moves=[('2-1', '3 4 7')], winning_move_count=1)
        >>> kayles.analyze("3 5 7", misere=True).play
        'misere'
        >>> grundy.resolve("sub:1,3,4").analyze("5 7", compound="conjunctive").deciding["value"]
        3
        >>> grundy.resolve("sub:1,2").analyze("7", remoteness=True).value
        5
        >>> kayles.analyze("3 x")
        Traceback (most recent call last):
        ...
        grundy.PositionError: position: line 1, column 3: expected a heap size ...
        """
        report, text, resumed = self._native.analyze(
            position,
            misere,
            compound,
            remoteness,
            limit,
            max_memory,
            None if checkpoint is None else _os.fspath(checkpoint),
            checkpoint_every,
            threads,
        )
        return Analysis(report, text, resumed)

    def moves(self, position: str, misere: bool = False, limit: int = 1000, compound: Optional[str] = None) -> Moves:
        """Every legal move of ``position`` (at most ``limit``), each marked winning or not.

        >>> import grundy
        >>> [m.move for m in grundy.resolve("nim").moves("2").moves]
        ['1-1', '1-2']
        >>> grundy.resolve("nim").moves("2").moves[1]
        Move(move='1-2', to='', wins=True)
        """
        report = _json.loads(self._native.moves(position, misere, compound, limit))
        return Moves(
            position=report["position"],
            winner=report["winner"],
            grundy=report["grundy"],
            moves=[Move(m["move"], m["to"], m["wins"]) for m in report["moves"]],
            more=report["more"],
            legal=report["legal"],
        )

    def best_move(self, position: str, misere: bool = False, compound: Optional[str] = None) -> Optional[Move]:
        """The move a perfect player makes from ``position``: a winning move if there is one,
        else the quiet move (as ``grundy play`` does); ``None`` when there is no legal move.

        >>> import grundy
        >>> grundy.resolve("kayles").best_move("3 5 7")
        Move(move='2-1', to='3 4 7', wins=True)
        >>> grundy.resolve("kayles").best_move("1 1")      # a lost position: the quiet move
        Move(move='1-1', to='1', wins=False)
        >>> grundy.resolve("nim").best_move("") is None      # no move at all
        True
        """
        chosen = _json.loads(self._native.best_move(position, misere, compound))
        return None if chosen is None else Move(chosen["move"], chosen["to"], chosen["wins"])

    def play(self, position: str, move: str, misere: bool = False, compound: Optional[str] = None) -> Move:
        """Plays ``move`` -- in the game's move notation, or the position to move to -- from
        ``position``: the move, the position it leads to, whether it wins. Raises
        :class:`PositionError` for a malformed or illegal move.

        >>> import grundy
        >>> grundy.resolve("nim").play("3 5", "2-2")
        Move(move='2-2', to='3 3', wins=True)
        >>> grundy.resolve("nim").play("3 5", "3 3").move
        '2-2'
        """
        outcome = _json.loads(self._native.play_move(position, move, misere, compound))
        return Move(outcome["move"], outcome["to"], outcome["wins"])

    def verify(self, size: Optional[int] = None, misere: bool = False) -> List[Check]:
        """The fast theory against exhaustive search on every position up to ``size`` (its
        meaning per game is in ``info['verify_size']``; ``None``: the game's default), as
        ``grundy verify GAME [--size S] [--misere]``. Raises :class:`LimitError` for a size
        above the game's largest.

        >>> import grundy
        >>> [str(check) for check in grundy.resolve("sub:1,2").verify(4)]
        ['sub:1,2: checked 47 positions, 0 disagreements']
        """
        return [Check(*row) for row in self._native.verify(size, misere)]

    def table(self, to: Optional[int] = None, misere: bool = False, **limits: Any) -> Union[Table, MisereTable]:
        """``grundy.table(self, to, misere, ...)``: see :func:`table`.

        >>> import grundy
        >>> grundy.resolve("sub:1,2").table(to=10).period
        3
        """
        return table(self, to=to, misere=misere, **limits)


class Largest(NamedTuple):
    """The largest value of G(0..=N) and the least n where it occurs."""

    value: int
    at: int


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        return None
    return numpy


class Table:
    """The Grundy sequence G(0..=N) of a heap game: ``grundy table GAME --to N --json``.

    Attributes: ``game`` (canonical spelling), ``to`` (N), ``values`` (G(0..=N): a read-only
    NumPy array over the engine's own storage -- uint8, uint16 or uint32 as the engine stored
    them -- or a list of ints when NumPy is not installed), ``preperiod`` and ``period`` (when
    proved, else None), ``proof`` (the theorem that proves them, in words), ``proved_at``
    (the values the proof read), ``largest`` (value, at), ``last`` (G(N)), ``checksum``
    (ogsolve's), ``computed_to``, ``method``, ``stopped``; ``report`` is the JSON object.
    """

    def __init__(self, native: Any) -> None:
        self._native = native
        report = _json.loads(native.report())
        self.report: Dict[str, Any] = report
        self.game: str = report["game"]
        self.to: int = report["to"]
        self.last: int = report["last"]
        self.checksum: str = report["checksum"]
        self.preperiod: Optional[int] = report["preperiod"]
        self.period: Optional[int] = report["period"]
        self.proof: Optional[str] = report["proved"]
        self.proved_at: Optional[int] = report["proved_at"]
        self.largest = Largest(report["largest"]["value"], report["largest"]["at"])
        self.computed_to: int = report["computed_to"]
        self.method: str = report["method"]
        self.stopped: str = report["stopped"]
        self.observed: Optional[Dict[str, int]] = report.get("observed")
        self.no_theorem: Optional[str] = report.get("no_theorem")
        self._values: Any = None

    @property
    def values(self) -> Any:
        """G(0..=N): a read-only NumPy array over the engine's storage (no copy when the
        engine computed every value to N; when a proved period stopped it earlier, one vector
        filled from the period), or a list of ints without NumPy.

        >>> import grundy
        >>> grundy.table("0.6", to=12).values.tolist()
        [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0]
        """
        if self._values is None:
            buffer = self._native.values()
            numpy = _numpy()
            self._values = numpy.asarray(buffer) if numpy is not None else buffer.tolist()
        return self._values

    def value(self, n: int) -> int:
        """G(n) for 0 <= n <= N, without building ``values`` (from the period past those
        computed).

        >>> import grundy
        >>> grundy.table("0.07", to=10**12).value(10**12)
        4
        """
        return self._native.value(n)

    def __repr__(self) -> str:
        if self.period is not None:
            shape = f"period {self.period}, pre-period {self.preperiod}"
        else:
            shape = f"no period up to {self.computed_to}"
        return (
            f"<grundy.Table {self.game} G(0..={self.to}): {shape}, largest {self.largest.value}"
            f" at {self.largest.at}, checksum {self.checksum}>"
        )


@dataclass(frozen=True)
class Quotient:
    """The misère quotient of a heap game's heaps 0..=``heaps`` (of every heap when
    ``solved``): its ``order``, ``p_portion`` (elements by name), ``presentation``
    (``<a, b | a^2 = 1, b^3 = b>``), ``generators`` ((name, heap introducing it)),
    ``pretending_function`` (the element of each heap), the order and |P| after each heap,
    each heap where it ``changes``, and why it ``stopped`` short, if it did; ``unsettled``, when
    it stopped at a heap needing a new generator, is what the last candidate proves of the
    quotient with that heap (``order_at_least``, ``distinct_powers``, …), else ``None``."""

    heaps: int
    order: int
    p_size: int
    p_portion: List[str]
    presentation: str
    generators: List[Tuple[str, int]]
    pretending_function: List[str]
    orders: List[int]
    p_sizes: List[int]
    changes: List[Dict[str, Any]]
    unchanged_since: int
    solved: Optional[Dict[str, Any]]
    stopped: Optional[str]
    interrupted: bool
    unsettled: Optional[Dict[str, Any]]


class MisereTable:
    """A heap game under misère play: ``grundy table GAME --misere --json``.

    Attributes: ``game``, ``up_to`` (N), ``genus`` (of each heap, in Conway's notation, as far
    as computed), ``misere_grundy`` (γ₀ of each heap), ``tame_up_to``, ``first_wild``,
    ``quotient`` (a :class:`Quotient`), ``presentation`` (the quotient's), ``report`` (the JSON
    object).
    """

    def __init__(self, report: Dict[str, Any]) -> None:
        self.report = report
        self.game: str = report["game"]
        self.up_to: int = report["up_to"]
        self.genus: List[str] = report["genus"]
        self.misere_grundy: List[int] = report["misere_grundy"]
        self.tame_up_to: Optional[int] = report["tame_up_to"]
        self.first_wild: Optional[int] = report["first_wild"]
        self.genus_stopped: Optional[str] = report["genus_stopped"]
        q = dict(report["quotient"])
        q["generators"] = [tuple(g) for g in q["generators"]]
        self.quotient = Quotient(**q)

    @property
    def presentation(self) -> str:
        """The quotient's presentation."""
        return self.quotient.presentation

    def __repr__(self) -> str:
        return (
            f"<grundy.MisereTable {self.game} heaps 0..={self.up_to}: quotient of order"
            f" {self.quotient.order} {self.quotient.presentation}>"
        )


def table(
    game: Union[str, Game],
    to: Optional[int] = None,
    misere: bool = False,
    *,
    seconds: Optional[float] = None,
    max_order: Optional[int] = None,
    max_candidates: Optional[int] = None,
) -> Union[Table, MisereTable]:
    """The Grundy sequence of a heap game: ``grundy table GAME [--to N] [--misere] --json``.

    ``game`` is a spelling or a :class:`Game`. Normal play gives a :class:`Table`: the values
    G(0..=N) (a NumPy array over the engine's storage) and the period when proved -- without
    ``to``, the engine runs to a proof or its default limits. ``misere=True`` gives a
    :class:`MisereTable` (heaps 0..=``to``, default 1000 or until solved; ``seconds``,
    ``max_order`` and ``max_candidates`` as the command line's ``--seconds``, ``--max-order``
    and ``--max-candidates``; without ``to`` the time limit is 60 s; a heap that does not
    settle leaves what its candidates proved in ``quotient.unsettled``). Raises :class:`UnsupportedError` for a game that is not a heap game,
    :class:`LimitError` for a range out of reach. Releases the GIL; Ctrl-C raises
    ``KeyboardInterrupt``.

    >>> import grundy
    >>> t = grundy.table("0.07", to=1000)
    >>> t.period, t.preperiod, t.largest, t.computed_to
    (34, 53, Largest(value=9, at=86), 175)
    >>> grundy.table("kayles", misere=True, to=12).presentation
    '<a, b, c, d, e | a^2 = 1, bd = bc, be = bc, cd = b^2, ce = b^2, e^2 = de, b^3 = b, bc^2 = b, c^3 = c, d^3 = d>'
    """
    spelling = game.spelling if isinstance(game, Game) else game
    if misere:
        return MisereTable(_json.loads(_native.misere(spelling, to, seconds, max_order, max_candidates)))
    if seconds is not None or max_order is not None or max_candidates is not None:
        raise TypeError("seconds, max_order and max_candidates apply to misere=True tables only")
    return Table(_native.table(spelling, to))


@dataclass(frozen=True)
class CensusRow:
    """One game of a census: ``grundy census --json``'s record, flattened."""

    index: int
    game: str
    status: str
    preperiod: Optional[int]
    period: Optional[int]
    proved: Optional[str]
    proved_at: Optional[int]
    computed_to: int
    stopped: str
    work: int
    largest_value: int
    largest_at: int
    rare_count: Optional[int]
    equivalence_class: Optional[int]


class Census(Sequence[CensusRow]):
    """A census: one :class:`CensusRow` per game (it is a sequence of them), the ``classes``
    of equivalent games, the ``summary`` counts, and ``report``, the JSON object
    ``grundy census --json`` prints. ``to_pandas()`` gives the rows as a DataFrame."""

    def __init__(self, report: Dict[str, Any]) -> None:
        self.report = report
        self.rows: List[CensusRow] = [
            CensusRow(
                index=g["index"],
                game=g["game"],
                status=g["status"],
                preperiod=g["preperiod"],
                period=g["period"],
                proved=g["proved"],
                proved_at=g["proved_at"],
                computed_to=g["computed_to"],
                stopped=g["stopped"],
                work=g["work"],
                largest_value=g["largest"]["value"],
                largest_at=g["largest"]["at"],
                rare_count=g["rare"]["count"] if g["rare"] else None,
                equivalence_class=g["class"],
            )
            for g in report["games"]
        ]
        self.classes: List[Dict[str, Any]] = report["classes"]
        self.summary: Dict[str, int] = report["summary"]

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, index: Any) -> Any:
        return self.rows[index]

    def __iter__(self) -> Iterator[CensusRow]:
        return iter(self.rows)

    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame (one column per :class:`CensusRow` field).

        >>> import grundy
        >>> frame = grundy.census(["0.07", "sub:1,2"], to=200, progress=False).to_pandas()
        >>> frame[["game", "period", "preperiod"]].values.tolist()
        [['0.07', 34, 53], ['sub:1,2', 3, 0]]
        """
        import pandas

        columns = list(CensusRow.__dataclass_fields__)
        return pandas.DataFrame([[getattr(r, c) for c in columns] for r in self.rows], columns=columns)

    def __repr__(self) -> str:
        s = self.summary
        return (
            f"<grundy.Census {s['games']} games: {s['trivial']} trivial, {s['solved']} solved,"
            f" {s['open']} open, {s['classes']} classes>"
        )


@dataclass(frozen=True)
class MisereCensusRow:
    """One game of a misère census: ``grundy census --misere --json``'s record, flattened.
    The quotient is of the heaps up to ``heaps`` (of every heap when ``solved``, its
    pretending function then periodic from ``solved_preperiod`` with ``solved_period``, proved
    at heap ``solved_at``); ``seconds`` is wall-clock time, the one field that depends on the
    machine."""

    game: str
    heaps: int
    order: int
    p_size: int
    unchanged_since: int
    solved_preperiod: Optional[int]
    solved_period: Optional[int]
    solved_at: Optional[int]
    stopped: Optional[str]
    seconds: float


class MisereCensus(Sequence[MisereCensusRow]):
    """A misère census: one :class:`MisereCensusRow` per game (it is a sequence of them) and
    ``report``, the JSON object ``grundy census --misere --json`` prints; ``to_pandas()`` gives
    the rows as a DataFrame."""

    def __init__(self, report: Dict[str, Any]) -> None:
        self.report = report
        self.rows: List[MisereCensusRow] = [
            MisereCensusRow(
                game=g["game"],
                heaps=g["heaps"],
                order=g["order"],
                p_size=g["p_size"],
                unchanged_since=g["unchanged_since"],
                solved_preperiod=g["solved"]["preperiod"] if g["solved"] else None,
                solved_period=g["solved"]["period"] if g["solved"] else None,
                solved_at=g["solved"]["at"] if g["solved"] else None,
                stopped=g["stopped"],
                seconds=g["seconds"],
            )
            for g in report["games"]
        ]

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, index: Any) -> Any:
        return self.rows[index]

    def __iter__(self) -> Iterator[MisereCensusRow]:
        return iter(self.rows)

    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame (one column per :class:`MisereCensusRow` field).

        >>> import grundy
        >>> frame = grundy.census(["0.3", "kayles"], to=30, misere=True, progress=False).to_pandas()
        >>> frame[["game", "order", "heaps"]].values.tolist()
        [['0.3', 2, 6], ['0.77', 40, 30]]
        """
        import pandas

        columns = list(MisereCensusRow.__dataclass_fields__)
        return pandas.DataFrame([[getattr(r, c) for c in columns] for r in self.rows], columns=columns)

    def __repr__(self) -> str:
        solved = sum(1 for r in self.rows if r.solved_period is not None)
        return f"<grundy.MisereCensus {len(self.rows)} games: {solved} solved for every heap>"


def census(
    patterns: Union[str, Sequence[str]],
    to: Optional[int] = None,
    misere: bool = False,
    *,
    budget: Optional[int] = None,
    seconds: Optional[float] = None,
    max_order: Optional[int] = None,
    progress: Union[bool, Callable[[int, int], None], None] = None,
    executor: Any = None,
    shards: Optional[int] = None,
    threads: Optional[int] = None,
    retries: int = 3,
) -> Union[Census, MisereCensus]:
    """Every game of some patterns: ``grundy census PATTERN... [--to N] [--budget U] --json``.

    A pattern is a code with ``?`` for any octal digit after the point (``'0.??'`` is the 64
    two-digit codes) or any heap game's spelling. Each game runs to a proved period, to heap
    ``to`` (default 2^20) or its work ``budget``; games run in parallel. ``progress``:
    ``None`` shows a tqdm bar when tqdm is installed, ``False`` none, or a callable
    ``progress(done, total)``. With ``misere=True``, each game's misère quotient instead
    (``grundy census --misere``): heaps to ``to`` (default 300), within ``seconds`` (default
    10) and ``max_order`` candidate elements per game, a :class:`MisereCensus`. Raises
    :class:`UnknownGameError` for a bad pattern. Releases the GIL; Ctrl-C raises
    ``KeyboardInterrupt``.

    ``executor``: any ``concurrent.futures.Executor`` (``ProcessPoolExecutor``, Dask's
    ``Client.get_executor()``, ``mpi4py.futures.MPIPoolExecutor``, ...). The census is then
    split into ``shards`` shards (default: the games, at most 64) balanced by estimated cost,
    the plan of ``grundy census --shard K/N``; each is one call of :func:`census_shard` on a
    worker (``threads``: the engine's threads there, default every core); ``progress`` counts
    shards (tqdm, else a line on stderr); the pieces are merged by the library, and the result
    is the census a single process returns (the same JSON, byte for byte). A shard that fails
    with a :class:`GrundyError` fails the census at once; one that fails otherwise (a worker
    lost) is submitted again, up to ``retries`` times.

    >>> import grundy
    >>> c = grundy.census("0.?", to=100, progress=False)
    >>> [(row.game, row.status, row.period) for row in c][:3]
    [('0.0', 'trivial', 1), ('0.1', 'trivial', 1), ('0.2', 'trivial', 2)]
    >>> m = grundy.census(["0.3", "kayles"], to=30, misere=True, progress=False)
    >>> [(row.game, row.order, row.solved_period) for row in m]
    [('0.3', 2, 2), ('0.77', 40, None)]
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     d = grundy.census("0.?", to=100, executor=pool, shards=3, progress=False)
    >>> d.report == c.report
    True
    """
    if isinstance(patterns, str):
        patterns = [patterns]
    if misere and budget is not None:
        raise TypeError("budget applies to normal-play censuses only")
    if not misere and (seconds is not None or max_order is not None):
        raise TypeError("seconds and max_order apply to misere=True censuses only")
    if executor is not None:
        merged = _run_on_executor(
            executor, list(patterns), to, misere, budget, seconds, max_order, progress, shards, threads, retries
        )
        return MisereCensus(_json.loads(merged)) if misere else Census(_json.loads(merged))
    if shards is not None:
        raise TypeError("shards applies with an executor only")
    callback = _progress_callback(progress, lambda: _tqdm_bar("game"))
    if misere:
        report = _native.run_misere_census(list(patterns), to, seconds, max_order, callback, None, threads)
        return MisereCensus(_json.loads(report))
    return Census(_json.loads(_native.run_census(list(patterns), to, budget, callback, None, threads)))


def census_merge(pieces: Sequence[str]) -> Union[Census, MisereCensus]:
    """The census that pieces make (the JSON texts of :func:`census_shard` or of ``grundy
    census --shard K/N --json``, in any order): ``grundy census --merge PIECE...``. Raises
    :class:`GrundyError` naming the shard when one is missing, repeated or of another run.

    >>> import grundy
    >>> pieces = [grundy.census_shard("0.?", k, 2, to=100) for k in (2, 1)]
    >>> grundy.census_merge(pieces).report == grundy.census("0.?", to=100, progress=False).report
    True
    """
    texts = list(pieces)
    misere = bool(texts) and _json.loads(texts[0]).get("play") == "misere"
    merged = _merge_pieces([(f"piece {i + 1}", text) for i, text in enumerate(texts)], misere)
    return MisereCensus(_json.loads(merged)) if misere else Census(_json.loads(merged))
