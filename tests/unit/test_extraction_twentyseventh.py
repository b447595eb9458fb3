"""Mechanisms of the twenty-seventh session, from failures of the tuned rounds: a relation's birthday said in the
clause after its name ("我女儿叫朵朵，五月八号生日"), a clock time said with a.m./p.m. ("every Wednesday at 8 a.m."),
work on a shop floor ("在电子厂流水线上干活") and a business of one's own ("盘了个早餐店"), an update asked of the
assistant ("你给我改一下"), a tyre size repaired in the same breath, and a name sighted in a turn that swaps
something else ("浩然过来帮我把阳台的晾衣杆换了")."""

from __future__ import annotations

from graphmem.extraction.extractor import RuleExtractor


def _facts(extractor: RuleExtractor, text: str, context: tuple[str, ...] | list[str] = ()) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text, context)}


def test_a_birthday_in_the_clause_after_the_relation_is_named_is_the_relation_s(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "我女儿叫朵朵，五月八号生日")
    assert facts["user|child:daughter:name"] == "朵朵"
    assert facts["user|child:daughter:birthday"] == "5月8号"
    assert _facts(extractor, "我家狗叫豆豆，腊月初八生日")["user|pet:dog:birthday"] == "腊月初八"
    assert _facts(extractor, "我腊月初八过生日") == {"user|birthday": "腊月初八"}
    assert "user|child:daughter:birthday" not in _facts(extractor, "我女儿叫朵朵，我五月八号生日")


def test_a_clock_time_with_dotted_a_m_is_a_meeting_time_and_ends_no_sentence(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "Every Wednesday at 8 a.m. we have a production meeting, so don't book anything then.")
    assert facts == {"user|meeting_day": "wednesday", "user|meeting_time": "8am"}
    assert _facts(extractor, "I prefer meetings after 2 p.m.") == {"user|meeting_time": "after 2pm"}
    # a.m. before a capital still ends the sentence
    facts = _facts(extractor, "I get up at 6 a.m. I like tea.")
    assert facts["user|taste|tea"] == "tea"


def test_work_on_a_shop_floor_names_the_employer(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我在电子厂流水线上干活，一天站十个钟头插板子") == {"user|employer": "电子厂"}
    assert _facts(extractor, "我在工地上打工") == {"user|employer": "工地"}
    assert _facts(extractor, "我在北京上班").get("user|employer") is None


def test_a_business_of_one_s_own_is_where_one_works(extractor: RuleExtractor) -> None:
    said = "电子厂那边我不干了，跟我对象在家门口盘了个早餐店，卖包子、油条、豆浆。"
    assert _facts(extractor, said) == {"user|job": "早餐店", "user|employer": "早餐店"}
    assert _facts(extractor, "我现在开了个早餐店") == {"user|job": "早餐店", "user|employer": "早餐店"}
    assert _facts(extractor, "我朋友开了个火锅店") == {}


def test_asking_the_assistant_to_change_what_it_keeps_is_explicit(extractor: RuleExtractor) -> None:
    said = "跟你说个事，电子厂那边我不干了，跟我对象盘了个早餐店。工作这块你给我改一下"
    assert {(f.value, f.explicit) for f in extractor.extract(said)} == {("早餐店", True)}
    assert {(f.value, f.explicit) for f in extractor.extract("我现在开了个早餐店")} == {("早餐店", False)}


def test_a_tyre_size_repaired_in_the_same_breath_is_kept_whole(extractor: RuleExtractor) -> None:
    said = (
        "Can you remember my tire size so I can price out winter tires? It's 215/60R16. Wait, no, that's my "
        "wife's Camry. My RAV4 takes 225/65R17."
    )
    notes = [f.value for f in extractor.extract(said) if f.key.startswith("user|note|")]
    assert len(notes) == 1 and notes[0].endswith("225/65r17"), notes


def test_a_name_is_sighted_in_a_turn_that_swaps_something_else(extractor: RuleExtractor) -> None:
    said = "昨儿浩然过来帮我把阳台的晾衣杆换了，忙活了一下午"
    assert extractor.mentioned(said, ["浩然"], [True], [True]) == [True]
    assert extractor.mentioned("我把浩然换成了别人", ["浩然"], [True], [True]) == [False]
    assert extractor.mentioned("浩然那边我换成了小李", ["浩然"], [True], [True]) == [False]


def test_the_employer_before_a_role_is_read_with_the_role(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "I work at Boeing as a machinist, mostly running CNC mills for wing parts.")
    assert facts == {"user|job": "machinist", "user|employer": "boeing"}
    facts = _facts(extractor, "我在比亚迪当电池工程师，主要做电芯的安全测试")
    assert facts == {"user|employer": "比亚迪", "user|job": "电池工程师"}
    assert _facts(extractor, "我在成都做老师") == {"user|location": "成都", "user|job": "老师"}
    assert "user|employer" not in _facts(extractor, "我在一家律所做律师")


def test_a_job_left_is_no_sighting_of_it(extractor: RuleExtractor) -> None:
    said = "跟你说个事，驾校那活儿我辞了，回老家包了四十亩地种脐橙，往后就是个果农了。"
    assert [t.stance for t in extractor.topics(said) if t.word == "驾校"] == [False]
    said = "I resigned from Deloitte, the hours were brutal."
    assert [t.stance for t in extractor.topics(said) if t.word == "deloitte"] == [False]


def test_a_later_mention_can_be_the_speaker_s_own(extractor: RuleExtractor) -> None:
    said = (
        "My neighbor brought over a peach cobbler this afternoon. Sweet of her, but with my peach allergy I handed "
        "it straight to my husband."
    )
    assert extractor.mentioned(said, ["peach"], [False], [False]) == [True]
    assert extractor.mentioned("My neighbor brought over a peach cobbler.", ["peach"], [False], [False]) == [False]


def test_a_make_and_its_model_are_the_model_and_what_one_has_is_no_one_off(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "My Subaru Outback's check engine light came on this morning.") == {
        "user|vehicle": "outback"
    }
    assert _facts(extractor, "我那辆丰田卡罗拉最近老熄火") == {"user|vehicle": "corolla"}
    assert _facts(extractor, "My wife's Camry got a flat this morning.") == {}


def test_a_correction_names_a_thing_one_has_by_any_of_its_names(extractor: RuleExtractor) -> None:
    said = "我之前跟你说错了，我开的不是雅阁，是轩逸，雅阁是我姐夫的车。你给我改一下。"
    assert extractor.replaced(said, ["accord"]) == ["轩逸"]
    assert extractor.replaced("我开的不是雅阁，是卡罗拉", ["accord"]) == ["corolla"]
    assert extractor.replaced("我开的不是雅阁，是轩逸", ["civic"]) == [""]


def test_time_zones_and_diets_with_a_colon_in_their_names(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I'm on Newfoundland time.") == {"user|timezone": "newfoundland time (utc-3:30)"}
    assert _facts(extractor, "I'm on India time.") == {"user|timezone": "india time (ist, utc+5:30)"}
    assert _facts(extractor, "I'm on a low-FODMAP diet.") == {"user|diet": "low-fodmap"}
    assert _facts(extractor, "I'm doing intermittent fasting.") == {"user|diet": "intermittent fasting"}


def test_documents_and_spreadsheets_are_apps_of_their_own(extractor: RuleExtractor) -> None:
    said = "I keep all my spreadsheets in Google Sheets, it's the only thing I use."
    assert _facts(extractor, said) == {"user|spreadsheet_app": "google sheets"}
    assert _facts(extractor, "我写材料一直用Word，排版、改格式我都门儿清") == {"user|document_app": "word"}
    assert _facts(extractor, "学校规定都在腾讯文档里弄，不用Word。") == {"user|document_app": "腾讯文档"}
    assert _facts(extractor, "I use Google Docs for writing.") == {"user|document_app": "google docs"}
    # an ordinary word in lower case, a product of a company no employer
    assert "user|document_app" not in _facts(extractor, "Use fewer words in your replies, a word or two is fine.")
    said = (
        "The pantry runs on an old office PC, no Google accounts. So for the pantry, walk me through Excel, not Sheets."
    )
    assert _facts(extractor, said) == {"user|spreadsheet_app": "excel"}


def test_how_to_do_something_in_a_named_tool_names_it_in_chinese_too(extractor: RuleExtractor) -> None:
    assert extractor.mentioned("Word里咋让目录自动生成？我写年终总结要用", ["word"], [True], [False]) == [True]
    assert extractor.mentioned("在剪映里怎么加字幕？", ["剪映"], [True], [False]) == [True]
    assert extractor.mentioned("剪映好用吗？", ["剪映"], [True], [False]) == [False]


def test_a_pronoun_for_the_tool_the_turn_named_before(extractor: RuleExtractor) -> None:
    said = "美图秀秀里怎么把证件照的背景换成白色？我修图一直用它，别的软件用不惯"
    assert _facts(extractor, said) == {"user|photo_editor": "美图秀秀"}
    said = "How do I make Strava stop auto-pausing at traffic lights? I log all my runs there."
    assert _facts(extractor, said) == {"user|uses_tool|strava": "strava"}
    assert _facts(extractor, "I went to Paris last year. I loved it there.") == {}


def test_a_clause_after_a_resolved_pronoun_says_more_of_the_relation(extractor: RuleExtractor) -> None:
    context = ["我闺女快过七岁生日了，想在家给她办个小派对，有啥好点子？"]
    facts = {f.key: f.value for f in extractor.extract("她叫糖糖，生日是六月十二号", context)}
    assert facts == {"user|child:daughter:name": "糖糖", "user|child:daughter:birthday": "6月12号"}


def test_a_name_given_earlier_stands_for_the_relation_and_a_kept_value_said_after(extractor: RuleExtractor) -> None:
    context = ["我闺女快过七岁生日了，有啥好点子？", "她叫糖糖，生日是六月十二号"]
    said = "挺好。你把糖糖的生日记下来，六月十二，每年快到了提醒我一声"
    facts = {f.key: (f.value, f.explicit) for f in extractor.extract(said, context)}
    assert facts == {"user|child:daughter:birthday": ("6月12", True), "user|child:daughter:name": ("糖糖", True)}
    assert all(f.evidence == said for f in extractor.extract(said, context))
    facts = {
        f.key: f.value
        for f in extractor.extract("Please remember Mia's birthday is May 9.", ["I have a daughter, her name is Mia."])
    }
    assert facts == {"user|child:daughter:birthday": "may 9", "user|child:daughter:name": "mia"}
    # no relation named before: nobody's
    assert extractor.extract("你把糖糖的生日记下来，六月十二") == []


def test_what_a_duration_said_of_a_meeting_is_about(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "Every meeting I run ends five minutes early.") == {"user|meeting_end": "5 min early"}
    assert _facts(extractor, "我开会一般提前五分钟结束") == {"user|meeting_end": "提前5分钟结束"}
    facts = _facts(extractor, "我开的会都这样，谁发言都别想超过三分钟")  # 谁…都: whoever, no question
    assert facts == {"user|meeting_speaking_time": "每人发言3分钟"}
    facts = _facts(extractor, "Each person gets 2 minutes to speak in my standups.")
    assert facts == {"user|meeting_speaking_time": "2 minutes per speaker"}
    assert _facts(extractor, "Every meeting I run has a timekeeper.") == {"user|meeting_roles": "timekeeper"}
    assert _facts(extractor, "Keep my meetings to 30 minutes.") == {"user|meeting_length": "30 min"}
    # an overrun and a time reached are no length
    assert _facts(extractor, "Our standup always runs ten minutes over, I hate it.").get("user|meeting_length") is None
    assert _facts(extractor, "我们周会到了三分钟我就喊停").get("user|meeting_length") is None
    assert _facts(extractor, "谁知道我住哪儿？") == {}


def test_explanations_with_examples_are_a_reply_setting(extractor: RuleExtractor) -> None:
    for said in (
        "太绕了，光讲道理我记不住。跟我解释东西的时候顺手举个生活里的例子",
        "还是老问题，你得给我举个例子我才能明白",
        "When you explain things, give me a real-life example.",
    ):
        assert _facts(extractor, said) == {"user|examples": "with examples"}, said
    for said in (
        "举个例子，我昨天去超市买了三斤苹果",
        "Can you give me an example of a closure in Python?",
        "能给我举个闭包的例子吗？",
    ):
        assert "user|examples" not in _facts(extractor, said), said


def test_a_shift_keeps_its_hours(extractor: RuleExtractor) -> None:
    said = "I'm on the early shift at the distribution center, 6 a.m. to 2 p.m., so I'm usually in bed by nine."
    assert _facts(extractor, said)["user|work_shift"] == "early shift 6am-2pm"
    said = "Good news, I switched to the afternoon shift, 3 to 11 p.m. Please update my hours."
    assert _facts(extractor, said) == {"user|work_shift": "afternoon shift 3-11pm"}
    assert _facts(extractor, "I work 6 a.m. to 2 p.m.") == {"user|work_hours": "6am-2pm"}
    assert _facts(extractor, "I work the night shift.") == {"user|work_shift": "night shift"}


def test_a_blood_type_is_the_last_said_as_the_speaker_s(extractor: RuleExtractor) -> None:
    said = "帮我记一下我的血型，万一哪天用得着：A型……不对不对，我说错了，A型是我老公的，我是B型"
    assert {f.key: (f.value, f.explicit) for f in extractor.extract(said)} == {"user|blood_type": ("type B", True)}
    assert _facts(extractor, "我是O型血") == {"user|blood_type": "type O"}
    assert _facts(extractor, "My blood type is O negative.") == {"user|blood_type": "type O-"}
    assert _facts(extractor, "我老公是A型血") == {}
    # a slip repaired in the same breath: the blood type as kept (it was a note before blood types were read)
    assert _facts(extractor, "帮我记一下，我是A型血……哎不对，B型") == {"user|blood_type": "type B"}


def test_a_glossed_value_is_sighted_by_its_words_and_zones_in_more_chinese(extractor: RuleExtractor) -> None:
    assert extractor.mentioned("今天又在咖啡馆见了个客户，聊得挺好", ["咖啡馆 (coffee shop)"], [True], [False]) == [
        True
    ]
    assert _facts(extractor, "见客户我一般都约在咖啡店") == {"user|meeting_venue": "咖啡馆 (coffee shop)"}
    assert _facts(extractor, "我这边按美国东部时间算") == {"user|timezone": "eastern time (utc-5)"}
    assert _facts(extractor, "以后都按西部时间给我排") == {"user|timezone": "pacific time (utc-8)"}


def test_the_day_of_an_event_of_the_speaker_s(extractor: RuleExtractor) -> None:
    said = "I'm organizing our family reunion this year: July 18 at Lake Cumberland, about sixty people."
    assert _facts(extractor, said) == {"user|event_date": "july 18"}
    assert _facts(extractor, "公司年会今年归我张罗，定在腊月二十三晚上，在滨河酒店的宴会厅") == {
        "user|event_date": "腊月二十三"
    }
    assert _facts(extractor, "我们婚礼定在十月二号") == {"user|event_date": "10月2日"}
    # someone else's event; an anniversary is no event day of this kind
    assert _facts(extractor, "I'm going to my cousin's wedding on June 20.") == {}
    assert "user|event_date" not in _facts(extractor, "Remember my wedding anniversary is October 5.")
    # a request after what it is for takes it as given
    said = "For the reunion on July 18, can you draft a sign-up sheet for who's bringing what food?"
    assert extractor.mentioned(said, ["july 18"], [True], [False]) == [True]
    assert extractor.mentioned("Is the reunion on July 18?", ["july 18"], [True], [False]) == [False]


def test_everyday_statements_of_the_twenty_seventh_session(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "Coffee is life, I drink like four cups a day.") == {"user|taste|coffee": "coffee"}
    assert _facts(extractor, "Mushrooms are the worst.") == {"user|taste|mushroom": "mushroom"}
    assert _facts(extractor, "Traffic is the worst.") == {}
    facts = _facts(extractor, "I'm from Ohio originally but I live in Denver now.")
    assert facts == {"user|hometown": "ohio", "user|location": "denver"}
    assert _facts(extractor, "I've been at Google for three years.") == {"user|employer": "google"}
    assert _facts(extractor, "I'm retired.") == {"user|job": "retired"}
    # two rules whose matches overlap read different words
    assert _facts(extractor, "我老家是东北的，现在在深圳上班") == {"user|hometown": "东北", "user|location": "深圳"}


def test_everyday_chinese_statements_of_the_twenty_seventh_session(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "我家有两个孩子，老大叫乐乐，老二叫安安")
    assert facts == {"user|child:eldest:name": "乐乐", "user|child:second:name": "安安"}
    assert _facts(extractor, "我们老大叫我加班") == {}
    assert _facts(extractor, "咖啡我一天离不开") == {"user|taste|咖啡": "咖啡"}
    assert _facts(extractor, "我已经退休了") == {"user|job": "退休"}
    assert _facts(extractor, "他已经退休了") == {}


def test_changes_said_in_everyday_words(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I quit my job at Amazon and joined Stripe.") == {"user|employer": "stripe"}
    assert _facts(extractor, "I quit my job at Amazon.") == {}
    assert _facts(extractor, "We got a new puppy, her name is Luna.") == {"user|pet:dog:name": "luna"}
    assert _facts(extractor, "我已经把Windows换成Mac了") == {"user|os": "macos"}
    assert _facts(extractor, "我女儿叫朵朵不是多多") == {"user|child:daughter:name": "朵朵"}
    assert [(f.value, f.polarity) for f in extractor.extract("我不吃素了")] == [("vegetarian", False)]
    assert [(f.value, f.polarity) for f in extractor.extract("我吃素")] == [("vegetarian", True)]


def test_a_device_preferred_left_out(extractor: RuleExtractor) -> None:
    for said in ("I'd rather you didn't use emojis.", "I'd rather you not use tables.", "I'd prefer no tables."):
        assert [f.polarity for f in extractor.extract(said)] == [False], said
    for said in ("I'd prefer tables.", "Use emojis."):
        assert [f.polarity for f in extractor.extract(said)] == [True], said


def test_a_pet_or_child_had_is_named_whole(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我养了只柯基叫旺财")["user|pet:dog:name"] == "旺财"  # the segmenter splits 旺/财
    assert _facts(extractor, "我家有只橘猫叫胖虎") == {"user|pet:cat:name": "胖虎"}
    assert _facts(extractor, "我家有个孩子叫乐乐") == {"user|child:name": "乐乐"}
    assert _facts(extractor, "我朋友养了只猫叫球球") == {}


def test_texting_that_drops_the_speaker(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "been living in portland for like 6 years now") == {"user|location": "portland"}
    assert _facts(extractor, "work at target, cashier mostly")["user|employer"] == "target"
    assert _facts(extractor, "allergic to cats unfortunately") == {"user|taste|cat": "cat"}
    assert _facts(extractor, "gluten free here") == {"user|diet": "gluten-free"}
    assert all(f.evidence == "gluten free here" for f in extractor.extract("gluten free here"))
    # no verb of the speaker's: nothing put back
    assert _facts(extractor, "love this weather") == {}


def test_chinese_that_leaves_the_speaker_unsaid(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "对猫毛过敏") == {"user|taste|猫毛": "猫毛"}
    assert _facts(extractor, "不吃香菜哈") == {"user|taste|香菜": "香菜"}
    assert _facts(extractor, "本人程序员一枚") == {"user|job": "程序员"}
    assert _facts(extractor, "本人在杭州") == {"user|location": "杭州"}
    assert _facts(extractor, "不喝了谢谢") == {}  # a polite no, nothing avoided
    assert _facts(extractor, "他不吃香菜") == {}


def test_only_a_name_given_to_the_relation_stands_for_it(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "外卖的钱我来出", ["我老婆说今天叫外卖。"]) == {}
    assert _facts(extractor, "Mike's car broke down.", ["My daughter is sick, I called Mike."]) == {}
