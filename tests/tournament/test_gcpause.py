"""The collector held back during a whole event's work, and given back after."""

import gc
import threading

import pytest

from tournament.room.gcpause import gc_paused


def test_the_collector_is_held_back_inside_and_runs_again_after():
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():  # nested
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer block still holds it
    assert gc.isenabled()


def test_an_error_inside_gives_the_collector_back():
    with pytest.raises(ValueError), gc_paused():
        raise ValueError("boom")
    assert gc.isenabled()


def test_a_collector_already_off_stays_off():
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_two_threads_at_once_let_go_when_the_last_leaves():
    inside = threading.Barrier(2)
    first_left = threading.Event()
    seen = []

    def first():
        with gc_paused():
            inside.wait()
        first_left.set()

    def second():
        with gc_paused():
            inside.wait()
            first_left.wait(5)
            seen.append(gc.isenabled())  # the first left; this one still holds it

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert seen == [False] and gc.isenabled()
