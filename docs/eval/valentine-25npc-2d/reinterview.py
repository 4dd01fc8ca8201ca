"""Interview the end state of a valentine run again (same save), with the current answer code.

`python docs/eval/valentine-25npc-2d/reinterview.py OUT_FOLDER` — OUT_FOLDER is an
`eval valentine --out` folder (valentine.sqlite + valentine_state.json; the 40 MB save is
not committed). Used once, see reinterview.md.
"""
import argparse
import json
import sys
from datetime import datetime

from npc_brain.eval.backend import open_backend
from npc_brain.eval.measure import Measurer
from npc_brain.eval.runner import make_executor
from npc_brain.eval.scenario import candidacy_topic, party_topic
from npc_brain.eval.town import load_town
from npc_brain.runtime.simulation import Simulation
from npc_brain.types.clock import GameClock

folder = sys.argv[1]
st = json.load(open(f"{folder}/valentine_state.json"))
cfg = st["config"]
town = load_town(cfg["town"], npcs=cfg["npcs"], map_path=cfg["map"], personas_path=cfg["personas"])
args = argparse.Namespace(model="auto")
backend = open_backend(args, n_parallel=4)
ex = make_executor(4)
clock = GameClock(datetime.fromisoformat(cfg["start"]))
sim = Simulation(town.world, town.personas, backend.model, clock, embedder=backend.embedder, executor=ex)
sim.society.load(f"{folder}/valentine.sqlite")
topics = (party_topic(cfg["host"]), candidacy_topic(cfg["candidate"]))
m = Measurer(sim, topics, None, 4).measure()
out = {k: m[k] for k in m if k not in ("agents",)}
for row in m["agents"]:
    for a in row["answers"]:
        if a["topic"] == "candidacy":
            print(row["agent"], "|", a["answer"][:120], "|", a["aware_lexical"], "|", a["claims"])
print(json.dumps({"time": m["time"], "party": m.get("party"), "candidacy": m.get("candidacy"),
                  "hallucinated_lexical": m.get("hallucinated_lexical"), "answered": m.get("answered")}, default=str))
sim.shutdown()
ex.shutdown(wait=True)
backend.close()
