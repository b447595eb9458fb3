"""The text worker's real child (the rules, spaCy and jieba loaded in a spawned process) gives what the
in-process code gives. Its process protocol is unit-tested against a light child (tests/unit/test_textworker.py);
an overrun of the real rules is tested in test_textworker_quarantine.py."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from graphmem.extraction.extractor import RuleExtractor
from graphmem.memory.summary import summarise_turns
from graphmem.model import Turn
from graphmem.textworker import TextWorker

TEXTS = [
    "我不吃香菜，以后点菜都别放。记住我喜欢喝绿茶。",
    "Remember that I prefer tea over coffee. I never eat cilantro. My dog Biscuit chewed my headphones.",
]


@pytest.fixture(scope="module")
def worker() -> Iterator[TextWorker]:
    running = TextWorker()
    yield running
    running.close()


def test_extraction_in_the_child_gives_what_the_rules_give_in_process(worker: TextWorker) -> None:
    local = RuleExtractor()
    for text in TEXTS:
        assert worker.extract(text) == local.extract(text)
        assert worker.extract(text)  # the samples do state facts
    values = ["tea", "biscuit", "香菜", "piano"]
    assert worker.mentioned(TEXTS[1], values) == local.mentioned(TEXTS[1], values)
    # the candidates' stances reach the child: a negated mention agrees with a negative one
    text, stances = "今天食堂的汤里飘了几片香菜，我直接不喝了", [True, True, False, True]
    assert (
        worker.mentioned(text, values, stances)
        == local.mentioned(text, values, stances)
        == [
            False,
            False,
            True,
            False,
        ]
    )


async def test_summaries_in_the_child_match_the_in_process_summary(worker: TextWorker) -> None:
    at = datetime(2026, 11, 20, tzinfo=UTC)
    turns = [Turn(role="user", text=t, at=at, tokens=len(t)) for t in TEXTS]
    assert await worker.summarise(turns, 60) == summarise_turns(turns, 60)


def test_the_rules_run_in_another_process(worker: TextWorker) -> None:
    pid = worker.pid()
    assert pid is not None and pid != os.getpid()


def test_the_child_reads_a_turn_with_its_session_and_names_replacements_as_the_rules_do(worker: TextWorker) -> None:
    local = RuleExtractor()
    context = ("我有个女儿叫乐乐",)
    said = worker.extract("她的生日是7月8号", context)
    assert said == local.extract("她的生日是7月8号", context)
    assert [(f.key, f.value) for f in said] == [("user|child:daughter:birthday", "7月8号")]
    late = "I got that wrong earlier, it's Bosch, not Siemens."
    assert worker.replaced(late, ["siemens", "berlin"]) == local.replaced(late, ["siemens", "berlin"]) == ["bosch", ""]
