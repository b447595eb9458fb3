"""Mechanisms built against the twenty-second development round: a role with a word of its own before the
lexicon's head ("an instructional designer"), a new job taken after leaving the old one, a one-word role's trade
as a later sighting ("Auctioneering" for "auctioneer"), who signs users in as a stack slot and what one tries
APIs with as a tool slot (so a project's Keycloak or Apifox overrides the user's Auth0 or Postman), and a
technology the thing spoken of uses "instead of" another."""

from __future__ import annotations

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.notes import remembers_back
from graphmem.extraction.scope import marked


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


def test_a_role_keeps_the_word_before_its_head(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I work as an instructional designer.") == {"user|job": "instructional designer"}
    assert _facts(extractor, "I took a job as a graphic designer at a software company.") == {
        "user|job": "graphic designer"
    }
    assert _facts(extractor, "I'm a designer.") == {"user|job": "designer"}
    said = "Big change: I left teaching and took a job as an instructional designer at a software company."
    assert _facts(extractor, said) == {"user|job": "instructional designer"}
    assert _facts(extractor, "My wife quit and took a job as a nurse.") == {}  # someone else's new job


def test_a_one_word_roles_trade_sights_the_role(extractor: RuleExtractor) -> None:
    said = "Estate sale out past Hutchinson, 400 lots. Auctioneering is the best job there is."
    assert extractor.mentioned(said, ["auctioneer"], [True], [True]) == [True]
    assert extractor.mentioned("We went to an auction on Sunday.", ["auctioneer"], [True], [True]) == [False]


def test_who_signs_users_in_and_what_apis_are_tried_with_are_one_slot_each(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "Every app I ship uses Auth0 for login.") == {"user|stack:auth": "auth0"}
    said = "Write me an Express middleware that checks the Auth0 access token. Auth0 as usual."
    assert _facts(extractor, said) == {"user|stack:auth": "auth0"}
    assert _facts(extractor, "我调接口一直用Postman，collection攒了好几百个") == {"user|api_client": "postman"}
    said = "菠萝这个项目公司统一用Apifox，Postman那套在这儿用不上。在菠萝里你给我讲接口调试都按Apifox来，记住"
    assert _facts(extractor, said).get("user|api_client") == "apifox"


def test_what_the_thing_spoken_of_uses_instead_of_another(extractor: RuleExtractor) -> None:
    said = "It's for a hospital network, so it uses their self-hosted Keycloak instead of Auth0."
    assert [(f.value, f.attribute) for f in extractor.extract(said)] == [("keycloak", "stack:auth")]
    said = marked("sedge uses Keycloak instead of Auth0.", "sedge")  # as said inside project sedge
    assert [f.value for f in extractor.extract(said)] == ["keycloak"]


def test_a_meeting_moved_after_a_reason_and_a_reminder_stopped(extractor: RuleExtractor) -> None:
    said = (
        "The Warsaw sync has moved. They hired someone on our side of the Atlantic to run it, so it's Thursdays at"
        " 11 a.m. now. Please update it, and stop reminding me on Tuesday mornings."
    )
    assert _facts(extractor, said) == {"user|meeting_day": "thursday", "user|meeting_time": "11am"}
    said = "对接会往后挪到每周四上午十点半。你帮我改一下，周一下午别再提醒我这个会了"
    assert _facts(extractor, said) == {"user|meeting_day": "thursday", "user|meeting_time": "10:30"}
    assert _facts(extractor, "周五下午别给我排会了") == {"user|meeting_free_day": "friday"}  # still a day kept free
    said = "我们跟甲方的对接会定在每周一下午两点，在他们公司开"  # a meeting named by its kind
    assert _facts(extractor, said) == {"user|meeting_day": "monday", "user|meeting_time": "14:00"}


def test_numbered_steps_are_a_format_of_their_own(extractor: RuleExtractor) -> None:
    for said in ("Numbered steps, please, like I asked last time.", "I prefer numbered lists.", "Use numbered lists."):
        assert _facts(extractor, said) == {"user|prefers_format|numbered steps": "numbered steps"}, said
    assert _facts(extractor, "Break that into numbered steps.") == {
        "user|prefers_format|numbered steps": "numbered steps"
    }


def test_a_relative_with_a_modern_given_name_and_named_again_beside_another_person(extractor: RuleExtractor) -> None:
    said = "我侄子子豪今年高考，考完要来我这儿住一阵"
    assert _facts(extractor, said) == {"user|relative:nephew:子豪": "子豪"}
    said = "子豪分数出来了，六百二十多，我哥在电话里乐得话都说不利索了"
    assert extractor.mentioned(said, ["子豪"], [True], [True]) == [True]
    said = "我哥在电话里说子豪考得不错"  # in the other person's clause: theirs
    assert extractor.mentioned(said, ["子豪"], [True], [True]) == [False]


def test_a_pastime_named_by_its_own_verb_kept_up_for_years(extractor: RuleExtractor) -> None:
    said = "I've been fly fishing for about five years and I want something lighter than my 5-weight."
    assert _facts(extractor, said) == {"user|taste|fly fishing": "fly fishing"}
    said = "need new cleats, been playing softball in knoxville for 4 seasons and my current ones are taped"
    assert _facts(extractor, said) == {"user|taste|softball": "softball"}
    assert _facts(extractor, "been paddleboarding the river for like 4 yrs") == {
        "user|taste|paddleboard": "paddleboard"
    }
    assert _facts(extractor, "I've been working for five years.") == {}  # no pastime
    assert _facts(extractor, "My dad has been fishing for years.") == {}


def test_what_a_board_runs_a_quiet_room_a_thing_one_is_at_odds_with_years_in_a_city(
    extractor: RuleExtractor,
) -> None:
    said = marked("葡萄是我们做的智能电表采集板，STM32F4上跑FreeRTOS。", "putao")
    assert [f.value for f in extractor.extract(said)] == ["stm32f4", "freertos"]
    for said in (
        "临街的房间别给我，我觉轻",
        "往后订房你都记着，一律要不临街的",
        "I ask for a quiet room away from the street.",
    ):
        assert _facts(extractor, said) == {"user|hotel_noise": "quiet room away from the street (不临街)"}, said
    assert _facts(extractor, "我跟洋葱真是八字不合") == {"user|taste|洋葱": "洋葱"}
    assert _facts(extractor, "我跟我婆婆八字不合") == {}
    assert _facts(extractor, "在乐山待了这么些年，头一回报名市里的台球赛") == {"user|location": "乐山"}
    assert _facts(extractor, "他在北京待了十年") == {}
    assert _facts(extractor, "我打中式八球打了快十年") == _facts(extractor, "我喜欢打台球")  # one key for billiards


def test_a_pets_name_given_as_the_answer_to_the_assistants_question(extractor: RuleExtractor) -> None:
    asked = "Completely normal: goats are herd animals. What's her name, by the way?"
    said = "Clementine. Nigerian Dwarf, three years old, and the loudest animal on our property by a mile."
    facts = extractor.extract(said, ["Quick one: is it normal for a goat to scream all day?"], asked)
    assert {(f.key, f.value) for f in facts} == {("user|pet:goat:name", "clementine"), ("user|pet:goat:kind", "goat")}
    asked = "Keep it cool: about 16 to 18°C. Is this for one you have?"
    said = "Yes, Noodle. Pink, frilly gills, about a year old. Please keep her in your memory, she'll come up a lot."
    facts = extractor.extract(said, ["What water temperature is right for an axolotl?"], asked)
    assert {(f.key, f.value, f.explicit) for f in facts} == {  # what the answer states is kept, not a note
        ("user|pet:axolotl:name", "noodle", True),
        ("user|pet:axolotl:kind", "axolotl", True),
    }


def test_a_pronoun_for_the_pet_asked_about_and_its_kind_or_breed(extractor: RuleExtractor) -> None:
    context = ["What's the best litter for a ferret? The one we have clumps and he hates it."]
    said = "Three, and into absolutely everything. His name's Pretzel. Remember him."
    facts = extractor.extract(said, context, "How old is he?")
    assert {(f.key, f.value) for f in facts} == {
        ("user|pet:ferret:name", "pretzel"),
        ("user|pet:ferret:kind", "ferret"),
    }
    facts = extractor.extract("Her name is Anna.", ["My wife loves gardening."])
    assert [(f.key, f.value) for f in facts] == [("user|spouse:name", "anna")]
    facts = extractor.extract(
        "柴犬，叫芋圆，母的，刚满两岁", ["我家狗这两天老舔爪子，咋回事？"], "它是啥品种？叫啥名？"
    )
    assert {(f.key, f.value) for f in facts} == {("user|pet:dog:name", "芋圆"), ("user|pet:dog:breed", "柴犬")}
    asked = "一般一天一到两小勺就够了。你养的这只叫什么，多大了？"
    facts = extractor.extract("叫团子，快两岁了。你记着它", ["虎皮鹦鹉一天喂多少小米合适？"], asked)
    assert {(f.key, f.value) for f in facts} == {("user|pet:bird:name", "团子"), ("user|pet:bird:kind", "虎皮鹦鹉")}


def test_a_request_to_remember_someone_by_a_pronoun() -> None:
    for said in (
        "She is. Please remember her, she'll come up again.",
        "Please keep him in your memory.",
        "你把它记下，往后我说芋圆就是它。",
        "这小家伙你记住",
    ):
        assert remembers_back(said), said
    for said in ("Do you remember her?", "Remember that I'm vegan.", "我记不住他的名字", "Please remember it."):
        assert not remembers_back(said), said


def test_an_activity_kept_up_told_through_its_gear(extractor: RuleExtractor) -> None:
    said = "Can you recommend a pickleball paddle for someone who plays three or four times a week?"
    assert _facts(extractor, said) == {"user|taste|pickleball": "pickleball"}
    said = "need gloves that can handle rope burn for balloon crewing, been doing it here like 3 seasons. recs?"
    assert "user|taste|balloon crewing" in _facts(extractor, said)
    said = "帮我挑个乒乓球拍呗，三百块以内。我一礼拜打三回球，想换个趁手点的"
    assert _facts(extractor, said) == {"user|taste|乒乓球": "乒乓球"}
    # neither half alone: gear as a gift, a habit with no gear
    assert _facts(extractor, "Can you recommend a tennis racket for my nephew's birthday?") == {}
    assert _facts(extractor, "帮我挑个羽毛球拍，送我表弟的") == {}


def test_a_city_by_its_weather_and_a_local_league_or_a_move_made(extractor: RuleExtractor) -> None:
    for said, city in (
        ("ok milwaukee is finally above freezing", "milwaukee"),
        ("天津这两天总算不刮风了", "天津"),
        ("finally a dry day in tacoma after like 2 weeks of drizzle lol", "tacoma"),
    ):
        (fact,) = extractor.extract(said)
        assert (fact.key, fact.value) == ("user|location", city) and fact.confidence < 0.6, said
    for said in (
        "Heard it's snowing in Denver",
        "Just landed in Rome, it's so hot",
        "北京今天下雪了吗？",
        "Nice weather today",
    ):
        assert _facts(extractor, said) == {}, said
    assert _facts(extractor, "been in the same omaha league like 6 yrs")["user|location"] == "omaha"
    assert _facts(extractor, "been in the same bowling league for years") == {}
    assert _facts(extractor, "Finally unpacked after the move to Tucson.") == {"user|location": "tucson"}


def test_not_flying_at_all(extractor: RuleExtractor) -> None:
    for said in ("I don't fly.", "I'll take the train, because I'm not getting on a plane, period.", "我从来不坐飞机"):
        assert _facts(extractor, said).get("user|travel_flying") == "doesn't fly (不坐飞机)", said
    assert _facts(extractor, "I don't fly often.") == {}
    assert _facts(extractor, "Birds don't fly at night.") == {}


def test_no_business_over_meals_and_a_role_taken_plainly(extractor: RuleExtractor) -> None:
    for said in ("我谈工作有个死规矩，不上饭局。", "工作上的事我一概不在饭桌上谈", "I don't do business over dinner."):
        assert _facts(extractor, said).get("user|meeting_meals") == "no business over meals (不上饭局)", said
    assert _facts(extractor, "My boss never talks business over lunch.") == {}
    assert _facts(extractor, "跟我表妹合伙干直播带货，我当主播") == {"user|job": "主播"}


def test_meetings_that_start_past_the_hour(extractor: RuleExtractor) -> None:
    for said in ("All my meetings start at five past the hour.", "Nothing on my calendar starts on the hour."):
        assert _facts(extractor, said) == {"user|meeting_start": "five past the hour (整点过五分)"}, said
    assert _facts(extractor, "The train starts at five past the hour.") == {}


def test_no_internet_slang(extractor: RuleExtractor) -> None:
    for said in (
        "又是宝子又是家人们，这是要交给领导的",
        "跟我说话正常点，别用那些网络词",
        "No internet slang, please.",
    ):
        assert _facts(extractor, said).get("user|slang") == "no internet slang (网络用语)", said
    assert _facts(extractor, "我家人们都挺好的") == {}
