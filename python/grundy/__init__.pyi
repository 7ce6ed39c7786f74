# Type stubs of the grundy package (the docstrings are in __init__.py).
from concurrent.futures import Executor
import os
from typing import Any, Callable, Dict, Iterator, List, Literal, NamedTuple, Optional, Sequence, Tuple, Union, overload


__version__: str

class GrundyError(Exception): ...
class UnknownGameError(GrundyError): ...
class PositionError(GrundyError): ...
class UnsupportedError(GrundyError): ...
class LimitError(GrundyError): ...
class ComputationError(GrundyError): ...

def resolve(spelling: str) -> Game: ...
def catalogue() -> str: ...
def judge(
    game: str,
    program: Sequence[str],
    dialect: Optional[str] = None,
    cases: int = 1000,
    seconds: float = 60.0,
    seed: Optional[int] = None,
    time_limit: float = 1.0,
    beyond: bool = False,
) -> Dict[str, Any]: ...
def interact(
    game: str,
    program: Sequence[str],
    position: str = "",
    games: int = 20,
    seed: Optional[int] = None,
    time_limit: float = 1.0,
    misere: bool = False,
    compound: Optional[str] = None,
) -> Dict[str, Any]: ...

class _Nimbers:
    def product(self, a: int, b: int) -> int: ...
    def power(self, a: int, exponent: int) -> int: ...
    def sqrt(self, a: int) -> int: ...
    def inverse(self, a: int) -> Optional[int]: ...
    def log(self, a: int, b: int) -> Optional[int]: ...
    def order(self, a: int) -> Optional[int]: ...

nimber: _Nimbers

class Move(NamedTuple):
    move: str
    to: str
    wins: Optional[bool]

class Moves:
    def __init__(self, position: str, winner: str, grundy: Optional[int], moves: List[Move], more: bool, legal: Optional[int]) -> None: ...
    position: str
    winner: str
    grundy: Optional[int]
    moves: List[Move]
    more: bool
    legal: Optional[int]

class Check(NamedTuple):
    name: str
    checked: int
    disagreements: int
    counterexample: Optional[str]
    detail: Optional[str]

class Analysis:
    def __init__(self, report: Dict[str, Any], text: str, resumed: Optional[str] = None) -> None: ...
    @property
    def resumed(self) -> Optional[str]: ...
    @property
    def game(self) -> str: ...
    @property
    def position(self) -> str: ...
    @property
    def play(self) -> str: ...
    @property
    def winner(self) -> str: ...
    @property
    def grundy(self) -> Optional[int]: ...
    @property
    def winning_moves(self) -> List[Tuple[str, str]]: ...
    @property
    def winning_move_count(self) -> int: ...
    def __getattr__(self, name: str) -> Any: ...
    def to_dict(self) -> Dict[str, Any]: ...

class Game:
    def __init__(self, native: Any) -> None: ...
    @property
    def name(self) -> str: ...
    @property
    def spelling(self) -> str: ...
    @property
    def info(self) -> Dict[str, Any]: ...
    def analyze(
        self,
        position: str,
        misere: bool = False,
        limit: Optional[int] = None,
        compound: Optional[str] = None,
        remoteness: bool = False,
        max_memory: Optional[int] = None,
        checkpoint: Optional[Union[str, os.PathLike[str]]] = None,
        checkpoint_every: Optional[int] = None,
        threads: Optional[int] = None,
    ) -> Analysis: ...
    def moves(self, position: str, misere: bool = False, limit: int = 1000, compound: Optional[str] = None) -> Moves: ...
    def best_move(self, position: str, misere: bool = False, compound: Optional[str] = None) -> Optional[Move]: ...
    def play(self, position: str, move: str, misere: bool = False, compound: Optional[str] = None) -> Move: ...
    def verify(self, size: Optional[int] = None, misere: bool = False) -> List[Check]: ...
    @overload
    def table(self, to: Optional[int] = None, misere: Literal[False] = False) -> Table: ...
    @overload
    def table(
        self,
        to: Optional[int] = None,
        *,
        misere: Literal[True],
        seconds: Optional[float] = None,
        max_order: Optional[int] = None,
        max_candidates: Optional[int] = None,
    ) -> MisereTable: ...

class Largest(NamedTuple):
    value: int
    at: int

class Table:
    def __init__(self, native: Any) -> None: ...
    report: Dict[str, Any]
    game: str
    to: int
    last: int
    checksum: str
    preperiod: Optional[int]
    period: Optional[int]
    proof: Optional[str]
    proved_at: Optional[int]
    largest: Largest
    computed_to: int
    method: str
    stopped: str
    observed: Optional[Dict[str, int]]
    no_theorem: Optional[str]
    @property
    def values(self) -> Any: ...  # numpy.ndarray of uint8/uint16/uint32, or List[int] without NumPy
    def value(self, n: int) -> int: ...

class Quotient:
    def __init__(self, heaps: int, order: int, p_size: int, p_portion: List[str], presentation: str, generators: List[Tuple[str, int]], pretending_function: List[str], orders: List[int], p_sizes: List[int], changes: List[Dict[str, Any]], unchanged_since: int, solved: Optional[Dict[str, Any]], stopped: Optional[str], interrupted: bool, unsettled: Optional[Dict[str, Any]]) -> None: ...
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
    def __init__(self, report: Dict[str, Any]) -> None: ...
    report: Dict[str, Any]
    game: str
    up_to: int
    genus: List[str]
    misere_grundy: List[int]
    tame_up_to: Optional[int]
    first_wild: Optional[int]
    genus_stopped: Optional[str]
    quotient: Quotient
    @property
    def presentation(self) -> str: ...

@overload
def table(game: Union[str, Game], to: Optional[int] = None, misere: Literal[False] = False) -> Table: ...
@overload
def table(
    game: Union[str, Game],
    to: Optional[int] = None,
    *,
    misere: Literal[True],
    seconds: Optional[float] = None,
    max_order: Optional[int] = None,
    max_candidates: Optional[int] = None,
) -> MisereTable: ...

class CensusRow:
    def __init__(self, index: int, game: str, status: str, preperiod: Optional[int], period: Optional[int], proved: Optional[str], proved_at: Optional[int], computed_to: int, stopped: str, work: int, largest_value: int, largest_at: int, rare_count: Optional[int], equivalence_class: Optional[int]) -> None: ...
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
    def __init__(self, report: Dict[str, Any]) -> None: ...
    report: Dict[str, Any]
    rows: List[CensusRow]
    classes: List[Dict[str, Any]]
    summary: Dict[str, int]
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int) -> CensusRow: ...
    @overload
    def __getitem__(self, index: slice) -> List[CensusRow]: ...
    def __iter__(self) -> Iterator[CensusRow]: ...
    def to_pandas(self) -> Any: ...  # pandas.DataFrame

class MisereCensusRow:
    def __init__(self, game: str, heaps: int, order: int, p_size: int, unchanged_since: int, solved_preperiod: Optional[int], solved_period: Optional[int], solved_at: Optional[int], stopped: Optional[str], seconds: float) -> None: ...
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
    def __init__(self, report: Dict[str, Any]) -> None: ...
    report: Dict[str, Any]
    rows: List[MisereCensusRow]
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int) -> MisereCensusRow: ...
    @overload
    def __getitem__(self, index: slice) -> List[MisereCensusRow]: ...
    def __iter__(self) -> Iterator[MisereCensusRow]: ...
    def to_pandas(self) -> Any: ...  # pandas.DataFrame

@overload
def census(
    patterns: Union[str, Sequence[str]],
    to: Optional[int] = None,
    misere: Literal[False] = False,
    *,
    budget: Optional[int] = None,
    progress: Union[bool, Callable[[int, int], None], None] = None,
    executor: Optional[Executor] = None,
    shards: Optional[int] = None,
    threads: Optional[int] = None,
    retries: int = 3,
) -> Census: ...
@overload
def census(
    patterns: Union[str, Sequence[str]],
    to: Optional[int] = None,
    *,
    misere: Literal[True],
    seconds: Optional[float] = None,
    max_order: Optional[int] = None,
    progress: Union[bool, Callable[[int, int], None], None] = None,
    executor: Optional[Executor] = None,
    shards: Optional[int] = None,
    threads: Optional[int] = None,
    retries: int = 3,
) -> MisereCensus: ...
def census_shard(
    patterns: Union[str, Sequence[str]],
    shard: int,
    shards: int,
    to: Optional[int] = None,
    misere: bool = False,
    budget: Optional[int] = None,
    seconds: Optional[float] = None,
    max_order: Optional[int] = None,
    threads: Optional[int] = None,
) -> str: ...
def census_merge(pieces: Sequence[str]) -> Union[Census, MisereCensus]: ...
