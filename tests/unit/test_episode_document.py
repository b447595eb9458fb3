"""An episode's indexed document and its BM25 tokens are composed from what the node stores (its own line's
tokens and its context episode's): the composition gives exactly the tokens computed at write time, for
English and Chinese, and nodes of the earlier layout (whole-document tokens, no line tokens) still read."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphmem.memory.episodic import document_line, indexed_document, lexical_tokens, line_tokens
from graphmem.model import EpisodeDraft
from graphmem.storage.neo4j.episodes import composed_tokens

T = datetime(2026, 1, 1, tzinfo=UTC)
PAIRS = [
    (("Caroline", "I went to the LGBTQ support group yesterday."), ("Melanie", "That's great! How did it feel?")),
    (("用户", "我上周五把周报发给了王经理"), ("助手", "好的，王经理回复了吗？")),
    (("user", "记住：我不吃香菜, and no cilantro either"), ("assistant", "Noted — 不放香菜.")),
]


@pytest.mark.parametrize(("previous", "current"), PAIRS)
def test_composed_tokens_equal_the_tokens_computed_at_write_time(
    previous: tuple[str, str], current: tuple[str, str]
) -> None:
    draft = EpisodeDraft("k", current[1], T, "s1", current[0])
    document = indexed_document(current[0], current[1], previous)
    assert document == f"{document_line(*previous)}\n{document_line(*current)}"
    written = " ".join(lexical_tokens(draft, document))
    stored_own, stored_context = line_tokens(*current), line_tokens(*previous)
    assert composed_tokens(None, stored_own, stored_context, previous, line_tokens) == written
    # a context of the earlier layout has no line tokens: its line is tokenised from its text
    assert composed_tokens(None, stored_own, None, previous, line_tokens) == written
    # no context: the own line twice
    alone = " ".join(lexical_tokens(draft, document_line(*current)))
    assert composed_tokens(None, stored_own, None, (None, None), line_tokens) == alone


def test_a_node_of_the_earlier_layout_reads_its_stored_document_tokens() -> None:
    assert composed_tokens("old tokens here", None, "ignored", ("x", "y"), line_tokens) == "old tokens here"
    assert composed_tokens(None, None, None, (None, None), line_tokens) == ""
