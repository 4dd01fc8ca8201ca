"""Packaging promises: the core imports without pygame, the public API is curated, CI runs the README."""
from __future__ import annotations

import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_core_imports_without_pygame() -> None:
    # A None entry in sys.modules makes `import pygame` raise ImportError, as if it were not installed.
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        "import importlib, pkgutil, npc_brain\n"
        "skip = {'npc_brain.adapters.pygame_bridge', 'npc_brain.adapters.pygame_map',\n"
        "        'npc_brain.adapters.pygame_props', 'npc_brain.adapters.pygame'}\n"
        "for m in pkgutil.walk_packages(npc_brain.__path__, 'npc_brain.'):\n"
        "    if m.name not in skip and not m.name.endswith('__main__'):\n"
        "        importlib.import_module(m.name)\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("ok")


def test_public_api_is_curated() -> None:
    import npc_brain

    assert npc_brain.__all__, "npc_brain must export a curated API"
    for name in npc_brain.__all__:
        obj = getattr(npc_brain, name)
        assert obj is not None
        if callable(obj) and not name.startswith("__"):
            assert obj.__doc__, f"public name {name} has no docstring"
    assert len(set(npc_brain.__all__)) == len(npc_brain.__all__)


def _readme_test_command() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```(?:bash|sh)\n(.*?)```", text, flags=re.S)
    cmds = [b.strip() for b in blocks if "pytest" in b]
    assert cmds, "README has no test command block"
    return cmds[0]


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert _readme_test_command() in ci


PUBLIC_FACES = {
    "npc_brain", "npc_brain.adapters.pygame", "npc_brain.world", "npc_brain.llm", "npc_brain.memory",
    "npc_brain.personas", "npc_brain.language", "npc_brain.testing", "npc_brain.llm.testing",
}


def test_the_demo_and_the_examples_use_only_the_public_faces() -> None:
    import ast

    deep = []
    for path in sorted([*(ROOT / "demo_game").glob("*.py"), *(ROOT / "examples").glob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("npc_brain"):
                if node.module not in PUBLIC_FACES:
                    deep.append(f"{path.name}: {node.module}")
            elif isinstance(node, ast.Import):
                deep += [f"{path.name}: {a.name}" for a in node.names
                         if a.name.startswith("npc_brain") and a.name not in PUBLIC_FACES]
    assert not deep, deep


def test_every_public_name_is_there() -> None:
    import importlib

    for face in sorted(PUBLIC_FACES):
        module = importlib.import_module(face)
        for name in getattr(module, "__all__", ()):
            assert hasattr(module, name), f"{face}.{name}"
