"""Numba flags, in one place. Every kernel function is ``@njit`` from here: cached on disk, no
object mode, no fastmath (results must not depend on the machine's float reassociation).

Numba's on-disk cache only notices changes to a function's own file, not to the functions it
calls in other modules. So the cache lives in a folder named after a hash of every kernel
source file: any change to the kernel means a fresh folder and a full, correct compile. The
folder is ``$NUMBA_CACHE_DIR/<hash>`` if that variable is set, else the user's cache folder.

Compile time: numba compiles a function once per distinct tuple of argument types, and a
constant argument is typed as its literal value (``f(g, -1)`` and ``f(g, 2)`` are two
compilations), as is every int32/int64 mix. Each compilation re-optimizes and re-emits the
machine code of everything it calls, so these copies cost about a third of the cold compile.
Kernel functions therefore type every integer argument as int64 and every literal as its plain
type when called from other kernel code (``_Int64Dispatcher``): one compilation per function.
Flags (bools) are int64 too, and an argument left to its default is typed as the default's
plain type: a flag passed as ``True`` here and as an int there, or left out here and passed
there, had made 15 functions compile twice (16 s of CPU).

Where a cold compile's time goes (measured 2026-12-03: one game with an empty cache and
GIFT_ANALYZER_SERIAL_COMPILE=1, numba's "numba:compile" events and cProfile; 349 s of CPU on
the loaded 2-core VM, about 570 compilations). About 40% is LLVM, 60% numba's own Python
(typing and lowering). Of the LLVM part, machine-code emission (MCJIT ``finalize_object``)
is over half: every kernel function's module links in its whole call tree, and all of it is
turned into machine code again for each function, though only entry points' code runs;
numba's per-function passes are about a third, cloning and linking the call trees the rest.
On the Python side, IR inlining (``@njit(inline="always")``) re-runs the callee's front end
and deep-copies its IR at every call site: 4,324 inlined copies, about a tenth of the
profile; the catalog accessors (``cards_of``, 191 call sites; ``abilities_of``, 81) are most
of them. The largest single compilations are the batch runner's module (40 s: the whole
kernel optimized and emitted once) and ``effects.run_steps`` (22 s).

Measured again 2026-12-04 (the same way, one bench game, CPU time of the process, the VM
loaded by four other jobs): 205 s of CPU, 728 compilations, the batch runner's own 27 s and
``run_steps``' 11 s. The catalog accessors as intrinsics instead of IR-inlined functions:
207 s (no measurable change; kept, it is simpler). A kernel module's machine code limited to
the function's own code (``_emit_cheaply``: its callees are called by symbol, their code is
in the JIT engine from their own modules): 179 s (-13%), 666 of 720 modules; the others call
something no module in the engine exports and are emitted with their call tree less the
kernel functions the engine has (``_code_elsewhere``), and the shared module is no longer
cloned for the own-code ones: 176 s. Run time unchanged (tests/bench/cpu_speed.py A/B). What
is left: the batch runner's module (26 s: the whole kernel linked, optimized at -O3 and
emitted once), ``run_steps`` (10 s) and numba's typing and lowering of ~700 functions (the
bulk). A process loading from the cache a kernel function whose callees it has not compiled
(Python calling it directly, or the batch runner reaching the first-run helper's functions,
``analysis/precompile.py``) emits those callees' code then, from the cached call tree.
Kernel functions other than entry points are compiled without numba's CPython wrapper
(``_InternalDispatcher``; Python calls them through a wrapped twin): one bench game, serial,
empty cache, the two runs side by side on the VM loaded by other jobs (load 9-12): 252.9 s of
CPU before, 210.5 s after (-17%; function passes 16.2 -> 11.5 s, machine code 19.5 -> 14.1 s,
numba's Python 188 -> 162 s; a second run 211.2 s). By numba pass, CPU of its own (the
same tool): lowering 115 s (LLVM's stages are 48 s of it), type inference 41 s, IR inlining
of ``inline="always"`` functions 20 s, the rest under 7 s each.

Numba's IR inlining (``@njit(inline="always")``) of the game loop (``engine.advance``, ``step``,
the rollout play-out and the fork runner's helpers) into every caller had been chosen when each
separately compiled function re-optimized the whole kernel below it; with the own-code modules
it only re-ran typing and lowering of the loop's body at each caller (half of the batch
runner's own compile). Those functions are now compiled once each; in an entry module LLVM
inlines the ones marked ``njit(inline_in_entry=True)`` (``alwaysinline``): left to LLVM's own
threshold, the call per ``step`` cost 3% of the run speed. The small functions that were
``inline="always"`` (catalog and record tests, the priority filters, ``log_event``) are
``inline_in_entry`` too (2026-12-05, serial cold compile, same tool, the two trees back to back
on the shared VM: 137.2 -> 127.7 s of CPU; numba's inlining pass 4.2 s and a third of the
bytecode translation gone). ``mana._colored`` stays ``inline="always"``: it returns a slice of
``G``, which numba accepts from a separately compiled function only for an argument array.

Run time: kernel functions are compiled without numba's reference counting (``_nrt=False``).
Every array a function touches (the record, the catalog arrays, ``cards = C[0]``, a slice of
the record) would otherwise cost calls to ``NRT_incref``/``NRT_decref``: opaque calls after
which the optimizer must reload everything it read from the record, about a third of the run
time. The kernel works in arrays its caller owns, so nothing needs counting. A function that
allocates (a batch runner, a fork's scratch records) says ``@njit(_nrt=True)``; numba refuses
to compile an allocation, or the return of a new array, without it. An uncounted function
must not return one of its array arguments to a counted caller either (the caller would drop
a reference it never got); borrowed views (``borrow.py``) hold no reference and are safe.
"""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path

import numba
from numba.core import types
from numba.core.registry import CPUDispatcher

CACHE = os.environ.get("GIFT_ANALYZER_NO_CACHE", "") == ""
_PACKAGE = Path(__file__).resolve().parents[2]  # analyzer/
# What the compiled kernel is made of (paths under analyzer/: every .py in a folder). Plain
# Python lives elsewhere (kernel/host/, and policies/ table.py, labels.py, layers.py,
# policy_file.py), so editing it does not move the cache folder (that recompiles for
# everyone); tests/test_import_rules.py checks that every jitted module is listed here.
_KERNEL_SOURCES = (
    "enums.py",
    "enums_ops.py",
    "enums_policy.py",
    "enums_program.py",
    "enums_tables.py",
    "kernel/layout.py",
    "kernel/rules",
    "kernel/player",
    "kernel/runtime",
    "policies/decide.py",
    "policies/features.py",
    "policies/heuristic.py",
)


@functools.cache
def source_hash() -> str:
    """Hash of the source files the compiled kernel is made of.

    Computed once per process: every batch asks for the cache folder, and hashing ~100 files
    each time cost an evaluate of many small arms more than its games (a process that edits
    the kernel's sources reloads them in a new process anyway).
    """
    digest = hashlib.sha256()
    for name in _KERNEL_SOURCES:
        path = _PACKAGE / name
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for f in files:
            digest.update(f.relative_to(_PACKAGE).as_posix().encode())
            digest.update(f.read_bytes())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    base = os.environ.get("NUMBA_CACHE_DIR")
    if base:
        root = Path(base)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        root = (Path(xdg) if xdg else Path.home() / ".cache") / "gift-analyzer" / "numba"
    return root / source_hash()


KEEP_DAYS = 14  # compiled kernels of other versions unused this long are deleted
_USED = "last-used"  # touched by every process that uses the folder


def mark_used(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / _USED).touch()
    except OSError:  # a read-only cache still works
        pass


def prune_stale(current: Path, keep_days: float = KEEP_DAYS) -> list[Path]:
    """Delete the compiled kernels of other source versions beside ``current`` that were not
    used for ``keep_days`` (each is 30-50 MB; an upgrade or an edit leaves the old one
    behind). Returns the folders deleted."""
    import re
    import shutil
    import time

    if not current.parent.is_dir():
        return []
    cutoff = time.time() - keep_days * 86400
    gone = []
    for d in current.parent.iterdir():
        if d != current and d.is_dir() and re.fullmatch(r"[0-9a-f]{16}", d.name):
            try:
                used = d / _USED
                if (used if used.exists() else d).stat().st_mtime < cutoff:
                    shutil.rmtree(d, ignore_errors=True)
                    gone.append(d)
            except OSError:
                pass
    return gone


if CACHE:
    _dir = cache_dir()
    if not _dir.exists():  # first run of these sources: a good time to tidy up
        prune_stale(_dir)
    mark_used(_dir)
    numba.config.CACHE_DIR = str(_dir)


def _kernel_indices_without_wraparound() -> None:
    """Numba gives every array index Python's negative-index semantics: a compare and a select
    on each of the kernel's (many) record reads and writes. Kernel indices are offsets and ids,
    never negative (tests/test_boundscheck.py plays games with numba's bounds checking on, which
    then rejects a negative index), so for functions of this package the check is left out:
    about 9% of the run time. Functions of other packages compiled in the same process keep
    Python semantics."""
    from numba.np import arrayobj

    original = getattr(arrayobj, "fix_integer_index", None)
    if original is None or getattr(original, "_kernel_aware", False):
        return  # another numba: keep its indexing as it is

    def fix_integer_index(context, builder, idxty, idx, size):
        if idxty.signed and builder.function.name.startswith(_KERNEL_SYMBOLS):
            return context.cast(builder, idx, idxty, types.intp)
        return original(context, builder, idxty, idx, size)

    fix_integer_index._kernel_aware = True  # type: ignore[attr-defined]
    arrayobj.fix_integer_index = fix_integer_index


_KERNEL_SYMBOLS = "_ZN8analyzer"  # numba's mangled names of this package's functions
_kernel_indices_without_wraparound()


_ENTRY_SYMBOLS: list[str] = []  # mangled-name prefixes of the entry points (njit(entry=True))
# the same for functions LLVM always inlines in an entry module (njit(inline_in_entry=True))
_INLINE_IN_ENTRY_SYMBOLS: list[str] = []


def _entry_symbol(func) -> str:
    """The start of numba's mangled name for a module-level function."""
    parts = [*func.__module__.split("."), func.__qualname__]
    return "_ZN" + "".join(f"{len(p)}{p}" for p in parts)


def _is_entry(name: str, prefixes=_ENTRY_SYMBOLS) -> bool:
    """Is ``name`` the mangled name of an entry point (the prefix, then numba's ABI tags)?"""
    return any(
        name.startswith(prefix) and name[len(prefix) : len(prefix) + 1] in ("B", "E")
        for prefix in prefixes
    )


def _plain(t: types.Type) -> types.Type:
    """The argument type a kernel function is compiled for: literals lose their value,
    integers narrower than 64 bits (and int64 literals) become int64, so do booleans (a flag
    passed as ``True`` here and as ``1`` or ``n > 0`` there is one compilation; the kernel
    only tests, adds or stores its flags, where 0/1 behave as False/True), and so do the
    items of a tuple of integers."""
    t = types.unliteral(t)
    if isinstance(t, types.Boolean):
        return types.int64
    if isinstance(t, types.Integer) and t.signed and t.bitwidth <= 64:
        return types.int64
    if isinstance(t, types.BaseTuple) and not isinstance(t, types.BaseNamedTuple) and t.types:
        inner = tuple(_plain(e) for e in t.types)
        if all(e == types.int64 for e in inner):
            return types.UniTuple(types.int64, len(inner))
    return t


class _Int64Dispatcher(CPUDispatcher):
    """A dispatcher that compiles calls from jitted code for ``_plain`` argument types only
    (numba converts the actual arguments at the call). An argument left to its default is
    typed as its default value's plain type, not as numba's ``omitted(default=...)``: a call
    that leaves it out and one that passes it share a compilation (numba's lowering passes
    the default's value as a constant of that type)."""

    def get_call_template(self, args, kws):
        args = tuple(_plain(a) for a in args)
        kws = {k: _plain(v) for k, v in kws.items()}
        _, folded = self._compiler.fold_argument_types(args, kws)
        if any(isinstance(a, types.Omitted) for a in folded):
            args = tuple(
                _plain(numba.typeof(a.value))
                if isinstance(a, types.Omitted) and isinstance(a.value, (bool, int))
                else a
                for a in folded
            )
            kws = {}
        template, pysig, args, kws = super().get_call_template(args, kws)
        return template, _int_defaults(pysig), args, kws


def _int_defaults(pysig):
    """``pysig`` with its bool defaults as ints: the lowering of a call that leaves an argument
    out passes the default as a constant of the argument's type, and a flag is an int64."""
    params = list(pysig.parameters.values())
    if not any(isinstance(p.default, bool) for p in params):
        return pysig
    return pysig.replace(
        parameters=[
            p.replace(default=int(p.default)) if isinstance(p.default, bool) else p for p in params
        ]
    )


class _InternalDispatcher(_Int64Dispatcher):
    """A kernel function that is not an entry point: compiled without numba's CPython wrapper
    (the boxing and unboxing code Python calls it through; jitted callers call the function
    itself), which saved about a tenth of a cold compile. Python calling it (tests, the
    scenario runner) goes through a second dispatcher of the same function compiled with the
    wrapper (``python_dispatcher``), cached under its own file names."""

    def __call__(self, *args, **kwargs):
        return python_dispatcher(self)(*args, **kwargs)


_PYTHON_SUFFIX = ".python"  # cache file names of a kernel function's Python-callable twin


def python_dispatcher(disp):
    """The dispatcher Python calls ``disp`` through: itself for an entry point (compiled with
    the wrapper), else its wrapped twin, made on first use. Its ``overloads`` hold the
    compilations Python's calls made."""
    if not isinstance(disp, _InternalDispatcher):
        return disp
    twin = disp.__dict__.get("_python_twin")
    if twin is None:
        from numba.core.caching import FunctionCache

        cached = isinstance(disp._cache, FunctionCache)
        options = {**disp.targetoptions, "no_cpython_wrapper": False}
        options.pop("nopython", None)
        twin = numba.njit(cache=cached, **options)(disp.py_func)
        twin.__class__ = _Int64Dispatcher
        if cached:
            from numba.core.caching import IndexDataCacheFile

            cache = twin._cache
            base = cache._impl.filename_base
            stem, _, python_tag = base.rpartition(".")
            cache._cache_file = IndexDataCacheFile(
                cache_path=cache._cache_path,
                filename_base=f"{stem}{_PYTHON_SUFFIX}.{python_tag}",
                source_stamp=cache._impl.locator.get_source_stamp(),
            )
        disp.__dict__["_python_twin"] = twin
    return twin


def njit(*args, **kwargs):
    """``numba.njit`` with the project's flags (cache on, nogil, no reference counting unless
    ``_nrt=True``, one compilation per function: see ``_Int64Dispatcher``; no CPython wrapper
    unless ``entry=True``: see ``_InternalDispatcher``)."""
    kwargs.setdefault("cache", CACHE)
    kwargs.setdefault("nogil", True)
    kwargs.setdefault("_nrt", False)
    kwargs.setdefault("no_cfunc_wrapper", True)  # C-callable wrapper: nothing takes its address
    entry = kwargs.pop("entry", False)
    inline_in_entry = kwargs.pop("inline_in_entry", False)
    if not entry:
        kwargs.setdefault("no_cpython_wrapper", True)
    if args and callable(args[0]):
        return _one_typing(numba.njit(**kwargs)(args[0]), entry, inline_in_entry)
    decorate = numba.njit(*args, **kwargs)
    return lambda func: _one_typing(decorate(func), entry, inline_in_entry)


def _one_typing(disp, entry=False, inline_in_entry=False):
    if entry:
        _ENTRY_SYMBOLS.append(_entry_symbol(getattr(disp, "py_func", disp)))
    if inline_in_entry:
        _INLINE_IN_ENTRY_SYMBOLS.append(_entry_symbol(getattr(disp, "py_func", disp)))
    if isinstance(disp, CPUDispatcher):  # NUMBA_DISABLE_JIT returns the Python function
        wrapped = not disp.targetoptions.get("no_cpython_wrapper", False)
        disp.__class__ = _Int64Dispatcher if wrapped else _InternalDispatcher
    return disp


def _internalize_kernel_callees() -> None:
    """Numba passes every array argument as seven words and links each callee into its
    caller's module as a shared (linkonce_odr) definition, so LLVM must keep every argument of
    every call: a (G, C) call moves 16 words, 10 of them through the stack. In the module of an
    entry point (njit(entry=True): a batch runner Python calls), the kernel's other functions
    are made private before the final optimization, so LLVM drops their unused arguments and
    inlines more: about +20% games/s. Private, not internal: a private function has no symbol,
    so a module compiled later cannot bind its shared copy of a callee to the pruned one
    (tests/test_compile_types.py).

    LLVM's own inlining threshold is left at its default (measured 2026-12-03, bench matchup,
    thread CPU time, set process-wide with llvmlite's ``set_option("-inline-threshold=N")``;
    llvmlite's PipelineTuningOptions.inlining_threshold keeps only 8 bits): 60 cost the
    standard player 4%, 1000 gave it +1.5% (basic +4%), 4000 cost it 2% (basic +7%).

    Only entry modules get numba's whole-module optimization. Numba builds a module per
    function with every callee linked in and optimizes it whole, so each kernel function
    re-optimized the kernel below it (the batch runner's callees were optimized about 250
    times over, most of the cold compile). Their machine code never runs: Python calls the
    entry points, whose module is optimized whole once, from the callees' own optimized
    functions. Their machine code is also emitted at LLVM's -O0 code generation (optnone, see
    ``_emit_cheaply``): about a fifth of the LLVM time of a cold compile. A kernel function
    Python calls directly (the scenario runner's) runs without cross-function inlining and
    with that plainer machine code, slower but the same. Other packages' modules are left as
    numba builds them."""
    from llvmlite import binding as ll
    from numba.core.codegen import CPUCodeLibrary

    original = CPUCodeLibrary._optimize_final_module
    if getattr(original, "_kernel_aware", False):
        return
    finalize = CPUCodeLibrary.finalize

    def finalize_keeping_own_code(self):
        # before numba links in the callees' modules: this function's own code
        if module_kind(self._final_module) == "kernel":
            self._kernel_own_module = self._final_module.clone()
        return finalize(self)

    def _optimize_final_module(self):
        kind = module_kind(self._final_module)
        if kind == "kernel":
            _emit_cheaply(self)
            return None  # no whole-module optimization: its machine code never runs
        if kind == "entry":
            for fn in self._final_module.functions:
                if (
                    not fn.is_declaration
                    and fn.linkage == ll.Linkage.linkonce_odr
                    and fn.name.startswith(_KERNEL_SYMBOLS)
                ):
                    fn.linkage = "private"
                    if _is_entry(fn.name, _INLINE_IN_ENTRY_SYMBOLS):
                        fn.add_function_attribute("alwaysinline")
        _LINKABLE.update(_exported(self._final_module))
        return original(self)

    optimize_functions = CPUCodeLibrary._optimize_functions

    def _optimize_functions(self, ll_module):
        if module_kind(ll_module) != "other" or module_kind(ll_module, wrappers=True) != "kernel":
            return optimize_functions(self, ll_module)
        # the Python wrapper of a kernel function (not an entry point): its speed does not
        # matter, O1 is enough. The kernel functions themselves keep numba's O3 function
        # passes: at O1 the entry module's code ran 3-5% slower (tests/bench/cpu_speed.py)
        ll_module.data_layout = self._codegen._data_layout
        for func in ll_module.functions:
            if not func.is_declaration:
                fpm, pb = self._codegen._function_pass_manager(opt=1)
                fpm.run(func, pb)

    _optimize_final_module._kernel_aware = True  # type: ignore[attr-defined]
    CPUCodeLibrary._optimize_final_module = _optimize_final_module
    CPUCodeLibrary._optimize_functions = _optimize_functions
    CPUCodeLibrary.finalize = finalize_keeping_own_code
    _cache_own_code_only(CPUCodeLibrary)


_NO_OPTNONE = (b"alwaysinline", b"minsize", b"optsize")


_LINKABLE: set[str] = set()  # symbols a module in numba's JIT engine exports (kernel's own)


def _exported(mod) -> set[str]:
    from llvmlite import binding as ll

    return {
        fn.name
        for fn in mod.functions
        if not fn.is_declaration and fn.linkage == ll.Linkage.external
    }


def _unlinked(mod) -> list[str]:
    """Numba-mangled functions and globals ``mod`` uses but does not define."""
    return [
        v.name
        for values in (mod.functions, mod.global_variables)
        for v in values
        if v.is_declaration and v.name.startswith("_ZN")
    ]


def _emit_cheaply(lib) -> None:
    """Machine code for a kernel module: only the function's own code (its callees' is in
    the JIT engine already, from their own modules), at LLVM's -O0 code generation
    (optnone). The copy of the module other modules link in (numba's shared module) is taken
    first, with the callees linked in and the optimized IR without the attribute, so entry
    points are compiled as before."""
    from llvmlite import binding as ll

    mod = lib._final_module
    own = getattr(lib, "_kernel_own_module", None)
    if own is not None:
        del lib._kernel_own_module
        for dep in lib._linking_libraries:  # numba's own helpers: linked in as numba does
            if module_kind(dep._get_module_for_linking(), shared=True) != "kernel":
                own.link_in(dep._get_module_for_linking(), preserve=True)
        if any(name not in _LINKABLE for name in _unlinked(own)):
            own = None
    shared = mod if own is not None else mod.clone()
    for fn in shared.functions:
        if not fn.is_declaration and fn.linkage == ll.Linkage.external:
            fn.linkage = "linkonce_odr"
    lib._shared_module = shared
    if own is not None:
        lib._final_module = mod = own
        lib._kernel_needs = tuple(_unlinked(own))
    else:  # a callee with no symbol in the engine: the call tree, less what is there
        _code_elsewhere(mod)
    _LINKABLE.update(_exported(mod))
    _add_optnone(mod)


def _code_elsewhere(mod, also=()) -> None:
    """Kernel functions of ``mod`` that a module in the JIT engine exports (or in ``also``)
    become available_externally: LLVM emits no code for them, calls bind to that module's."""
    from llvmlite import binding as ll

    for fn in mod.functions:
        if (
            not fn.is_declaration
            and fn.linkage == ll.Linkage.linkonce_odr
            and (fn.name in _LINKABLE or fn.name in also)
        ):
            fn.linkage = "available_externally"


def _add_optnone(mod) -> None:
    for fn in mod.functions:
        if fn.is_declaration:
            continue
        attrs = set(fn.attributes)
        if attrs & set(_NO_OPTNONE):
            continue
        if b"noinline" not in attrs:
            fn.add_function_attribute("noinline")
        fn.add_function_attribute("optnone")


def _cache_own_code_only(library_class) -> None:
    """A kernel function's cached machine code is its own code only (``_emit_cheaply``): it
    calls its callees by symbol. Loaded in a process whose JIT engine lacks some of them
    (a test calling one kernel function from Python), their own cached code is loaded first
    (``kernel/host/cache_load.py``); the code of any left is made from the shared module (the
    whole call tree) at -O0, as numba made it before."""
    from llvmlite import binding as ll

    from analyzer.kernel.host import cache_load

    serialize = library_class.serialize_using_object_code
    unserialize = library_class._unserialize.__func__

    def serialize_using_object_code(self):
        name, kind, data = serialize(self)
        needs = getattr(self, "_kernel_needs", None)
        if needs is None:
            return name, kind, data
        return name, kind, (*data, needs, tuple(_exported(self._final_module)))

    def _unserialize(cls, codegen, state):
        name, kind, data = state
        if kind != "object" or len(data) != 4:
            if cache_load.loading():  # its object may call what it does not list: not here
                raise cache_load.NotLoadable(name)
            return unserialize(cls, codegen, state)
        object_code, shared_bitcode, needs, own = data
        if any(n not in _LINKABLE for n in needs):  # first their own code from the cache
            cache_load.load_callees(needs, _LINKABLE, _entry_symbol)
        if any(n not in _LINKABLE for n in needs):
            callees = ll.parse_bitcode(shared_bitcode)
            _code_elsewhere(callees, also=own)  # own: the cached object defines it
            _add_optnone(callees)
            codegen._engine.add_module(callees)
            _LINKABLE.update(n for n in needs)
        lib = cache_load.unserialize(codegen, name, object_code, shared_bitcode, own)
        _LINKABLE.update(own)
        return lib

    library_class.serialize_using_object_code = serialize_using_object_code
    library_class._unserialize = classmethod(_unserialize)
    cache_load.lazy_linking(library_class)


def module_kind(mod, shared: bool = False, wrappers: bool = False) -> str:
    """'entry': the module of an entry point; 'kernel': of another kernel function; 'other'.
    ``shared``: a module made for linking, whose own functions are linkonce_odr.
    ``wrappers``: a module of a kernel function's Python wrapper counts as the function's."""
    from llvmlite import binding as ll

    linkage = ll.Linkage.linkonce_odr if shared else ll.Linkage.external
    own = [fn.name for fn in mod.functions if not fn.is_declaration and fn.linkage == linkage]
    if wrappers:
        own = [name.replace("_ZN7cpython", "_ZN", 1) for name in own]  # numba's wrapper name
    if any(_is_entry(name) for name in own):
        return "entry"
    if any(name.startswith(_KERNEL_SYMBOLS) for name in own):
        return "kernel"
    return "other"


_internalize_kernel_callees()
