"""graphmem: layered long-term memory for AI agents (working, episodic, semantic, procedural, archive)."""

from graphmem.errors import GraphmemError

__all__ = ["GraphmemError", "__version__"]
__version__ = "0.1.0"
