"""The query router: a labelled zh/en set with the expected layers (accuracy and skipped-layer share),
explicit layers bypassing the rules, and the optional LLM router (with a
mock OpenAI-compatible endpoint) including its fallback to the rules."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
import pytest

from graphmem.model import Layer
from graphmem.retrieval.router import (
    DEFAULT_LAYERS,
    ROUTABLE_LAYERS,
    query_kind,
    route,
    route_rules,
)
from graphmem.retrieval.router_llm import LLMRouter, choose_route

W, E, S, P = Layer.WORKING, Layer.EPISODIC, Layer.SEMANTIC, Layer.PROCEDURAL
_CODE = {"W": W, "E": E, "S": S, "P": P}

# (query, expected layers as letters: W working, E episodic, S semantic, P procedural)
ZH: list[tuple[str, str]] = [
    # time-back → episodic
    ("上次我们聊到哪个餐厅了", "E"),
    ("上周的周报发给谁了", "E"),
    ("我之前提过的那本书叫什么", "E"),
    ("上个月的账单总额是多少", "E"),
    ("昨天开会决定了什么", "E"),
    ("前天我跟你说的那个bug修好了吗", "E"),
    ("三月份的会议纪要在哪", "E"),
    ("去年我们去哪里旅游了", "E"),
    ("那次面试的结果怎么样", "E"),
    ("两周前我提到的医生叫什么名字", "E"),
    ("上回你推荐的电影是哪部", "E"),
    ("当时我们为什么选了这个方案", "E"),
    ("前几天我问过你关于签证的事", "E"),
    ("以前我住在哪个城市", "E"),
    ("昨晚我们讨论的结论是什么", "E"),
    ("上周末我去了哪里", "E"),
    # preference → semantic
    ("我喜欢什么样的回复", "S"),
    ("我不喜欢吃什么", "S"),
    ("我的编程语言偏好是什么", "S"),
    ("我讨厌哪种天气", "S"),
    ("你觉得我适合什么颜色", "S"),
    ("我爱喝什么茶", "S"),
    ("我的写作风格是怎样的", "S"),
    ("我有什么忌口", "S"),
    ("小王喜欢什么礼物", "S"),
    ("我平时更愿意用邮件还是电话沟通", "S"),
    ("我对加班的看法是什么", "S"),
    # current context → working
    ("刚才你说的第二点是什么", "W"),
    ("接着说", "W"),
    ("继续写下去", "W"),
    ("上面那段代码有什么问题", "W"),
    ("我刚说的那个数字是多少", "W"),
    ("回到刚才的话题", "W"),
    ("前面提到的三个方案再总结一下", "W"),
    ("刚刚那个链接再发一次", "W"),
    ("这段对话里我们确定了哪些参数", "W"),
    # operation intent → procedural
    ("帮我把这份文档转成PDF", "P"),
    ("这个流程怎么走", "P"),
    ("报销怎么做", "P"),
    ("如何部署到测试环境", "P"),
    ("老样子，帮我订周五的会议室", "P"),
    ("帮我生成本周的周报", "P"),
    ("教我配置VPN", "P"),
    ("跑一下单元测试", "P"),
    ("把这个表格导出成Excel", "P"),
    ("发布新版本的步骤是什么", "P"),
    ("自动化每天的数据备份", "P"),
    ("照常处理这批发票", "P"),
    # several signals
    ("上次你说我喜欢什么", "ES"),
    ("我之前说过我讨厌香菜吗", "ES"),
    ("把上周的周报发给王经理", "EP"),
    ("像上次那样帮我部署一下", "EP"),
    ("继续上次没做完的任务", "E"),
    ("接着昨天的讨论", "E"),
    ("刚才说的流程再讲一遍怎么做", "WP"),
    ("刚才我说我喜欢哪家咖啡", "WS"),
    ("按我喜欢的风格帮我写一封邮件", "SP"),
    ("刚才你说上周的会议改到几点了", "WE"),
    # no routing word → episodic + semantic
    ("我的生日是哪天", "ES"),
    ("王经理的邮箱是多少", "ES"),
    ("我在哪家公司工作", "ES"),
    ("我养的猫叫什么名字", "ES"),
    ("项目的截止日期是什么时候", "ES"),
    ("我女儿在哪里上学", "ES"),
    ("总结一下这个项目", "ES"),
    ("我对什么过敏", "ES"),
    ("你还记得我的生日吗", "ES"),
    # words that look like signals but are not
    ("部署之前需要检查什么", "P"),
    ("下个月的计划是什么", "ES"),
    ("睡觉之前我应该注意什么", "ES"),
    ("明天要做什么", "ES"),
    ("几月份去日本最合适", "ES"),
]

EN: list[tuple[str, str]] = [
    # time-back → episodic
    ("what did we decide last time", "E"),
    ("what did I do last week", "E"),
    ("where did we go yesterday", "E"),
    ("what did we plan in March", "E"),
    ("who did I meet two weeks ago", "E"),
    ("have we talked about this before?", "E"),
    ("what restaurant did you recommend the other day", "E"),
    ("what was the outcome of the previous meeting", "E"),
    ("when did I start the new job", "E"),
    ("what happened at the offsite last month", "E"),
    ("what did I buy last Friday", "E"),
    ("back in 2023, where was I working", "E"),
    ("what books have I been reading lately", "E"),
    ("what did we discuss earlier this week", "E"),
    ("how much did the hotel cost on my last trip", "E"),
    # preference → semantic
    ("what kind of replies do I prefer", "S"),
    ("what food do I like", "S"),
    ("what music do I hate", "S"),
    ("what is my favourite food", "S"),
    ("describe my style of writing", "S"),
    ("does Maria like spicy food", "S"),
    ("which editor do I usually like to use", "S"),
    ("what do I think about remote work", "S"),
    ("what are my dietary preferences", "S"),
    ("what kind of movies do I enjoy", "S"),
    ("what do I dislike about meetings", "S"),
    # current context → working
    ("what did you say just now", "W"),
    ("continue", "W"),
    ("as I said, what's the next point?", "W"),
    ("summarise what we covered so far in this conversation", "W"),
    ("can you repeat your last message", "W"),
    ("go on with the list", "W"),
    ("what was the second point above", "W"),
    ("where were we", "W"),
    ("what number did I just mention", "W"),
    ("keep going with the draft", "W"),
    # operation intent → procedural
    ("how do I deploy the staging server", "P"),
    ("run the weekly report", "P"),
    ("automate the invoice export", "P"),
    ("do the usual for the Monday standup", "P"),
    ("how to reset my VPN password", "P"),
    ("walk me through the release process", "P"),
    ("can you generate the monthly summary", "P"),
    ("please schedule a meeting with the design team", "P"),
    ("rerun the failed pipeline", "P"),
    ("what are the steps to file an expense claim", "P"),
    ("set up a new repository for the project", "P"),
    ("execute the backup script", "P"),
    # several signals
    ("last time you told me what I like, what was it", "ES"),
    ("did I say I hate cilantro before?", "ES"),
    ("deploy the same way as last time", "EP"),
    ("continue where we left off last week", "E"),
    ("resume yesterday's task", "E"),
    ("as I said, I prefer short answers; what else do I prefer?", "WS"),
    ("how do I run the tests you mentioned just now", "WP"),
    ("please draft the email in my style", "SP"),
    # no routing word → episodic + semantic
    ("what is my sister's name", "ES"),
    ("where do I work", "ES"),
    ("what is the project deadline", "ES"),
    ("who is my manager", "ES"),
    ("summarise the project", "ES"),
    ("what is my address", "ES"),
    ("am I allergic to anything", "ES"),
    # words that look like signals but are not
    ("it looks like rain, what should I pack for Tokyo", "ES"),
    ("who did I run into at the conference", "ES"),
    ("what should I check before I deploy", "P"),
    ("I'd like to know my manager's phone number", "ES"),
    ("what does it look like on the dashboard", "ES"),
    ("what did we run out of last week", "E"),
    ("in the long run, which plan did we choose", "ES"),
    ("what was the hotel like in Kyoto", "ES"),
    ("before the meeting, what should I prepare", "ES"),
    ("how far did I get on my morning run", "ES"),
]

CASES = [(q, "zh", want) for q, want in ZH] + [(q, "en", want) for q, want in EN]


def expected(letters: str) -> frozenset[Layer]:
    return frozenset(_CODE[c] for c in letters)


def test_labelled_set_is_large_and_covers_every_route() -> None:
    assert len(CASES) >= 120 and len(ZH) >= 55 and len(EN) >= 55
    labels = {want for _, _, want in CASES}
    assert {"W", "E", "S", "P", "ES"} <= labels
    assert len([w for w in labels if w != "ES" and len(w) > 1]) >= 4  # mixed routes
    assert len({q for q, _, _ in CASES}) == len(CASES)


def test_router_accuracy_on_the_labelled_set() -> None:
    wrong: list[str] = []
    per_lang: dict[str, list[bool]] = {"zh": [], "en": []}
    skipped = 0
    searched = 0
    for query, lang, want in CASES:
        got = route_rules(query)
        ok = frozenset(got.layers) == expected(want)
        per_lang[lang].append(ok)
        if not ok:
            wrong.append(f"{query!r}: want {want}, got {[x.value for x in got.layers]} ({got.reason})")
        routed = set(got.layers) & set(ROUTABLE_LAYERS)
        searched += len(routed)
        skipped += len(routed) < len(ROUTABLE_LAYERS)
    total = [ok for oks in per_lang.values() for ok in oks]
    accuracy = sum(total) / len(total)
    for lang, oks in per_lang.items():
        print(f"router accuracy {lang}: {sum(oks)}/{len(oks)} = {sum(oks) / len(oks):.3f}")
    print(f"router accuracy overall: {sum(total)}/{len(total)} = {accuracy:.3f}")
    saved = 1 - searched / (len(CASES) * len(ROUTABLE_LAYERS))
    print(
        f"queries skipping at least one of the {len(ROUTABLE_LAYERS)} layers: {skipped}/{len(CASES)} "
        f"= {skipped / len(CASES):.3f}; layers searched per query {searched / len(CASES):.2f} of "
        f"{len(ROUTABLE_LAYERS)} (layer searches saved {saved:.3f})"
    )
    for line in wrong:
        print("misrouted:", line)
    assert accuracy >= 0.95, wrong
    assert all(sum(oks) / len(oks) >= 0.9 for oks in per_lang.values()), wrong


def test_reason_names_the_rule_and_the_words() -> None:
    mixed = route_rules("上次你说我喜欢什么")
    assert mixed.layers == (E, S)
    assert "time-back '上次'" in mixed.reason and "preference '喜欢'" in mixed.reason
    assert mixed.query_kind == "recall"
    resumed = route_rules("继续上次的任务")
    assert resumed.layers == (E,) and "overruled" in resumed.reason
    plain = route_rules("summarise the project")
    assert plain.layers == DEFAULT_LAYERS and "no routing word" in plain.reason


@pytest.mark.parametrize(
    ("query", "kind"),
    [
        ("上周的周报发给谁了", "recall"),
        ("what do I prefer for breakfast", "preference"),
        ("it looks like rain", "default"),
        ("run the weekly report", "default"),
    ],
)
def test_query_kind_follows_the_signals(query: str, kind: str) -> None:
    assert query_kind(query)[0] == kind


def test_explicit_layers_bypass_the_rules() -> None:
    chosen = route("上次你说我喜欢什么", (Layer.PROCEDURAL,))
    assert chosen.layers == (Layer.PROCEDURAL,)
    assert chosen.reason == "explicit layers in request"
    assert chosen.query_kind == "recall"


def test_route_without_explicit_layers_is_the_rule_route() -> None:
    for query in ("上次你说我喜欢什么", "what food do I like", "刚才说的流程再讲一遍怎么做", "我的生日是哪天"):
        assert route(query, ()) == route_rules(query)
    assert route("what food do I like", ()).layers == (S,)
    assert route("刚才说的流程再讲一遍怎么做", ()).layers == (W, Layer.PROCEDURAL)


# -- the LLM router ------------------------------------------------------------------------------------

Handler = Callable[[httpx.Request], httpx.Response]


def chat_answer(layers: list[str], reason: str) -> httpx.Response:
    content = json.dumps({"layers": layers, "reason": reason})
    return httpx.Response(200, json={"choices": [{"message": {"role": "assistant", "content": content}}]})


def make_router(handler: Handler) -> LLMRouter:
    return LLMRouter(
        base_url="http://llm.test/v1",
        model="tiny",
        api_key="k",
        max_attempts=3,
        retry_wait_s=0.0,
        transport=httpx.MockTransport(handler),
    )


async def test_llm_router_uses_the_model_answer_after_a_retry() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if len(seen) == 1:
            return httpx.Response(503, json={"error": "busy"})
        return chat_answer(["semantic", "episodic"], "asks what the user liked before")

    llm = make_router(handler)
    try:
        chosen = await llm.route("上次你说我喜欢什么", ())
    finally:
        await llm.aclose()
    assert chosen.layers == (E, S)
    assert chosen.reason == "llm tiny: asks what the user liked before"
    assert chosen.query_kind == "recall"
    assert len(seen) == 2
    body = json.loads(seen[-1].content)
    assert seen[-1].url.path == "/v1/chat/completions"
    assert seen[-1].headers["Authorization"] == "Bearer k"
    assert body["model"] == "tiny" and body["response_format"]["type"] == "json_schema"
    assert body["messages"][-1] == {"role": "user", "content": "上次你说我喜欢什么"}


async def test_llm_router_answer_is_used_as_it_is() -> None:
    llm = make_router(lambda _: chat_answer(["semantic"], "a preference"))
    try:
        chosen = await llm.route("what food do I like", ())
    finally:
        await llm.aclose()
    assert chosen.layers == (S,) and chosen.reason == "llm tiny: a preference"


@pytest.mark.parametrize(
    "answer",
    [
        httpx.Response(500, json={"error": "down"}),
        httpx.Response(401, json={"error": "bad key"}),
        httpx.Response(200, json={"choices": [{"message": {"content": "episodic please"}}]}),
        chat_answer(["archive"], "not a routable layer"),
        chat_answer([], "no layers"),
    ],
)
async def test_llm_router_falls_back_to_the_rules(answer: httpx.Response) -> None:
    calls: list[int] = []

    def handler(_: httpx.Request) -> httpx.Response:
        calls.append(1)
        return answer

    llm = make_router(handler)
    try:
        chosen = await llm.route("上次你说我喜欢什么", ())
    finally:
        await llm.aclose()
    assert chosen.layers == (E, S)
    assert chosen.reason.startswith("llm router unavailable; rules used (")
    assert "rules: time-back '上次'" in chosen.reason
    assert "500" not in chosen.reason and "Error" not in chosen.reason and "bad key" not in chosen.reason
    assert len(calls) == (3 if answer.status_code == 500 else 1)


async def test_llm_router_is_bypassed_by_explicit_layers_and_optional() -> None:
    def handler(_: httpx.Request) -> httpx.Response:
        raise AssertionError("the model must not be asked")

    llm = make_router(handler)
    try:
        chosen = await choose_route("what food do I like", (W,), llm)
    finally:
        await llm.aclose()
    assert chosen.layers == (W,) and chosen.reason == "explicit layers in request"
    rules = await choose_route("what food do I like", (), None)
    assert rules == route_rules("what food do I like")
