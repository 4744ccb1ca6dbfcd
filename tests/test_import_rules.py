"""The layering rules of DESIGN.md section 2, checked on every import statement.

The kernel must never reach up into reading, analysis or output (it is compiled by numba and
runs in threads without the rest); reading decks must never compile the kernel; the command line
talks only to the Python API, so everything a command does is also there for notebooks.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "analyzer"

# package -> the analyzer packages its modules must not import
FORBIDDEN = {
    "kernel": ("io", "report", "analysis", "api", "cli", "cards", "policies.table"),
    "io": ("kernel", "analysis", "report", "api", "cli"),
    "policies": ("analysis", "api", "cli", "report", "io"),
    "cards": ("kernel", "analysis", "report", "api", "cli"),
    "report": ("kernel", "api", "cli"),
    "analysis": ("api", "cli"),
    "api": ("cli",),
}
# the command line sees the API (and the shared error type), nothing else of ours
CLI_ALLOWED = ("api", "cli", "errors", "__version__")


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, dotted module inside analyzer) for every import of ours in the file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "analyzer":
                found += [(node.lineno, f"analyzer.{a.name}") for a in node.names]
            else:
                found.append((node.lineno, node.module))
    return [
        (line, name[len("analyzer.") :]) for line, name in found if name.startswith("analyzer.")
    ]


def _modules(package: str) -> list[Path]:
    return sorted((PACKAGE / package).rglob("*.py"))


def _under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_layers_import_only_downwards(package: str) -> None:
    broken = [
        f"{path.relative_to(PACKAGE)}:{line} imports analyzer.{name}"
        for path in _modules(package)
        for line, name in _imports(path)
        if any(_under(name, bad) for bad in FORBIDDEN[package])
    ]
    assert not broken, "\n".join(broken)


def test_cli_talks_only_to_the_api() -> None:
    broken = [
        f"{path.relative_to(PACKAGE)}:{line} imports analyzer.{name}"
        for path in _modules("cli")
        for line, name in _imports(path)
        if not any(_under(name, ok) for ok in CLI_ALLOWED)
    ]
    assert not broken, "\n".join(broken)


def test_the_checker_sees_imports() -> None:
    # guards the test itself: a file with known imports of ours must be read as such
    names = {name for _, name in _imports(PACKAGE / "cli" / "__init__.py")}
    assert "api" in names and "errors" in names


def test_every_jitted_module_is_in_the_kernel_cache_key() -> None:
    """A kernel or policy module that numba compiles is hashed into the cache folder's name
    (runtime/config._KERNEL_SOURCES), or editing it would reuse stale machine code; kernel/host
    (plain Python) is not (editing it would recompile for nothing)."""
    from analyzer.kernel.runtime import config

    package = Path(config.__file__).resolve().parents[2]
    hashed = set()
    for name in config._KERNEL_SOURCES:
        p = package / name
        hashed |= set(p.rglob("*.py")) if p.is_dir() else {p}
    for f in sorted([*(package / "kernel").rglob("*.py"), *(package / "policies").rglob("*.py")]):
        src = f.read_text()
        if "@njit" in src or "njit(" in src.replace("def njit(", ""):
            assert f in hashed, f"{f.relative_to(package)} is jitted but not in _KERNEL_SOURCES"
    for f in sorted((package / "kernel" / "host").rglob("*.py")):
        assert f not in hashed
