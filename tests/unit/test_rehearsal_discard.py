"""Discarding a warm-up user deletes every node of its partition: a label added to the schema without a discard
statement would leave nodes of each start's throwaway users behind."""

from __future__ import annotations

import re

from graphmem.storage.neo4j.rehearsal import DISCARD
from graphmem.storage.neo4j.schema import NodeLabel

# not partition nodes: the schema version, and a second label of Episodic nodes
_NOT_PARTITIONED = {NodeLabel.GRAPHMEM_SCHEMA, NodeLabel.EXTRACTION_PENDING}


def test_every_partitioned_label_is_discarded_and_the_user_node_last() -> None:
    labels = [re.fullmatch(r"MATCH \(n:(\w+) \{group_id: \$group_id\}\) DETACH DELETE n", s) for s in DISCARD]
    assert all(labels)
    named = [m.group(1) for m in labels if m]
    assert sorted(named) == sorted(str(label) for label in NodeLabel if label not in _NOT_PARTITIONED)
    assert named[-1] == NodeLabel.USER
