"""npc_brain.memory."""
