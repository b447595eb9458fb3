"""Mechanisms of the twenty-ninth session, from failures of the tuned rounds: a move said with "we" and a
direction ("we've moved up to Inverness"), a diet said as "dairy-free" or "off dairy", a pet named after its breed
("a beagle named Rufus", "he's a beagle"), a food that turns one's stomach, the weekend as one's workdays, a choice
made every time ("I'd take the train over a plane"), "I'd" meaning "I had", a laptop by its make, and pros and
cons as a way to lay out an answer."""

from __future__ import annotations

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.scope import as_said, marked, project_fact


def _facts(extractor: RuleExtractor, text: str, context: tuple[str, ...] | list[str] = ()) -> dict[str, str]:
    return {f.key: f.value for f in extractor.extract(text, context)}


def test_a_move_said_with_we_and_a_direction_is_where_one_lives(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "Big change: we've moved up to Inverness.") == {"user|location": "inverness"}
    assert _facts(extractor, "we moved back to Ohio last spring") == {"user|location": "ohio"}
    said = _facts(extractor, "Please update my location to Inverness.")
    assert said == {"user|location": "inverness"}
    # a move said as the time since which something holds is not read over what follows it
    facts = _facts(extractor, "Ever since we moved to Leipzig I've gotten weirdly into board games.")
    assert facts["user|location"] == "leipzig" and "user|taste|board game" in facts
    assert _facts(extractor, "My brother moved to Leeds.") == {}


def test_dairy_free_is_a_diet_however_it_is_said(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I've been dairy-free for about two years now.") == {"user|diet": "dairy-free"}
    said = "Being off dairy this long, I'd forgotten how much I missed it."
    assert _facts(extractor, said) == {"user|diet": "dairy-free"}
    assert _facts(extractor, "the cake is dairy free") == {}


def test_i_d_with_a_past_participle_is_no_supposition(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I'd love a dog named Rufus") == {}
    assert _facts(extractor, "I'd eat sushi every day") == {}
    assert _facts(extractor, "I'd take the train over a plane.") == {"user|travel_mode": "train"}


def test_a_pet_named_after_its_breed(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "We've got a beagle named Rufus.") == {
        "user|pet:dog:name": "rufus",
        "user|pet:dog:breed": "beagle",
    }
    assert _facts(extractor, "I have a golden retriever named Max.")["user|pet:dog:breed"] == "golden retriever"
    assert _facts(extractor, "I just adopted a two-year-old cat called Miso.") == {"user|pet:cat:name": "miso"}
    assert _facts(extractor, "My dog's name is Rocky and he's a beagle")["user|pet:dog:breed"] == "beagle"
    assert _facts(extractor, "My cat is called Luna, she's a ragdoll.")["user|pet:cat:breed"] == "ragdoll"
    # a breed said of someone else's pet is not the speaker's pet's
    assert "user|pet:dog:breed" not in _facts(extractor, "my dog Rex and my friend's dog, it's a poodle")


def test_a_food_that_turns_one_s_stomach_is_disliked(extractor: RuleExtractor) -> None:
    said = "There's a tin of sardines in there but skip those, sardines gross me out."
    assert _facts(extractor, said) == {"user|taste|sardine": "sardine"}
    assert _facts(extractor, "nope nope nope, can't do sardines") == {"user|taste|sardine": "sardine"}
    assert _facts(extractor, "cilantro makes me gag") == {"user|taste|cilantro": "cilantro"}
    assert _facts(extractor, "the smell grosses me out") == {}
    assert _facts(extractor, "I can't do mondays") == {}
    assert _facts(extractor, "can't you do it faster") == {}


def test_the_weekend_as_one_s_workdays(extractor: RuleExtractor) -> None:
    said = "weekdays mostly. I only work weekends, sat and sun at the hospital cafeteria"
    assert _facts(extractor, said) == {"user|workdays": "saturday-sunday"}
    assert _facts(extractor, "我只在周末上班") == {"user|workdays": "saturday-sunday"}
    assert _facts(extractor, "我只上周末的班") == {"user|workdays": "saturday-sunday"}
    assert _facts(extractor, "I work weekdays.") == {"user|workdays": "monday-friday"}
    assert _facts(extractor, "I don't work weekends") == {}
    assert _facts(extractor, "我周末不上班") == {}


def test_a_rail_operator_names_the_train(extractor: RuleExtractor) -> None:
    said = "I take Amtrak whenever I can, flying that distance is a waste of time."
    assert _facts(extractor, said) == {"user|travel_mode": "train"}


def test_a_laptop_by_its_make_is_one_attribute(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "My Dell laptop gets super hot on my lap.") == {"user|computer": "dell"}
    assert _facts(extractor, "我的联想笔记本最近老死机") == {"user|computer": "lenovo"}
    said = "Oh wait, I've been telling you the wrong brand this whole time. It's an Acer, not a Dell. Can you fix that?"
    assert _facts(extractor, said) == {"user|computer": "acer"}
    assert _facts(extractor, "my HP printer is jammed") == {}
    assert _facts(extractor, "I work at Dell.") == {"user|employer": "dell"}


def test_pros_and_cons_is_a_way_to_lay_out_an_answer(extractor: RuleExtractor) -> None:
    said = "Could you lay it out as pros and cons for each? That's how I like to see a comparison."
    assert _facts(extractor, said) == {"user|prefers_format|pros and cons": "pros and cons"}
    said = "Pros and cons again, please, one short list for each side."
    assert _facts(extractor, said) == {"user|prefers_format|pros and cons": "pros and cons"}
    assert _facts(extractor, "比较方案的时候给我列优缺点") == {"user|prefers_format|pros and cons": "pros and cons"}
    assert _facts(extractor, "这两个方案各有利弊") == {}
    assert _facts(extractor, "there are pros and cons to both") == {}


def test_no_matter_what_denies_nothing(extractor: RuleExtractor) -> None:
    said = "Half the year I match Winnipeg, because Saskatchewan stays at UTC-6 no matter what."
    assert extractor.mentioned(said, ["utc-6"], [True], [False]) == [True]
    assert extractor.mentioned("I'm not on UTC-6 anymore.", ["utc-6"], [True], [False]) == [False]


def test_less_salt_on_doctor_s_orders_is_a_low_salt_diet(extractor: RuleExtractor) -> None:
    said = "我血压有点高，医生让我少吃盐，现在做菜都是清汤寡水的"
    assert _facts(extractor, said) == {"user|diet": "low-salt"}
    assert _facts(extractor, "我现在吃得特别淡，一天的盐不超过五克") == {"user|diet": "low-salt"}
    # the doctor who tells the speaker something is not the speaker's job; "做菜" is no line of work
    assert _facts(extractor, "我是医生") == {"user|job": "医生"}
    # a topic and what it is like states no stance, a refusal after 是 still does
    assert _facts(extractor, "苦瓜这东西我是真的接受不了。") == {"user|taste|苦瓜": "苦瓜"}


def test_a_food_the_speaker_opts_out_of(extractor: RuleExtractor) -> None:
    said = "晚上跟同事去逛夜市，帮我想想吃点啥。臭豆腐别算我，那味儿我隔条街闻着都想跑"
    assert _facts(extractor, said) == {"user|taste|臭豆腐": "臭豆腐"}
    assert _facts(extractor, "周末聚餐别算我，我要加班") == {}


def test_an_organisation_named_after_its_city_is_no_place(extractor: RuleExtractor) -> None:
    said = "我在宁德时代上班，干设备维修的，产线上的机器一出毛病就得我们去修"
    assert _facts(extractor, said) == {"user|employer": "宁德时代", "user|job": "设备维修"}
    assert _facts(extractor, "我在杭州银行上班") == {"user|employer": "杭州银行"}
    assert _facts(extractor, "我在宁德上班") == {"user|location": "宁德"}


def test_a_rota_of_days_on_and_off(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "对，你记住我是做二休二，以后给我排事儿都按这个来") == {"user|rota": "2 on 2 off"}
    assert _facts(extractor, "I work four on, four off at the plant.")["user|rota"] == "4 on 4 off"
    assert _facts(extractor, "I do 2 on 2 off") == {"user|rota": "2 on 2 off"}


def test_a_hardware_language_is_a_programming_language(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I write Verilog all day.") == {"user|uses_language": "verilog"}


def test_the_phone_as_how_to_meet(extractor: RuleExtractor) -> None:
    said = "开会我更喜欢打电话，不爱开视频，对着摄像头我浑身不自在"
    assert _facts(extractor, said) == {"user|meeting_format": "phone call"}
    assert _facts(extractor, "I prefer phone calls to video meetings.") == {"user|meeting_format": "phone call"}
    assert _facts(extractor, "I hate phone calls, video meetings are fine") == {"user|meeting_format": "video call"}
    assert _facts(extractor, "Call me on my phone before the meeting.") == {}
    said = "I always keep my camera on in video meetings."
    assert _facts(extractor, said) == {"user|meeting_camera": "camera on"}


def test_after_retirement_is_no_standing_request(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "嗯。我二舅退休以后迷上了养鸽子，楼顶搭了个鸽棚，天天早上放飞一圈") == {}
    assert _facts(extractor, "毕业以后我想去深圳") == {}
    assert _facts(extractor, "以后回复我用中文") == {"user|prefers_language": "chinese"}


def test_a_length_limit_and_a_venue_are_the_project_s(extractor: RuleExtractor) -> None:
    said = (
        "I'm writing my master's thesis this year, and the hard limit is 12,000 words, not counting the bibliography."
    )
    facts = [as_said(f, "thesis") for f in extractor.extract(marked(said, "thesis"))]
    assert [(f.key, f.value, project_fact(f)) for f in facts] == [("user|length_limit", "12,000 words", True)]
    said = "Can you help me split the thesis into chapters? The whole thing has to come in under 12,000 words."
    assert _facts(extractor, said) == {"user|length_limit": "12,000 words"}
    assert _facts(extractor, "论文字数不能超过三万字") == {"user|length_limit": "三万字"}
    said = "我爸七十大寿的寿宴我来张罗，定在老城区的聚丰园酒楼，包了二楼一整层"
    facts = [as_said(f, "shouyan") for f in extractor.extract(marked(said, "shouyan"))]
    assert [(f.key, f.value, project_fact(f)) for f in facts] == [("user|venue", "聚丰园", True)]
    assert _facts(extractor, "婚礼定在希尔顿酒店") == {"user|venue": "希尔顿"}
    assert _facts(extractor, "Our wedding reception is at the Grand Hotel.") == {"user|venue": "grand hotel"}
    assert _facts(extractor, "The party is at Mike's place.") == {}
    assert _facts(extractor, "My sister's wedding is at the Grand Hotel.") == {}
    assert _facts(extractor, "我表哥的婚礼定在希尔顿酒店") == {}


def test_a_standard_time_is_its_zone(extractor: RuleExtractor) -> None:
    said = "I'm in Regina, so we're on Central Standard Time all year."
    assert _facts(extractor, said)["user|timezone"] == "central time (utc-6)"
    assert _facts(extractor, "I'm on Pacific Standard Time") == {"user|timezone": "pacific time (utc-8)"}


def test_the_phone_said_with_this_one_of_mine(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我这OPPO手机最近掉电特别快，是不是电池老化了？") == {"user|phone": "oppo"}
    said = "哎我前面说错了，我这手机是vivo的，不是OPPO，你给我改过来。"
    assert _facts(extractor, said) == {"user|phone": "vivo"}


def test_a_chinese_wake_time_keeps_its_minutes(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我每天早上六点五十起床") == {"user|sleep_schedule": "up 06:50"}
    said = "我一般晚上十一点半睡、早上六点一刻起"
    assert _facts(extractor, said) == {"user|sleep_schedule": "bed 23:30, up 06:15"}
    assert _facts(extractor, "我早上6点05起床") == {"user|sleep_schedule": "up 06:05"}


def test_something_asked_to_be_remembered_then_said_at_once(extractor: RuleExtractor) -> None:
    said = "Can you remember the tire pressure for my car? It's 36 psi. Sorry, no, 33. I always mix those two up."
    assert _facts(extractor, said) == {
        "user|note|the tire pressure for my car: 33 psi": "the tire pressure for my car: 33 psi"
    }
    assert _facts(extractor, "Please remember my gate code. It's 4471.") == {
        "user|note|my gate code: 4471": "my gate code: 4471"
    }
    assert _facts(extractor, "Remember the time we went to Paris? It was great.") == {}


def _in_project(extractor: RuleExtractor, text: str, project: str) -> set[tuple[str, str, bool]]:
    return {
        (f.key, f.value, project_fact(f))
        for f in (as_said(c, project) for c in extractor.extract(marked(text, project)))
    }


def test_a_default_said_beside_a_rule_for_here_stays_out_of_the_project(extractor: RuleExtractor) -> None:
    said = "Here I want casual, chatty replies, even though I usually like formal ones."
    assert _in_project(extractor, said, "blog") == {("user|prefers_tone", "casual", True)}
    said = "Normally I want short answers, but for this project give me long, detailed ones."
    assert _in_project(extractor, said, "blog") == {("user|prefers_reply_style", "detailed replies", True)}
    said = "这个项目里你说话随意点，虽然我平时喜欢正式一点的"
    assert _in_project(extractor, said, "blog") == {("user|prefers_tone", "casual", True)}
    said = "平时我都要简短的回答，但这个项目你写详细点"
    assert _in_project(extractor, said, "blog") == {("user|prefers_reply_style", "detailed replies", True)}
    said = "这个项目里订酒店都订汉庭，别的时候我住万豪"
    assert _in_project(extractor, said, "trip") == {("user|travel_hotel", "汉庭", True)}
    # a habit said with its default word alone is still the speaker's
    assert _facts(extractor, "平时我都坐地铁上班") == {"user|commute": "subway"}
    assert _facts(extractor, "我喜欢喝咖啡，平时都喝美式")["user|taste|咖啡"] == "咖啡"


def test_a_north_american_zone_by_its_bare_name(extractor: RuleExtractor) -> None:
    said = "For the Acme project, times in Eastern please."
    assert _in_project(extractor, said, "acme") == {("user|timezone", "eastern time (utc-5)", True)}
    assert _facts(extractor, "I sell hours in central London.") == {}


def test_going_into_detail_is_a_detailed_reply(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "For this project go into detail.") == {"user|prefers_reply_style": "detailed replies"}
    assert _facts(extractor, "She goes into detail.") == {}


def test_where_one_works_after_leaving(extractor: RuleExtractor) -> None:
    said = "Big news: I left Spotify, I'm at Klarna now, same role."
    assert _facts(extractor, said) == {"user|employer": "klarna"}
    assert _facts(extractor, "I quit Target and I'm at Walmart now") == {"user|employer": "walmart"}
    assert _facts(extractor, "I'm at Costco now, want anything?") == {}
    assert _facts(extractor, "我从美团跳槽了，现在在小红书，还是做产品") == {"user|employer": "小红书"}
    assert _facts(extractor, "我辞职了，现在在家带娃") == {}
    assert _facts(extractor, "我同事从美团跳槽了，现在在小红书") == {}


def test_the_manager_by_name(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "My manager is Priya.") == {"user|manager:name": "priya"}
    said = "Priya moved teams, my new manager is Tom."
    assert _facts(extractor, said) == {"user|manager:name": "tom"}
    assert _facts(extractor, "Tom, my manager, wants a weekly status email.") == {"user|manager:name": "tom"}
    assert _facts(extractor, "My boss is a nightmare.") == {}


def test_a_phone_just_taken_up(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "换了个iPhone 15，终于用上苹果了") == {"user|phone": "iphone 15"}
    assert _facts(extractor, "我这iPhone 15拍照真不错") == {"user|phone": "iphone 15"}
    assert _facts(extractor, "给我妈买了个iPhone 15") == {}


def test_a_drink_taken_up_is_no_longer_avoided(extractor: RuleExtractor) -> None:
    facts = extractor.extract("最近开始每天喝一杯咖啡了，居然没事")
    assert [(f.key, f.polarity, f.stance) for f in facts] == [("user|taste|咖啡", False, True)]
    assert _facts(extractor, "他开始喝酒了") == {}


def test_a_project_s_language_and_detail_in_everyday_words(extractor: RuleExtractor) -> None:
    said = "This firmware project is all C, no Python allowed on the board."
    assert _in_project(extractor, said, "firmware") == {("project|uses_language", "c", True)}
    said = "For this novel project I actually want long, detailed feedback on every chapter."
    assert _in_project(extractor, said, "novel") == {("user|prefers_reply_style", "detailed replies", True)}
    said = "这个项目是跟国外客户对接的，你在这个项目里全部用英文回复我"
    facts = [as_said(c, "intl") for c in extractor.extract(marked(said, "intl"))]
    assert [(f.key, f.value, f.explicit) for f in facts] == [("user|prefers_language", "english", True)]
    assert _facts(extractor, "This project is all about fun.") == {}


def test_a_little_of_something_is_no_time_of_day(extractor: RuleExtractor) -> None:
    said = "我对花生过敏，吃一点就起疹子"
    assert _facts(extractor, said) == {"user|taste|花生": "花生"}
    assert _facts(extractor, "晚上十一点睡") == {"user|sleep_schedule": "bed 23:00"}


def test_nothing_on_the_calendar_before_a_time(extractor: RuleExtractor) -> None:
    said = "Please don't put anything on my calendar before 10am."
    assert _facts(extractor, said) == {"user|do_not_disturb:before": "before 10:00"}
    assert _facts(extractor, "don't book me anything after 5pm") == {"user|do_not_disturb:after": "after 17:00"}


def test_the_way_asked_for_before_asked_again(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "还是老规矩，结论放前面") == {"user|prefers_format|conclusion first": "conclusion first"}


def test_a_day_with_its_ordinal_names_the_day(extractor: RuleExtractor) -> None:
    said = "Lily's birthday party is coming up on March 3rd."
    assert extractor.mentioned(said, ["march 3"], [True], [False]) == [True]


def test_a_foreign_city_tagged_as_a_name_is_still_a_place(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我在温哥华") == {"user|location": "温哥华"}
    assert _facts(extractor, "我在王伟家") == {}


def test_a_child_s_pet_name(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我儿子小名叫豆豆，明年上小学") == {"user|child:son:name": "豆豆"}


def test_everyday_likes_and_reply_wishes(extractor: RuleExtractor) -> None:
    said = "Honestly spicy food is my love language."
    assert _facts(extractor, said) == {"user|taste|spicy food": "spicy food"}
    said = "Just give me the answer, skip the preamble."
    assert _facts(extractor, said) == {"user|prefers_reply_style": "short replies"}
    assert _facts(extractor, "He went straight to the point.") == {}
    assert _facts(extractor, "Figma is where I live all day.") == {"user|design_tool": "figma"}


def test_the_wedding_anniversary_is_a_day_of_the_year(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "My anniversary is June 12.") == {"user|anniversary": "june 12"}
    assert _facts(extractor, "我们结婚纪念日是6月12号") == {"user|anniversary": "6月12号"}
    said = "Wait, I told you the wrong date before, our anniversary is June 21, not the 12th."
    facts = extractor.extract(said)
    assert [(f.key, f.value, f.correction) for f in facts] == [("user|anniversary", "june 21", True)]
    assert _facts(extractor, "My parents' anniversary is June 3.") == {}


def test_a_decimal_repairs_the_last_number(extractor: RuleExtractor) -> None:
    said = "Remember my shoe size is 9. Actually no, 9.5."
    assert _facts(extractor, said) == {"user|note|my shoe size is 9.5": "my shoe size is 9.5"}


def test_everyday_words_for_a_favourite(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "榴莲是我的心头好，一次能吃半个") == {"user|taste|榴莲": "榴莲"}
    said = "I'm not a big coffee person, tea's more my speed."
    assert _facts(extractor, said) == {"user|taste|coffee": "coffee", "user|taste|tea": "tea"}
    assert _facts(extractor, "That's more my speed.") == {}


def test_what_an_order_is_to_leave_out(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "点菜的时候帮我备注不要辣") == {"user|taste|辣": "辣"}
    assert _facts(extractor, "帮我备注不要香菜") == {"user|taste|香菜": "香菜"}


def test_a_way_past_is_no_past(extractor: RuleExtractor) -> None:
    said = "回程也一样，要靠窗的，坐过道老有人推着小车蹭过去"
    assert extractor.mentioned(said, ["window seat"], [True], [False]) == [True]
    assert extractor.mentioned("我过去一直坐靠窗的", ["window seat"], [True], [False]) == [False]


def test_lego_by_its_other_names(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "我最大的爱好是拼乐高") == {"user|taste|乐高": "乐高"}
    said = "双十一又剁手了两盒积木，可拼起来那叫一个解压"
    assert extractor.mentioned(said, ["乐高"], [True], [False]) == [True]


def test_a_city_s_time_is_its_zone_and_a_time_difference_gives_it(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "I'm on Seattle time.") == {"user|timezone": "pacific time (utc-8)"}
    assert _facts(extractor, "我这边用西雅图时间") == {"user|timezone": "pacific time (utc-8)"}
    said = "我在温哥华，跟国内差十五六个小时"
    assert _facts(extractor, said) == {"user|location": "温哥华", "user|timezone": "pacific time (utc-8)"}
    said = "我在西雅图读书，跟国内夏天差十五个小时、冬天差十六个"
    assert _facts(extractor, said)["user|timezone"] == "pacific time (utc-8)"
    assert _facts(extractor, "我女儿在西雅图，跟我们差十五个小时") == {}
    said = "I'm in Denver, two hours behind New York."
    assert _facts(extractor, said) == {"user|location": "denver", "user|timezone": "mountain time (utc-7)"}
    # a move with the new city's time still makes the city home
    said = "我们上个月搬到成都了，时区帮我改成成都时间"
    assert _facts(extractor, said) == {"user|location": "成都", "user|timezone": "utc+8"}
    assert "user|location" not in _facts(extractor, "we moved last week, please switch me over to Pacific time")


def test_a_role_named_by_its_field_or_department(extractor: RuleExtractor) -> None:
    said = "最近比亚迪新车型一个接一个，我们搞电池测试的天天加班到九点"
    assert extractor.mentioned(said, ["电池工程师"], [True], [True]) == [True]
    said = "Saturday at Home Depot was nuts. I must have cut 300 boards in lumber."
    assert extractor.mentioned(said, ["lumber department"], [True], [True]) == [True]
    assert extractor.mentioned("我们搞活动的时候下雨了", ["电池工程师"], [True], [True]) == [False]


def test_the_best_thing_one_has_picked_up(extractor: RuleExtractor) -> None:
    said = "Two of my bowls survived the kiln this week! Pottery is honestly the best thing I've picked up in years."
    assert _facts(extractor, said) == {"user|taste|pottery": "pottery"}
    said = "Bonsai is the one thing that makes me slow down."
    assert _facts(extractor, said) == {"user|taste|bonsai": "bonsai"}
    assert _facts(extractor, "Kayaking is kind of our thing now.") == {"user|taste|kayaking": "kayaking"}
    assert _facts(extractor, "Cilantro is the one thing I hate.") == {}
    assert _facts(extractor, "Traffic is the one thing that drives me crazy.") == {}


def test_a_pastime_that_grows_on_the_speaker(extractor: RuleExtractor) -> None:
    assert _facts(extractor, "织东西就是我现在最大的乐子") == {"user|taste|织东西": "织东西"}
    assert _facts(extractor, "骑行这事儿我是越玩越上瘾") == {"user|taste|骑行": "骑行"}
    assert _facts(extractor, "这是我最大的乐趣") == {}
    assert _facts(extractor, "他越看越喜欢") == {}


def test_a_sport_kept_up_as_a_habit(extractor: RuleExtractor) -> None:
    said = "我是不凑那热闹，下了班照旧去馆里打羽毛球"
    assert _facts(extractor, said) == {"user|taste|羽毛球": "羽毛球"}
    said = "搬到成都以后，我就养成了每天早上去公园打太极的习惯"
    assert _facts(extractor, said) == {"user|location": "成都", "user|taste|太极": "太极"}
    # (搬到成都以后 is a time after the move, no standing request)
    assert not any(f.explicit for f in extractor.extract(said))
    assert _facts(extractor, "他每天去打篮球") == {}


def test_a_number_in_words_from_one_to_twelve_is_read_wherever_a_count_is(extractor: RuleExtractor) -> None:
    # (the meeting size read its word from a table that a later one of the same name shadowed: "four" was lost)
    said = "Keep meetings to no more than four people."
    assert _facts(extractor, said) == {"user|meeting_size": "at most 4 people"}
    said = "I'm in bed by eleven and up at six."
    assert _facts(extractor, said) == {"user|sleep_schedule": "bed 23:00, up 06:00"}
    assert _facts(extractor, "I'm asleep by midnight.") == {"user|sleep_schedule": "bed 00:00"}
