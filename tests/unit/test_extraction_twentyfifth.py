"""Mechanisms built against the twenty-third development round: meeting tools named as the default for calls,
a video meeting named as the kind a tool is for (no camera, no format), a request that lists what is "worth
remembering", a role by its "-ologist" / "-ician" suffix, a job taken "with the county as an inspector" and
"跳到一家猎头公司做猎头", the tool everything is edited in or has gone through, a company named as a model
("照着谷歌那套"), where a relative comes from (not the speaker's home), and two technologies joined at the
start of a project's clause."""

from __future__ import annotations

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.notes import remembered_names, remembers_back
from graphmem.extraction.sightings import clock_forms


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


def test_a_meeting_tool_named_as_the_default(extractor: RuleExtractor) -> None:
    said = "Perfect. Keep that on file for me: any call you set up, RingCentral is the default."
    facts = extractor.extract(said)
    assert [(f.key, f.value) for f in facts] == [("user|meeting_tool", "ringcentral")]
    assert facts[0].explicit  # "keep that on file" with a standing rule for the assistant's work
    said = "行。顺带说一句，我们这儿开视频会向来都用它，往后你拟通知、约会，软件那栏直接填瞩目就行，这个你记一下"
    assert _facts(extractor, said) == {"user|meeting_tool": "瞩目"}  # no camera, no format
    assert _facts(extractor, "这次发布会引人瞩目，会议很成功") == {}
    assert _facts(extractor, "Video calls go on Teams at my company.") == {"user|meeting_tool": "microsoft teams"}


def test_things_worth_remembering_are_kept(extractor: RuleExtractor) -> None:
    said = (
        "Three things worth remembering about me: I live in Billings, Montana; I'm a hydrologist with the state, "
        "mostly checking groundwater monitoring wells; and I'm allergic to avocado."
    )
    facts = {f.key: f for f in extractor.extract(said)}
    assert facts["user|location"].value == "billings" and facts["user|location"].explicit
    assert facts["user|job"].value == "hydrologist" and facts["user|job"].explicit


def test_a_role_by_its_suffix(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I'm an oceanographer.") == {"user|job": "oceanographer"}
    assert _facts(extractor, "I'm a mortician") == {"user|job": "mortician"}


def test_a_new_job_taken_with_an_employer_as_a_role(extractor: RuleExtractor) -> None:
    said = (
        "Career change: I left the hotel and took a job with the county health department as a food safety inspector."
    )
    assert _facts(extractor, said) == {"user|job": "food safety inspector"}
    said = "通知你一声，国企那边我辞了，跳到一家猎头公司做猎头，专门给半导体公司挖工程师。"
    assert _facts(extractor, said) == {"user|job": "猎头"}
    assert _facts(extractor, "我在国外工作") == {}  # abroad is no employer


def test_the_tool_everything_goes_through(extractor: RuleExtractor) -> None:
    said = "How do I get rid of the hum in my podcast recordings? I edit everything in Audacity."
    assert _facts(extractor, said) == {"user|uses_tool|audacity": "audacity"}
    said = "Every episode since 2021 has gone through Audacity, and suddenly my exports come out mono."
    assert _facts(extractor, said) == {"user|uses_tool|audacity": "audacity"}
    assert _facts(extractor, "I do everything in Boston") == {}  # a place
    assert "user|uses_tool|english" not in _facts(extractor, "I write everything in English.")  # a language


def test_a_company_named_as_a_model_is_no_employer(extractor: RuleExtractor) -> None:
    said = "百香果这个项目不一样，公司的代码规范是照着谷歌那套定的，统一用yapf格式化。"
    assert "user|employer" not in _facts(extractor, said)
    assert _facts(extractor, "Our style guide at work is based on Google's.") == {}


def test_where_a_relative_comes_from_is_not_home(extractor: RuleExtractor) -> None:
    said = "从今往后你跟我说话都改用塞尔维亚语吧。我媳妇是贝尔格莱德人，她爸妈下个月过来住仨月"
    assert _facts(extractor, said) == {"user|prefers_language": "serbian"}
    said = "跟你说一声，我爱人调到连云港工作，我们一家上个月跟着搬过来了。"
    assert _facts(extractor, said) == {"user|location": "连云港"}


def test_two_technologies_joined_open_a_clause(extractor: RuleExtractor) -> None:
    said = "柚子是我们给厂里做的瓷砖缺陷检测，Python加OpenCV先把砖面抠出来，再丢给YOLOv8找裂纹和缺角。"
    facts = _facts(extractor, said)
    assert facts.get("project|uses_tech|opencv") == "opencv" or facts.get("user|uses_tech|opencv") == "opencv"


def test_a_brother_in_law_by_a_common_given_name(extractor: RuleExtractor) -> None:
    said = "我小舅子国栋下个月结婚，我媳妇让我给他当总管"
    assert _facts(extractor, said) == {"user|relative:brother-in-law:国栋": "国栋"}


def test_a_pointer_after_a_reason_about_others_keeps_what_was_read(extractor: RuleExtractor) -> None:
    said = (
        "从今往后你跟我说话都改用塞尔维亚语吧。我媳妇是贝尔格莱德人，她爸妈下个月过来住仨月，老两口一句中文都不会，"
        "我总不能天天跟人家比划。这个你记着"
    )
    assert _facts(extractor, said) == {"user|prefers_language": "serbian"}  # no note of the reason


def test_no_bold_and_a_complaint_made_again(extractor: RuleExtractor) -> None:
    said = "Asterisks again. Please don't bold anything in your answers, ever."
    facts = extractor.extract(said)
    assert [(f.key, f.value) for f in facts] == [("user|bold", "no bold")]
    assert facts[0].explicit  # said again: the preference was given before
    assert _facts(extractor, "别给我加粗了") == {"user|bold": "no bold"}  # not a food left out
    assert _facts(extractor, "别放香菜") == {"user|taste|香菜": "香菜"}
    assert _facts(extractor, "The bold font looks nice") == {}


def test_how_to_get_a_thing_done_in_a_tool_sights_it(extractor: RuleExtractor) -> None:
    said = "柚子这边产线上的相机是斜着拍的，砖面在图里是个梯形，OpenCV里咋把它拉正？"
    assert extractor.mentioned(said, ["opencv"], [True], [False]) == [True]
    assert extractor.mentioned("OpenCV是啥？", ["opencv"], [True], [False]) == [False]


def test_a_pets_name_answered_first_with_its_kind_after(extractor: RuleExtractor) -> None:
    said = "叫大福，一只灰色的垂耳兔，一岁多。平时就吃兔粮和提摩西草"
    facts = {
        f.key: f.value for f in extractor.extract(said, ["兔子一直拉稀是咋回事？"], "它多大了？平时吃啥？叫啥名？")
    }
    assert facts == {"user|pet:rabbit:kind": "兔子", "user|pet:rabbit:name": "大福"}
    facts = {f.key: f.value for f in extractor.extract("叫豆豆", ["我家仓鼠最近不爱动"], "它叫啥名？")}
    assert facts == {"user|pet:hamster:name": "豆豆", "user|pet:hamster:kind": "仓鼠"}
    assert extractor.extract("叫豆豆", ["最近不爱动"], "它叫啥名？") == []  # no kind of pet asked about


def test_a_hermit_crab_answered_by_name(extractor: RuleExtractor) -> None:
    ctx = ["My daughter's hermit crab hasn't come out of his shell in over a week. Is he dead?"]
    said = "Sheldon. He's a purple pincher, we've had him about two years."
    facts = {f.key: f.value for f in extractor.extract(said, ctx, "What's his name, and how long have you had him?")}
    assert facts == {"user|pet:crab:kind": "hermit crab", "user|pet:crab:name": "sheldon"}


def test_a_tool_read_by_its_name_fills_its_stack_slot(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I write all my end-to-end tests in Playwright.") == {"user|stack:tests": "playwright"}
    said = "Give me a Playwright test that logs in. My usual Playwright setup."
    assert _facts(extractor, said) == {"user|stack:tests": "playwright"}  # one key, one claim


def test_names_a_request_to_remember_points_at() -> None:
    assert remembered_names("Okay. Please remember Sheldon, he's my daughter's pride and joy") == {"sheldon"}
    assert remembered_names("帮我把大福记上") == {"大福"}
    assert remembered_names("Remember New York") == set()  # a place of two words
    assert remembers_back("行，我看着它。你也把它记上，大福是我家老三")


def test_a_standing_get_together_and_the_clock_time_it_moves_to(extractor: RuleExtractor) -> None:
    said = "我们项目组每天下午五点碰个头，十来分钟，把当天的进度捋一遍"
    assert _facts(extractor, said) == {"user|meeting_time": "17:00"}
    said = "跟你说一下，组里好几个人得赶五点半的班车，碰头会改到每天中午十二点半了，大伙端着饭盒边吃边说。"
    assert _facts(extractor, said) == {"user|meeting_time": "12:30"}  # not the bus the reason names
    assert _facts(extractor, "我跟他在楼下碰头") == {}


def test_a_clock_time_is_sighted_in_other_words(extractor: RuleExtractor) -> None:
    assert clock_forms("17:00")[:3] == ["下午五点", "下午5点", "17点"]
    assert "12:30 pm" in clock_forms("12:30") and clock_forms("vim") == []
    said = "今天下午五点的碰头会又拖到快六点"
    assert extractor.mentioned(said, ["17:00", "9:00"], [True, True], [False, False]) == [True, False]


def test_a_pastime_with_its_years_said_first(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我打了二十年乒乓球") == {"user|taste|乒乓球": "乒乓球"}
    said = _facts(extractor, "在锦州踢了十几年花毽，头一回伤着。")  # 花毽 is 毽子, played for years where one lives
    assert said == {"user|taste|毽子": "毽子", "user|location": "锦州"}
    assert _facts(extractor, "他打了二十年乒乓球") == {}
    assert _facts(extractor, "我打了十年工") == {}


def test_another_day_is_no_change_of_stance(extractor: RuleExtractor) -> None:
    said = "帮我看看锦州这礼拜六下不下雨？我们十来个人约好了早上去古塔公园踢毽子，下雨就得改天"
    assert extractor.mentioned(said, ["毽子"], [True], [False]) == [True]
    assert extractor.mentioned("我现在改打羽毛球了，不踢毽子了", ["毽子"], [True], [False]) == [False]


def test_what_one_plays_in_a_league_of(extractor: RuleExtractor) -> None:
    said = "darts league lol. tuesday nights at a bar here in akron, same team 6 yrs."
    assert _facts(extractor, said) == {"user|taste|dart": "dart", "user|location": "akron"}
    assert _facts(extractor, "I joined a pickleball league last month.") == {"user|taste|pickleball": "pickleball"}
    assert _facts(extractor, "I watched the basketball league on TV") == {}
    assert _facts(extractor, "My son's soccer team won today") == {}


def test_a_pet_called_by_its_breed_and_its_breed_corrected(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我家那只英短最近掉毛掉得厉害，沙发上全是") == {"user|pet:cat:breed": "英短"}
    assert _facts(extractor, "我家橘猫可乐最近胖得不行") == {"user|pet:cat:name": "可乐"}  # named: the name is kept
    said = "医生瞅了一眼就说这不是英短，是美短，你看它身上一圈一圈的银色虎斑。你那边也帮我改成美短吧"
    assert extractor.replaced(said, ["英短"]) == ["美短"]
    assert extractor.replaced("不是对虾过敏，是对螃蟹过敏", ["虾"]) == ["螃蟹"]
    said = "My son's leopard gecko has stopped eating her crickets."
    assert _facts(extractor, said) == {"user|pet:lizard:kind": "leopard gecko"}
    said = "He said she's a crested gecko, not a leopard gecko. The previous owner told us wrong. Can you fix that?"
    assert extractor.replaced(said, ["leopard gecko"]) == ["crested gecko"]


def test_a_value_to_remember_repaired_later_in_the_turn(extractor: RuleExtractor) -> None:
    said = (
        "Can you remember my furnace filter size so I stop climbing down to the basement to check? It's 16x25x1. "
        "No, hold on, 16x25 was the old house. This furnace takes a 20x25x1."
    )
    [note] = extractor.extract(said)
    assert note.value.endswith(": 20x25x1") and note.explicit and "16x25x1" in note.evidence
    said = "记一下我的裤腰尺寸，省得一回回翻出软尺来量：二尺四……哎不对不对，那是前年的老黄历了，现在得穿二尺六的"
    [note] = extractor.extract(said)
    assert note.value.endswith("二尺六") and "二尺四" not in note.value
    assert [f.value for f in extractor.extract("Can you remember my locker code? It's 4471.")] == [
        "my locker code: 4471"
    ]


def test_action_items_and_the_attendee_list_of_meetings(extractor: RuleExtractor) -> None:
    said = "Every meeting I run ends the same way: a list of action items, each with one owner and a due date."
    assert _facts(extractor, said) == {"user|meeting_actions": "action items"}
    said = "我这人开会有个讲究，会前一定得知道都有谁参加。"  # "知道都有谁" asks nothing
    assert _facts(extractor, said) == {"user|meeting_attendees": "attendee list (参会名单)"}
    said = "不管跟谁开会，我都得先拿到名单，两眼一抹黑进会议室，我浑身不自在"
    assert _facts(extractor, said) == {"user|meeting_attendees": "attendee list (参会名单)"}
    assert _facts(extractor, "明天谁参加会议？") == {}


# -- built against the twenty-fourth round (tuned on from this session) --


def test_a_value_to_remember_answered_after_a_question_word(extractor: RuleExtractor) -> None:
    said = "帮我记一下我这车加啥油，省得到了加油站还得去翻油箱盖：92号……哎不对，92号那是我以前那辆的，得加95号"
    [note] = extractor.extract(said)
    assert note.value.endswith("95号")
    said = (
        "Can you remember what oil my car takes so I don't have to dig through the manual every time? It's 5W-30. "
        "Wait, no, that was the truck I sold. The Camry takes 0W-20."
    )
    [note] = extractor.extract(said)
    assert note.value.endswith(": 0w-20")


def test_meeting_tools_music_apps_and_where_errors_go(extractor: RuleExtractor) -> None:
    said = "Looks good. From now on, assume Zoho Meeting for anything you schedule for me, no need to ask."
    assert _facts(extractor, said) == {"user|meeting_tool": "zoho meeting"}
    assert _facts(extractor, "Assume I live in Paris, what would rent cost?") == {}  # a supposition
    said = "可以。我们公司线上开会、搞培训清一色用好视通，以后凡是帮我约线上的，都默认它"
    assert _facts(extractor, said) == {"user|meeting_tool": "好视通"}
    said = "我听歌一直用网易云音乐，每天上班路上就刷日推"
    assert _facts(extractor, said) == {"user|music_app": "网易云音乐"}  # not NetEase as an employer
    said = "Every app I ship reports its errors to Sentry."
    assert _facts(extractor, said) == {"user|stack:error_tracking": "sentry"}
    assert _facts(extractor, "我管代码一直用Git，分支开起来、合起来都方便") == {"user|stack:vcs": "git"}


def test_someone_relied_on_is_no_role(extractor: RuleExtractor) -> None:
    said = "公司在仰光新开了个服装厂，底下几百个工人都说缅甸话，我不能老靠翻译。"
    assert "user|job" not in _facts(extractor, said)
    assert _facts(extractor, "我是翻译") == {"user|job": "翻译"}


def test_roles_by_what_one_runs(extractor: RuleExtractor) -> None:
    said = "I manage a shoe store at the mall, so my weekends are pretty much never free."
    assert _facts(extractor, said) == {"user|job": "shoe store manager"}
    assert _facts(extractor, "I manage my own time.") == {}
    said = "我在小区门口开了个快递驿站，一天进出七八百个件"
    assert _facts(extractor, said) == {"user|job": "快递驿站", "user|employer": "快递驿站"}
    roofing = "Tore off a whole roof today. Roofing in July is no joke."
    assert extractor.mentioned(roofing, ["roofer"], [True], [True]) == [True]


def test_what_free_days_go_to_and_gear_for_ones_craft(extractor: RuleExtractor) -> None:
    said = "Garage, glass cutter, radio on. Stained glass is what I do with every free day I get."
    assert _facts(extractor, said) == {"user|taste|stained glass": "stained glass"}
    said = "What's the best solder for stained glass? My beads keep coming out lumpy."
    assert extractor.mentioned(said, ["stained glass"], [True], [False]) == [True]


def test_no_analogies_said_again(extractor: RuleExtractor) -> None:
    said = "Another comparison. Like I said last time, no analogies with me, ever. Straight definitions."
    [fact] = extractor.extract(said)
    assert (fact.key, fact.value, fact.explicit) == ("user|analogies", "no analogies, plain definitions", True)


def test_a_side_project_and_what_it_is_built_on(extractor: RuleExtractor) -> None:
    said = "bracken is my side project, a recipe-sharing site on SvelteKit with Supabase for auth and the database."
    assert {f.value for f in extractor.extract(said)} >= {"sveltekit", "supabase"}


def test_a_city_by_its_cooler_days_and_years_played_there(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "常德这两天总算凉快点了") == {"user|location": "常德"}
    said = "是不是我垫球姿势不对？在常德打了这么些年，头一回疼成这样"
    assert _facts(extractor, said) == {"user|location": "常德"}


def test_pets_and_relatives_remembered(extractor: RuleExtractor) -> None:
    assert remembered_names("Okay. Please keep Custard in your memory, he's my son's") == {"custard"}
    said = "我儿媳妇思雨下个月就生了，我提前俩礼拜过去伺候月子"
    assert _facts(extractor, said) == {"user|relative:daughter-in-law:思雨": "思雨"}


def test_a_memo_read_first_and_no_smoking_in_meetings(extractor: RuleExtractor) -> None:
    said = "The first ten minutes of every meeting I run are silent reading. I send a two-page memo."
    assert _facts(extractor, said) == {"user|meeting_memo": "a memo read in silence first"}  # no 10-minute meeting
    said = "我开会有条规矩，会议室里一根烟都不许点。以前单位开会一帮老烟枪吞云吐雾，散了会我头疼一下午"
    assert _facts(extractor, said) == {"user|meeting_smoking": "no smoking (不许抽烟)"}  # 一下午 is no meeting time


def test_a_chinese_project_and_the_technology_listed_after_it(extractor: RuleExtractor) -> None:
    said = "青梅是我们给一家茶叶公司做的官网，Nuxt 3，要做SEO所以全走服务端渲染。"
    assert "nuxt 3" in {f.value for f in extractor.extract(said)}


def test_a_standing_meeting_with_someone_and_the_new_one_to_follow(extractor: RuleExtractor) -> None:
    said = "We're building a house, and I meet the builder on site every Monday at 7 a.m., before the crews get going."
    assert _facts(extractor, said)["user|meeting_day"] == "monday"
    said = "安全例会挪到每周一早上七点半，开工前开。周五下午那个你就别再提醒我了，按新的来"
    facts = extractor.extract(said)
    assert {f.value for f in facts} == {"monday", "7:30"} and all(f.explicit for f in facts)  # "按新的来": asked for


def test_a_plant_one_keeps_and_its_kind_corrected(extractor: RuleExtractor) -> None:
    said = "我阳台上那几盆玫瑰这阵子叶子发黄，底下的老叶子一碰就掉，是咋回事？"
    assert _facts(extractor, said) == {"user|garden:plant:kind": "玫瑰"}
    said = "The silver maple in our backyard is dropping leaves in July."
    assert _facts(extractor, said) == {"user|garden:plant:kind": "silver maple"}
    said = "他看了照片直乐，说这是月季，不是玫瑰：玫瑰枝子上的刺密。你那边也给我改成月季吧。"
    assert extractor.replaced(said, ["玫瑰"]) == ["月季"]
    said = "The arborist said it's not a maple at all, it's a sweetgum. Can you fix that?"
    assert extractor.replaced(said, ["silver maple"]) == ["sweetgum"]


def test_a_request_to_remember_is_no_instruction_of_its_own(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "往后给我订机票你都记着，只订直飞，不转机")
    assert not [k for k in facts if k.startswith("user|instruction")] and facts
