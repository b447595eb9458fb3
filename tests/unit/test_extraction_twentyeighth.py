"""Mechanisms of the twenty-eighth session, from failures of the tuned rounds: a tool known by its short name
("PS"), a turn that swaps something else ("PS里怎么把背景换成白色"), a rule for the project the turn is in ("in this
project switch to …"), money a piece of work may spend or aims at (a budget, a goal), and a style word that
describes a piece of writing rather than the replies ("Can you write a short toast for …")."""

from __future__ import annotations

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.scope import as_said, marked


def _facts(extractor: RuleExtractor, text: str, context: tuple[str, ...] | list[str] = ()) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text, context)}


def test_photoshop_is_named_by_ps_in_capitals_or_beside_chinese(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我做海报一般用PS") == {"user|design_tool": "photoshop"}
    assert _facts(extractor, "I edit all my product shots in PS.") == {"user|design_tool": "photoshop"}
    assert "user|design_tool" not in _facts(extractor, "ps i use tabs")
    assert extractor.mentioned("PS里怎么把证件照背景换成白色？", ["photoshop"], [True], [False]) == [True]


def test_what_a_turn_swaps_with_ba_does_not_negate_the_rest_of_it(extractor: RuleExtractor) -> None:
    assert extractor.mentioned("Excel里怎么把这一列换成日期格式？", ["excel"], [True], [False]) == [True]
    assert extractor.mentioned("我把Excel换成了WPS", ["excel"], [True], [False]) == [False]
    assert extractor.mentioned("我不用Excel了", ["excel"], [True], [False]) == [False]


def test_a_rule_for_the_project_the_turn_is_in_is_explicit(extractor: RuleExtractor) -> None:
    said = "The client is in Sydney, so for this project use British spelling throughout."
    facts = [as_said(f, "docs") for f in extractor.extract(marked(said, "docs"))]
    assert [(f.key, f.value, f.explicit) for f in facts] == [("user|spelling", "british spelling", True)]
    assert all(not f.explicit for f in extractor.extract("I use British spelling in this project."))


def test_a_budget_and_a_goal_in_money_are_their_own_attributes(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "厨房翻新总预算八万，超了就不做了") == {"user|budget": "八万"}
    assert _facts(extractor, "给婚礼留的预算是5万块") == {"user|budget": "5万块"}
    assert _facts(extractor, "We have a budget of 4,500 euros for the garden.") == {"user|budget": "4,500 euros"}
    assert _facts(extractor, "The $12k budget covers the whole renovation.") == {"user|budget": "$12k"}
    assert _facts(extractor, "Our target is to raise $5,000 for the animal shelter.") == {"user|goal_amount": "$5,000"}
    assert _facts(extractor, "我们班义卖目标是筹到三千块") == {"user|goal_amount": "三千块"}
    assert _facts(extractor, "My sister's budget is $300.") == {}
    assert _facts(extractor, "I budget carefully every month.") == {}


def test_a_style_word_before_a_piece_of_writing_is_no_reply_setting(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "Can you write a short toast for my brother's wedding?") == {}
    assert _facts(extractor, "帮我写一篇正式的请假条") == {}
    assert _facts(extractor, "Could you keep your answers short?") == {"user|prefers_reply_style": "short replies"}
    assert _facts(extractor, "I want a short answer, not an essay.") == {"user|prefers_reply_style": "short replies"}
    assert _facts(extractor, "Please write in a formal tone.") == {"user|prefers_tone": "formal"}
    assert _facts(extractor, "用个轻松的语气跟我说") == {"user|prefers_tone": "casual"}


def test_a_clause_with_no_subject_after_a_relation_s_name_is_about_them(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我老公叫建国，在县城开了家五金店") == {"user|spouse:name": "建国"}
    assert _facts(extractor, "我妹妹叫李娟，住在成都") == {"user|sibling:sister:name": "李娟"}
    facts = _facts(extractor, "我老公叫建国，我在县城开了家五金店")
    assert facts["user|spouse:name"] == "建国" and facts["user|job"] == "五金店"
    assert _facts(extractor, "我叫王磊，在北京上班")["user|location"] == "北京"


def test_going_over_is_no_past(extractor: RuleExtractor) -> None:
    said = "今天海燕的花店搞活动，我下了班过去帮她看店"
    assert extractor.mentioned(said, ["海燕"], [True], [True]) == [True]
    assert extractor.mentioned("我过去在海燕那边住过", ["海燕"], [True], [True]) == [False]


def test_a_relation_named_before_the_day_they_turn_a_year_older(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "给我出个主意，我女儿豆豆11月3号满六岁，想办个小派对")
    assert facts == {"user|child:daughter:name": "豆豆", "user|child:daughter:birthday": "11月3号"}
    assert _facts(extractor, "我儿子7月9号过生日") == {"user|child:son:birthday": "7月9号"}
    # the day said again without 号 names the same day
    assert extractor.mentioned("11月3那天我请了假", ["11月3号"], [True], [False]) == [True]
    assert extractor.mentioned("11月30那天我请了假", ["11月3号"], [True], [False]) == [False]


def test_driving_for_a_company_is_a_driver_there(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I drive for Amazon, so my weekends are short.") == {
        "user|employer": "amazon",
        "user|job": "driver",
    }
    facts = _facts(extractor, "Quick update: I'm driving for DHL now.")
    assert facts["user|employer"] == "dhl" and facts["user|job"] == "driver"
    assert _facts(extractor, "I'm driving for my mom to the clinic today.") == {}


def test_the_department_one_works_in_is_one_s_role(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "I work at Costco in the bakery department, mostly on the early shift.")
    assert facts["user|job"] == "bakery department" and facts["user|employer"] == "costco"
    assert _facts(extractor, "I work in the HR department.") == {"user|job": "hr department"}


def test_black_and_prettier_are_formatters_only_with_code_in_view(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "Make me a burrito bowl with black beans, I'm happy with that.") == {}
    assert _facts(extractor, "We format every Python file with black.") == {"user|stack:formatter": "black"}
    assert _facts(extractor, "Can you make the chart prettier?") == {}


def test_a_plural_still_names_a_long_value_and_a_laughed_habit_sights_it(extractor: RuleExtractor) -> None:
    said = "ok there's a pupusa truck by my office and i get pupusas like twice a week lol"
    assert extractor.mentioned(said, ["pupusa"], [True], [False]) == [True]
    assert extractor.mentioned("pupusas again?? what am i doing lol", ["pupusa"], [True], [False]) == [False]


def test_the_speaker_s_own_thing_right_after_someone_else_is_theirs(extractor: RuleExtractor) -> None:
    said = "我婆婆又炖了一锅花生猪脚。她老记不住我花生过敏，我只能吃米饭"
    assert extractor.mentioned(said, ["花生"], [False], [False]) == [True]
    assert extractor.mentioned("我婆婆又炖了一锅花生猪脚", ["花生"], [False], [False]) == [False]


def test_answers_that_show_the_working_are_a_reply_setting(extractor: RuleExtractor) -> None:
    expected = {"user|show_working": "show the working"}
    assert _facts(extractor, "I always want to see the math, not just the final figure.") == expected
    assert _facts(extractor, "以后帮我算东西都把推导过程写出来") == expected
    assert _facts(extractor, "No need to show the steps, just the number.") == {}


def test_a_thing_then_the_kind_of_thing_one_cannot_take(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "Okra is one of those foods I just can't stand.") == {"user|taste|okra": "okra"}
    assert _facts(extractor, "Lisbon is one of those places I just can't do.") == {}


def test_a_food_that_turns_the_speaker_s_stomach_is_disliked(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "臭豆腐我闻一下就想吐") == {"user|taste|臭豆腐": "臭豆腐"}
    assert _facts(extractor, "我一喝到羊奶就反胃") == {"user|taste|羊奶": "羊奶"}
    assert _facts(extractor, "今天坐车我一坐就想吐") == {}


def test_that_thing_and_it_kept_off_are_the_food_the_turn_set_aside(extractor: RuleExtractor) -> None:
    facts = extractor.extract("帮我订个菜单。苦瓜就别放了，那玩意儿我吃一口就想吐，以后做菜都别加它")
    assert {(f.key, f.explicit) for f in facts} == {("user|taste|苦瓜", True)}
    # a pet is no food set aside
    assert "user|taste|巧克力" not in _facts(extractor, "我家狗叫旺财，以后别给它吃巧克力")


def test_what_eating_it_does_to_the_speaker_is_no_stance_of_eating_it(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "芒果我吃了嘴巴痒") == {}
    assert _facts(extractor, "香菜我现在也吃了") == {"user|taste|香菜": "香菜"}


def test_a_child_s_year_at_school_is_their_field(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我闺女今年读五年级，英语有点跟不上") == {"user|child:daughter:grade": "五年级"}
    assert _facts(extractor, "My son is in 7th grade now.") == {"user|child:son:grade": "7th grade"}
    assert _facts(extractor, "我同事儿子上初二") == {}
    facts = extractor.extract("不对，我说错了，我女儿是高二，不是高一。你帮我改一下")
    assert [(f.key, f.value, f.explicit) for f in facts] == [("user|child:daughter:grade", "高二", True)]


def test_the_household_router_by_its_make(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "The router's a TP-Link in the hallway, and the Wi-Fi dies every night.") == {
        "user|router": "tp-link"
    }
    facts = extractor.extract("Sorry, I've been telling you the wrong router. It's an Orbi, not a Linksys. Fix that.")
    assert [(f.key, f.value, f.explicit) for f in facts] == [("user|router", "orbi", True)]
    assert _facts(extractor, "I bought an Asus laptop for school.").get("user|router") is None


def test_where_one_studies_is_where_one_lives(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我在墨尔本读研，这边冬天也不冷") == {"user|location": "墨尔本"}
    assert _facts(extractor, "I'm studying in Edinburgh this year.") == {"user|location": "edinburgh"}
    assert _facts(extractor, "I go to college in Austin.") == {"user|location": "austin"}
    assert _facts(extractor, "我在图书馆读书") == {}
    assert _facts(extractor, "I'm studying in the library.") == {}


def test_taking_up_a_food_or_drink_is_no_longer_avoiding_it(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我最近开始喝点咖啡了") == {"user|taste|咖啡": "咖啡"}
    assert [f.polarity for f in extractor.extract("我最近开始喝点咖啡了")] == [False]
    assert [(f.value, f.polarity) for f in extractor.extract("我现在也吃肉了")] == [("肉", False)]
    assert [(f.value, f.polarity) for f in extractor.extract("我开始不吃肉了")] == [("肉", True)]


def test_a_statement_the_assistant_is_told_to_stop_assuming_is_taken_back(extractor: RuleExtractor) -> None:
    facts = extractor.extract("以后别再当我不吃辣了，我现在挺能吃的")
    assert [(f.key, f.polarity) for f in facts if f.key == "user|taste|辣"] == [("user|taste|辣", False)]
    assert [(f.value, f.polarity) for f in extractor.extract("Stop assuming I don't eat fish.")] == [("fish", False)]


def test_kinds_listed_by_what_they_are_name_no_food(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我滴酒不沾，啤的白的红的都不喝") == {"user|taste|酒": "酒"}


def test_an_emphatic_refusal_after_someone_else_s_taste_is_the_speaker_s(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我老婆爱吃甜的，我是不吃甜的") == {"user|taste|甜": "甜"}
    assert _facts(extractor, "我是不是不吃辣") == {}


def test_working_somewhere_with_someone_is_working_there(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我跟我老公都在京东上班") == {"user|employer": "京东"}


def test_where_the_speaker_s_household_lives(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我们家在朝阳，离公司不远") == {"user|location": "朝阳"}
    assert _facts(extractor, "我家在五楼") == {}


def test_a_night_owl_or_an_early_bird(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "Honestly I'm a night owl, always have been.") == {"user|chronotype": "night owl"}
    assert _facts(extractor, "我是早起党") == {"user|chronotype": "early bird"}
    # a reason given for a setting is not stated apart from it
    assert "user|chronotype" not in _facts(extractor, "I'm an early bird, so book my calls before nine.")


def test_how_the_speaker_gets_to_work(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I usually take the train to work.") == {"user|commute": "train"}
    assert _facts(extractor, "我平时骑自行车上班") == {"user|commute": "bike"}
    assert _facts(extractor, "My husband takes the bus to work.") == {}


def test_how_long_asks_so_a_question_of_it_is_no_note(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "奶粉快喝完了。这东西开封以后能放多久？") == {}
    assert _facts(extractor, "从家到公司要多长时间？") == {}


def test_a_diet_whose_name_holds_a_negation_is_no_denial(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我乳糖不耐受，喝拿铁得换燕麦奶") == {"user|diet": "lactose intolerant"}
    assert _facts(extractor, "我不是乳糖不耐受") == {}


def test_the_phone_one_uses_by_its_kind(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I use an Android phone for work.") == {"user|phone": "android"}
    assert _facts(extractor, "我用的是苹果手机") == {"user|phone": "iphone"}
    assert _facts(extractor, "My phone is an iPhone 15") == {"user|phone": "iphone 15"}
    assert _facts(extractor, "My son has an iPhone.") == {}


def test_a_food_one_cannot_get_used_to_and_a_taste_of_a_thing(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我吃不惯香椿") == {"user|taste|香椿": "香椿"}
    assert _facts(extractor, "我受不了他") == {}
    assert _facts(extractor, "I hate the smell of durian.") == {"user|taste|durian": "durian"}


def test_the_name_one_prefers_to_be_called(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I'd prefer to be called Robbie.") == {"user|name": "robbie"}


def test_the_speaker_s_age(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我今年二十八岁，还没结婚") == {"user|age": "28 years old"}
    assert _facts(extractor, "I'm 57 years old and just took up running.")["user|age"] == "57 years old"
    assert _facts(extractor, "我20岁那年在深圳打工") == {}
    assert _facts(extractor, "I'm 15 minutes late, sorry.") == {}


def test_a_project_rule_told_to_the_assistant_in_chinese_is_explicit(extractor: RuleExtractor) -> None:
    said = "这个项目里回复我用日语"
    facts = [as_said(f, "jp") for f in extractor.extract(marked(said, "jp"))]
    assert [(f.key, f.value, f.explicit) for f in facts] == [("user|prefers_language", "japanese", True)]
    # a description of the project said once is no request
    assert all(not f.explicit for f in extractor.extract(marked("这个项目的会都定在周三下午", "jp")))


def test_what_documents_are_written_in_is_no_reply_language(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "这个项目的文档都用英文写") == {"user|docs_language": "english"}
    assert _facts(extractor, "The docs are all written in German.") == {"user|docs_language": "german"}
    assert _facts(extractor, "In this repo we use tabs, not spaces.") == {"user|code_indentation": "tabs"}


def test_latex_is_a_document_tool(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I write all my papers in LaTeX.") == {"user|document_app": "latex"}


def test_working_from_home_every_day_and_working_for_oneself(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I work from home.") == {"user|work_mode": "remote"}
    assert _facts(extractor, "我现在一直在家办公") == {"user|work_mode": "remote"}
    assert _facts(extractor, "I usually work from home on Fridays.") == {"user|remote_days": "friday"}
    assert _facts(extractor, "I'm self-employed.") == {"user|employment_terms": "self-employed"}
    assert _facts(extractor, "我是个体户，开了家小卖部")["user|employment_terms"] == "self-employed"
