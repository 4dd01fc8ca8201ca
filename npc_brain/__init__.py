"""npc_brain — generative-agent minds (Park et al. 2023) for game NPCs."""
from __future__ import annotations

__version__ = "0.1.0"
__all__: list[str] = ["__version__"]
