"""The C Mersenne Twister (toolkit/native/mt.pyx) draws exactly what `random.Random` draws:
long mixed sequences of every method the engines call (random, getrandbits, shuffle,
randrange; getstate/setstate) and the obvious ones (randint, choice, _randbelow), from seeds
of every size and sign, and from states handed over between Python and C."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

mt = pytest.importorskip("toolkit.native.mt", reason="compiled parts not built (no compiler)")

SEEDS = st.one_of(
    st.integers(0, 2**32 - 1), st.integers(-2**64, 2**64), st.integers(-2**300, 2**300),
    st.sampled_from([0, 1, -1, 2**32 - 1, 2**32, -2**32, 2**63 - 1, -2**63, 2**64 - 1,
                     2**64, -2**64, 2**256 + 12345]))

def nonempty(start, stop, step):  # len(range(...)) overflows past sys.maxsize
    return start < stop if step > 0 else start > stop


# one draw: (method name, arguments); both generators get the same calls
BITS = st.integers(0, 140).map(lambda k: ("getrandbits", (k,)))
BELOW = st.integers(1, 2**80).map(lambda n: ("_randbelow", (n,)))
SMALL_BELOW = st.integers(1, 1000).map(lambda n: ("_randbelow", (n,)))
RANGE = st.tuples(st.integers(-2**70, 2**70), st.integers(-2**70, 2**70),
                  st.integers(-2**66, 2**66).filter(bool)).filter(
    lambda a: nonempty(*a)).map(lambda a: ("randrange", a))
SMALL_RANGE = st.tuples(st.integers(-50, 50), st.integers(-50, 50),
                        st.integers(-7, 7).filter(bool)).filter(
    lambda a: nonempty(*a)).map(lambda a: ("randrange", a))
STOP = st.integers(1, 2**65).map(lambda n: ("randrange", (n,)))
RANDINT = st.tuples(st.integers(-2**64, 2**64), st.integers(0, 2**64)).map(
    lambda a: ("randint", (a[0], a[0] + a[1])))
CHOICE = st.integers(1, 40).map(lambda n: ("choice", (tuple(range(n)),)))
SHUFFLE = st.integers(0, 60).map(lambda n: ("shuffle", (n,)))
DRAW = st.one_of(st.just(("random", ())), BITS, BELOW, SMALL_BELOW, RANGE, SMALL_RANGE, STOP,
                 RANDINT, CHOICE, SHUFFLE)


def draw(rng, name, args, c_side=False):
    if name == "shuffle":
        items = list(range(args[0]))
        if c_side and args[0] % 2:  # odd lengths through the C int-array shuffle
            rng.shuffle_ints(items)
        else:
            rng.shuffle(items)
        return items
    return getattr(rng, name)(*args)


def run_both(py, c, draws):
    for index, (name, args) in enumerate(draws):
        expected, got = draw(py, name, args), draw(c, name, args, c_side=True)
        assert got == expected, f"draw {index}: {name}{args}: C {got!r} != Python {expected!r}"
    assert c.getstate() == py.getstate()


@settings(max_examples=200, deadline=None)
@given(seed=SEEDS, draws=st.lists(DRAW, min_size=1, max_size=400))
def test_mixed_sequences_match_random_random(seed, draws):
    py, c = random.Random(seed), mt.Random(seed)
    assert c.getstate() == py.getstate()
    run_both(py, c, draws)


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, before=st.lists(DRAW, max_size=200), after=st.lists(DRAW, max_size=200))
def test_state_round_trip_between_python_and_c(seed, before, after):
    py = random.Random(seed)
    for name, args in before:
        draw(py, name, args)
    c = mt.Random.from_random(py)  # getstate from Python -> C, then both continue
    run_both(py, c, after)
    back = c.to_random()  # and C -> Python
    twin = mt.Random(0)
    twin.setstate(py.getstate())
    run_both(back, twin, before)


def test_a_long_stream_crosses_many_blocks():
    py, c = random.Random(20240601), mt.Random(20240601)
    assert [c.random() for _ in range(5000)] == [py.random() for _ in range(5000)]
    assert [c.getrandbits(32) for _ in range(2000)] == [py.getrandbits(32) for _ in range(2000)]


def test_the_toolkit_seeded_streams():
    from toolkit.game import seeded_stream

    for seed in (0, 7, "abc", 10**30):
        for purpose in ("deck", "dice", "agent:3"):
            py = seeded_stream(seed, purpose)
            c = mt.Random.from_random(py)
            assert [c.random() for _ in range(50)] == [py.random() for _ in range(50)]


@pytest.mark.parametrize("bad, error", [
    ((2, (0,) * 625, None), ValueError), ((3, (0,) * 624, None), ValueError),
    ((3, (0,) * 624 + (625,), None), ValueError), ("state", ValueError)])
def test_bad_states_are_refused(bad, error):
    with pytest.raises(error):
        mt.Random(1).setstate(bad)


def test_argument_errors_match_python():
    c = mt.Random(1)
    for call in (lambda: c.randrange(0), lambda: c.randrange(5, 5), lambda: c.randrange(1, 9, 0),
                 lambda: c.getrandbits(-1)):
        with pytest.raises(ValueError):
            call()
    with pytest.raises(IndexError):
        c.choice([])
    with pytest.raises(TypeError):
        mt.Random("text")


@pytest.mark.parametrize("kind, arg", [("random", 0), ("getrandbits", 32), ("getrandbits", 64),
                                       ("randbelow", 6), ("randbelow", 2**40 + 1)])
def test_draws_made_in_c_without_the_gil(kind, arg):
    py, c = random.Random(99), mt.Random(99)
    if kind == "random":
        expected = 0.0
        for _ in range(3000):
            expected += py.random()  # the same order of float additions as the C loop
    else:
        one = py.getrandbits if kind == "getrandbits" else py._randbelow
        expected = sum(one(arg) for _ in range(3000)) % 2**64
    assert c.draw_sum(3000, kind, arg) == expected
    assert c.getstate() == py.getstate()
