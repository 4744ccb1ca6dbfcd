"""kernel/host/parallel.py: slices cover every game exactly once; errors stop the remaining work."""

import threading

import pytest

from analyzer.kernel.host.parallel import MIN_SLICE, run_sliced


@pytest.mark.parametrize(
    "n,threads",
    [(1, 1), (5, 2), (MIN_SLICE, 4), (1000, 1), (5000, 1), (1000, 2), (1001, 3), (4096, 8)],
)
def test_slices_cover_each_game_once(n, threads):
    seen = [0] * n
    lock = threading.Lock()

    def run(a, b):
        assert 0 <= a < b <= n
        with lock:
            for i in range(a, b):
                seen[i] += 1

    run_sliced(run, n, threads)
    assert seen == [1] * n


def test_an_error_in_a_slice_is_raised_and_later_slices_do_not_start():
    started = []

    def run(a, b):
        started.append(a)
        if a == 0:
            raise ValueError("slice 0 failed")
        threading.Event().wait(0.01)

    with pytest.raises(ValueError, match="slice 0 failed"):
        run_sliced(run, 100_000, 2)  # 16 slices of 6,250; the others take 10 ms each
    assert 1 <= len(started) < 16
