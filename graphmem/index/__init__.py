"""The vector side index: episode embeddings live here, keyed by (partition, seq); Neo4j stays the truth."""
