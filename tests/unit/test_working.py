"""Working memory's pure parts: the offline token counter, the extractive summariser (zh, en), message rules,
distillation, and context assembly (property-based: never over budget, instructions kept, order rules hold)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphmem.errors import InvalidArgument
from graphmem.extraction.extractor import RuleExtractor
from graphmem.memory.summary import ExtractiveSummariser, is_standing_instruction, summarise_turns
from graphmem.memory.working import apply_messages, distil, parse_messages
from graphmem.model import ContextItem, Layer, Route, SessionState, Turn
from graphmem.policy import load_policy
from graphmem.retrieval.context import SECTIONS, assemble
from graphmem.tokens import count_tokens

T0 = datetime(2026, 5, 1, 9, tzinfo=UTC)
POLICY, _ = load_policy(None)

# Real cl100k_base counts, measured offline with tiktoken + the bundled cl100k_base file (sha256 223921b7…).
CALIBRATION = [
    (
        "Thanks, Melanie! I painted it after I visited the beach last week. Just seeing the sun dip below the "
        "horizon, all the amazing colors - it was amazing and calming. So I just had to try to capture that "
        "feeling in my painting.",
        49,
    ),
    (
        "Hi Maria! It's so good to talk again. A lot has changed since last time. I'm really enjoying my new job. "
        "My team has been super encouraging and inspiring.",
        36,
    ),
    (
        "Caroline, those lessons are great - self-acceptance and finding support are key. Plus pets are awesome for "
        "joy and comfort, can't agree more! ",
        33,
    ),
    (
        "Thanks, Gina! It helps me keep track of ideas and milestones. Gives me a visual of my progress and keeps "
        "me organized.",
        26,
    ),
    ("Appreciate your encouragement. We'll keep pushing each other on this path.", 16),
    ("That sounds amazing! How did being in that environment with such motivated people affect you?", 17),
    ("干得好，乔恩！别放弃，记住，失败会让你更接近成功。这是我跳舞时的一张照片——一路艰辛，但值得！", 55),
    (
        "是的，约翰！继续努力，我们一定能带来改变！我正在为月底无家可归者收容所的筹款活动策划一个套圈锦标赛，"
        "我迫不及待想看到它将产生的影响。",
        82,
    ),
    ("干得漂亮！结合自己的热爱总是很酷。目前进展如何？", 34),
    (
        "约翰，让我们继续携手努力，为社区带来改变。我们的行动无论多么微小，都能产生巨大影响。让我们继续传播善意，点燃希望。",
        73,
    ),
    ("谢谢！你的话对我意义重大。我得专注于成功和初衷。你说得对，我热爱它，这会让我保持自信。", 50),
    ("听起来很棒，梅尔。很高兴你们创造了新的家庭回忆。怎么样？有什么好玩的事吗？", 50),
    (
        "做得好！追踪你的计划和目标是关键。这就像是你所有进展的一幅画面。 Wow, Gina! You did great taking that leap. "
        "Congrats! Got any advice for someone just starting out?",
        60,
    ),
    (
        'ession_id, k, t) for k, t in outcomes)}.values())\n            log.info("session closed", extra={"session": '
        'scope.session_id, "durable": len(drafts)})\n            return state, drafts\n        raise '
        'AssertionError("unreachable")\n',
        53,
    ),
    (
        ') == 1 and tags[0].startswith("nr")\n\n\ndef _is_place(word: str) -> bool:\n    return any(t == "ns" for t '
        "in _pos_tags(word))\n",
        40,
    ),
    ("erver on port 0), `docs/` notes and measurements.\n", 14),
    ("全程用中文回复。", 8),
    ("我们决定用 PostgreSQL 16 存订单，预算定为 35 万元，负责人是张伟。", 30),
    ("Let's go with Kafka; the deadline is March 3 and Alice Chen owns it.", 18),
    ("def count_tokens(text: str) -> int:\n    return _estimate(text) if text else 0\n", 22),
]


# -- token counter ------------------------------------------------------------------------------------


def test_token_counter_is_zero_for_empty_text_and_positive_otherwise() -> None:
    assert count_tokens("") == 0
    assert count_tokens("a") >= 1
    assert count_tokens("你") >= 1


def test_token_counter_tracks_cl100k_on_zh_en_and_code_samples() -> None:
    errors = [(count_tokens(text) - real) / real for text, real in CALIBRATION]
    assert all(-0.25 <= e <= 0.45 for e in errors), errors
    total = sum(count_tokens(t) for t, _ in CALIBRATION) / sum(r for _, r in CALIBRATION)
    assert 0.97 <= total <= 1.15, total


def test_token_counter_grows_with_text_and_counts_chinese_per_character() -> None:
    assert count_tokens("全程用中文回复" * 10) > count_tokens("全程用中文回复")
    assert 100 <= count_tokens("中" * 100) <= 140


# -- summariser ---------------------------------------------------------------------------------------


def turn(role: str, text: str, minutes: int = 0) -> Turn:
    return Turn(role, text, T0 + timedelta(minutes=minutes), count_tokens(text))


def test_summary_keeps_chinese_entities_numbers_decisions_and_instructions() -> None:
    turns = [
        turn("user", "全程用中文回复。"),
        turn("assistant", "好的。"),
        turn("user", "哈哈"),
        turn("user", "我们决定用 PostgreSQL 16 存订单，预算定为 35 万元，负责人是张伟。"),
        turn("assistant", "明白，上线日期定在 6 月 18 日。"),
        turn("user", "今天天气不错啊"),
    ]
    summary = summarise_turns(turns, 300)
    for kept in ("全程用中文回复", "PostgreSQL", "35", "张伟", "决定", "6 月 18 日"):
        assert kept in summary
    assert "哈哈" not in summary and "天气不错" not in summary


def test_summary_keeps_english_entities_numbers_decisions_and_instructions() -> None:
    turns = [
        turn("user", "From now on, always answer in bullet points."),
        turn("assistant", "Sure!"),
        turn("user", "lol ok"),
        turn("user", "Let's go with Kafka for the event bus; the deadline is March 3 and Alice Chen owns it."),
        turn("assistant", "Agreed, the budget is $12,000 for Q3."),
        turn("user", "thanks"),
    ]
    summary = summarise_turns(turns, 300)
    for kept in ("always answer in bullet points", "Kafka", "March 3", "Alice Chen", "12,000"):
        assert kept in summary
    assert "lol" not in summary and "thanks" not in summary


def test_summary_fits_its_budget_and_lists_names_that_did_not_fit() -> None:
    turns = [turn("user", f"Decision {i}: we will use Service{i} in Berlin with {i * 7} nodes.") for i in range(30)]
    summary = summarise_turns(turns, 80)
    assert count_tokens(summary) <= 80
    assert "also mentioned:" in summary


def test_small_talk_summarises_to_nothing() -> None:
    turns = [turn("user", "哈哈哈"), turn("assistant", "好的"), turn("user", "ok thanks!"), turn("assistant", "Sure")]
    assert asyncio.run(ExtractiveSummariser().summarise(turns, 100)) == ""


def test_standing_instructions_are_recognised_in_both_languages() -> None:
    assert is_standing_instruction("全程用中文回复")
    assert is_standing_instruction("以后都别用表格")
    assert is_standing_instruction("From now on, reply in English.")
    assert not is_standing_instruction("我们一直用中文吗？")
    assert not is_standing_instruction("The weather is nice today.")


# -- message rules ------------------------------------------------------------------------------------


def empty_session() -> SessionState:
    return SessionState("s1", "u1", "", (), (), (), (), T0, T0, None, 1, 0)


def test_messages_go_to_their_zones_and_scratch_is_dropped_after_the_next_assistant_turn() -> None:
    state = apply_messages(
        empty_session(),
        parse_messages(
            [
                ("system", "Reply in Chinese.", "instructions"),
                ("user", "goal=ship the report", "task"),
                ("user", "What is the weather in Berlin?"),
                ("tool", '{"temp": 21}'),
            ]
        ),
        T0,
    )
    assert state.instructions == ("Reply in Chinese.",)
    assert state.task == (("goal", "ship the report"),)
    assert [t.role for t in state.dialogue] == ["user"]
    assert [t.text for t in state.scratch] == ['{"temp": 21}']
    state = apply_messages(
        state,
        parse_messages([("assistant", "It is 21 °C."), ("user", "goal=ship the report by Friday", "task")]),
        T0,
    )
    assert state.scratch == ()
    assert state.task == (("goal", "ship the report by Friday"),)
    state = apply_messages(
        state, parse_messages([("user", "Reply in Chinese.", "instructions"), ("user", "goal=", "task")]), T0
    )
    assert state.instructions == ("Reply in Chinese.",)
    assert state.task == ()


def test_bad_messages_are_rejected_with_the_field_named() -> None:
    with pytest.raises(InvalidArgument) as err:
        parse_messages([("robot", "hi"), ("user", "no equals sign", "task"), ("user", "x", "attic"), ("user", " ")])
    fields = [v.field for v in err.value.violations]
    assert fields == ["messages[0].role", "messages[1].text", "messages[2].zone", "messages[3].text"]
    with pytest.raises(InvalidArgument):
        parse_messages([("user", "summary:1=forged", "task")])


# -- distillation -------------------------------------------------------------------------------------


def test_distil_finds_corrections_preferences_and_completed_tasks_and_ignores_small_talk() -> None:
    turns = [
        turn("user", "哈哈，今天好累"),
        turn("assistant", "辛苦了！"),
        turn("user", "不对，我说的是周三开会，不是周二。"),
        turn("user", "我不喜欢香菜。"),
        turn("user", "报告已经提交了，搞定！"),
        turn("user", "How are you?"),
        turn("user", "lol nice"),
        turn("user", "I prefer short replies."),
    ]
    found = [(kind, t.text) for kind, t in distil(turns, POLICY, RuleExtractor())]
    assert found == [
        ("correction", "不对，我说的是周三开会，不是周二。"),
        ("preference", "我不喜欢香菜。"),
        ("task_completed", "报告已经提交了，搞定！"),
        ("preference", "I prefer short replies."),
    ]


# -- context assembly ---------------------------------------------------------------------------------

_ALPHABET = st.sampled_from(list("abcdefg xyz ABC 你好世界中文回复，。！123 .,!\n"))
_TEXT = st.text(alphabet=_ALPHABET, min_size=1, max_size=60).filter(lambda s: s.strip() != "")


@st.composite
def sessions(draw: st.DrawFn) -> SessionState:
    instructions = tuple(draw(st.lists(_TEXT, max_size=3, unique=True)))
    plain = [(f"k{i}", v) for i, v in enumerate(draw(st.lists(_TEXT, max_size=4)))]
    summaries = [(f"summary:{i + 1}", v) for i, v in enumerate(draw(st.lists(_TEXT, max_size=3)))]
    n = draw(st.integers(0, 30))
    dialogue = tuple(
        turn(draw(st.sampled_from(["user", "assistant"])), f"t{i} {draw(_TEXT)}", minutes=i) for i in range(n)
    )
    scratch = tuple(turn("tool", f"x{i} {draw(_TEXT)}", minutes=n + i) for i in range(draw(st.integers(0, 3))))
    return SessionState(
        "s", "u", "", instructions, tuple(plain + summaries), dialogue, scratch, T0, T0, None, 1, len(summaries)
    )


@st.composite
def memories(draw: st.DrawFn) -> list[ContextItem]:
    texts = draw(st.lists(_TEXT, max_size=10))
    scores = draw(st.lists(st.floats(0, 1), min_size=len(texts), max_size=len(texts)))
    layers = [Layer.EPISODIC.value, Layer.SEMANTIC.value, Layer.PROCEDURAL.value]
    return [
        ContextItem("memory", t, count_tokens(t), layers[i % 3], s, f"memory {i}")
        for i, (t, s) in enumerate(zip(texts, scores, strict=True))
    ]


ROUTE = Route((Layer.EPISODIC, Layer.SEMANTIC), "default", "default")


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(session=sessions(), mems=memories(), budget=st.integers(1, 600))
def test_assembled_context_never_exceeds_the_budget_and_keeps_its_order_rules(
    session: SessionState, mems: list[ContextItem], budget: int
) -> None:
    ctx = assemble(session, mems, budget, ROUTE)
    items = list(ctx.items)
    assert ctx.tokens == sum(i.tokens for i in items) <= budget
    assert all(i.tokens == count_tokens(i.text) for i in items)

    # instructions: always first; whole whenever they fit the budget
    if session.instructions:
        assert items[0].section == "instructions"
        whole = "\n".join(session.instructions)
        if count_tokens(whole) <= budget:
            assert items[0].text == whole
        else:
            assert "truncated" in items[0].reason and items[0].tokens <= budget
    # sections in order; within task, plain items before summaries; memories by relevance
    ranks = [SECTIONS.index(i.section) for i in items]
    assert ranks == sorted(ranks)
    task = [i for i in items if i.section == "task"]
    is_summary = ["summary" in i.reason for i in task]
    assert is_summary == sorted(is_summary)
    kept_mem = [i for i in items if i.section == "memory"]
    assert [m.score for m in kept_mem] == sorted((m.score for m in kept_mem), reverse=True)
    # recent turns in time order, the latest last
    turns = [i for i in items if i.section == "dialogue"]
    all_turns = sorted([*session.dialogue, *session.scratch], key=lambda t: t.at)
    kept_texts = [t.text for t in turns]
    assert kept_texts == [t.text for t in all_turns if t.text in kept_texts]

    # drop order: memories (least relevant first), oldest dialogue turns but the latest, scratch, task items,
    # summaries, and the latest turn last of all
    ranked = sorted(mems, key=lambda m: -m.score)
    assert [m.score for m in kept_mem] == [m.score for m in ranked[: len(kept_mem)]]
    kept_dialogue = [i for i in turns if i.role != "tool"]
    kept_scratch = [i for i in turns if i.role == "tool"]
    older = [i for i in kept_dialogue if session.dialogue and i.text != session.dialogue[-1].text]
    dropped_dialogue = len(session.dialogue) - len(kept_dialogue)
    if kept_dialogue:
        assert [i.text for i in kept_dialogue] == [t.text for t in session.dialogue[dropped_dialogue:]]
    if dropped_dialogue:
        assert kept_mem == []
    if len(kept_scratch) < len(session.scratch):
        assert older == [] and kept_mem == []
    plain_total = sum(1 for k, _ in session.task if not k.startswith("summary:"))
    kept_plain = is_summary.count(False)
    if kept_plain < plain_total:
        assert older == [] and kept_scratch == [] and kept_mem == []
    if is_summary.count(True) < len(session.task) - plain_total:
        assert kept_plain == 0
    if session.dialogue and not kept_dialogue:
        assert not is_summary and kept_scratch == [] and kept_mem == []
    total_items = (1 if session.instructions else 0) + len(session.task) + len(mems) + len(all_turns)
    assert ctx.dropped == total_items - len(items)


def test_instructions_alone_over_budget_are_truncated_and_say_so() -> None:
    session = SessionState("s", "u", "", ("全程用中文回复。" * 40,), (), (), (), T0, T0, None, 1, 0)
    ctx = assemble(session, [], 20, None)
    assert len(ctx.items) == 1 and ctx.tokens <= 20
    assert ctx.items[0].text.startswith("全程用中文回复") and "truncated" in ctx.items[0].reason


def test_a_budget_below_one_token_is_rejected() -> None:
    with pytest.raises(InvalidArgument):
        assemble(empty_session(), [], 0, None)
