"""npc_brain.eval."""
