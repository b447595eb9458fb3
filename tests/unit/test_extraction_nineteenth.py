"""Mechanisms built against the eighteenth development round: the cities of mainland China by their administrative
names, a move or a trip that is no home, roles won or held at a place with a digit in its name, years lived in a
city, a hobby named as "X这爱好", a noun and its activity as one recurring topic, a stance pointing back at what
someone else's clause named, "no jokes" for replies, more reply languages, and what a project is written with."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.gazetteer import ZH_CITIES, scan
from graphmem.extraction.recurrence import meet, topics


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


def test_the_cities_of_mainland_china_are_known_and_ordinary_words_only_where_framed(
    extractor: RuleExtractor,
) -> None:
    assert {"岳阳", "日照", "临沂", "昆山", "蚌埠"} <= ZH_CITIES
    assert [h.value for h in scan("我住岳阳") if h.category == "city"] == ["岳阳"]
    # a city that is also an ordinary word is never found on its own ...
    assert not [h for h in scan("这房子日照好") if h.category == "city"]
    assert _facts(extractor, "生酮我放弃了，太难坚持了，蚌埠住了。").get("user|location") is None
    # ... only where a sentence frames it as a place
    assert _facts(extractor, "我在日照这边玩了两年了").get("user|location") == "日照"
    assert _facts(extractor, "住岳阳这么多年，划龙舟划上瘾了。").get("user|location") == "岳阳"
    assert _facts(extractor, "住酒店这么多年").get("user|location") is None


@pytest.mark.parametrize(
    "text",
    [
        "以后你都用马来语回我吧，公司下个月派我去槟城常驻，我得逼自己多看多用。",
        "上回在镇江住的那家，停一晚车收我六十，肉疼。",
    ],
)
def test_a_move_to_come_or_a_past_stay_is_no_home(extractor: RuleExtractor, text: str) -> None:
    assert _facts(extractor, text).get("user|location") is None


def test_more_reply_languages(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "以后你都用马来语回我吧")["user|prefers_language"] == "malay"
    assert _facts(extractor, "From now on please answer in Tagalog.")["user|prefers_language"] == "tagalog"


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("我在4S店当汽修工，天天钻车底下", "汽修工"),
        ("跟你说个好事，我考上地铁公司的列车司机了，汽修那摊活儿不干了", "列车司机"),
        ("我当上店长了", "店长"),
    ],
)
def test_a_role_held_at_a_place_or_won(extractor: RuleExtractor, text: str, role: str) -> None:
    assert _facts(extractor, text).get("user|job") == role


def test_a_role_someone_else_won_is_not_the_speakers(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "他考上了公务员").get("user|job") is None


def test_a_hobby_named_as_this_hobby_kept_or_given_up(extractor: RuleExtractor) -> None:
    kept = extractor.extract("集邮这爱好我估摸着得玩一辈子")
    assert [(f.value, f.polarity) for f in kept] == [("集邮", True)]
    assert not extractor.extract("钓鱼这爱好我早就不玩了")


def test_a_noun_and_its_activity_are_one_recurring_topic() -> None:
    first = topics("I go metal detecting on the beaches around here most weekends and my cheap one just died.")
    later = topics("Metal detecting is the only thing that empties my head.")
    assert first[0].word == "metal detecting"
    met = meet(later, first)
    assert [(now.word, now.stance) for now, _ in met] == [("metal detecting", True)]
    assert "metal" not in {t.key for t in first}


def test_a_clause_pointing_back_takes_what_a_clause_not_first_hand_named() -> None:
    found = topics(
        "Airtable's automation just stopped sending the low-stock emails. It's the one app I can't do without."
    )
    assert [(t.word, t.stance) for t in found] == [("airtable", True)]
    # another person's clause is no referent
    assert "airtabl" not in {t.key for t in topics("He loves Airtable. It's the one app I can't do without.")}


@pytest.mark.parametrize(
    "text",
    [
        "Please skip the jokes. I'm not in the mood for puns, just tell me what to do.",
        "Again with the wordplay. Keep your answers straight, no jokes and no puns, every time.",
        "以后回答别跟我抖机灵",
    ],
)
def test_no_jokes_in_replies(extractor: RuleExtractor, text: str) -> None:
    assert _facts(extractor, text).get("user|jokes") == "no jokes"


def test_a_joke_told_is_no_setting(extractor: RuleExtractor) -> None:
    assert "user|jokes" not in _facts(extractor, "That joke was funny")


@pytest.mark.parametrize(
    ("text", "techs"),
    [
        ("linden is an iPhone app in SwiftUI with Core Data for storage.", {"swiftui", "core data"}),
        ("茉莉是个爬二手房挂牌信息的爬虫，拿Scrapy写的。", {"scrapy"}),
    ],
)
def test_what_a_named_thing_is_written_with_is_the_projects(
    extractor: RuleExtractor, text: str, techs: set[str]
) -> None:
    assert {f.value for f in extractor.extract(text) if f.subject == "project"} == techs


def test_a_script_the_speaker_wrote_is_not_a_project_fact(extractor: RuleExtractor) -> None:
    assert not [f for f in extractor.extract("我用Python写的脚本") if f.subject == "project"]


def test_the_native_fetch_api_is_an_http_client_and_one_not_allowed_is_left_out(extractor: RuleExtractor) -> None:
    text = "包体积卡得死，不让引axios，请求全用原生fetch。"
    assert _facts(extractor, text).get("user|stack:http_client") == "fetch"


@pytest.mark.parametrize(
    ("text", "time"),
    [
        ("My calendar doesn't start until 10:30. Mornings go to getting the kids to school.", "10:30"),
        ("I'm never free for meetings before 10:30.", "10:30"),
        (
            "A recruiter wanted a 9 a.m. screen. I offered 10:30 instead, I'm never free for meetings before then.",
            "10:30",
        ),
        ("I can take meetings from 8:00.", "8:00"),
        ("组会改时间了，导师嫌晚上开太累，以后挪到每周六上午九点。", "9:00"),
    ],
)
def test_the_earliest_meeting_time_and_the_time_a_meeting_moved_to(
    extractor: RuleExtractor, text: str, time: str
) -> None:
    assert _facts(extractor, text).get("user|meeting_time") == time


def test_before_then_without_a_time_said_names_none(extractor: RuleExtractor) -> None:
    assert "user|meeting_time" not in _facts(extractor, "I'm never free for meetings before then.")


@pytest.mark.parametrize("text", ["香椿那股冲味儿我是真受不了", "香椿我打死也吃不来", "羊肉那股膻味我实在受不了"])
def test_a_fronted_food_the_speaker_cannot_stand(extractor: RuleExtractor, text: str) -> None:
    found = [f for f in extractor.extract(text) if f.key.startswith("user|taste|")]
    assert [f.value for f in found] == [text[:2]]
    assert str(found[0].predicate) in ("dislikes", "avoids")


@pytest.mark.parametrize(
    "text",
    [
        "我考上地铁公司的列车司机了，汽修那摊活儿不干了。你帮我把工作改一下",
        "I moved into underwriting, I'm an underwriter now. Please fix that.",
    ],
)
def test_asking_to_change_what_is_kept_is_explicit(extractor: RuleExtractor, text: str) -> None:
    assert any(f.explicit for f in extractor.extract(text))


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("Some news: I've moved into underwriting, starting Monday as an underwriter.", "user|job", "underwriter"),
        ("Home is Sioux Falls. Day job: land surveyor, so I'm outside in all weather.", "user|job", "land surveyor"),
        ("我小舅子大鹏下礼拜来我家住几天", "user|relative:brother-in-law:大鹏", "大鹏"),
        ("我家八哥叫来福", "user|pet:bird:name", "来福"),
        ("我那辆雅迪电动车骑了三年", "user|vehicle", "雅迪"),
        ("My Subaru needs new tires.", "user|vehicle", "subaru"),
    ],
)
def test_roles_in_laws_birds_and_vehicles(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert _facts(extractor, text).get(key) == value


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("She is starting Monday as a nurse.", "user|job"),
        ("Job: it's fine", "user|job"),
        ("我弟弟上班去了", "user|relative:"),
        ("My friend drives a Tesla", "user|vehicle"),
        ("我们公司理想很远大", "user|vehicle"),
    ],
)
def test_no_role_relative_or_vehicle_where_none_is_the_speakers(extractor: RuleExtractor, text: str, key: str) -> None:
    assert not [k for k in _facts(extractor, text) if k.startswith(key)]


def test_a_vehicle_corrected_in_the_same_breath_is_the_new_brand(extractor: RuleExtractor) -> None:
    text = "刚去车棚瞅了一眼车标，我这车是爱玛的，不是雅迪，两家车长得太像，我一直搞混了。"
    found = [f for f in extractor.extract(text) if f.key == "user|vehicle"]
    assert [(f.value, f.correction) for f in found] == [("爱玛", True)]


def test_a_trailing_laugh_in_small_talk_still_names_the_city(extractor: RuleExtractor) -> None:
    assert extractor.mentioned(
        "finally a dry day in tacoma after like 2 weeks of drizzle lol", ["tacoma"], [True], [True]
    )
    assert extractor.mentioned("abq wind is nuts today, no flying for us lol", ["albuquerque"], [True], [True])
    # a laugh about the claim itself still voids it, and a stance is never taken from a laughing line
    assert extractor.mentioned("lol I live in tacoma, jk", ["tacoma"], [True], [True]) == [False]
    assert extractor.mentioned("pickleball again today lol", ["pickleball"], [True], [False]) == [False]


def test_the_gazetteers_other_forms_are_needles_of_a_value() -> None:
    from graphmem.extraction.sightings import needles

    assert "abq" in needles("albuquerque")
    assert "鹅厂" in needles("腾讯")


def test_a_texting_sentence_with_its_subject_dropped_is_first_hand() -> None:
    found = topics("need a decent flasher for ice fishing, been doing it out here around fargo for years")
    assert "fish" in {t.key for t in found}
    assert not topics("the flasher for ice fishing is on sale")  # no speaker named, none dropped


def test_topics_of_clauses_the_rules_did_not_read() -> None:
    from graphmem.extraction.facts import Predicate
    from graphmem.extraction.recurrence import leaves_topics, unread

    found = topics("need a decent flasher for ice fishing, been doing it out here around fargo for years")
    left = unread(found, [(Predicate.LOCATION, "fargo")])
    assert "fish" in {t.key for t in left} and "fargo" not in {t.key for t in left}
    assert leaves_topics([(Predicate.LOCATION, "fargo")])
    # a stance, a setting or a note read from the text leaves it no topics of its own
    assert not leaves_topics([(Predicate.LIKES, "coffee")])
    assert unread(found, [(Predicate.NOTE, "x")]) == []


def test_a_habit_said_of_an_activity_is_the_activitys_not_the_things_beside_it() -> None:
    found = {t.key: t.stance for t in topics("been paddleboarding the tennessee river here for like 4 yrs")}
    assert found["paddleboard"] is True
    assert found["river"] is None
    # a word of liking is the whole clause's
    liked = {t.key: t.stance for t in topics("I love paddleboarding on the river")}
    assert liked["river"] is True


def test_weather_getting_gross_is_no_stance_and_the_best_part_is_one() -> None:
    found = {t.key: t.stance for t in topics("on the river by 6am on my paddleboard before it gets gross")}
    assert found["paddleboard"] is None
    assert {t.key: t.stance for t in topics("paddle season is the best part of my year")}["paddl"] is True


def test_a_habit_said_of_where_one_does_it_is_the_habit_of_what_the_clause_before_named() -> None:
    found = {t.key: t.stance for t in topics("想换块冲浪板，我在日照这边玩了两年了，有适合进阶的长板推荐吗？")}
    assert found["冲浪板"] is True
    before = topics("正合我意，下了班扛上板子去冲浪，这种浪最过瘾")
    now = topics("想换块冲浪板，我在日照这边玩了两年了，有适合进阶的长板推荐吗？")
    assert [(n.word, b.word) for n, b in meet(now, before)] == [("冲浪板", "冲浪")]
    # the shorter noun is one of the needles an earlier text is looked up by
    assert "冲浪" in next(t for t in now if t.key == "冲浪板").needles


@pytest.mark.parametrize(
    ("text", "key", "value", "correction"),
    [
        ("My Civic is making a weird clicking noise when I turn left.", "user|vehicle", "civic", False),
        (
            "Wait, I've been saying Civic this whole time, but mine's actually a Corolla.",
            "user|vehicle",
            "corolla",
            True,
        ),
        ("The gears on my Trek have started skipping under load.", "user|bike", "trek", False),
        (
            "Wait, I've been calling it a Trek this whole time and it's actually a Cannondale.",
            "user|bike",
            "cannondale",
            True,
        ),
        ("My Xfinity internet drops every evening around 8.", "user|internet_provider", "xfinity", False),
        ("Wait, correction: it's not Xfinity, it's Spectrum.", "user|internet_provider", "spectrum", True),
        ("my car insurance is Progressive, not Geico. Can you correct that?", "user|insurer", "progressive", True),
        ("Oh, I just realized my checking account is with Capital One, not Chase.", "user|bank", "capital one", False),
    ],
)
def test_what_the_speaker_has_by_category_and_its_correction(
    extractor: RuleExtractor, text: str, key: str, value: str, correction: bool
) -> None:
    found = [f for f in extractor.extract(text) if f.key == key]
    assert [f.value for f in found] == [value]
    if correction:
        assert found[0].correction


@pytest.mark.parametrize(
    "text",
    [
        "My giant dog loves the car",  # an ordinary word with no word of its category ...
        "It's a civic duty to vote",  # ... or not said as the speaker's
        "My friend drives a Tesla",
        "Does Chase charge a fee for incoming international wires?",
    ],
)
def test_no_possession_where_none_is_the_speakers(extractor: RuleExtractor, text: str) -> None:
    keys = {f.key for f in extractor.extract(text)}
    assert not keys & {"user|vehicle", "user|bike", "user|bank", "user|insurer", "user|internet_provider"}


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("我是INTJ，典型的i人，人多的场合待久了就想溜", "user|personality_type", "INTJ"),
        ("更正一下，我其实是INFJ，不是INTJ，之前一直记岔了", "user|personality_type", "INFJ"),
        ("我是狮子座，天生爱面子", "user|star_sign", "leo"),
        ("之前跟你说我是狮子座，其实搞错了。按阳历我是处女座。", "user|star_sign", "virgo"),
        ("I'm a Virgo", "user|star_sign", "virgo"),
        ("帮我挑件羽绒服，预算八百左右，我穿M码", "user|clothing_size", "size M"),
        ("我之前跟你说的尺码错了，我穿L不穿M，M是我老婆的号。", "user|clothing_size", "size L"),
        ("I wear a medium in most shirts", "user|clothing_size", "size M"),
        ("我大学学的是会计，所以现在看财报还算顺手", "user|field_of_study", "会计"),
        ("I majored in finance", "user|field_of_study", "finance"),
        ("下班以后我一般去公司楼下的乐刻练一个小时", "user|gym", "乐刻"),
        ("不对，我办卡的是超级猩猩，不是乐刻", "user|gym", "超级猩猩"),
    ],
)
def test_the_speakers_profile_and_gym(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert _facts(extractor, text).get(key) == value


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("我最近学的是吉他", "user|field_of_study"),
        ("I studied French last night", "user|field_of_study"),
        ("我不穿M码", "user|clothing_size"),
        ("My boss is a Leo", "user|star_sign"),
    ],
)
def test_no_profile_where_none_is_said(extractor: RuleExtractor, text: str, key: str) -> None:
    assert key not in _facts(extractor, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Nothing goes on my calendar after 5:30 in the evening. I'm strict about that.", "after 17:30"),
        ("Someone booked me for a 6pm call again. My day ends at 5:30, full stop.", "after 17:30"),
        ("I've switched to an early schedule, 6am to 2:30pm, so meetings have to wrap up by 2:30 now.", "after 14:30"),
        ("No meetings after 5:30 please.", "after 17:30"),
    ],
)
def test_the_end_of_the_day_for_meetings_is_one_attribute(extractor: RuleExtractor, text: str, value: str) -> None:
    found = _facts(extractor, text)
    assert found.get("user|do_not_disturb:after") == value
    # one meeting booked by someone, a span of the day or a meeting wrapping up are no meeting time nor a wake-up
    assert "user|meeting_time" not in found and "user|sleep_schedule" not in found


def test_what_a_project_is_built_with_goes_on_past_a_comma(extractor: RuleExtractor) -> None:
    found = extractor.extract("Curlew's backend is Rails, with Sidekiq for background jobs.")
    assert {f.value for f in found if f.subject.startswith("project")} == {"rails", "sidekiq"}
    # the user's own tools are no list of a project's
    assert {f.value for f in extractor.extract("I use Vim, with a few plugins")} == {"vim"}
