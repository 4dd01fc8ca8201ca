"""npc_brain.world."""
