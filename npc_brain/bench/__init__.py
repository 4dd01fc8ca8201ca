"""npc_brain.bench."""
