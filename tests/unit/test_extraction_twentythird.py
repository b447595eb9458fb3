"""Mechanisms built against the twenty-first development round, second pass: what a service caches in and what its
maps are drawn with as stack slots (so a project's Caffeine overrides the user's Redis), a technology said of a
part of the code base or named alone "as usual", a language that ends a product's name, low-cost airlines left
out, an airport one no longer connects through, circuit-board and CAD tools, the microphone in calls, a pastime
kept up for years, and a trade named without its person as a later sighting of the role."""

from __future__ import annotations

from graphmem.extraction.extractor import RuleExtractor


def _facts(extractor: RuleExtractor, text: str) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text)}


def test_a_cache_and_a_map_library_are_one_slot_each(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我做缓存一直用Redis，过期、排行榜、计数器啥都能干，用顺手了") == {
        "user|stack:cache": "redis"
    }
    said = "西瓜这个项目不让装Redis，缓存只能走本地的Caffeine。在西瓜里你写缓存都用Caffeine，这个记住"
    assert "caffeine" in _facts(extractor, said).values()
    assert "redis" not in _facts(extractor, said).values()
    assert _facts(extractor, "Every map I build uses Mapbox.") == {"user|stack:maps": "mapbox"}


def test_a_technology_said_of_a_part_or_alone_as_usual(extractor: RuleExtractor) -> None:
    said = "So the maps in sumac are built with the ArcGIS Maps SDK for JavaScript, not Mapbox."
    assert _facts(extractor, said) == {"user|stack:maps": "arcgis"}  # not JavaScript: it ends the product's name
    said = "Write me a quick Mapbox GL JS snippet that drops a marker. Mapbox, as usual."
    assert _facts(extractor, said) == {"user|stack:maps": "mapbox"}
    assert _facts(extractor, "Write me a quick JS snippet that drops a marker.") == {"user|uses_language": "javascript"}


def test_low_cost_airlines_left_out_and_an_airport_one_does_not_connect_through(extractor: RuleExtractor) -> None:
    for said in ("上回被廉航坑过，打那以后廉价航空一律不坐", "帮我看看去昆明的机票。春秋、九元那种廉航就别往里放了"):
        assert _facts(extractor, said).get("user|travel_low_cost") == "no low-cost airlines (廉航)", said
    assert _facts(extractor, "No budget airlines for me, ever.").get("user|travel_low_cost")
    facts = extractor.extract("I don't connect through Chicago O'Hare anymore.")
    assert [(f.key, f.value, f.polarity) for f in facts] == [("user|travel_connection", "O'Hare", False)]
    facts = extractor.extract("Any connection but O'Hare; that airport and I are done.")
    assert [(f.key, f.value) for f in facts] == [("user|travel_connection", "O'Hare")]
    assert not extractor.extract("My connection through Denver was smooth.")


def test_circuit_board_and_cad_tools(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I design all my synth module PCBs in KiCad.") == {"user|pcb_tool": "kicad"}
    assert _facts(extractor, "Every board I've ever made went through KiCad.") == {"user|pcb_tool": "kicad"}
    assert _facts(extractor, "我天天画图都用AutoCAD") == {"user|cad_tool": "autocad"}
    assert extractor.mentioned("今天重装系统，头一件事就是把CAD装回去", ["autocad"], [True], [False]) == [True]
    assert not _facts(extractor, "He was such a cad about the whole thing, I use that word on purpose.")


def test_the_microphone_in_calls(extractor: RuleExtractor) -> None:
    mic = "mic off, types in the chat (不开麦)"
    assert _facts(extractor, "我开线上会基本不开麦，有啥要说的都在聊天框里打字").get("user|meeting_mic") == mic
    assert _facts(extractor, "开会我就这样，麦能不开就不开，全靠打字").get("user|meeting_mic") == mic
    assert _facts(extractor, "I always stay on mute in meetings and type in the chat.").get("user|meeting_mic") == mic
    # a phone on silent in a meeting is no microphone
    assert "user|meeting_mic" not in _facts(extractor, "我开会有条死规矩：手机一律调静音扣在桌上")
    assert not extractor.extract("楼下麦当劳不开门了，开会前只能饿着")  # McDonald's is no microphone


def test_a_pastime_kept_up_for_years(extractor: RuleExtractor) -> None:
    said = "I've been shooting archery at the county range for two years and 28 pounds feels easy now."
    assert _facts(extractor, said) == {"user|taste|archery": "archery"}
    assert _facts(extractor, "Archery has been my thing ever since I picked up a bow.") == {
        "user|taste|archery": "archery"
    }
    assert not extractor.extract("I've been playing with the idea for years.")


def test_a_trade_without_its_person_sights_the_role(extractor: RuleExtractor) -> None:
    said = "Tattooing is the best job in the world until your hand cramps."
    assert extractor.mentioned(said, ["tattoo artist"], [True], [True]) == [True]
    assert extractor.mentioned("My friend got a tattoo yesterday.", ["tattoo artist"], [True], [True]) == [False]
    said = "干我们理发这行，一到开学和过年前就忙疯"
    assert extractor.mentioned(said, ["理发师"], [True], [True]) == [True]
    assert extractor.mentioned("今天去理发了，剪短了点", ["理发师"], [True], [True]) == [False]


def test_a_rough_price_asked_for_is_no_question_nor_a_hedge(extractor: RuleExtractor) -> None:
    facts = extractor.extract("光说牌子有啥用，我又不知道贵贱。推荐东西你得顺手把大概多少钱写上")
    assert [(f.key, f.value, f.confidence >= 0.5) for f in facts] == [("user|prices", "include prices (价位)", True)]
    assert not extractor.extract("这个电饭煲多少钱？")


def test_no_buzzwords(extractor: RuleExtractor) -> None:
    value = "no buzzwords or clichés, plain words (套话)"
    said = "Nobody talks like that. No 'delve', no 'tapestry', none of that stuff. Write like a person."
    assert _facts(extractor, said).get("user|buzzwords") == value
    said = "I told you last time: plain words. That buzzword stuff makes it sound like a robot wrote it."
    assert _facts(extractor, said).get("user|buzzwords") == value
    assert _facts(extractor, "写东西别整那些套话，我看着累").get("user|buzzwords") == value


def test_a_meeting_moved_keeps_the_day_and_time_moved_to_not_the_reason_before(extractor: RuleExtractor) -> None:
    said = (
        "业委会开会时间改了，好几个委员礼拜天晚上得陪孩子写作业，往后挪到每月第二个礼拜六上午十点。你帮我改过来，"
        "别再按礼拜天晚上提醒我"
    )
    facts = _facts(extractor, said)
    assert facts.get("user|meeting_day") == "second saturday of the month"
    assert facts.get("user|meeting_time") == "10:00"


def test_what_one_actually_does_replaces_the_name_one_kept_saying(extractor: RuleExtractor) -> None:
    said = "跟你坦白个事儿，我嘴上一直说瑜伽，其实我上的是普拉提，就是躺在器械上练的那种。你那儿记的改成普拉提吧"
    assert extractor.replaced(said, ["瑜伽"]) == ["普拉提"]
    assert extractor.replaced("我也想试试瑜伽，其实是听朋友说的", ["瑜伽"]) == [""]  # no correction in the turn


def test_a_chinese_pastime_kept_up_for_years(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我跳广场舞跳了六七年了，我们那队三十多号人") == {"user|taste|广场舞": "广场舞"}
    assert _facts(extractor, "我打羽毛球打了十年了") == {"user|taste|羽毛球": "羽毛球"}
    assert _facts(extractor, "我弹吉他弹了好多年") == {"user|taste|吉他": "吉他"}
    assert not extractor.extract("我打工打了三年")
    assert not extractor.extract("他跳广场舞跳了六七年了")


def test_a_childs_partner_named_through_the_child(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "我闺女跟她对象志强十月份办婚礼，我这当妈的得提前把陪嫁的被子缝出来")
    assert facts == {"user|relative:daughter's partner:志强": "志强"}


def test_a_pet_kept_then_counted_and_farm_animals_kept_as_pets(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "家里养了只猫叫年糕") == {"user|pet:cat:name": "年糕"}
    assert _facts(extractor, "我家养了只大白鹅叫大将军") == {
        "user|pet:goose:name": "大将军",
        "user|pet:goose:kind": "大白鹅",
    }
    assert not extractor.extract("家里养的那只猫最近不吃饭")


def test_the_room_meetings_are_booked_in(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "以后凡是你帮我约的线下会，会议室都先订望江，订不上再来问我。这个你记牢了")
    assert facts == {"user|meeting_room": "望江"}  # in person is the scope of the rule, not a setting of its own
    assert _facts(extractor, "For my team meetings, always book the Fjord room.") == {"user|meeting_room": "fjord"}


def test_a_supposing_clause_after_a_plain_statement_leaves_the_statement(extractor: RuleExtractor) -> None:
    said = "Honestly pinball is the best part of my week, I'd play every night if my wallet let me."
    assert _facts(extractor, said) == {"user|taste|pinball": "pinball"}
    assert not extractor.extract("I'd move to Berlin, I think.")
    assert not extractor.extract("If I lived in Berlin, I'd cycle everywhere.")


def test_a_kind_of_meeting_named_as_a_rules_scope_is_no_format(extractor: RuleExtractor) -> None:
    said = "Do that for every in-person meeting you put on my calendar. Travel time before each one, please remember."
    assert "user|meeting_format" not in _facts(extractor, said)
    assert _facts(extractor, "I prefer in-person meetings.") == {"user|meeting_format": "in person"}


def test_a_weekday_of_every_month(extractor: RuleExtractor) -> None:
    said = "我们组的月度复盘会定在每个月最后一个周五下午，一开就是俩钟头"
    assert _facts(extractor, said).get("user|meeting_day") == "last friday of the month"
    said = "复盘会挪时间了，以后改到每月第一个周一上午。你更新一下"
    assert _facts(extractor, said).get("user|meeting_day") == "first monday of the month"
    assert _facts(extractor, "我每周四开周会").get("user|meeting_day") == "thursday"


def test_a_trade_said_by_its_verb_or_as_ones_field_sights_the_role(extractor: RuleExtractor) -> None:
    said = "That's June when you photograph weddings for a living."
    assert extractor.mentioned(said, ["wedding photographer"], [True], [True]) == [True]
    assert extractor.mentioned("I love to photograph birds.", ["wedding photographer"], [True], [True]) == [False]
    said = "Eleven service calls. July in HVAC means nobody sleeps."
    assert extractor.mentioned(said, ["hvac tech"], [True], [True]) == [True]
    assert extractor.mentioned("My HVAC is broken again.", ["hvac tech"], [True], [True]) == [False]


def test_topics_of_a_thing_done_with_companions_or_done_again(extractor: RuleExtractor) -> None:
    keys = [t.key for t in extractor.topics("可不，下了班赶紧约同事去打乒乓球，一口气打了俩钟头")]
    assert "打乒乓球" in keys  # the colleagues are company, the speaker plays
    assert [t.key for t in extractor.topics("今晚又打了俩小时羽毛球，洛阳这天一热")] == ["羽毛球"]
    assert not extractor.topics("同事最近迷上了钓鱼")
    assert not extractor.topics("今晚打了俩小时羽毛球")  # one evening, not a habit


def test_an_ingredient_taken_out_of_what_is_cooked(extractor: RuleExtractor) -> None:
    said = "教我做个水煮肉片呗。花椒你给我去掉啊，那玩意儿一嚼满嘴发麻，我是真受不了"
    assert [(f.key, f.predicate.value) for f in extractor.extract(said)] == [("user|taste|花椒", "avoids")]
    assert not extractor.extract("标题给我去掉")  # a heading is no food
    assert not extractor.extract("第二段给我去掉吧，味道不对")


def test_how_styles_and_docstrings_are_written_are_one_slot_each(extractor: RuleExtractor) -> None:
    said = "I style pretty much everything with Tailwind these days; writing raw CSS feels slow now."
    assert _facts(extractor, said) == {"user|stack:styling": "tailwind"}
    said = "Egret is an older codebase that uses SCSS modules throughout, so in this project give me SCSS."
    assert [f.key.split("|", 1)[1] for f in extractor.extract(said)] == ["stack:styling"]
    assert not extractor.extract("I use less sugar in my coffee now.")  # less, the word
    said = "I write all my Python docstrings Google-style, with Args and Returns sections."
    assert _facts(extractor, said).get("user|code_docstring_style") == "google style"
    said = "Can you add docstrings to these three functions? Google-style, like always."
    assert _facts(extractor, said) == {"user|code_docstring_style": "google style"}


def test_a_value_the_project_may_not_use_is_set_aside() -> None:
    from graphmem.extraction.scope import set_aside

    said = "西瓜这个项目情况特殊，人家那边不让装Redis，缓存只能走本地的Caffeine"
    assert set_aside(said, ["redis", "caffeine"]) == [True, False]
    assert set_aside("The client can't use Postgres, so give me MySQL here", ["postgres", "mysql"]) == [True, False]


def test_a_chinese_question_of_what_to_set_in_a_thing_names_it(extractor: RuleExtractor) -> None:
    said = "蓝莓的导航老在货架拐角那儿原地打转，Nav2里该调哪几个参数？"
    assert extractor.mentioned(said, ["ros2"], [True]) == [True]  # Nav2, ROS 2's navigation stack
    assert extractor.mentioned("Nav2是什么？", ["ros2"], [True]) == [False]
