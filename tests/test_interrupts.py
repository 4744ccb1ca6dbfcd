"""A Ctrl-C swallowed by a finalizer (as happens while numba compiles) still stops the run."""

from __future__ import annotations

import os
import signal

import pytest

from analyzer.interrupts import Terminated, checkpoint, sticky_interrupts
from analyzer.kernel.host.parallel import SERIAL_SLICE, run_sliced

# the swallowed exception is the point of these tests; pytest reports each one as a warning
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


class _SignalsInFinalizer:
    """Sends a signal to this process from ``__del__``: its exception is printed and dropped."""

    def __init__(self, signum: int) -> None:
        self.signum = signum

    def __del__(self) -> None:
        os.kill(os.getpid(), self.signum)
        for _ in range(10_000):  # the Python-level handler runs in here, inside the finalizer
            pass


def _swallow(signum: int) -> None:
    obj = _SignalsInFinalizer(signum)
    del obj  # the handler's exception is "ignored" by Python: nothing propagates


def test_swallowed_ctrl_c_is_raised_at_the_next_checkpoint_once() -> None:
    with sticky_interrupts():
        _swallow(signal.SIGINT)
        with pytest.raises(KeyboardInterrupt):
            checkpoint()
        checkpoint()  # raised once: the run's handler has it now


def test_swallowed_sigterm_comes_back_as_terminated() -> None:
    with sticky_interrupts():
        _swallow(signal.SIGTERM)
        with pytest.raises(Terminated):
            checkpoint()


def test_run_sliced_stops_before_the_next_batch() -> None:
    ran: list[tuple[int, int]] = []
    with sticky_interrupts():
        _swallow(signal.SIGINT)
        with pytest.raises(KeyboardInterrupt):
            run_sliced(lambda a, b: ran.append((a, b)), 1000, 2)
    assert ran == []


def test_handlers_are_restored_and_nothing_is_left_pending() -> None:
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    with sticky_interrupts():
        _swallow(signal.SIGINT)
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before
    checkpoint()  # outside a run nothing is raised


def test_one_thread_stops_after_the_slice_in_which_ctrl_c_came() -> None:
    ran: list[tuple[int, int]] = []

    def run(a: int, b: int) -> None:
        ran.append((a, b))
        _swallow(signal.SIGINT)  # as if it came while compiled code held the thread

    with sticky_interrupts(), pytest.raises(KeyboardInterrupt):
        run_sliced(run, 10 * SERIAL_SLICE, 1)
    assert ran == [(0, SERIAL_SLICE)]
