"""SavedSociety: a save file's content checked whole and rebuilt into agents, off to the side.

`Society.load` builds one before it changes anything, so a damaged save costs nothing: every
problem — a wrong-typed, missing or null field in an agent's state, a value that breaks the
save rules (`memory.save_rules`: game time naive and in range, finite numbers, bounded text),
a reference that resolves to nothing (evidence or a reflection mark past the agent's last
memory, an errand of an agent the save does not hold), memories of another embedder's width,
a bad importance cache or object state — is one `CorruptSaveError` naming the agent and the
field, and the running game stays as it was. `write_society` writes what `build` reads.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from npc_brain.llm.protocols import Embedder
from npc_brain.memory.importance import ImportanceCache
from npc_brain.memory.save import AgentSave, CorruptSaveError, SaveData, SaveFile, SaveMeta
from npc_brain.memory.save_rules import SaveRuleError, check_game_time, check_values
from npc_brain.runtime.agent import Agent
from npc_brain.runtime.agent_state import SavedAgent
from npc_brain.runtime.errands import Errands, ErrandsState
from npc_brain.runtime.settings import BrainSettings
from npc_brain.world.place import PlaceKind
from npc_brain.world.world import World

__all__ = ["SavedSociety", "write_society"]


def write_society(path: str | Path, now: datetime, world: World | None, agents: Mapping[str, Agent],
                  importance_cache: ImportanceCache, errands: dict[str, Any],
                  extra: Mapping[str, Any] | None = None) -> SaveMeta:
    """Write every agent's memory and state, the object states, the importance cache, the game
    actions in flight (`errands`), the game's own `extra` state and the clock to one file."""
    world_state: dict[str, Any] = {}
    if world is not None:
        world_state["states"] = {p.address: p.state for p in world if p.state}
    world_state["importance_cache"] = importance_cache.to_dict()
    world_state["errands"] = errands
    if extra is not None:
        world_state["extra"] = dict(extra)
    saved = {name: AgentSave(a.memory, a.to_state()) for name, a in agents.items()}
    return SaveFile(path).write(SaveData(now, saved, world_state))


def _field_error(exc: ValidationError) -> str:
    """'plan.steps.0.start: Input should be …' for the first problem (+ how many more)."""
    errors = exc.errors()
    first = errors[0]
    where = ".".join(str(p) for p in first["loc"]) or "state"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    message = first["msg"].removeprefix("Value error, ")  # a validator's own sentence
    return f"field {where}: {message}{more}"


def _check_references(state: SavedAgent, memories: int) -> None:
    """Every memory id the state names is one of the agent's memories (`SaveRuleError`)."""
    upto = state.marks.reflected_upto
    if upto is not None and not -1 <= upto < memories:
        raise SaveRuleError("marks.reflected_upto", f"memory {upto} does not exist "
                                                    f"(the agent has {memories})")
    for i, draft in enumerate(state.buffer):
        for e in draft.evidence:
            if not 0 <= e < memories:
                raise SaveRuleError(f"buffer.{i}.evidence", f"memory {e} does not exist "
                                                            f"(the agent has {memories})")


@dataclass(frozen=True, slots=True)
class SavedSociety:
    """Everything `Society.load` installs, built and checked without touching the society."""

    clock: datetime
    agents: dict[str, Agent]
    importance_cache: ImportanceCache
    object_states: dict[str, str]
    errands: ErrandsState = field(default_factory=ErrandsState)  # game actions in flight, follows and go_tos
    before_provenance: bool = False  # written before memories kept their provenance (format < 2)

    @classmethod
    def build(cls, data: SaveData, *, path: str | Path, world: World | None, embedder: Embedder,
              settings: BrainSettings) -> SavedSociety:
        """Check the whole save and rebuild its agents; `CorruptSaveError` on any problem."""
        where = Path(path)
        cache = cls._cache(data.world.get("importance_cache"), where)
        states = data.world.get("states", {})
        if not isinstance(states, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in states.items()):
            raise CorruptSaveError(f"{where}: the object states are damaged (not text by address)")
        try:
            check_game_time(data.clock, "clock")
            check_values(states, "object states")
        except SaveRuleError as exc:
            raise CorruptSaveError(f"{where}: the {exc}") from None
        agents = {}
        for name, saved in data.agents.items():
            shared = cache if settings.share_importance_cache else ImportanceCache()
            agents[name] = cls._agent(name, saved, where, world, embedder, settings, shared)
        errands = cls._errands(data.world.get("errands"), set(agents), where)
        old = data.meta is not None and data.meta.migrated_from is not None and data.meta.migrated_from < 2
        return cls(data.clock, agents, cache, states, errands, old)

    def place(self, world: World | None) -> None:
        """Put the saved object states into `world` (an object the save does not mention has
        none) and every agent where it stood."""
        if world is None:
            return
        for p in world:
            p.state = self.object_states.get(p.address, p.state if p.kind is not PlaceKind.OBJECT else "")
        for name, agent in self.agents.items():
            if agent.address and agent.address in world:
                world.move(name, agent.address)

    @staticmethod
    def _errands(raw: object, agents: set[str], where: Path) -> ErrandsState:
        try:
            errands = Errands.parse(raw)
            check_values(errands, "errands")
        except ValidationError as exc:
            raise CorruptSaveError(f"{where}: the game actions are damaged ({_field_error(exc)})") from None
        except SaveRuleError as exc:
            raise CorruptSaveError(f"{where}: the game actions are damaged (field {exc})") from None
        strangers = [f"errands.pending.{i}.agent" for i, p in enumerate(errands.pending)
                     if p.agent not in agents] + [f"errands.moving.{n}" for n in errands.moving
                                                  if n not in agents]
        if strangers:
            raise CorruptSaveError(f"{where}: the game actions are damaged (field {strangers[0]}: "
                                   "an agent this save does not hold)")
        return errands

    @staticmethod
    def _cache(raw: object, where: Path) -> ImportanceCache:
        if not raw:
            return ImportanceCache()
        try:
            if not isinstance(raw, dict):
                raise TypeError(f"it is a {type(raw).__name__}, not an object")
            return ImportanceCache.from_dict(raw)
        except (ValueError, TypeError) as exc:
            raise CorruptSaveError(f"{where}: the importance cache is damaged ({exc})") from None

    @staticmethod
    def _agent(name: str, saved: AgentSave, where: Path, world: World | None, embedder: Embedder,
               settings: BrainSettings, cache: ImportanceCache) -> Agent:
        try:
            state = SavedAgent.model_validate(saved.state)
        except ValidationError as exc:
            raise CorruptSaveError(
                f"{where}: agent {name!r} is damaged, {_field_error(exc)}") from None
        if state.persona.name != name:
            raise CorruptSaveError(f"{where}: agent {name!r} is damaged, field persona.name: "
                                   f"it says {state.persona.name!r}")
        try:
            check_values(state)  # every field by the save rules, fields added later too
            _check_references(state, len(saved.memories))
        except SaveRuleError as exc:
            raise CorruptSaveError(f"{where}: agent {name!r} is damaged, field {exc}") from None
        if saved.memories.dim != embedder.dim:  # its next memory could not be stored
            raise CorruptSaveError(
                f"{where}: agent {name!r} has {saved.memories.dim}-wide memory embeddings, but "
                f"this game's embedder ({getattr(embedder, 'name', '?')}) makes "
                f"{embedder.dim}-wide ones")
        known = None
        if world is not None and state.known is not None:
            from npc_brain.world.spatial_memory import SpatialMemory

            known = SpatialMemory.from_state(world, state.known.model_dump())
        agent = Agent(state.persona, saved.memories, known, embedder=embedder, settings=settings,
                      importance_cache=cache)
        agent.restore(state)
        return agent
