"""Plain Python around the compiled kernel, never jitted and not part of its cache key: running a
batch function on threads, asking whether the kernel is compiled, setting up a record at a
position."""
