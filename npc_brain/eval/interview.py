"""`python -m npc_brain.eval interview --agent NAME`: the paper's five interview categories.

Self-knowledge, memory, plans, reactions and reflections — three questions each, written
for this project — asked of one agent of a saved run (`--save`) or of a fresh simulation
(`--hours` game hours first). Answers are listed per category with the lexical check's
unsupported claims (see `npc_brain.eval.metrics.unsupported_claims`).
"""
from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Any

from npc_brain.eval.report import md_table, run_folder, write_json
from npc_brain.eval.session import add_session_arguments, open_session

QUESTIONS: Mapping[str, tuple[str, ...]] = {
    "self-knowledge": (
        "Tell me about yourself in a few sentences.",
        "What is your job, and what do you like about it?",
        "Which three words describe your personality best?",
    ),
    "memory": (
        "Who is {other}?",
        "Who is running for mayor?",
        "What do you remember about the last conversation you had?",
    ),
    "plans": (
        "What will you be doing at 10 am tomorrow?",
        "What is the next thing on your schedule today?",
        "What are you looking forward to this week?",
    ),
    "reactions": (
        "Your breakfast is burning on the stove. What do you do?",
        "You arrive at the café and find it closed. What do you do?",
        "A neighbour knocks and asks for help carrying groceries. How do you answer?",
    ),
    "reflections": (
        "If you could spend an afternoon with one person you met recently, who would it be, and why?",
        "What have you learned about yourself lately?",
        "Who in town do you trust most, and why?",
    ),
}
"""The paper's five categories; `{other}` is someone the agent has a relationship with."""


def questions_for(persona: Any, names: Sequence[str], per_category: int | None = None) -> list[tuple[str, str]]:
    """(category, question) pairs for one agent, `{other}` filled in."""
    others = [n for n in persona.relationships if n != persona.name] or [n for n in names if n != persona.name]
    other = others[0] if others else "your neighbour"
    out = []
    for category, qs in QUESTIONS.items():
        for q in qs[:per_category] if per_category else qs:
            out.append((category, q.format(other=other)))
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `eval interview`."""
    parser.add_argument("--agent", required=True, help="who to interview (a persona name)")
    parser.add_argument("--per-category", type=int, default=None, help="questions per category (default: all 3)")
    add_session_arguments(parser, npcs=3, hours=1.0)


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Interview one agent; writes report.md and interview.json."""
    from npc_brain.eval import metrics as M
    from npc_brain.eval.measure import memory_texts, place_patterns
    from npc_brain.llm.errors import LLMError

    folder = run_folder(args.out)
    session = open_session(args, keep=(args.agent,))
    try:
        society = session.sim.society
        agent = society.agent(args.agent)
        names = list(society.agents)
        patterns = M.name_patterns(names)
        places = place_patterns(session.sim.world, names)
        texts = memory_texts(agent, session.sim.world)
        rows = []
        for category, question in questions_for(agent.persona, names, args.per_category):
            try:
                answer = society.interview(args.agent, question)
            except LLMError as exc:
                answer = f"(failed: {type(exc).__name__})"
            claims = M.unsupported_claims(answer, texts, agent=args.agent, patterns=patterns, places=places)
            rows.append({"category": category, "question": question, "answer": answer,
                         "unsupported": "; ".join(claims)})
        usage = society.usage()
    finally:
        session.close()
    result = {
        "agent": args.agent,
        "model": session.backend.description,
        "source": session.source,
        "memories": len(agent.memory),
        "answers": rows,
        "interview_calls": usage.by_purpose["interview"].calls if usage and "interview" in usage.by_purpose else 0,
        "folder": str(folder),
    }
    lines = [f"# Interview with {args.agent}", "",
             f"- **Model:** {result['model']}", f"- **Memories from:** {result['source']}",
             f"- **Memory stream:** {result['memories']} memories", ""]
    for category in QUESTIONS:
        lines += [f"## {category}", "", md_table([r for r in rows if r["category"] == category],
                                                  ["question", "answer", "unsupported"]), ""]
    (folder / "report.md").write_text("\n".join(lines), encoding="utf-8")
    write_json(folder / "interview.json", result)
    return result
