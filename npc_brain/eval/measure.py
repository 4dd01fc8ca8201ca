"""Measuring one moment of a scenario run: interviews, awareness, acquaintance, claims.

`Measurer` asks every agent each topic's question (`Society.interview`), applies the pure
metrics of `npc_brain.eval.metrics` to the answers and to the agent's memory, and
`summarize_phase` aggregates the rows. Shared by `eval valentine`, `eval stories` and the
interview and grounding evaluations (`memory_texts`, `place_patterns`).
"""
from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any

from npc_brain.eval import metrics as M


def memory_texts(agent: Any, world: Any = None) -> list[str]:
    """Everything the agent could draw on: its memory stream, its persona (what every prompt's
    identity header shows, relationships, habits, seeds) and the names of its home and workplace."""
    p = agent.persona
    texts = [r.description for r in agent.memory.records]
    texts += [p.summary(), *p.daily_habits, *p.memories]
    texts += [f"{other}: {how}" for other, how in p.relationships.items()]
    texts += [d.description for d in getattr(agent, "buffered", ())]
    if world is not None:
        for address in (p.home, p.workplace):
            if address and address in world:
                texts += [node.name for node in (world.get(address), *world.get(address).ancestors())]
    return texts


def place_patterns(world: Any, names: Sequence[str]) -> dict[str, Any]:
    """Name patterns of the world's multi-word buildings ("Hobbs Cafe"), for claim checks."""
    from npc_brain.world.place import PlaceKind

    if world is None:
        return {}
    low = {n.lower() for n in names}
    buildings = [p.name for p in world.places(PlaceKind.BUILDING)]
    return M.name_patterns([b for b in dict.fromkeys(buildings) if len(b.split()) >= 2 and b.lower() not in low],
                           first_names=False)


def _evidence(agent: Any, embedder: Any, now: datetime, query: str, k: int = 12) -> list[str]:
    view = agent.memory.snapshot()
    found = [s.record.description for s in view.retrieve(embedder.embed([query])[0], now, k=k)] if len(view) else []
    return found + [f"{o}: {h}" for o, h in agent.persona.relationships.items()]


class Measurer:
    """Interviews agents and applies the metrics to one moment of a simulation."""

    def __init__(self, sim: Any, topics: Sequence[M.Topic], judge: Any | None, workers: int) -> None:
        self.sim = sim
        self.topics = tuple(topics)
        self.judge = judge
        self.workers = workers
        names = list(sim.society.agents)
        self.patterns = M.name_patterns(names)
        self.places = place_patterns(sim.world, names)

    def agent(self, name: str, talked: dict[str, set[str]]) -> dict[str, Any]:
        """One agent's interview answers, verdicts, claims and acquaintances."""
        from npc_brain.eval.judge import judge_awareness, judge_support
        from npc_brain.llm.errors import LLMError

        society = self.sim.society
        agent = society.agent(name)
        texts = memory_texts(agent, self.sim.world)
        now = society.now()
        answers = []
        for topic in self.topics:
            error = ""
            try:
                answer = society.interview(name, topic.question)
            except LLMError as exc:
                answer, error = "", f"{type(exc).__name__}: {exc}"
            lexical = M.answer_aware(answer, topic, name)
            judged = None if self.judge is None or not answer else judge_awareness(
                self.judge, topic.question, answer, topic.fact)
            # A name the question gives ("Any news about Tom?") is not one the answer made up.
            claims = M.unsupported_claims(answer, [*texts, topic.question], agent=name, patterns=self.patterns,
                                          places=self.places, topics=self.topics, asked=topic)
            support = None
            if self.judge is not None and answer:
                support = judge_support(self.judge, name, topic.question, answer,
                                        _evidence(agent, society.embedder, now, f"{topic.question} {answer}"))
            answers.append({
                "topic": topic.key, "question": topic.question, "answer": answer, "error": error,
                "aware_lexical": lexical, "aware_judge": judged,
                "aware": lexical,
                "claims": claims, "supported_judge": None if support is None else support[0],
                "judge_claim": "" if support is None else support[1],
            })
        return {
            "agent": name,
            "memories": len(agent.memory),
            "memory_aware": {t.key: any(M.mentions(x, t.memory_terms) for x in texts) for t in self.topics},
            "knows": sorted(M.knows(name, texts, self.patterns, talked_with=talked.get(name, ()))),
            "answers": answers,
        }

    def measure(self, conversations: Sequence[Sequence[str]] = ()) -> dict[str, Any]:
        """All agents (in parallel when workers > 0), aggregated; `conversations`: [time, a, b] rows."""
        talked: dict[str, set[str]] = {}
        for _, a, b in conversations:
            talked.setdefault(a, set()).add(b)
            talked.setdefault(b, set()).add(a)
        names = list(self.sim.society.agents)
        if self.workers > 0:
            with ThreadPoolExecutor(self.workers) as pool:
                rows = list(pool.map(lambda n: self.agent(n, talked), names))
        else:
            rows = [self.agent(n, talked) for n in names]
        return {"time": self.sim.society.now().isoformat(), "agents": rows, **summarize_phase(rows, self.topics)}


def summarize_phase(rows: Sequence[dict[str, Any]], topics: Sequence[M.Topic]) -> dict[str, Any]:
    """Awareness (answer and memory), density and hallucination counts of one measurement."""
    out: dict[str, Any] = {}
    for t in topics:
        mine = [(r["agent"], a) for r in rows for a in r["answers"] if a["topic"] == t.key]
        # The lexical rule is pure: re-apply it to the stored answer (reports stay current).
        lexical = M.awareness({n: M.answer_aware(a["answer"], t, n) for n, a in mine})
        judged = {n: a["aware_judge"] for n, a in mine if a["aware_judge"] is not None}
        mem = M.awareness({r["agent"]: r["memory_aware"][t.key] for r in rows})
        out[t.key] = {
            "aware": list(lexical.aware), "pct": round(lexical.pct, 1),
            "judge_aware": list(M.awareness(judged).aware) if judged else None,
            # Over all agents: an agent without a judge verdict counts as not aware.
            "judge_pct": round(100 * len(M.awareness(judged).aware) / len(rows), 1) if judged and rows else None,
            "memory_aware": list(mem.aware), "memory_pct": round(mem.pct, 1),
        }
    d = M.density({r["agent"]: r["knows"] for r in rows})
    out["density"] = {"directed": round(d.directed, 3), "either": round(d.either, 3), "mutual": round(d.mutual, 3),
                      "known_pairs": d.known_pairs}
    answered = [a for r in rows for a in r["answers"] if a["answer"]]
    checked = [a for a in answered if a["supported_judge"] is not None]
    both = [a for a in checked if a["claims"] and a["supported_judge"] is False]
    out["answers"] = len(answered)
    out["interview_failures"] = sum(1 for r in rows for a in r["answers"] if a["error"])
    out["hallucinated_lexical"] = sum(1 for a in answered if a["claims"])
    out["hallucinated_judge"] = sum(1 for a in checked if a["supported_judge"] is False)
    out["hallucinated_both"] = len(both)
    out["judged"] = len(checked)
    by_key = {t.key: t for t in topics}
    jl = [(r["agent"], a) for r in rows for a in r["answers"] if a["aware_judge"] is not None]
    agree = sum(a["aware_judge"] == M.answer_aware(a["answer"], by_key[a["topic"]], n) for n, a in jl)
    out["judge_lexical_agreement_pct"] = round(100 * agree / len(jl), 1) if jl else None
    return out
