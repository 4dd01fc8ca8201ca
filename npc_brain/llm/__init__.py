"""npc_brain.llm."""
