"""The card catalog as data: TOML records, their validation, and the kernel's int32 tables.

Entry point: ``load_catalog()``. The format is documented in FORMAT.md beside this file.
Never imports numba: loading the catalog must stay fast and independent of the kernel.
"""

from analyzer.cards.catalog import Catalog, load_catalog
from analyzer.cards.compile import CatalogTables, CompiledCatalog
from analyzer.cards.records import CardRecord

__all__ = ["CardRecord", "Catalog", "CatalogTables", "CompiledCatalog", "load_catalog"]
