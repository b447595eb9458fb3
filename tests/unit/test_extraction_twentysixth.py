"""Mechanisms of the twenty-sixth session, built from the failure kinds of blind rounds before the twenty-fifth
round was tuned on: a standing request ("以后…", "from now on …") no reading understood kept as a note, Chinese
activities (rare verbs) as recurring topics, the tool one always does a thing in ("我连数据库一直用Navicat"), a role
one was hired as, a trade said as a doing kept as its role, a place lived in "for like 4 yrs", in-laws by name, and
a value-keyed fact repaired in the same breath."""

from __future__ import annotations

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.facts import Predicate
from graphmem.extraction.notes import standing_notes


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


def test_a_standing_request_no_reading_understood_is_kept_as_a_note(extractor: RuleExtractor) -> None:
    facts = extractor.extract("以后我的周报都发在钉钉群里，不走邮件了")
    assert [(f.predicate, f.value, f.explicit) for f in facts] == [
        (Predicate.NOTE, "以后我的周报都发在钉钉群里，不走邮件", True)
    ]
    facts = extractor.extract("From now on my weekly reports go in the team channel instead of email.")
    assert [f.predicate for f in facts] == [Predicate.NOTE]
    assert "team channel" in facts[0].value
    # the word of standing and little else; what it means was said before; a question; another person's
    for said in (
        "以后再说吧",
        "以后这类活动别给我推了",
        "From now on, what time is it in Tokyo?",
        "以后有啥事你问我就行",
        "From now on my boss wants the reports on Fridays.",
    ):
        assert standing_notes(said) == [], said
    # a reading that understood the turn leaves no note
    read = extractor.extract("以后回复我都用英文")
    assert read and Predicate.NOTE not in [f.predicate for f in read]


def test_a_chinese_activity_is_a_recurring_topic_but_not_an_everyday_doing(extractor: RuleExtractor) -> None:
    assert ("抽烟", False) in [(t.word, t.stance) for t in extractor.topics("我开的会一律不许抽烟")]
    assert "露营" in [t.word for t in extractor.topics("我最近迷上露营了")]
    assert "开会" not in [t.word for t in extractor.topics("我天天开会，烦死了")]  # everyday
    # the verb of stance is no topic of its own
    said = extractor.topics("昨晚在手机上跟人下象棋，一口气赢了七把，抬头一看都两点了。这玩意儿我是真上瘾")
    assert [(t.word, t.stance) for t in said] == [("下象棋", True)]


def test_the_tool_one_always_does_a_thing_in(extractor: RuleExtractor) -> None:
    # a database client fills one slot: a project's DBeaver overrides it there
    assert _facts(extractor, "我连数据库一直用Navicat，建表、导数据") == {"user|stack:db_client": "navicat"}
    assert _facts(extractor, "我听播客一直用小宇宙，通勤路上正好听完一期") == {"user|uses_tool|小宇宙": "小宇宙"}
    assert _facts(extractor, "我对孩子一直用心。") == {}


def test_a_role_one_was_hired_as(extractor: RuleExtractor) -> None:
    said = "Big change: I left H&R Block and got hired as a park ranger at the state park up the road."
    assert _facts(extractor, said).get("user|job") == "park ranger"
    assert _facts(extractor, "They hired me on as a welder.") == {"user|job": "welder"}
    assert _facts(extractor, "I was treated as a guest") == {}


def test_a_trade_said_as_a_doing_is_kept_as_its_role(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I tend bar at a brewpub downtown, mostly nights.") == {"user|job": "bartender"}


def test_a_place_lived_in_for_years(extractor: RuleExtractor) -> None:
    said = "been turning bowls in my garage here in kalamazoo like 4 yrs"
    assert _facts(extractor, said) == {"user|location": "kalamazoo"}  # not "kalamazoo like 4 yrs"
    assert _facts(extractor, "I've lived in kalamazoo for like 4 yrs") == {"user|location": "kalamazoo"}
    assert _facts(extractor, "I have lived in Tulsa since 2015.") == {"user|location": "tulsa"}


def test_in_laws_by_name(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我女婿叫浩然") == {"user|in_law:son:name": "浩然"}
    assert _facts(extractor, "我儿媳妇叫丽丽") == {"user|in_law:daughter:name": "丽丽"}
    said = "我女婿浩然在中学教物理，人老实"
    assert _facts(extractor, said).get("user|relative:son-in-law:浩然") == "浩然"  # a given name that is a word too


def test_a_value_keyed_fact_repaired_in_the_same_breath_is_no_correction(extractor: RuleExtractor) -> None:
    facts = extractor.extract("我平时上网都用Edge……不对，是Chrome，Edge是公司电脑上的。")
    assert [(f.value, f.correction) for f in facts if f.predicate is Predicate.USES_TOOL] == [("chrome", False)]


def test_a_pointer_back_says_its_stance_of_the_speakers_own_thing(extractor: RuleExtractor) -> None:
    said = extractor.topics("周末社区搞文艺汇演，我上台吹了一曲葫芦丝，底下掌声一片。这玩意儿我是真喜欢")
    assert ("葫芦丝", True) in [(t.word, t.stance) for t in said]


def test_a_compound_activity_is_found_by_its_parts(extractor: RuleExtractor) -> None:
    beekeeping = extractor.topics("Beekeeping is pretty much every weekend of mine from April to September")[0]
    assert beekeeping.key == "beekeep" and "bee" in beekeeping.needles
    assert extractor.topics("I've kept bees for three years")[0].key == "bee"


def test_a_pets_kind_corrected_as_he_is_not_x_hes_y(extractor: RuleExtractor) -> None:
    said = "the vet says he's not a husky at all, he's an Alaskan Malamute. Can you fix that?"
    assert extractor.replaced(said, ["husky"]) == ["alaskan malamute"]


def test_a_rule_pointing_at_what_was_listed_or_only_setting_the_scene_is_no_instruction(
    extractor: RuleExtractor,
) -> None:
    said = "有三件事你存一下：一是我住攀枝花；三是我对榛子过敏。往后给我出主意先想着这几条"
    assert not [f for f in extractor.extract(said) if f.predicate is Predicate.INSTRUCTION]
    said = "你记着，往后帮我弄线上会，平台一律按云视讯来"
    assert _facts(extractor, said) == {"user|meeting_tool": "云视讯"}  # the meeting tool, no "帮我弄线上会"


def test_a_move_with_the_time_of_a_city_makes_it_home(extractor: RuleExtractor) -> None:
    said = "Big news: we moved last week. Please switch me over to Montevideo time."
    facts = {f.key: f for f in extractor.extract(said)}
    assert facts["user|location"].value == "montevideo" and facts["user|location"].explicit
    assert _facts(extractor, "我们上个月搬到成都了，时区帮我改成成都时间")["user|location"] == "成都"
    assert "user|location" not in _facts(extractor, "Please switch me over to Montevideo time.")


def test_blackout_curtains_a_room_must_have(extractor: RuleExtractor) -> None:
    said = "When I book a hotel, the room has to have blackout curtains."
    assert _facts(extractor, said) == {"user|hotel_curtains": "blackout curtains"}


def test_a_patrol_or_crew_one_is_on_and_a_driving_trade_run(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I'm on ski patrol, so I'm outside all day.") == {"user|job": "ski patrol"}
    assert _facts(extractor, "我晚上跑代驾，一般到凌晨三四点才收工") == {"user|job": "代驾"}
    assert _facts(extractor, "跑代驾两年了，最怕碰上这种") == {"user|job": "代驾"}


def test_how_to_do_ones_work_in_a_tool_written_in_lower_case(extractor: RuleExtractor) -> None:
    said = "How do I apply the same edit to 200 photos at once in darktable? I process everything in it."
    assert extractor.mentioned(said, ["darktable"], [True], [False]) == [True]
    assert extractor.mentioned("How do I get better at cooking in general?", ["cooking"], [True], [False]) == [False]


def test_an_agent_noun_trade_at_a_firm(extractor: RuleExtractor) -> None:
    said = "I'm a tax preparer at an H&R Block, so from January to April I basically live at my desk."
    assert _facts(extractor, said) == {"user|job": "tax preparer"}


def test_no_sign_off_lines_at_the_end_of_replies(extractor: RuleExtractor) -> None:
    said = "Like I said last time, no sign-off lines at the end of your answers. End with the answer."
    assert _facts(extractor, said) == {"user|sign_off": "no sign-off lines"}
    assert _facts(extractor, "结尾别加客套话") == {"user|sign_off": "no sign-off lines"}  # no closing summary
    assert "user|sign_off" not in _facts(extractor, "From now on, skip the pleasantries and just give me the code.")


def test_a_meeting_tool_named_with_what_it_is_used_for(extractor: RuleExtractor) -> None:
    said = "Dialpad is what our whole office uses for calls and video, so please remember that."
    assert _facts(extractor, said) == {"user|meeting_tool": "dialpad"}  # video is what it is for, no format


def test_a_rule_pointing_at_the_things_listed_is_no_note(extractor: RuleExtractor) -> None:
    said = "有三件事你存一下：一是我住攀枝花；三是我对榛子过敏。往后给我出主意先想着这几条"
    assert not [f for f in extractor.extract(said) if "这几条" in f.value]


def test_a_projects_technology_alone_opening_a_clause(extractor: RuleExtractor) -> None:
    from graphmem.extraction.scope import marked

    said = marked("草莓是我给厂里做的上位机软件，Qt写的，通过串口读PLC的数据画曲线。", "caomei")
    assert [(f.key, f.value) for f in extractor.extract(said)] == [("project|uses_tech|qt", "qt")]


def test_recipes_for_one(extractor: RuleExtractor) -> None:
    said = "我就一张嘴，你给我的菜谱都按一人份算，上回说过了"
    assert _facts(extractor, said) == {"user|recipe_servings": "one serving (一人份)"}
    assert _facts(extractor, "给我讲菜谱按一个人的量来就行") == {"user|recipe_servings": "one serving (一人份)"}


def test_a_standing_change_asked_as_an_update_is_no_note_of_its_own() -> None:
    # the note it updates takes the words (`note_updates`), as through the API
    assert standing_notes("We're moving the retros to every Monday from now on. Can you update that?") == []


def test_everyday_statements_of_work_and_home(extractor: RuleExtractor) -> None:
    """Plain statements a new user makes on day one (written for this test, not taken from an evaluation round)."""
    said = _facts(extractor, "I work at Siemens as a process engineer.")
    assert (said.get("user|job"), said.get("user|employer")) == ("process engineer", "siemens")
    assert _facts(extractor, "My hours are 9 to 5.") == {"user|work_hours": "9-5"}
    # a short word with its "." goes on the name ("St. Louis", "St. Mary's"), and ends no sentence
    assert _facts(extractor, "I live in St. Louis.") == {"user|location": "st. louis"}
    assert _facts(extractor, "I'm a nurse at St. Mary's.").get("user|employer") == "st. mary's"
    assert _facts(extractor, "I live in Boston. I love it.") == {"user|location": "boston"}
    assert _facts(extractor, "我跟我对象住在杭州") == {"user|location": "杭州"}
    assert _facts(extractor, "我和爸妈一起住在洛阳，离单位近") == {"user|location": "洛阳"}
    said = _facts(extractor, "我是一名护士，在市一医院上班")
    assert (said.get("user|job"), said.get("user|employer")) == ("护士", "市一医院")
    assert _facts(extractor, "他是医生，在市一医院上班") == {}


def test_a_birthday_by_the_age_it_brings_or_by_its_date_said_first(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "Our son Leo turns six on March 3rd.")
    assert (said.get("user|child:son:name"), said.get("user|child:son:birthday")) == ("leo", "march 3")
    assert _facts(extractor, "My daughter turns 10 on May 5.") == {"user|child:daughter:birthday": "may 5"}
    assert _facts(extractor, "我五月八号生日") == {"user|birthday": "5月8号"}
    assert _facts(extractor, "我女儿五月八号过生日") == {"user|child:daughter:birthday": "5月8号"}
    # a date after another's name is not the speaker's birthday
    assert "user|birthday" not in _facts(extractor, "我女儿叫朵朵，五月八号生日")
