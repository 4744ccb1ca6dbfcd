"""Ctrl-C and SIGTERM that cannot be lost while a run is recorded.

Python raises KeyboardInterrupt in whatever Python code the main thread runs when the signal
arrives. During numba's first compile of the kernel that can be a finalizer (llvmlite objects
free themselves in ``__del__``), and an exception raised in a finalizer is printed as "Exception
ignored" and dropped: the run went on as if Ctrl-C had never been pressed. So while a run is
recorded, the handlers here also remember the signal, and ``checkpoint()`` (called between
kernel batches) raises it again if it was swallowed on the way.

Plain Python with no imports of ours: the kernel's host code, analysis and report all use it.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType


class Terminated(KeyboardInterrupt):
    """SIGTERM turned into an exception so cleanup runs (temp files removed, manifest marked).

    A KeyboardInterrupt subclass so code that already handles Ctrl-C handles it the same way.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(f"terminated by signal {signum}")
        self.signum = signum


_pending: KeyboardInterrupt | None = None  # the signal received and not yet seen by a run loop


def _raise_and_remember(signum: int, frame: FrameType | None) -> None:
    global _pending
    _pending = KeyboardInterrupt() if signum == signal.SIGINT else Terminated(signum)
    raise _pending


def checkpoint() -> None:
    """Raise the interrupt received since the run started, if any (at most once)."""
    global _pending
    if _pending is not None:
        err, _pending = _pending, None
        raise err


def acknowledge() -> None:
    """The interrupt reached the run's handler: nothing is left for ``checkpoint()``."""
    global _pending
    _pending = None


@contextlib.contextmanager
def sticky_interrupts() -> Iterator[None]:
    """While active (main thread only), SIGINT raises KeyboardInterrupt and SIGTERM raises
    Terminated, and each is remembered for ``checkpoint()``; the previous handlers come back at
    the end."""
    global _pending
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _pending = None
    wanted = [signal.SIGINT] + ([signal.SIGTERM] if hasattr(signal, "SIGTERM") else [])
    previous = {s: signal.signal(s, _raise_and_remember) for s in wanted}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        _pending = None
