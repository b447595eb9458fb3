"""Graph recall as a pure function: the episodes a query's entities lead to (graphmem/storage/neo4j/mentions.py
walks the graph) scored by how much of the query's named entities they cover, each entity weighted by its
rarity among the user's episodes (BM25's idf):

    idf(k)   = ln(1 + (N - df_k + 0.5) / (df_k + 0.5))
    graph(d) = Σ_{k leads to d} idf(k) / Σ_k idf(k)        in [0, 1]

An entity leads to an episode that mentions it or that evidences an active fact touching it.
"""

from __future__ import annotations

import math

from graphmem.model import Walk

__all__ = ["graph_scores"]


def graph_scores(walk: Walk) -> dict[int, float]:
    """Episode seq → share of the query's entity weight that leads to it (empty when nothing was reached)."""
    n = max(walk.total_episodes, 1)
    weights = {r.key: math.log(1.0 + (n - min(r.mentioned_by, n) + 0.5) / (r.mentioned_by + 0.5)) for r in walk.reached}
    total = sum(weights.values())
    if total <= 0:
        return {}
    scores: dict[int, float] = {}
    for reach in walk.reached:
        for seq in set(reach.episodes) | set(reach.fact_episodes):
            scores[seq] = scores.get(seq, 0.0) + weights[reach.key] / total
    return scores
