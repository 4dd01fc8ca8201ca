"""npc_brain.adapters."""
