"""npc_brain.eval — the paper's evaluations, run with `python -m npc_brain.eval <name>`.

`valentine` (end-to-end information diffusion), `interview` (five categories) and `ablation`
(memory kinds, judged pairwise). Pure metric definitions live in `npc_brain.eval.metrics`;
plots are drawn with pygame when it is installed (never required).
"""
