"""Mechanisms built against the twenty-first development round: a repair segment's value replaces the one said
before it in the turn (属蛇 → 属龙), the Chinese zodiac, "scratch that", prices with recommendations, ROS 2 as a
stack slot, a rule of the code itself (代码里不许用Lombok), requests by what was said or by a place are no
instructions, navigation apps, meetings with a mentor and their cadence, roles held for years, a role one goes to
a firm to do."""

from __future__ import annotations

from graphmem.extraction.extractor import RuleExtractor


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


def test_the_value_after_a_repair_replaces_the_one_before_it(extractor: RuleExtractor) -> None:
    said = "帮我记一下我属啥：我属蛇……哎不对，我是零一年一月生的，那会儿还没过年呢，按农历得算属龙"
    assert _facts(extractor, said).get("user|chinese_zodiac") == "属龙"
    said = "Please remember our recycling pickup is every other Thursday. Scratch that, every other Friday."
    assert [f.value for f in extractor.extract(said) if "note" in f.key] == [
        "our recycling pickup is every other friday"
    ]


def test_prices_with_recommendations_and_everything_is_no_question(extractor: RuleExtractor) -> None:
    said = "又没标价钱。跟你讲过的，推荐啥都把价位给我带上，我好掂量掂量"
    assert _facts(extractor, said).get("user|prices") == "include prices (价位)"


def test_project_rules_and_requests_that_state_nothing_of_their_own(extractor: RuleExtractor) -> None:
    said = "橘子这个项目的规矩：代码里不许用Lombok；错误码统一用五位数字。这两条你记住，往后给我的代码都照这个来"
    facts = _facts(extractor, said)
    assert any("lombok" in k for k in facts if k.startswith("user|instruction"))
    assert not any("照这个来" in v for v in facts.values())
    moved = _facts(extractor, "我换了份工作去了韶关，人搬过来半个月了。往后给我看天气、找吃的啥的，都按韶关来")
    assert moved == {"user|location": "韶关"}
    said = _facts(extractor, "蓝莓是我们仓库里跑的巡检小车，ROS2 Humble，节点都是C++写的。")
    assert said.get("user|stack:robotics") == "ros2"


def test_navigation_apps_mentor_meetings_and_roles(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我开车导航只认高德，路口那个放大图看着清楚").get("user|navigation_app") == "高德地图"
    assert _facts(extractor, "I meet with my mentor once a month.").get("user|meeting_cadence") == "monthly"
    said = "My mentor and I agreed to meet every two weeks instead of once a month. Can you update that?"
    assert _facts(extractor, said).get("user|meeting_cadence") == "biweekly"
    assert _facts(extractor, "我在这家店当理发师六年了，街坊都认识我").get("user|job") == "理发师"
    assert _facts(extractor, "报社那边我辞了，下礼拜去一家车企做公关").get("user|job") == "公关"
