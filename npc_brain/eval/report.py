"""Writing evaluation output: the run folder, Markdown tables, raw JSON, plot notes."""
from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any


def run_folder(out: str | os.PathLike[str] | None, *, base: str | os.PathLike[str] = "out") -> Path:
    """`out`, or `out/eval-<timestamp>/` (created)."""
    path = Path(out) if out else Path(base) / f"eval-{datetime.now():%Y%m%d-%H%M%S}"
    path.mkdir(parents=True, exist_ok=True)
    return path


def latest_folder(containing: str, *, base: str | os.PathLike[str] = "out") -> Path | None:
    """The newest `out/eval-*` folder holding a file named `containing` (for --resume)."""
    folders = sorted(Path(base).glob("eval-*"), key=lambda p: p.stat().st_mtime, reverse=True)
    return next((f for f in folders if (f / containing).exists()), None)


def _cell(value: Any) -> str:
    if isinstance(value, float):
        text = f"{value:.3g}" if abs(value) < 1e5 else f"{value:,.0f}"
    else:
        text = str(value)
    return text.replace("|", "\\|").replace("\n", " ")


def md_table(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None) -> str:
    """Rows of dicts as a Markdown table (columns in first-seen order unless given)."""
    if not rows:
        return "_(none)_"
    cols: list[str] = list(columns or [])
    if not cols:
        for row in rows:
            cols += [c for c in row if c not in cols]
    lines = ["| " + " | ".join(cols) + " |", "|" + "|".join("---" for _ in cols) + "|"]
    lines += ["| " + " | ".join(_cell(row.get(c, "")) for c in cols) + " |" for row in rows]
    return "\n".join(lines)


def write_json(path: str | os.PathLike[str], data: Any) -> Path:
    """Pretty JSON (datetimes as ISO strings), written atomically."""
    p = Path(path)
    tmp = p.with_suffix(p.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, default=str, ensure_ascii=False), encoding="utf-8")
    tmp.replace(p)
    return p


def read_json(path: str | os.PathLike[str]) -> Any:
    """Inverse of `write_json`."""
    return json.loads(Path(path).read_text(encoding="utf-8"))


def plots_note(made: Sequence[Path | None]) -> str:
    """Markdown image links for the plots made, or a note that pygame was missing."""
    done = [p for p in made if p is not None]
    if not done and made:
        return "_Plots skipped: pygame is not installed (`pip install pygame-ce` draws them)._"
    return "\n\n".join(f"![{p.stem}]({p.name})" for p in done)


def merge_usage(a: Mapping[str, Any] | None, b: Mapping[str, Any] | None) -> dict[str, Any]:
    """Sum two `UsageSnapshot.to_dict()` dicts (counts add; max latency takes the max)."""
    def add(x: Mapping[str, Any], y: Mapping[str, Any]) -> dict[str, Any]:
        out = dict(x)
        for k, v in y.items():
            if k == "latency_max_s":
                out[k] = max(out.get(k, 0), v)
            elif isinstance(v, (int, float)) and k != "mean_latency_s":
                out[k] = out.get(k, 0) + v
        out["mean_latency_s"] = round(out.get("latency_s", 0) / out["calls"], 4) if out.get("calls") else 0.0
        return out

    a, b = a or {}, b or {}
    result: dict[str, Any] = {"total": add(a.get("total", {}), b.get("total", {}))}
    for part in ("by_purpose", "by_agent"):
        keys = sorted(set(a.get(part, {})) | set(b.get(part, {})))
        result[part] = {k: add(a.get(part, {}).get(k, {}), b.get(part, {}).get(k, {})) for k in keys}
    return result


def format_table(rows: Sequence[Mapping[str, Any]]) -> str:
    """Rows of dicts as an aligned plain-text table (columns in first-seen order)."""
    columns: list[str] = []
    for row in rows:
        columns += [c for c in row if c not in columns]
    cells = [[_plain(row.get(c, "")) for c in columns] for row in rows]
    widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(columns)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in cells]
    return "\n".join(lines)


def _plain(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def talk_note(mix: Mapping[str, Any] | None) -> str:
    """One line: what NPCs said to each other, by what each line was made from."""
    if not mix or not mix.get("lines"):
        return "NPC-to-NPC lines by what they were made from: not recorded."
    parts = ", ".join(f"{k} {v}%" for k, v in mix["pct"].items())
    return f"NPC-to-NPC lines by what they were made from ({mix['lines']} lines): {parts}."
