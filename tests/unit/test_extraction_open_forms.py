"""Forms beyond a word list: a role named by its head ("line cook", "dental hygienist", "幼师", "副厨") or a move up
("bumped up to sous chef"); a quantity before a food is no part of it ("爱喝点普洱"); an adverb after "could" in
"could eat X every day"; a format the assistant is told not to "弄/整" into its replies; a later mention of a value
in another word of the same stem ("the pharmacy" for "pharmacist", "Mongo" for "MongoDB"), never a bare stem that
is a different word ("design" for "designer")."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor


def _read(extractor: RuleExtractor, text: str) -> set[tuple[str, str]]:
    return {(f.key, f.value) for f in extractor.extract(text)}


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("I'm a line cook at a ramen bar near the station.", "line cook"),
        ("I work as a dental hygienist.", "dental hygienist"),
        ("I'm a flight attendant, so my schedule is all over the place.", "flight attendant"),
        ("Just got bumped up to head baker!", "head baker"),
        ("我是一名幼师", "幼师"),
        ("我现在是副厨了", "副厨"),
        ("我是一名快递员", "快递员"),
    ],
)
def test_a_role_is_read_by_its_head(extractor: RuleExtractor, text: str, role: str) -> None:
    assert ("user|job", role) in _read(extractor, text)


@pytest.mark.parametrize("text", ["我是会员", "我是他们的老会员了", "I'm a regular at the gym.", "I'm a night owl."])
def test_no_role_from_a_membership_or_a_habit(extractor: RuleExtractor, text: str) -> None:
    assert not any(key == "user|job" for key, _ in _read(extractor, text))


@pytest.mark.parametrize(
    ("text", "value"),
    [("我平时就爱喝点龙井", "龙井"), ("我爱吃点辣的", "辣"), ("I could honestly eat dumplings every day.", "dumpling")],
)
def test_how_much_and_how_honestly_are_no_part_of_a_taste(extractor: RuleExtractor, text: str, value: str) -> None:
    assert {v for k, v in _read(extractor, text) if k.startswith("user|taste|")} == {value}


def test_a_format_not_to_be_made(extractor: RuleExtractor) -> None:
    found = [(f.key, f.polarity) for f in extractor.extract("你能别给我弄表格吗？")]
    assert found == [("user|prefers_format|tables", False)]


def test_a_later_mention_in_another_word_of_the_stem(extractor: RuleExtractor) -> None:
    assert extractor.mentioned("Long queue at the pharmacy again, flu shots all day.", ["pharmacist"]) == [True]
    assert extractor.mentioned("Our Mongo cluster keeps timing out on the orders collection.", ["mongodb"]) == [True]
    assert extractor.mentioned("We went kayaking on the lake all Sunday.", ["kayak"]) == [True]
    assert extractor.mentioned("The design review ran long today.", ["designer"]) == [False]
    assert extractor.mentioned("Pharmaceutical stocks are up.", ["pharmacist"]) == [False]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("Give me every time in Dubai time from now on.", "user|timezone", "dubai time"),
        ("以后跟我约时间都按首尔时间算", "user|timezone", "首尔时间"),
        ("Just relocated to Seoul last week.", "user|location", "seoul"),
        ("When I travel I always book an Airbnb.", "user|travel_hotel", "airbnb stays"),
        ("坐卧铺我只要下铺", "user|travel_seat", "下铺"),
        ("Single quotes in TypeScript for me, please.", "user|code_quotes", "single quotes"),
        ("这个项目的代码注释一律写英文", "user|code_comment_language", "english"),
        ("我一天最多开三个会", "user|meeting_cap", "3 per day"),
        ("I never do more than two meetings a day.", "user|meeting_cap", "2 per day"),
    ],
)
def test_settings_said_in_everyday_words(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert (key, value) in _read(extractor, text)


def test_a_clause_of_time_is_no_question_and_a_train_is_no_bullet_train(extractor: RuleExtractor) -> None:
    assert _read(extractor, "When is the next train to Leeds") == set()
    assert ("user|travel_mode", "高铁") not in _read(extractor, "我出差一般坐火车")
    assert _read(extractor, "The call is at 3pm Dubai time.") == set()


@pytest.mark.parametrize(
    ("text", "key", "value", "polarity"),
    [
        ("Board games are kind of our thing now.", "user|taste|board game", "board game", True),
        ("Kayaking is my thing.", "user|taste|kayaking", "kayaking", True),
        ("Honestly, ketchup is the one thing I can't stand.", "user|taste|ketchup", "ketchup", True),
        ("Horror movies aren't really my thing.", "user|taste|horror movie", "horror movie", True),
    ],
)
def test_a_thing_put_first_and_its_stance(
    extractor: RuleExtractor, text: str, key: str, value: str, polarity: bool
) -> None:
    (fact,) = extractor.extract(text)
    assert (fact.key, fact.value, fact.polarity) == (key, value, polarity)
    liked = ("my thing" in text and "n't" not in text) or "our thing" in text
    assert fact.stance == liked  # "X is my thing" likes X; "X isn't my thing", "the one thing I can't stand" do not


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("Every password I have lives in Bitwarden.", "user|password_manager", "bitwarden"),
        ("我剪视频一直用剪映", "user|video_editor", "剪映"),
        ("My tortoise is called Shelly.", "user|pet:turtle:name", "shelly"),
        ("我养了只仓鼠叫豆豆", "user|pet:hamster:name", "豆豆"),
        ("Please stop ending every answer with a question.", "user|reply_closing", "no follow-up questions"),
        ("I don't need the follow-up offers, just the answer.", "user|reply_closing", "no follow-up questions"),
        ("以后回答完别再问我需不需要别的了", "user|reply_closing", "no follow-up questions"),
    ],
)
def test_tools_pets_and_how_a_reply_ends(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert (key, value) in _read(extractor, text)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("记一下，周三上午我们组开周会，这个时间段别给我约别的会", {("user|meeting_free_day", "wednesday")}),
        ("以后周四上午给我空出来", {("user|meeting_free_day", "thursday")}),
        ("Keep Friday afternoons free of meetings, please.", {("user|meeting_free_day", "friday")}),
        ("周会改到周二上午了", set()),  # one meeting moved
        ("The retro got moved to Thursday morning.", set()),
        ("以后会议都改到下午吧", {("user|meeting_time", "afternoon meeting")}),  # a move said to stand
    ],
)
def test_a_time_kept_clear_and_a_meeting_moved_once(
    extractor: RuleExtractor, text: str, found: set[tuple[str, str]]
) -> None:
    assert {(k, v) for k, v in _read(extractor, text) if k.startswith("user|meeting")} == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("素食我放弃了，太难坚持。现在改成轻断食了", {("user|diet", "intermittent fasting")}),  # the value given up
        ("When you give me times use ET, that's where I am.", {("user|timezone", "eastern time (utc-5)")}),
        ("js是我的主力语言", {("user|uses_language", "javascript")}),  # a cased form beside Chinese
        ("Let's get there by et cetera", set()),  # a cased form in lower case among English words names nothing
    ],
)
def test_a_value_given_up_a_condition_on_the_reader_and_a_lower_case_form(
    extractor: RuleExtractor, text: str, found: set[tuple[str, str]]
) -> None:
    assert {(k, v) for k, v in _read(extractor, text) if k in {"user|diet", "user|timezone", "user|uses_language",
                                                               "user|location"}} == found  # fmt: skip


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("British spelling for me, please.", {("user|spelling", "british spelling")}),
        ("Could you spell things the American way?", {("user|spelling", "american spelling")}),
        ("When you write dates for me, month first, please.", {("user|date_order", "month first")}),
        ("From now on just give me the code, skip the explanation.", {("user|code_answers", "code only")}),
        ("别给我加表格", {("user|prefers_format|tables", "tables")}),  # a device left out, no food avoided
        ("No headings please, I read this on my phone.", {("user|prefers_format|headings", "headings")}),
        ("结果我就一头栽进露营这个坑里了", {("user|taste|露营", "露营")}),
        ("电影我随便，恐怖片就别推了", {("user|taste|恐怖片", "恐怖片")}),
        ("以后这类活动别给我推了", set()),  # "this kind" names nothing
    ],
)
def test_how_replies_are_written_and_tastes_said_by_idiom(
    extractor: RuleExtractor, text: str, found: set[tuple[str, str]]
) -> None:
    assert _read(extractor, text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Please don't schedule anything on Fridays.", {("user|meeting_free_day", "friday")}),
        ("I like to keep Wednesdays meeting-free.", {("user|meeting_free_day", "wednesday")}),
        ("I block my calendar every Thursday afternoon for deep work.", {("user|meeting_free_day", "thursday")}),
        ("I'd rather meet in person.", {("user|meeting_format", "in person")}),
        ("Meetings after lunch suit me better.", {("user|meeting_time", "afternoon meeting")}),
        ("I'm a night owl, so put my calls in the evening.", {("user|meeting_time", "evening meeting")}),
        ("Nice to meet you all.", set()),
    ],
)
def test_meeting_settings_in_everyday_words(extractor: RuleExtractor, text: str, found: set[tuple[str, str]]) -> None:
    assert _read(extractor, text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I work remotely from Lisbon.", {("user|location", "lisbon"), ("user|work_mode", "remote")}),
        ("I work from home most days.", set()),
        ("我是自由职业", {("user|job", "自由职业")}),
        ("I teach high school math.", {("user|job", "high school math teacher")}),
        ("I teach myself Spanish.", set()),
        (
            "We have a golden retriever called Maple.",
            {("user|pet:dog:name", "maple"), ("user|pet:dog:breed", "golden retriever")},
        ),
        ("I adopted a kitten named Tofu.", {("user|pet:cat:name", "tofu")}),
    ],
)
def test_work_and_pets_in_everyday_words(extractor: RuleExtractor, text: str, found: set[tuple[str, str]]) -> None:
    assert _read(extractor, text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Be blunt with me, no sugarcoating.", {("user|reply_directness", "direct")}),
        ("说话直接一点，别绕弯子", {("user|reply_directness", "direct")}),
        ("别用太多专业术语", {("user|jargon", "plain language")}),
        ("Please cite sources when you can.", {("user|citations", "cite sources")}),
        ("Explain things like I'm five.", {("user|explanation_level", "simple explanations")}),
        ("I hate when you apologize so much.", {("user|apologies", "no apologies")}),
        ("Could you keep replies under 100 words?", {("user|prefers_reply_style", "short replies")}),
        ("前面一直说岔了，你帮我改过来", set()),  # 一直说 is no 直说
        ("My boss is always blunt with me.", set()),
    ],
)
def test_the_manner_of_replies(extractor: RuleExtractor, text: str, found: set[tuple[str, str]]) -> None:
    assert _read(extractor, text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We deploy this app on Vercel.", {("user|stack:hosting", "vercel")}),
        ("Our CI runs on GitHub Actions.", {("user|stack:ci", "github actions")}),
        ("Tests here are written with Jest.", {("user|stack:tests", "jest")}),
        ("这个仓库的部署在阿里云上", {("user|stack:hosting", "阿里云")}),
        ("The backend is written in Kotlin.", {("project|uses_language", "kotlin")}),
        ("Our frontend is built with Svelte.", {("project|stack:ui", "svelte")}),
        ("I'd like a mocha with oat milk.", set()),
    ],
)
def test_a_projects_stack_in_everyday_words(extractor: RuleExtractor, text: str, found: set[tuple[str, str]]) -> None:
    assert _read(extractor, text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("我爸生日是八月十五号", {("user|parent:father:birthday", "8月15号")}),
        ("我生日是十二月二十三日", {("user|birthday", "12月23日")}),
        ("我爸的生日是农历八月十五", {("user|parent:father:birthday", "农历八月十五")}),
        ("我妈生日在腊月初八", {("user|parent:mother:birthday", "腊月初八")}),
    ],
)
def test_a_chinese_birthday_in_figures_or_by_the_lunar_calendar(
    extractor: RuleExtractor, text: str, found: set[tuple[str, str]]
) -> None:
    assert _read(extractor, text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("我是重度咖啡依赖，一天三杯起步", {("user|taste|咖啡", "咖啡")}),
        ("我是个奶茶控", {("user|taste|奶茶", "奶茶")}),
        ("我离不开咖啡", {("user|taste|咖啡", "咖啡")}),
        ("我老家四川的，无辣不欢", {("user|taste|辣", "辣"), ("user|hometown", "四川")}),
        ("我滴酒不沾", {("user|taste|酒", "酒")}),
        ("我们公司九点半上班，六点半下班", {("user|work_hours", "9:30-18:30")}),
        ("我是路痴", set()),
        ("我老家那边下雪了", set()),
    ],
)
def test_chinese_tastes_homes_and_hours_in_everyday_words(
    extractor: RuleExtractor, text: str, found: set[tuple[str, str]]
) -> None:
    assert _read(extractor, text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Big fan of Thai food.", {("user|taste|thai food", "thai food", True)}),
        ("Not a fan of spicy food.", {("user|taste|spicy food", "spicy food", False)}),
        ("I don't really do sweets.", {("user|taste|sweet", "sweet", False)}),
        ("Peanuts are a no-go for me, allergy.", {("user|taste|peanut", "peanut", False)}),
        ("I work for a small startup called Nimbus.", {("user|employer", "nimbus", True)}),
        ("I don't really do mornings.", set()),
    ],
)
def test_english_tastes_and_employers_in_everyday_words(
    extractor: RuleExtractor, text: str, found: set[tuple[str, str, bool]]
) -> None:
    assert {(f.key, f.value, f.stance) for f in extractor.extract(text)} == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("我在宁波做外贸", {("user|location", "宁波"), ("user|job", "外贸")}),
        ("我在一家外企做人事", {("user|job", "人事")}),
        ("他在上海做外贸", set()),
    ],
)
def test_a_chinese_trade_is_a_line_of_work(extractor: RuleExtractor, text: str, found: set[tuple[str, str]]) -> None:
    assert _read(extractor, text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've moved to Honolulu. From now on, give me everything in Honolulu time, please.",
         {("user|location", "honolulu"), ("user|timezone", "honolulu time")}),
        ("im in raleigh", {("user|location", "raleigh")}),
        ("It's a nice time to visit.", set()),  # a city that is an ordinary word names no zone
        ("My younger brother Tom lives in Leeds.", {("user|sibling:brother:name", "tom")}),  # his home, not mine
        ("我现在是十点上班、七点下班", {("user|work_hours", "10:00-19:00")}),
        ("组件库用的Ant Design Vue", {("user|stack:ui_library", "ant design vue")}),
        ("Remember: I work part-time, three days a week.", {("user|employment", "part-time")}),
        ("我现在是兼职", {("user|employment", "part-time")}),
        ("My wife works part-time.", set()),
    ],
)  # fmt: skip
def test_more_places_trades_and_ways_of_working(
    extractor: RuleExtractor, text: str, found: set[tuple[str, str]]
) -> None:
    assert _read(extractor, text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("下围棋这事儿我是真上瘾", {("user|taste|围棋", "围棋", True)}),  # the emphasis before a liking
        ("香菜我是真的受不了", {("user|taste|香菜", "香菜", False)}),
        ("我闻见芹菜那味儿就难受", {("user|taste|芹菜", "芹菜", False)}),
        ("叫我老陈就行，熟人都这么叫", {("user|name", "老陈", True)}),
        ("我电脑上就装了个WPS，平时都用它办公", {("user|office_suite", "wps", True)}),
        ("这个桌面端是用Electron写的", {("user|stack:desktop", "electron", True)}),
        ("I've gone full-time now, please update that.", {("user|employment", "full-time", True)}),
        ("帮我改下这个菜谱，加点胡萝卜", set()),  # editing a recipe asks nothing to be remembered
    ],
)
def test_stances_names_and_tools_after_the_tenth_round(
    extractor: RuleExtractor, text: str, found: set[tuple[str, str, bool]]
) -> None:
    assert {(f.key, f.value, f.stance) for f in extractor.extract(text)} == found


def test_a_way_there_is_no_past_and_that_is_how_i_do_it_claims_the_thing(extractor: RuleExtractor) -> None:
    assert extractor.mentioned("周敏说五一想去桂林，我俩打算开车过去", ["周敏"]) == [True]
    text = "Can you convert this card to Tailwind classes? That's how I do all my styling."
    assert extractor.mentioned(text, ["tailwind"]) == [True]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a pastime kept up, or the best part of one's day
        ("I do a crossword every morning with my coffee.", "crossword"),
        ("Crosswords are the best part of my morning, even when they beat me.", "crossword"),
        ("I play tennis every Sunday.", "tennis"),
        # an activity named with its doing verb, or with a span of time before the verb, is the activity
        ("我这两年迷上写毛笔字了", "书法"),
        ("我喜欢打乒乓球", "乒乓球"),
        ("我喜欢下围棋", "围棋"),
    ],
)
def test_pastimes_in_everyday_shapes(extractor: RuleExtractor, text: str, value: str) -> None:
    assert _read(extractor, text) == {(f"user|taste|{value}", value)}


@pytest.mark.parametrize(
    "text",
    ["My son plays chess every week.", "I play with my kids every evening.", "I do the dishes every night."],
)
def test_someone_elses_pastime_or_a_chore_is_none(extractor: RuleExtractor, text: str) -> None:
    assert _read(extractor, text) == set()


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        # a role said as the one the speaker speaks as, or with "tech" as its head; its other names are one value
        ("As a physio I end up explaining the same five stretches all day.", "user|job", "physical therapist"),
        ("I'm a physiotherapist.", "user|job", "physical therapist"),
        ("i work as a vet tech", "user|job", "vet tech"),
        # step-relations by name
        ("My stepdaughter Jade just got her driver's license.", "user|child:stepdaughter:name", "jade"),
        # travelling light, and a car hired where one goes
        ("I travel with a carry-on only.", "user|travel_luggage", "carry-on only"),
        ("Never checking a bag is pretty much my one travel rule.", "user|travel_luggage", "carry-on only"),
        ("我出去玩习惯租车自驾，不爱跟团", "user|travel_ground", "rental car"),
    ],
)
def test_roles_relations_and_travel_habits_in_everyday_words(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    assert (key, value) in _read(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "As a parent, I worry a lot.",
        "As a kid I loved lego.",
        "My sister never checks a bag.",
        "I'm a tech enthusiast.",
    ],
)
def test_no_role_or_habit_of_someone_else_or_of_a_word_that_is_none(extractor: RuleExtractor, text: str) -> None:
    assert not {k for k, _ in _read(extractor, text) if k in ("user|job", "user|travel_luggage")}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("帮我找个凉拌菜的方子呗，别带折耳根的，那玩意儿一股鱼腥味", "折耳根"),
        ("折耳根就免了，我是真不吃那个，别的都行", "折耳根"),
        ("香菜就免了，吃不惯", "香菜"),
    ],
)
def test_a_food_left_out_or_waved_away(extractor: RuleExtractor, text: str, value: str) -> None:
    assert [(f.key, f.stance) for f in extractor.extract(text)] == [(f"user|taste|{value}", False)]


@pytest.mark.parametrize("text", ["那就算了吧", "开会就免了", "这个就免了", "以后推荐水果别带它"])
def test_no_food_in_a_pronoun_or_without_eating(extractor: RuleExtractor, text: str) -> None:
    assert not [f for f in extractor.extract(text) if f.key.startswith("user|taste|")]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        # a trade one lives by, said the colloquial ways
        ("没办法，吃导游这碗饭的，旺季一天带两个团", "user|job", "导游"),
        ("我当导游的，天天对着一大群人讲解", "user|job", "导游"),
        ("没办法，干室内设计的，一半时间都泡在工地上", "user|job", "室内设计"),
        ("你帮我记几件事：我在贵阳，自己开了家花店", "user|job", "花店"),
        # relations by more words
        ("我未婚妻叫林晓雯，我们明年五一办婚礼", "user|spouse:name", "林晓雯"),
        ("My grandson Mateo turned five on Sunday.", "user|grandchild:grandson:name", "mateo"),
        # what keeps one sane, one of the few foods one can't do
        ("Birding is honestly what keeps me sane these days.", "user|taste|birdwatching", "birdwatching"),
        ("Anchovies are one of the few foods I just can't do.", "user|taste|anchovy", "anchovy"),
    ],
)
def test_trades_relations_and_tastes_of_the_twelfth_round(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    assert (key, value) in _read(extractor, text)


@pytest.mark.parametrize("text", ["我开玩笑的，别当真", "他是干销售的", "我朋友自己开了家咖啡店"])
def test_no_trade_in_a_joke_or_of_someone_else(extractor: RuleExtractor, text: str) -> None:
    assert not any(k == "user|job" for k, _ in _read(extractor, text))


def test_a_request_to_note_several_things_is_explicit(extractor: RuleExtractor) -> None:
    assert all(f.explicit for f in extractor.extract("你帮我记几件事：我在贵阳，还有我芒果过敏"))


def test_a_chinese_given_name_names_the_full_name(extractor: RuleExtractor) -> None:
    assert extractor.mentioned("晓雯非说请柬上的字要烫金", ["林晓雯"], [True], [True]) == [True]
    assert extractor.mentioned("找了个会计师", ["设计师"], [True], [True]) == [False]  # no surname, no given name


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Please note that I'm a contractor at my company, not on staff.", "contractor"),
        ("Good news: they converted me to a permanent employee.", "permanent employee"),
        ("我现在是外包", "contractor"),
        ("我转正了", "permanent employee"),
    ],
)
def test_on_staff_or_a_contractor(extractor: RuleExtractor, text: str, value: str) -> None:
    assert ("user|employment_terms", value) in _read(extractor, text)
    assert ("user|employment_terms", value) not in _read(extractor, "My brother is a contractor.")


def test_a_lifetime_before_a_stance(extractor: RuleExtractor) -> None:
    assert [(f.key, f.stance) for f in extractor.extract("姜就算了，我这辈子都不碰姜，别的你看着办")] == [
        ("user|taste|姜", False)
    ]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        (
            "You don't need to repeat my question back to me. Just answer.",
            "user|restating",
            "don't restate the question",
        ),
        ("Please stop restating my questions before answering.", "user|restating", "don't restate the question"),
        ("别您啊您的，听着怪生分的，跟我说话就用“你”，随意点", "user|honorific", "no honorific 您"),
        ("Could you dial down the exclamation marks?", "user|exclamation_marks", "fewer exclamation marks"),
    ],
)
def test_more_reply_manners(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert (key, value) in _read(extractor, text)


def test_a_quoted_word_is_named_but_quoted_words_are_said_by_someone(extractor: RuleExtractor) -> None:
    assert _read(extractor, "书里说“我喜欢孤独”") == set()
    assert _read(extractor, 'He always says "I love sushi".') == set()


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("我的会最好控制在五个人以内，多了真聊不出东西", "user|meeting_size", "at most 5 people"),
        ("说真的，超过五个人的会我是一点都不想参加", "user|meeting_size", "at most 5 people"),
        ("Keep my meetings to no more than five people.", "user|meeting_size", "at most 5 people"),
        ("I only book refundable fares and hotel rates.", "user|travel_fare", "refundable"),
        ("When you look up flights for me, stick to refundable tickets.", "user|travel_fare", "refundable"),
    ],
)
def test_meeting_size_and_refundable_fares(extractor: RuleExtractor, text: str, key: str, value: str) -> None:
    assert (key, value) in _read(extractor, text)


@pytest.mark.parametrize(
    ("text", "value", "predicate"),
    [
        ("Musicals are just not for me.", "musical", "dislikes"),
        ("Jazz just isn't my thing", "jazz", "dislikes"),
        ("Woodworking is how I unwind on weekends", "woodworking", "likes"),
        ("Running is what I do to relax.", "running", "likes"),
    ],
)
def test_a_taste_said_with_an_adverb_or_as_how_one_unwinds(
    extractor: RuleExtractor, text: str, value: str, predicate: str
) -> None:
    assert [(f.value, str(f.predicate)) for f in extractor.extract(text)] == [(value, predicate)]


def test_a_single_one_names_nothing(extractor: RuleExtractor) -> None:
    assert extractor.extract("I've never enjoyed a single one.") == []
    assert ("user|taste|single malt", "single malt") in _read(extractor, "I love a single malt.")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I don't do breakfast meetings.", "breakfast meeting"),
        ("I just don't do mornings", "morning"),
        ("I don't do horror movies anymore", "horror movie"),
    ],
)
def test_a_kind_of_thing_one_does_not_do_is_disliked(extractor: RuleExtractor, text: str, value: str) -> None:
    assert [(f.value, str(f.predicate)) for f in extractor.extract(text)] == [(value, "dislikes")]


@pytest.mark.parametrize(
    "text",
    ["I don't do that", "I don't do well with heat", "I don't do anything on weekends", "I don't do calls after 6"],
)
def test_what_is_not_a_kind_refused_is_not_read_as_one(extractor: RuleExtractor, text: str) -> None:
    assert not [f for f in extractor.extract(text) if str(f.predicate) == "dislikes"]


def test_an_age_after_a_relation_is_no_name(extractor: RuleExtractor) -> None:
    assert not [f for f in extractor.extract("我女儿今年三岁") if str(f.predicate) == "relation_name"]
    assert ("user|child:son:name", "石头") in _read(extractor, "我儿子石头今年六岁了")


def test_a_meeting_free_day_said_as_a_no_meeting_day(extractor: RuleExtractor) -> None:
    assert ("user|meeting_free_day", "wednesday") in _read(extractor, "周三是我雷打不动的无会日")


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("I'm an ASL interpreter, and by Friday my hands are shot.", "asl interpreter"),
        ("I'm a fourth-year PhD student in marine biology.", "phd student"),
        ("I'm a final-year student", "student"),
        ("I just started a postdoc.", "postdoc"),
        ("Just landed a job as a sous chef!", "sous chef"),
        ("Being a PhD student means my stipend barely covers rent.", "phd student"),
    ],
)
def test_a_role_by_a_wider_list_of_trades_or_as_a_new_start(extractor: RuleExtractor, text: str, role: str) -> None:
    assert ("user|job", role) in _read(extractor, text)


@pytest.mark.parametrize("text", ["I started a podcast", "I got a dog", "I took a nap"])
def test_starting_something_that_is_no_trade_is_no_role(extractor: RuleExtractor, text: str) -> None:
    assert not [k for k, _ in _read(extractor, text) if k == "user|job"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("帮我排一周的午饭便当菜单，千万别出现苦瓜，我从小一吃到那股苦味就想吐", "苦瓜"),
        ("苦瓜我真咽不下去", "苦瓜"),
    ],
)
def test_a_food_kept_off_the_menu_or_not_got_down_is_avoided(extractor: RuleExtractor, text: str, value: str) -> None:
    assert [(f.value, str(f.predicate)) for f in extractor.extract(text)] == [(value, "avoids")]


@pytest.mark.parametrize("text", ["会议上千万别出现错别字", "PPT里千万别出现错别字，老板会看", "那玩意儿我真咽不下去"])
def test_no_food_from_a_typo_or_a_pronoun(extractor: RuleExtractor, text: str) -> None:
    assert extractor.extract(text) == []


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("I always ask hotels for late checkout.", "user|hotel_checkout", "late checkout"),
        ("and latex is a no-go because I'm allergic to it", "user|taste|latex", "latex"),
        ("i play disc golf like 4x a week here", "user|taste|disc golf", "disc golf"),
        ("I play tennis twice a week", "user|taste|tennis", "tennis"),
    ],
)
def test_a_hotel_habit_an_allergy_in_a_list_and_a_pastime_by_its_count(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    assert (key, value) in _read(extractor, text)


@pytest.mark.parametrize("text", ["The road is a no-go", "I play with my kids once a week"])
def test_no_taste_from_a_blocked_road_or_playing_with_someone(extractor: RuleExtractor, text: str) -> None:
    assert not [k for k, _ in _read(extractor, text) if k.startswith("user|taste")]


@pytest.mark.parametrize(
    ("text", "role"),
    [("I drive trams for a living", "tram driver"), ("I teach yoga for a living", "yoga teacher")],
)
def test_a_trade_said_as_what_one_does_for_a_living(extractor: RuleExtractor, text: str, role: str) -> None:
    assert ("user|job", role) in _read(extractor, text)


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("枇杷这个项目的商品搜索是拿Elasticsearch做的，中文分词老切不对", "project|stack:search", "elasticsearch"),
        ("We map out every project on Miro", "user|diagram_tool", "miro"),
    ],
)
def test_a_stack_part_taken_for_a_feature_and_a_diagram_tool(
    extractor: RuleExtractor, text: str, key: str, value: str
) -> None:
    assert (key, value) in _read(extractor, text)
