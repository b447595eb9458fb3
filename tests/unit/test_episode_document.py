"""An episode's indexed document and its BM25 tokens are composed from its own line's tokens and its context
episode's (held beside the vector files, or stored on nodes of schema versions 8-10): the composition gives
exactly the tokens computed at write time, for English and Chinese; nodes of the earliest layout
(whole-document tokens) still read."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphmem.memory.episodic import document_line, indexed_document, lexical_tokens, line_tokens
from graphmem.model import EpisodeDraft
from graphmem.storage.neo4j.episodes import TokenSources

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
    own, context = line_tokens(*current), line_tokens(*previous)
    # the own-line tokens held beside the vectors (seq 2, its context seq 1)
    from_file = TokenSources(2, None, None, 1, None)
    assert from_file.lines_needed({}) == [2, 1] and from_file.lines_needed({1: context, 2: own}) == []
    assert from_file.composed({1: context, 2: own}) == written
    # as nodes of schema versions 8-10 stored them
    assert TokenSources(2, None, own, 1, context).composed({}) == written
    assert TokenSources(2, None, own, 1, None).lines_needed({}) == [1]
    # no context: the own line twice
    alone = " ".join(lexical_tokens(draft, document_line(*current)))
    assert TokenSources(2, None, None, None, None).composed({2: own}) == alone


def test_a_node_of_the_earliest_layout_reads_its_stored_document_tokens() -> None:
    legacy = TokenSources(3, "old tokens here", None, 1, None)
    assert legacy.lines_needed({}) == [] and legacy.composed({}) == "old tokens here"
    assert TokenSources(3, None, None, None, None).composed({}) == ""


def test_a_batch_prepares_the_tokens_each_episode_would_get_alone() -> None:
    """The write path tokenises each line once (also as the next document's context) and composes; the result
    is exactly `lexical_tokens` and `line_tokens` of each episode, for a batch whose first document has a stored
    context line, lines repeated, a line with its own line breaks, and a session-less episode."""
    from types import SimpleNamespace

    from graphmem.memory.episodic import EpisodicMemory
    from graphmem.model import Scope
    from graphmem.policy import load_policy

    policy, _ = load_policy(None)
    scope = Scope("tenant-a", "u1", session_id="s1")
    texts = [
        ("Caroline", "I went to the LGBTQ support group yesterday."),
        ("Melanie", "That's great!\nHow did it feel?"),
        ("用户", "我上周五把周报发给了王经理"),
        ("Melanie", "That's great!\nHow did it feel?"),
        ("user", "记住：我不吃香菜, and no cilantro either"),
    ]
    drafts = [EpisodeDraft(f"k{i}", text, T, "s1", speaker) for i, (speaker, text) in enumerate(texts)]
    drafts.append(EpisodeDraft("alone", "no session here", T, "", "user"))
    stored_line = document_line("助手", "好的，王经理回复了吗？")
    documents: list[tuple[str, int | str | None]] = [(f"{stored_line}\n{document_line(*texts[0])}", 7)]
    for i in range(1, len(texts)):
        documents.append((indexed_document(texts[i][0], texts[i][1], texts[i - 1]), f"k{i - 1}"))
    documents.append((document_line("user", "no session here"), None))
    owner = SimpleNamespace(_policy=policy, _extraction_status=lambda scope, draft: None)
    prepared = EpisodicMemory._prepared(owner, scope, drafts, documents)  # type: ignore[arg-type]
    for draft, (document, _), episode in zip(drafts, documents, prepared, strict=True):
        assert episode.lexical == " ".join(lexical_tokens(draft, document))
        assert episode.tokens == line_tokens(draft.speaker, draft.text)
