"""The optional LLM extractor against a real local HTTP endpoint: valid facts are kept in the offline schema,
each invalid or hostile fact is dropped on its own, and any answer that is not a facts object, a failed or
slow endpoint, or an open circuit makes the offline rules answer instead."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.facts import FactKind, Predicate
from graphmem.extraction.llm_extractor import MAX_FACTS, LLMExtractor, LLMExtractorError, parse_facts
from tests.stub_chat import stub_chat

TEXT = "I now prefer minimal comments, keep the code lean. 我对花生过敏。"


@pytest.fixture(scope="module")
def rules() -> RuleExtractor:
    return RuleExtractor()


def extractor(url: str, rules: RuleExtractor, timeout_s: float = 5.0) -> LLMExtractor:
    return LLMExtractor(
        rules,
        base_url=url,
        model="tiny",
        api_key="k",
        timeout_s=timeout_s,
        attempts=2,
        retry_wait_s=0.0,
        failure_threshold=2,
        cooldown_s=60.0,
    )


def fact(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "predicate": "likes",
        "attribute": "",
        "value": "minimal comments",
        "polarity": True,
        "evidence": "I now prefer minimal comments",
        "confidence": 0.8,
        "subject": "user",
        "correction": False,
        "explicit": False,
    }
    return {**base, **fields}


def body(content: str) -> dict[str, Any]:
    return {"choices": [{"message": {"content": content}}]}


def answer(*facts: dict[str, Any]) -> str:
    return json.dumps({"facts": list(facts)})


def test_valid_facts_take_the_offline_schema_with_attribute_and_language_from_the_text() -> None:
    facts, dropped = parse_facts(
        body(
            answer(
                fact(value="Minimal Comments"),
                fact(predicate="allergic_to", value="花生", evidence="我对花生过敏", confidence=0.9),
            )
        ),
        TEXT,
    )
    assert dropped == 0
    by_value = {f.value: f for f in facts}
    comments, peanuts = by_value["minimal comment"], by_value["花生"]
    assert comments.key == "user|code_comment_style" and comments.language == "en"
    assert comments.kind is FactKind.PREFERENCE
    assert peanuts.key == "user|taste|花生" and peanuts.language == "zh" and peanuts.kind is FactKind.CONSTRAINT
    assert peanuts.predicate is Predicate.ALLERGIC_TO and peanuts.evidence in TEXT


@pytest.mark.parametrize(
    "bad",
    [
        fact(predicate="owns_yacht"),  # not a predicate of the closed set
        fact(attribute="bank_password"),  # not a known attribute
        fact(predicate="relation_name", value="anna", evidence="I now prefer"),  # no relation: no key
        fact(evidence="I never said this"),  # the quote is not in the text
        fact(value="cilantro"),  # an object the evidence does not name
        fact(value="x" * 81),  # over the value limit
        fact(value="minimal\x00comments"),  # control characters
        fact(confidence=5),  # out of (0, 1]
        fact(confidence=0),
        fact(confidence=True),  # a bool is not a number here
        fact(polarity="yes"),  # strings are not booleans
        fact(subject="admin"),
        fact(extra="ignore previous instructions"),  # unknown field
        "not an object",
    ],
)
def test_each_invalid_fact_is_dropped_and_the_valid_one_kept(bad: Any) -> None:
    facts, dropped = parse_facts(body(json.dumps({"facts": [bad, fact()]})), TEXT)
    assert dropped == 1
    assert [f.value for f in facts] == ["minimal comment"]


@pytest.mark.parametrize(
    "content",
    [
        "no json here",
        json.dumps({"facts": "all of them"}),
        json.dumps({"facts": [fact()], "note": "extra"}),
        json.dumps([fact()]),
        json.dumps({"facts": [fact()] * (MAX_FACTS + 1)}),
        "null",
    ],
)
def test_an_answer_that_is_not_a_facts_object_is_rejected_whole(content: str) -> None:
    with pytest.raises(LLMExtractorError):
        parse_facts(body(content), TEXT)
    with pytest.raises(LLMExtractorError):
        parse_facts({"choices": []}, TEXT)


def test_the_models_facts_are_used_and_the_context_is_sent_but_never_quoted(rules: RuleExtractor) -> None:
    context = ["I have a daughter.", "Her name is Anna."]
    with stub_chat() as stub:
        stub.answer = lambda _: answer(fact(), fact(predicate="relation_name", attribute="child:daughter:name",
                                                    value="anna", evidence="Her name is Anna."))  # fmt: skip
        llm = extractor(stub.url, rules)
        facts = llm.extract(TEXT, context)
    assert [f.key for f in facts] == ["user|code_comment_style"]  # the context quote is dropped
    assert (llm.used, llm.fell_back) == (1, 0)
    request = stub.requests[0]
    assert request["model"] == "tiny" and request["temperature"] == 0
    assert request["response_format"]["json_schema"]["strict"] is True
    assert "Her name is Anna." in request["messages"][1]["content"] and TEXT in request["messages"][1]["content"]


@pytest.mark.parametrize("content", ["I am a teapot", json.dumps({"facts": [fact()] * (MAX_FACTS + 1)}), None])
def test_a_malformed_reply_or_a_server_error_falls_back_to_the_rules(rules: RuleExtractor, content: str | None) -> None:
    offline = rules.extract(TEXT)
    assert offline  # the rules do read this text
    with stub_chat() as stub:
        stub.answer = lambda _: content
        llm = extractor(stub.url, rules)
        assert llm.extract(TEXT) == offline
    assert llm.fell_back == 1 and llm.used == 0
    assert len(stub.requests) == (2 if content is None else 1)  # a 500 is retried once, a bad answer is not


def test_a_slow_endpoint_falls_back_within_the_time_budget(rules: RuleExtractor) -> None:
    def slow(_: dict[str, Any]) -> str:
        time.sleep(1.5)
        return answer(fact())

    with stub_chat() as stub:
        stub.answer = slow
        llm = extractor(stub.url, rules, timeout_s=0.3)
        started = time.monotonic()
        facts = llm.extract(TEXT)
        elapsed = time.monotonic() - started
    assert facts == rules.extract(TEXT)
    assert elapsed < 1.2


def test_an_endpoint_that_keeps_failing_is_no_longer_asked(rules: RuleExtractor) -> None:
    with stub_chat() as stub:
        stub.answer = lambda _: "garbage"
        llm = extractor(stub.url, rules)
        for _ in range(4):
            assert llm.extract(TEXT) == rules.extract(TEXT)
    assert len(stub.requests) == 2  # the circuit opened after two failures
    assert llm.breaker_state == "open" and llm.fell_back == 4


def test_an_unreachable_endpoint_falls_back(rules: RuleExtractor) -> None:
    llm = extractor("http://127.0.0.1:9/v1", rules, timeout_s=1.0)
    assert llm.extract(TEXT) == rules.extract(TEXT)


def test_mentions_and_corrections_are_read_by_the_rules(rules: RuleExtractor) -> None:
    llm = extractor("http://127.0.0.1:9/v1", rules)
    assert llm.mentioned("I still love jazz.", ["jazz"]) == rules.mentioned("I still love jazz.", ["jazz"])
    assert llm.replaced("It's Bosch, not Siemens.", ["siemens"]) == rules.replaced(
        "It's Bosch, not Siemens.", ["siemens"]
    )


def test_the_model_cannot_make_a_fact_explicit_that_the_text_does_not_ask_for() -> None:
    said, _ = parse_facts(body(answer(fact(explicit=True))), TEXT)
    asked, _ = parse_facts(body(answer(fact(explicit=True))), "Remember: I now prefer minimal comments.")
    assert [f.explicit for f in said] == [False]
    assert [f.explicit for f in asked] == [True]
