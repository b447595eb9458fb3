"""Neo4j storage: the driver wrapper, the schema migrations and one repository per layer (all Cypher)."""
