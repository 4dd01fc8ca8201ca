"""npc_brain.cognition: the paper's mechanisms (Park et al. 2023), as pure functions over snapshots.

Memory is rated (`importance`), recalled (`recall`) and reflected on (`reflection`); the day is
planned and decomposed (`planning`, `choices`, `location`, `wishes`); perceptions are reacted to
(`reaction`); lines are chosen from grounds (`grounds`, `answers`, `dialogue`, `offers`) and news
travels (`news`, `newsworthy`, `invitation`, `hearsay`). Prompts and output schemas are pure
builders (`prompts`, `schemas`). English lives in `npc_brain.language`; the values these
functions take and return in `npc_brain.types`; who calls them, when, in `npc_brain.runtime`.
"""
