"""npc_brain.cognition."""
