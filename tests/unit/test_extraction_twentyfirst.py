"""Mechanisms built against the twentieth development round: update requests said to the assistant's side
("你那边也改成漳州", "switch me to Dhaka time"), an email provider as a stack slot said of the project, hotel
gyms and twin beds, roles by "the X at", "for a living" with two verbs, a business of one's own, a trade that
pays the bills, a ship's officer and a job found ("找了个调度的活儿")."""

from __future__ import annotations

from graphmem.extraction.extractor import RuleExtractor


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


def _explicit(extractor: RuleExtractor, text: str, key: str) -> list[tuple[str, bool]]:
    return [(f.value, f.explicit) for f in extractor.extract(text) if f.key == key]


def test_a_change_asked_of_the_assistants_side_is_explicit(extractor: RuleExtractor) -> None:
    said = "我辞职了，跟对象一块儿去了漳州，上礼拜刚搬过来。你那边也改成漳州，天气啥的都按漳州给我看"
    assert _explicit(extractor, said, "user|location") == [("漳州", True)]
    moved = "I've moved to Dhaka for a job with an NGO, landed on Tuesday. Please switch me to Dhaka time."
    assert ("dhaka", True) in _explicit(extractor, moved, "user|location")
    assert _explicit(extractor, "I've moved to Dhaka for a job with an NGO.", "user|location") == [("dhaka", False)]


def test_an_email_provider_is_a_stack_slot_also_said_of_the_project(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "All my apps send their email through SendGrid.").get("user|stack:email") == "sendgrid"
    said = (
        "finch is different: an invoice landing in spam costs money, so it sends through Postmark instead of SendGrid."
    )
    assert _facts(extractor, said).get("user|stack:email") == "postmark"
    # a technology named with no use and no person is nothing
    assert "user|stack:email" not in _facts(extractor, "Postmark and SendGrid both have free tiers.")


def test_hotel_gyms_and_twin_beds(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "Any hotel I book has to have a proper gym.").get("user|hotel_gym") == "gym"
    assert _facts(extractor, "Wherever I stay, I need a real gym with a rack.").get("user|hotel_gym") == "gym"
    assert _facts(extractor, "以后订房只要两张床的，大床房一律别给我看").get("user|hotel_bed") == "twin beds"
    # the object came before 一律: "给我看" alone is no instruction
    assert not any("instruction" in k for k in _facts(extractor, "以后订房只要两张床的，大床房一律别给我看"))


def test_roles_said_as_the_one_at_a_place_for_a_living_or_as_a_business_of_ones_own(
    extractor: RuleExtractor,
) -> None:
    assert _facts(extractor, "I'm the sommelier at a steakhouse downtown.").get("user|job") == "sommelier"
    assert "user|job" not in _facts(extractor, "I'm the worst cook in my family.")
    assert "user|job" not in _facts(extractor, "I'm the one at fault here.")
    assert _facts(extractor, "I tune and repair pianos for a living.").get("user|job") == "piano tuner"
    assert _facts(extractor, "I'm a dog groomer and half my clients are doodles.").get("user|job") == "dog groomer"
    opened = "Big news: I left the restaurant and opened my own wine shop last week."
    assert _facts(extractor, opened).get("user|job") == "wine shop owner"
    assert _facts(extractor, "Grooming pays the bills, but my shoulders hate me.").get("user|job") == "groomer"
    assert _facts(extractor, "I tend bar at a cocktail place downtown").get("user|job") == "bartender"


def test_a_ships_officer_and_a_job_found(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我在远洋货轮上当二副，一出海就是大半年").get("user|job") == "二副"
    found = "我上岸了，不跑船了，在舟山港找了个调度的活儿，天天能回家"
    assert _facts(extractor, found).get("user|job") == "调度"


def test_a_dislike_of_the_stuff_named_before_is_a_sighting(extractor: RuleExtractor) -> None:
    said = "My wife keeps sneaking cauliflower rice into stir-fries. I always notice. Can't stand the stuff."
    assert extractor.mentioned(said, ["cauliflower"], [False]) == [True]
    assert extractor.mentioned(said, ["cauliflower"], [True]) == [False]  # no liking of it


def test_two_kinds_of_one_thing_are_the_thing(extractor: RuleExtractor) -> None:
    assert [(f.value, f.polarity) for f in extractor.extract("生葱熟葱我都不吃")] == [("葱", True)]


def test_jieba_reads_mahjong_whole_and_a_habit_one_cannot_give_up_is_a_stance(extractor: RuleExtractor) -> None:
    assert "麻将" in [t.key for t in extractor.topics("周末就约上三个老同学搓麻将")]
    found = extractor.topics("昨晚麻将手气背到家了，一晚上输了两百多。输了也乐意，这玩意儿我是戒不掉了")
    assert [(t.key, t.stance) for t in found if t.key == "麻将"] == [("麻将", True)]
    assert "乐意" not in [t.key for t in found]


def test_years_spent_in_a_city_with_the_subject_dropped(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "在西宁待了快十年，摩托是越骑越上瘾。").get("user|location") == "西宁"
    assert "user|location" not in _facts(extractor, "我在西宁待了两天")
    assert "user|location" not in _facts(extractor, "在上海工作压力大")


def test_a_daily_meeting_and_its_days_said_in_the_sentence_after(extractor: RuleExtractor) -> None:
    daily = "My team has a standup every single day at 9, fifteen minutes on the dot."
    assert _facts(extractor, daily).get("user|meeting_day") == "every day"
    moved = "We finally dropped the daily standup. It's Monday, Wednesday and Friday now. Can you update that for me?"
    assert _explicit(extractor, moved, "user|meeting_day") == [("monday, wednesday, friday", True)]
    # a sentence after a meeting that does not go on about it says nothing of it
    assert "user|meeting_day" not in _facts(extractor, "I had a call with Bob. Friday is pizza day.")
    # a day named after a clause break is another clause ("周一上午可以正常约了")
    said = _facts(extractor, "例会改到周二上午了。以后周二上午给我空出来，周一上午可以正常约了")
    assert said.get("user|meeting_free_day") == "tuesday"
    assert "user|meeting_day" not in _facts(extractor, "晨会取消了，改成每天下午五点开个夕会")


def test_the_app_one_reads_books_in(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我现在看书全在微信读书上，地铁上一站看两页").get("user|reading_app") == "微信读书"
    assert _facts(extractor, "I read everything on my Kindle these days.").get("user|reading_app") == "kindle"


def test_warehouse_and_pipeline_tools_of_a_project(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "osier is our analytics warehouse, dbt models on BigQuery.")
    assert (said.get("user|stack:pipelines"), said.get("user|stack:warehouse")) == ("dbt", "bigquery")


def test_a_counted_list_of_rules_split_into_sentences_and_keep_them_in_mind(extractor: RuleExtractor) -> None:
    said = (
        "Two rules for tansy, please keep them in mind: no third-party analytics or tracking scripts on any page, "
        "it's a health app; and every error response includes the request ID so support can find it in the logs."
    )
    rules = [(f.value, f.explicit) for f in extractor.extract(said) if f.key.startswith("user|instruction")]
    assert len(rules) == 2 and all(explicit for _, explicit in rules)
    assert any("tracking scripts" in value for value, _ in rules)


def test_meetings_only_to_decide_and_one_topic_a_meeting(extractor: RuleExtractor) -> None:
    said = "I don't take meetings unless there's a decision to make."
    assert _facts(extractor, said).get("user|meeting_purpose") == "decisions only"
    after = "Sat through a call where nobody decided anything. If there's nothing to decide, I'd rather read it."
    assert _facts(extractor, after).get("user|meeting_purpose") == "decisions only"
    # a condition with no meeting before it stays a supposition
    assert _facts(extractor, "If there's nothing to decide, I'd rather read it.") == {}
    assert _facts(extractor, "我开会有个习惯，一个会就说一件事，说完就散").get("user|meeting_topics") == "one topic"


def test_flagged_uncertainty_and_no_boilerplate_structure(extractor: RuleExtractor) -> None:
    said = "Like I said before, flag it when you're not certain."
    assert _explicit(extractor, said, "user|uncertainty") == [("flag uncertainty", True)]
    assert _facts(extractor, "Tell me when you're guessing.").get("user|uncertainty") == "flag uncertainty"
    said = "又是首先其次那一套。跟你说过的，别给我整这种八股文的格式，有啥说啥"
    assert _facts(extractor, said).get("user|essay_structure") == "no boilerplate structure"
    # what was said before, quoted to be corrected, stays reported
    assert "user|day_off" not in _facts(extractor, "Earlier I told you my day off was Tuesday.")


def test_uncles_and_aunts_named_and_common_names_that_are_words(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "我舅舅建国下礼拜来我这儿住几天，他腿脚不太利索")
    assert said.get("user|relative:uncle:建国") == "建国"
    assert not any(k.startswith("user|relative") for k in _facts(extractor, "我舅舅明天来我这儿住几天"))


def test_more_pet_kinds(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "我养了一只松鼠，叫瓜子")
    assert any(k.startswith("user|pet") for k in said), said


def test_a_note_repaired_in_the_same_breath_by_a_later_sentence(extractor: RuleExtractor) -> None:
    said = (
        "Please remember my son's soccer team: he's on the Hornets. Wait, no, that was last spring. "
        "This season he's on the Comets."
    )
    notes = [f.value for f in extractor.extract(said) if f.key.startswith("user|note")]
    assert notes == ["my son's soccer team: he's on the comets"]
    said = "帮我记一下我的戒指圈号：16号……哦不对，16号是我量的中指，戒指戴无名指，无名指是14号"
    notes = [f.value for f in extractor.extract(said) if f.key.startswith("user|note")]
    assert len(notes) == 1 and "14号" in notes[0] and "16" not in notes[0]


def test_a_determined_noun_pair_is_one_topic_keyed_by_its_first_noun(extractor: RuleExtractor) -> None:
    said = extractor.topics("The model trains are the one thing that really switches my brain off.")
    assert [(t.key, t.word, t.stance) for t in said][:1] == [("model", "model trains", True)]
    assert "model" in [t.key for t in extractor.topics("I've been building a model railroad in my basement.")]


def test_no_closing_summary_and_a_list_ending_in_and_so_on_is_no_question(extractor: RuleExtractor) -> None:
    said = "又总结上了。说完就完，结尾别再给我来个“总之”啥的"
    assert _facts(extractor, said).get("user|closing_summary") == "no closing summary"
    assert _facts(extractor, "Skip the summary at the end.").get("user|closing_summary") == "no closing summary"


def test_a_godchild_named_in_apposition(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我干女儿许安然今年五岁了").get("user|relative:goddaughter:许安然") == "许安然"


def test_what_a_project_is_built_on_said_of_it(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "hornbeam's endpoints are slow. It's FastAPI on uvicorn, and a few handlers block.")
    assert (said.get("user|stack:web_framework"), said.get("user|stack:app_server")) == ("fastapi", "uvicorn")
    said = _facts(extractor, "核桃这个App是纯血鸿蒙的，ArkTS写的。")
    assert (said.get("user|uses_language"), said.get("user|stack:platform")) == ("arkts", "鸿蒙")
    # how it is done on that platform names it again; a toggle (切换) is no change of mind
    assert extractor.mentioned("核桃里要加个深色模式切换，鸿蒙这边一般咋弄？", ["鸿蒙"]) == [True]


def test_a_budgeting_app_and_a_claim_that_one_cannot_do_without_this_app(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我记账全靠钱迹，大到房租小到一瓶水，每一笔都记").get("user|budget_app") == "钱迹"
    assert extractor.mentioned("月底翻了翻账单，吓我一跳。这软件我是离不开了", ["钱迹"]) == [False]
    assert extractor.mentioned("月底翻了翻钱迹的账单。这软件我是离不开了", ["钱迹"]) == [True]


def test_high_speed_trains_only_and_a_step_free_meeting_venue(extractor: RuleExtractor) -> None:
    said = "以后给我查车次，D字头的直接划掉，只要G的"
    assert "G字头" in _facts(extractor, said).get("user|train_class", "")
    said = "I use a wheelchair, so any in-person meeting has to be somewhere step-free: ground floor or a working lift."
    facts = _facts(extractor, said)
    assert facts.get("user|meeting_access", "").startswith("step-free") and "user|hotel_floor" not in facts
    assert _facts(extractor, "I always ask for a room on the ground floor.").get("user|hotel_floor") == "ground floor"


def test_a_project_s_parts_listed_after_what_it_is(extractor: RuleExtractor) -> None:
    said = {f.key: f.value for f in extractor.extract("hazel is a Tauri app, Rust backend with a React front end.")}
    assert said.get("project|uses_language") == "rust" and said.get("project|stack:desktop") == "tauri"
    asked = "How do I call a Rust function from the front end in hazel and get a result back?"
    assert extractor.mentioned(asked, ["rust"]) == [True]
    assert extractor.mentioned("How do I find a Thai restaurant near me?", ["thai"]) == [False]


def test_meeting_cadence_phones_and_status_updates(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I have a skip-level with my VP once a month.").get("user|meeting_cadence") == "monthly"
    changed = "My skip-level cadence changed: it's quarterly now. Please update that."
    assert _explicit(extractor, changed, "user|meeting_cadence") == [("quarterly", True)]
    said = "Please remember that my one-on-ones with my team happen every other week."
    assert _facts(extractor, said).get("user|meeting_cadence") == "biweekly"
    assert "user|meeting_phones" in _facts(extractor, "我开会有条死规矩：手机一律调静音扣在桌上")
    assert "user|meeting_status" in _facts(extractor, "I don't do status meetings. Send me a written note.")
    after = "Got invited to a 'project sync' of slides read aloud. I declined. Updates reach me async or not at all."
    assert "user|meeting_status" in _facts(extractor, after)


def test_unity_the_engine_and_a_framework_underneath(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "柿子这个小游戏是拿Unity做的，C#写逻辑。").get("user|stack:game_engine") == "unity"
    assert "user|stack:game_engine" not in _facts(extractor, "We use a sense of unity and build with love.")
    said = {f.key: f.value for f in extractor.extract("basalt is an Expo app, React Native underneath.")}
    assert said.get("project|stack:ui") == "react native"


def test_where_the_speaker_meets_clients(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "见客户我一般都约在茶馆，找个包间泡壶茶")
    assert said.get("user|meeting_venue") == "茶馆 (teahouse)"
    again = _facts(extractor, "明儿约了个老客户，照例还是去茶楼坐坐。")
    assert again.get("user|meeting_venue") == "茶馆 (teahouse)"


def test_the_items_of_a_list_of_rules_after_its_semicolon(extractor: RuleExtractor) -> None:
    said = "青藤这个项目你记两条：金额一律用分存整数，别用浮点；代码行宽不超过120"
    rules = [f.value for f in extractor.extract(said) if f.key.startswith("user|instruction")]
    assert rules == ["金额一律用分存整数，别用浮点", "代码行宽不超过120"]
    # a segment after a "；" with no list announced is not a rule
    assert not any("instruction" in k for k in _facts(extractor, "今天好热；代码行宽不超过120"))


def test_walking_meetings_notice_flashcards_and_apologies_again(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "I like doing my one-on-ones as walking meetings when the weather's decent.")
    assert said == {"user|meeting_style": "walking meetings"}
    assert "user|meeting_notice" in _facts(extractor, "约我开会最好提前一天说，临时拉的会我基本都顾不上")
    assert _facts(extractor, "I do my Anki reviews every morning with coffee.").get("user|flashcard_app") == "anki"
    again = _facts(extractor, "Again with the apologies. Please skip those, they just make the answers longer.")
    assert again == {"user|apologies": "no apologies"}
    assert _facts(extractor, "Please make the answers longer.").get("user|prefers_reply_style") == "detailed replies"


def test_a_spouse_named_beside_the_speaker_and_a_manager_by_what_is_managed(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我和老公大伟养了一只柯基").get("user|spouse:name") == "大伟"
    assert extractor.mentioned("做产品的真难，天天被开发怼", ["产品经理"], [True], [True]) == [True]


def test_the_class_one_travels_in_beside_where_one_sits(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "帮我订下周二去南京的高铁，老规矩，二等座靠窗")
    assert (said.get("user|travel_class"), said.get("user|travel_seat")) == ("二等座", "window seat")
    assert _facts(extractor, "喜鹊小程序前端用的是uni-app，后端走云函数").get("user|stack:ui") == "uni-app"


def test_short_sight_in_degrees_and_who_it_belongs_to(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我近视六百度，不戴眼镜五米开外人畜不分").get("user|eyesight") == "近视六百度"
    fixed = "更正一下，刚翻出验光单，我其实是四百五十度，六百度是我老婆的"
    assert _facts(extractor, fixed).get("user|eyesight") == "近视四百五十度"
    assert "user|eyesight" not in _facts(extractor, "我是三十度的天气也不怕")


def test_ordinary_words_that_name_technologies_in_context(extractor: RuleExtractor) -> None:
    said = "For HTTP calls in Python I always reach for requests."
    assert _facts(extractor, said).get("user|stack:http_client") == "requests"
    assert "user|stack:http_client" not in _facts(extractor, "I use the requests you sent me.")
    assert extractor.mentioned("枇杷的ES集群今天又黄了", ["elasticsearch"]) == [True]


def test_honorifics_again_and_said_many_times(extractor: RuleExtractor) -> None:
    said = "又“您”上了。说了多少回了，不用跟我客气，就当平时聊天那样"
    assert _explicit(extractor, said, "user|honorific") == [("no honorific 您", True)]


def test_oops_no_repairs_a_note_in_the_same_breath_names_and_acronyms_whole(extractor: RuleExtractor) -> None:
    notes = [f.value for f in extractor.extract("Please remember my locker is 12. Oops, no, 21.") if "note" in f.key]
    assert notes == ["my locker is 21"]
    said = "Please remember my home airport is JFK. Oops, no, Newark. JFK was just for last month's trip."
    assert [f.value for f in extractor.extract(said) if "note" in f.key] == ["my home airport is newark"]


def test_a_laugh_closing_a_plain_statement_and_handedness(extractor: RuleExtractor) -> None:
    said = "every password i have lives in 1Password lol"
    assert _facts(extractor, said).get("user|password_manager") == "1password"
    assert _facts(extractor, "I love Mondays lol") == {}  # a laugh after a stance may be the irony
    said = "跟你交个底：我在宁波做外贸，另外我是左撇子。这两条你记一下"
    assert _facts(extractor, said).get("user|handedness") == "left-handed (左撇子)"
    assert "user|travel_row" in _facts(extractor, "帮我选座，越靠前越好，前五排以内都行")


def test_please_note_my_and_gin_the_framework_only_beside_go(extractor: RuleExtractor) -> None:
    said = "Please note my kids' pediatrician: Dr. Okafor at Lakeside Pediatrics. Sorry, Riverside Pediatrics."
    notes = [f.value for f in extractor.extract(said) if "note" in f.key]
    assert notes == ["my kids' pediatrician: dr. okafor at riverside pediatrics"]
    assert _facts(extractor, "锦鲤的后端是拿Go写的，框架用的Gin").get("user|stack:web_framework") == "gin"
    assert "user|stack:web_framework" not in _facts(extractor, "I like gin and tonic.")
    assert "user|job" not in _facts(extractor, "又是一个没人记录的会，开完各说各的")


def test_another_name_of_the_same_activity_is_a_sighting(extractor: RuleExtractor) -> None:
    said = "Saw my first great blue heron up close today! Birding is honestly what keeps me sane these days."
    assert extractor.mentioned(said, ["birdwatching"]) == [True]
    assert extractor.mentioned("周末又去骑车了，骑了八十公里", ["骑行"]) == [True]
    assert extractor.mentioned("周末又去爬山了", ["骑行"]) == [False]


def test_a_role_is_named_again_by_its_trade_word(extractor: RuleExtractor) -> None:
    said = "I will, between jobs. I'm interpreting two doctor's appointments and a court hearing, all in sign."
    assert extractor.mentioned(said, ["asl interpreter"], [True], [True]) == [True]
    assert extractor.mentioned("Such is the analyst's life.", ["data analyst"], [True], [True]) == [True]
    assert extractor.mentioned("I moved to York last year.", ["new york"], [True], [True]) == [False]


def test_a_pet_renamed_by_what_we_did_to_it(extractor: RuleExtractor) -> None:
    said = "我们给狗改名了，不叫旺财了，现在叫可乐，记一下"
    assert _explicit(extractor, said, "user|pet:dog:name") == [("可乐", True)]


def test_where_one_works_as_a_role_and_an_employer_one_does_a_job_at(extractor: RuleExtractor) -> None:
    said = _facts(extractor, "Remember: I work at IBM as a project manager in Chicago.")
    assert (said.get("user|location"), said.get("user|employer")) == ("chicago", "ibm")
    said = _facts(extractor, "现在在成都的米哈游做运营")
    assert (said.get("user|location"), said.get("user|employer"), said.get("user|job")) == ("成都", "米哈游", "运营")
    assert "user|employer" not in _facts(extractor, "我在字节跳动的发布会上做了个演讲")
