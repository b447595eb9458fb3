"""Mechanisms built against the nineteenth development round: a day is no tool, a check-in is a meeting, a meeting
the speaker asks to keep in an impersonal sentence, an update request naming the new value ("给我改成威海"), a
posting as a home, words in quotation marks set aside while the rest of the segment is read, roles said with the
subject dropped and the fruit grower's trades, given names by their characters, more relatives and pets, plain
words and exact amounts for replies, repeated requests ("说过的", "I've told you before") as explicit."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.relation_slots import zh_relatives


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


def test_a_day_is_when_something_is_done_not_the_tool_it_is_done_in(extractor: RuleExtractor) -> None:
    assert not any("uses_tool" in k for k in _facts(extractor, "I do my taxes on Sunday."))
    assert _facts(extractor, "I track my runs in Strava").get("user|uses_tool|strava") == "strava"


def test_a_check_in_is_a_meeting_and_one_asked_to_be_kept_needs_no_person(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "My co-founder and I do our weekly check-in on Sunday evenings.")
    assert said.get("user|meeting_day") == "sunday"
    assert _facts(extractor, "Hotel check-in is on Sunday.").get("user|meeting_day") is None
    moved = extractor.extract("The check-in is now Monday at 7 a.m. Please update that for me.")
    assert [(f.key, f.value, f.explicit) for f in moved if f.key == "user|meeting_day"] == [
        ("user|meeting_day", "monday", True)
    ]
    # without a request to keep it, an impersonal sentence says nothing of the speaker
    assert _facts(extractor, "The check-in is now Monday at 7 a.m.").get("user|meeting_day") is None


def test_an_update_request_naming_the_new_value_is_explicit(extractor: RuleExtractor) -> None:
    facts = extractor.extract(
        "我调到威海来了，单位在这边开了个分厂，把我派过来了。你那边记的地方也给我改成威海，别再给我推株洲的东西了"
    )
    assert [(f.value, f.explicit) for f in facts if f.key == "user|location"] == [("威海", True)]


def test_a_posting_is_where_one_lives_and_hohhot_has_its_short_name(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "I've taken a two-year posting in Jakarta and landed on Friday.")
    assert said.get("user|location") == "jakarta"
    assert _facts(extractor, "在呼市住了十来年，骑马骑上了瘾。").get("user|location") == "呼和浩特"


def test_quoted_words_are_set_aside_and_the_rest_is_read(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "我在驾校当教练，一天到晚坐在副驾上喊“离合慢点”，嗓子都喊哑了")
    assert said.get("user|job") == "教练"
    assert said.get("user|employer") == "驾校"  # not "驾校当": 教练 is no lesson taught
    assert _facts(extractor, "书里说“我喜欢孤独”") == {}
    assert _facts(extractor, 'My mom always says "I love cilantro"') == {}


def test_a_role_with_the_subject_dropped_and_no_trade_read_from_a_habit(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "驾校那活儿我辞了，回老家包了四十亩地种脐橙，往后就是个果农了。")
    assert said.get("user|job") == "果农"
    assert _facts(extractor, "我做饭是跟着秤走的").get("user|job") is None
    assert _facts(extractor, "我当导游的").get("user|job") == "导游"


def test_given_names_by_their_characters_and_more_relatives(extractor: RuleExtractor) -> None:
    assert [s.value for s in zh_relatives("我表姐晓燕下个月生二胎")] == ["晓燕"]
    assert zh_relatives("我表姐明天下个月生二胎") == []  # a dictionary word is no name
    said = _facts(extractor, "My great-aunt Beatrice turns ninety-five on Saturday.")
    assert said.get("user|relative:great-aunt:beatrice") == "beatrice"


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("往后你都用老挝语回我", "user|prefers_language", "lao"),
        ("Please reply in Lao from now on.", "user|prefers_language", "lao"),
        ("Please use easy words and short sentences.", "user|jargon", "plain language"),
        ("用简单的词，句子短一点。", "user|jargon", "plain language"),
        ("调料都给我写具体克数，什么适量少许的别跟我整", "user|amounts", "exact amounts"),
        ("Please give all the amounts in grams.", "user|amounts", "exact amounts"),
    ],
)
def test_reply_languages_plain_words_and_exact_amounts(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    assert _facts(extractor, text).get(key) == value


def test_a_request_said_again_is_explicit(extractor: RuleExtractor) -> None:
    for text in ("又来了。说过的，调料都给我写具体克数", "I've told you before, use easy words and short sentences."):
        assert all(f.explicit for f in extractor.extract(text)), text
    assert _facts(extractor, "I weigh my flour in grams.").get("user|amounts") is None


def test_payments_boards_and_firmware_are_stack_slots_and_a_complaint_yields_to_the_tool_relied_on(
    extractor: RuleExtractor,
) -> None:
    said = _facts(extractor, "CUDA那一摊拿pip装老打架，环境全靠conda管，Poetry用不上。")
    assert said.get("user|stack:package_manager") == "conda"
    said = _facts(extractor, "桑葚是我给大棚做的温湿度监测，ESP32板子上跑MicroPython。")
    assert said.get("user|stack:board") == "esp32"
    assert said.get("user|stack:firmware") == "micropython"


def test_what_a_project_is_built_in_listed_after_what_it_is(extractor: RuleExtractor) -> None:
    facts = extractor.extract("larkspur is a Chrome extension, Manifest V3, all TypeScript. The worker keeps dying.")
    assert ("project", "manifest v3") in [(f.subject, f.value) for f in facts]
    assert all(f.subject == "project" for f in facts)


def test_a_how_to_question_in_a_named_tool_names_it_again(extractor: RuleExtractor) -> None:
    text = "桑葚测到的数据想用MQTT发到我服务器上，MicroPython里咋写？"
    assert extractor.mentioned(text, ["micropython"], [True], [False]) == [True]


def test_a_list_of_two_rules_joined_by_and(extractor: RuleExtractor) -> None:
    facts = extractor.extract(
        "Two rules for bramble, please remember them: no GPL-licensed dependencies, since it ships inside a "
        "closed-source product, and list fields in API responses are never null, always an empty array."
    )
    values = [f.value for f in facts if f.predicate.value == "instruction"]
    assert len(values) == 2 and values[0].startswith("no gpl-licensed dependencies")


def test_a_bare_request_does_not_repeat_the_sentence_before_when_it_was_read(extractor: RuleExtractor) -> None:
    facts = extractor.extract(
        "蔷薇这个项目得换个路子，CUDA那一摊拿pip装老打架，环境全靠conda管，Poetry用不上。"
        "在蔷薇里你给的环境配置都按conda写，记住"
    )
    assert [f.key for f in facts] == ["user|stack:package_manager"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I work nights as the night auditor at a hotel downtown, eleven to seven.", "night auditor"),
        ("I run a tower crane on construction sites.", "run a tower crane"),
    ],
)
def test_roles_named_by_their_shift_or_the_machine_one_runs(extractor: RuleExtractor, text: str, value: str) -> None:
    assert _facts(extractor, text).get("user|job") == value


def test_a_liking_said_with_hao_and_a_pointer_back_across_a_clause(extractor: RuleExtractor) -> None:
    first = extractor.topics("我没啥别的爱好，就好下象棋。")
    assert [(t.word, t.stance) for t in first] == [("下象棋", True)]
    later = extractor.topics("昨晚在手机上跟人下象棋，一口气赢了七把，抬头一看都两点了。这玩意儿我是真上瘾")
    assert [(t.word, t.stance) for t in later] == [("下象棋", True)]
    # what points back names nothing itself
    assert extractor.extract("这玩意儿我是真上瘾") == []


def test_stances_against_and_english_compounds_of_nouns(extractor: RuleExtractor) -> None:
    said = extractor.topics("I can't do cottage cheese. The lumps just turn my stomach.")
    assert (said[0].word, said[0].stance, said[0].needles) == ("cottage cheese", False, ["cottag"])
    assert extractor.topics("I can't do without coffee.")[0].stance is True
    carrot = extractor.topics("胡萝卜就甭放了，那股味儿我打小就吃不惯")
    assert ("胡萝卜", False) in [(t.word, t.stance) for t in carrot]


def test_like_as_a_filler_is_no_pastime_and_playing_no_topic(extractor: RuleExtractor) -> None:
    assert extractor.extract("i play like 3x a week") == []
    assert _facts(extractor, "I play chess twice a week").get("user|taste|chess") == "chess"
    assert not [t for t in extractor.topics("I've been playing in the summer league for years") if t.word == "playing"]


def test_pet_friendly_hotels(extractor: RuleExtractor) -> None:
    for text in ("I only book pet-friendly hotels.", "订酒店一定要能带狗的"):
        assert _facts(extractor, text).get("user|hotel_pets") == "pet-friendly", text


def test_a_meeting_moved_for_good_and_a_negation_elsewhere_keeps_no_day_free(extractor: RuleExtractor) -> None:
    said = _facts(
        extractor,
        "总部换了个新老板，说不能老让我们这边熬夜，周会挪到每周四早上八点了。你帮我改一下，别再按晚上九点提醒我",
    )
    assert (said.get("user|meeting_day"), said.get("user|meeting_time")) == ("thursday", "8:00")
    assert _facts(extractor, "例会改到周二上午了").get("user|meeting_day") is None  # moved once
    assert _facts(extractor, "周五别给我排会").get("user|meeting_free_day") == "friday"


def test_a_standing_rule_for_what_the_assistant_books_after_a_colon_is_a_note(extractor: RuleExtractor) -> None:
    facts = extractor.extract(
        "Great. Please remember that for anything you book with people overseas: both time zones in the invite, "
        "every time."
    )
    assert [f.value for f in facts if f.predicate.value == "note"] == [
        "for anything you book with people overseas: both time zones in the invite, every time"
    ]
    # a bare "from now on" is no note of its own
    said = extractor.extract("since my knee surgery I need aisle seats. please remember that from now on")
    assert "from now on" not in [f.value for f in said]


def test_things_handed_over_keep_the_clauses_no_reading_stated(extractor: RuleExtractor) -> None:
    facts = extractor.extract(
        "跟你交代几件事，往后省得我再说：我住遵义，在酱酒厂里搞勾调；还有我是蚕豆病，蚕豆和好些药都碰不得，"
        "沾吃沾药的事你先想着这茬"
    )
    values = {f.key.split("|")[1]: f.value for f in facts}
    assert facts[0].value == "遵义"
    notes = [f.value for f in facts if f.predicate.value == "note"]
    assert notes[0] == "在酱酒厂里搞勾调"  # the subject dropped after the speaker's clause is still the speaker
    assert "蚕豆病" in notes[1] and "location" in values


def test_habit_words_of_always_and_never_done(extractor: RuleExtractor) -> None:
    said = extractor.topics("我开会向来就是笔和本子")
    assert [(t.word, t.stance) for t in said] == [("本子", True)]
    assert extractor.topics("I swim laps religiously")[0].stance is True


def test_those_things_point_back_at_the_named_plural(extractor: RuleExtractor) -> None:
    facts = extractor.extract(
        "Thanksgiving at my sister's, and of course there was a giant tray of Brussels sprouts. I filled up on "
        "stuffing instead. I'm never going to like those things."
    )
    assert [(f.predicate.value, f.value) for f in facts] == [("dislikes", "brussels sprout")]
    assert _facts(extractor, "I'll never enjoy opera.") == {"user|taste|opera": "opera"}


def test_a_chinese_compound_is_named_again_by_the_rare_word_it_ends_on(extractor: RuleExtractor) -> None:
    from graphmem.extraction.sightings import needles

    assert needles("高速收费站") == ["高速收费站", "收费站"]
    assert needles("实验小学") == ["实验小学"]  # 小学 is an everyday word
    said = "长假最后一天，我在岗亭里一站就是八个钟头。收费站的活儿就这样，嗓子都喊哑了"
    assert extractor.mentioned(said, ["高速收费站"], [True], [True]) == [True]


def test_what_follows_from_a_read_clause_is_no_note_of_its_own(extractor: RuleExtractor) -> None:
    facts = extractor.extract(
        "你记几件事，回头用得着：我住南通，在中医馆当推拿师，还有我吃不了阿司匹林，一吃就过敏，给我出主意的时候避开这个"
    )
    assert not [f for f in facts if f.predicate.value == "note"]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("I only stay in ground-floor hotel rooms.", "user|hotel_floor", "ground floor"),
        ("I want a room on a high floor.", "user|hotel_floor", "high floor"),
        ("我开会有个老习惯，一律站着开，会议室的椅子早让人搬走了。", "user|meeting_posture", "standing"),
        ("I only do standing meetings.", "user|meeting_posture", "standing"),
    ],
)
def test_hotel_floors_hyphenated_and_standing_meetings(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    assert _facts(extractor, text).get(key) == value


def test_a_how_to_question_acting_on_a_named_thing_names_it(extractor: RuleExtractor) -> None:
    asked = "In linden, how do I sync the Core Data store across a user's devices?"
    assert extractor.mentioned(asked, ["core data"], [True], [False]) == [True]
    assert extractor.mentioned("How do I get to Boston?", ["boston"], [True], [True]) == [False]


def test_what_a_pointer_to_be_kept_points_at_after_a_colon(extractor: RuleExtractor) -> None:
    facts = extractor.extract(
        "这几条你帮我存着，往后用得上：我住临沂，在中医院的中药房抓药；还有我对桃子过敏，沾点桃毛都起疹子"
    )
    assert "在中医院的中药房抓药" in [f.value for f in facts if f.predicate.value == "note"]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("我一个三十好几的人，最大的爱好是拼乐高，书房里一整面墙都是我拼好的街景", "user|taste|乐高", "乐高"),
        ("我的爱好就是钓鱼", "user|taste|钓鱼", "钓鱼"),
        ("My biggest hobby is bonsai.", "user|taste|bonsai", "bonsai"),
        ("酒店还是老要求，得挨着地铁口，离得远的我宁可换一家", "user|hotel_location", "near the metro"),
        ("I always book hotel rooms with a kitchenette.", "user|hotel_kitchen", "kitchenette"),
    ],
)
def test_hobbies_named_as_such_and_where_a_hotel_is(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert _facts(extractor, text).get(key) == value


def test_no_home_from_a_hotel_search_and_no_taste_for_spending_a_day(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "帮我在上海找个酒店，下周二住两晚").get("user|location") is None
    assert _facts(extractor, "他的爱好是钓鱼") == {}
    said = _facts(extractor, "Bonsai is the one thing that makes me slow down, I could spend all day on a branch.")
    assert "user|taste|spend" not in said
    assert _facts(extractor, "I could eat sushi every single day").get("user|taste|sushi") == "sushi"


def test_an_imperative_opens_its_clause_and_a_dropped_subject_liking_is_left_to_topics(
    extractor: RuleExtractor,
) -> None:
    assert extractor.extract("Push notifications work on Android but never show up on iOS.") == []
    assert _facts(extractor, "and never cc my boss") == {"user|instruction|cc my boss": "cc my boss"}
    # a liking taken up with the subject dropped is left to the recurring topics ("最近迷上了钩毛线帽")
    assert extractor.extract("最近迷上了钩毛线帽，一晚上能钩一顶") == []


def test_hotels_asked_for_by_what_they_have(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I only book hotels with a pool.").get("user|hotel_pool") == "pool"
    assert _facts(extractor, "I went to the pool at the hotel.").get("user|hotel_pool") is None


def test_a_school_one_started_is_the_role(extractor: RuleExtractor) -> None:
    said = "Update: I handed in my notice at the bar and started law school this month. Please change that."
    assert _facts(extractor, said).get("user|job") == "law school"
    assert _facts(extractor, "I'm in nursing school.").get("user|job") == "nursing school"
    assert _facts(extractor, "My brother started law school.") == {}


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("I work seven to three at the warehouse.", "user|work_hours", "7-3"),
        ("I've moved onto the late shift, two till ten now. Please update that.", "user|work_hours", "2-10"),
        ("I work out of the Leeds office, third floor.", "user|office", "leeds"),
        ("my office is in Sheffield, not Leeds. Please update it.", "user|office", "sheffield"),
    ],
)
def test_hours_in_words_and_the_office_one_works_at(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert _facts(extractor, text).get(key) == value


def test_every_timestamp_binds_and_a_projects_app_is_built_on(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "For kestrel, every timestamp is stored in UTC, no local times in the database.")
    assert any(k.startswith("user|instruction|every timestamp is stored in utc") for k in said)
    facts = extractor.extract("Heron's mobile app is Flutter, with Riverpod for state.")
    assert {(f.subject, f.value) for f in facts} == {("project", "flutter"), ("project", "riverpod")}


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("出差订机票的话，我要靠过道的位置，记一下", "user|travel_seat", "aisle seat"),
        ("我是做产品经理的，base深圳，平时骑电动车通勤", "user|location", "深圳"),
        ("From now on, when you plan trips for me, no hostels. I need a private room.", "user|hotel_room_type",
         "private room"),
    ],
)  # fmt: skip
def test_the_occasion_of_a_task_is_no_supposition_and_base_mid_sentence(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    assert _facts(extractor, text).get(key) == value


def test_an_instruction_by_what_was_just_said_is_not_one_of_its_own(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "我的时区改成悉尼时间了，以后都按这个算，记一下")
    assert not [k for k in said if "instruction" in k] and "user|timezone" in said
    assert _facts(extractor, "如果下雨的话，我要靠过道的位置，记一下") == {}  # a supposition still


def test_not_even_a_sip_after_a_fronted_or_carried_topic(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "酒我一口不喝") == {"user|taste|酒": "酒"}
    assert _facts(extractor, "我不吃羊肉，酒一滴不沾").get("user|taste|酒") == "酒"
    assert _facts(extractor, "我一口羊肉都吃不下") == {"user|taste|羊肉": "羊肉"}


def test_an_airline_is_named_again_without_its_head_word(extractor: RuleExtractor) -> None:
    from graphmem.extraction.sightings import needles

    assert needles("alaska airlines")[0] == "alaska"
    said = "For the Boise trip, check Alaska first, please. It's the airline I always go with."
    assert extractor.mentioned(said, ["alaska airlines"], [True], [False]) == [True]


def test_few_things_to_keep_on_file_in_lower_case_texting(extractor: RuleExtractor) -> None:
    said = _facts(
        extractor,
        "ok few things to keep on file: im in spokane, i work as a vet tech, and im type 1 diabetic so watch the "
        "carbs in any recipes u send",
    )
    assert said.get("user|location") == "spokane" and said.get("user|job") == "vet tech"
    assert any("diabetic" in k for k in said)
    assert _facts(extractor, "im in reading mode") == {}


def test_a_role_one_counts_as_now(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "我从广告公司辞职了，现在自己在家接活儿，算是自由职业了，你更新一下")
    assert said.get("user|job") == "自由职业"


def test_what_pet_one_keeps_and_a_bare_answer_naming_it(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "I have a guinea pig named Pickles.")
    assert said == {"user|pet:guinea_pig:name": "pickles", "user|pet:guinea_pig:kind": "guinea pig"}
    assert _facts(extractor, "我养了一只八哥") == {"user|pet:bird:kind": "八哥"}
    assert _facts(extractor, "我家兔子叫棉花") == {"user|pet:rabbit:name": "棉花"}  # the kind is the relation's
    assert _facts(extractor, "I have a dog.") == {}
    answered = extractor.extract(
        "Yep, Ziggy, he's three.", ["What temperature should the basking spot be for a bearded dragon?"],
        "Usually around 38 to 43°C for adults. Do you have one?",
    )  # fmt: skip
    assert {(f.key, f.value) for f in answered} >= {("user|pet:lizard:kind", "bearded dragon"),
                                                    ("user|pet:lizard:name", "ziggy")}  # fmt: skip
    facts = extractor.extract(
        "巴马香猪，叫二师兄，快两岁了，倔得很。你把它记下", ["家里那头小猪这阵子老拱沙发"], "是什么品种？叫什么名字？"
    )
    said = {f.key: f.value for f in facts}
    assert (said.get("user|pet:pig:name"), said.get("user|pet:pig:kind")) == ("二师兄", "香猪")
