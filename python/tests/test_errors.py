"""Each refusal raises its subclass of grundy.GrundyError with the command line's message."""

from __future__ import annotations

import pytest

import grundy

CASES = [
    # (exception, Python call, the same request on the command line)
    (grundy.UnknownGameError, lambda: grundy.resolve("kayless"), ["analyze", "kayless", "1"]),
    (grundy.UnknownGameError, lambda: grundy.resolve("0.x"), ["analyze", "0.x", "1"]),
    (grundy.PositionError, lambda: grundy.resolve("kayles").analyze("3 5 x"), ["analyze", "kayles", "3", "5", "x"]),
    (grundy.PositionError, lambda: grundy.resolve("chocolate").analyze("3 / x"), ["analyze", "chocolate", "3", "/", "x"]),
    (
        grundy.UnsupportedError,
        lambda: grundy.resolve("coins:ruler").analyze("2 5", misere=True),
        ["analyze", "coins:ruler", "2", "5", "--misere"],
    ),
    (grundy.UnsupportedError, lambda: grundy.table("end-piles"), ["table", "end-piles"]),
    (grundy.UnsupportedError, lambda: grundy.table("end-piles", misere=True), ["table", "end-piles", "--misere"]),
    (grundy.LimitError, lambda: grundy.resolve("kayles").verify(1000), ["verify", "kayles", "--size", "1000"]),
    (grundy.LimitError, lambda: grundy.table("0.07", to=30000, misere=True), ["table", "0.07", "--misere", "--to", "30000"]),
    (grundy.UnknownGameError, lambda: grundy.census("0.x"), ["census", "0.x"]),
    (grundy.UnknownGameError, lambda: grundy.census("0.x", misere=True), ["census", "0.x", "--misere"]),
    (grundy.LimitError, lambda: grundy.census("0.7", to=30000, misere=True), ["census", "0.7", "--misere", "--to", "30000"]),
]


@pytest.mark.parametrize("exception,call,args", CASES)
def test_the_exception_and_message_are_the_command_lines(cli, exception, call, args):
    with pytest.raises(exception) as raised:
        call()
    assert isinstance(raised.value, grundy.GrundyError)
    expected = cli.error(*args)
    # The library names the limit; the command line adds the flag that set it (`--size`), which
    # a Python caller never typed.
    if expected.startswith("--size "):
        expected = expected[len("--"):]
    assert str(raised.value) == expected


def test_every_error_class_is_a_grundy_error():
    for name in ["UnknownGameError", "PositionError", "UnsupportedError", "LimitError", "ComputationError"]:
        cls = getattr(grundy, name)
        assert issubclass(cls, grundy.GrundyError) and cls is not grundy.GrundyError
        assert cls.__module__ == "grundy"
    assert issubclass(grundy.GrundyError, Exception)


def test_out_of_range_arguments_are_python_errors():
    with pytest.raises(OverflowError):
        grundy.table("0.07", to=-1)
    with pytest.raises(IndexError):
        grundy.table("0.07", to=10).value(11)
    with pytest.raises(TypeError):
        grundy.table("0.07", to=10, seconds=1)
    with pytest.raises(ValueError):
        grundy.table("0.07", to=10, misere=True, seconds=-1)
    with pytest.raises(ValueError):
        grundy.census("0.7", misere=True, seconds=0)
    with pytest.raises(TypeError):
        grundy.census("0.7", misere=True, budget=10)
    with pytest.raises(TypeError):
        grundy.census("0.7", seconds=10)
