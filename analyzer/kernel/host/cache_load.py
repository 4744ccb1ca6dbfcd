"""Loading a kernel function's callees from numba's cache (runtime/config.py,
``_cache_own_code_only``). Plain Python: not part of the compiled kernel's source hash.

A kernel function's cached machine code is its own code only: it calls its callees by symbol.
A process that loads such a function from the cache without its callees in the JIT engine
(Python calling a kernel function directly: the scenario runner, the invariant-checked game
loop, a test) must get their machine code first. Each callee's own code is in the cache too,
compiled once by the process that filled it: ``load_callees`` loads those objects, depth
first (a callee's callees before it), the way numba loads a cached function (the dispatcher
gets the overload). Emitting the same code again from the cached call tree's bitcode (LLVM's
machine-code emission, even at -O0) had cost several CPU-seconds per entry point and process:
measured 2026-12-06 (process CPU, warm cache, box at load 1-2), a scenario test's first
scripted play 9.8 -> 3.2-3.5 s, then the first invariant-checked games 6.5 -> 1.1 s. What
the callees compute is the same either way: the same IR, compiled once, by the same LLVM.

Whatever cannot be loaded so (a symbol of no known kernel function, a function not in the
cache or in it for several signatures, a cycle of calls) is left to the caller, which emits
it from the bitcode as before.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable

_BY_PREFIX: dict[str, object] = {}  # mangled-name prefix (config._entry_symbol) -> dispatcher
_SCANNED: set[str] = set()  # modules already scanned for dispatchers
_LOADING: set[str] = set()  # symbols of the functions being loaded (a cycle falls back)


class NotLoadable(Exception):
    """A cached library that does not list what its object calls (numba's own format)."""


def loading() -> bool:
    """Is ``load_callees`` loading a callee (config.py's unserialize asks)?"""
    return bool(_LOADING)


def _scan(symbol_of: Callable[[object], str]) -> None:
    """Register the kernel dispatchers of every imported module of this package."""
    from numba.core.registry import CPUDispatcher

    for name, mod in list(sys.modules.items()):
        if name in _SCANNED or not name.startswith("analyzer.") or mod is None:
            continue
        _SCANNED.add(name)
        for value in list(vars(mod).values()):
            if isinstance(value, CPUDispatcher) and value.py_func.__module__ == name:
                _BY_PREFIX.setdefault(symbol_of(value.py_func), value)


def _dispatcher(symbol: str) -> object | None:
    """The dispatcher whose function ``symbol`` names (numba's mangling: ``_ZN``, then each
    part of the qualified name as its length and text, then the ABI tags ``B``/``E``)."""
    if not symbol.startswith("_ZN"):
        return None
    i, prefix = 3, "_ZN"
    while i < len(symbol) and symbol[i].isdigit():
        j = i
        while j < len(symbol) and symbol[j].isdigit():
            j += 1
        n = int(symbol[i:j])
        prefix += symbol[i : j + n]
        i = j + n
        if prefix in _BY_PREFIX and symbol[i : i + 1] in ("B", "E"):
            return _BY_PREFIX[prefix]
    return None


def _load_one(disp) -> bool:  # type: ignore[no-untyped-def]
    """Load ``disp``'s single cached compilation as numba's ``Dispatcher.compile`` does on a
    cache hit; False if the cache does not hold exactly one for these sources."""
    from numba.core.compiler_lock import global_compiler_lock

    cache = disp._cache
    impl = getattr(cache, "_impl", None)
    if impl is None:  # caching off
        return False
    with global_compiler_lock:
        if disp.overloads:
            return False  # already compiled or loaded here: its symbols are in the engine
        codegen = disp.targetctx.codegen()
        index = cache._cache_file._load_index()
        sigs = [key[0] for key in index if key == cache._index_key(key[0], codegen)]
        if len(sigs) != 1:
            return False
        try:
            cres = cache.load_overload(sigs[0], disp.targetctx)
        except NotLoadable:
            return False
        if cres is None:
            return False
        disp._cache_hits[sigs[0]] += 1
        disp.targetctx.insert_user_function(cres.entry_point, cres.fndesc, [cres.library])
        disp.add_overload(cres)
    return True


def load_callees(
    needs: Iterable[str], linkable: set[str], symbol_of: Callable[[object], str]
) -> None:
    """Load from the cache the kernel functions defining the symbols of ``needs`` that are not
    in ``linkable`` (the engine's), each after its own callees; the ones it cannot are left
    out of ``linkable``."""
    for name in needs:
        if name in linkable:
            continue
        if name in _LOADING:  # a cycle: the caller emits it from the bitcode
            raise NotLoadable(name)
        disp = _dispatcher(name)
        if disp is None:
            _scan(symbol_of)
            disp = _dispatcher(name)
        if disp is None:
            continue
        _LOADING.add(name)
        try:
            _load_one(disp)  # its own needs are loaded by the unserialize it calls
        finally:
            _LOADING.discard(name)


def unserialize(codegen, name: str, object_code: bytes, shared_bitcode: bytes, own) -> object:  # type: ignore[no-untyped-def]
    """numba's ``CPUCodeLibrary._unserialize`` of a cached object, less the parse of its
    shared module (the bitcode of its whole call tree, parsed only if a later compilation
    links it in: ``lazy_linking``); the engine learns the symbols the object defines (``own``).
    Parsing each callee's tree had cost more than the loading it saves."""
    lib = codegen.create_library(name)
    lib.enable_object_caching()
    lib._set_compiled_object(object_code)
    lib._lazy_shared_bitcode = shared_bitcode
    lib._finalize_final_module()
    codegen._engine._defined_symbols.update(own)
    return lib


def lazy_linking(library_class) -> None:  # type: ignore[no-untyped-def]
    """A library ``unserialize`` made parses its shared module when first linked."""
    from llvmlite import binding as ll

    for_linking = library_class._get_module_for_linking

    def _get_module_for_linking(self):  # type: ignore[no-untyped-def]
        bitcode = self.__dict__.pop("_lazy_shared_bitcode", None)
        if bitcode is not None:
            self._shared_module = ll.parse_bitcode(bitcode)
        return for_linking(self)

    library_class._get_module_for_linking = _get_module_for_linking
