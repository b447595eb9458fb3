"""Closed vocabularies of rule-based extraction: languages, days, reply formats, tones, diets, contact windows,
programming languages, jobs, and the stop and split word lists that end or divide a value.
"""

from __future__ import annotations


def words(text: str) -> frozenset[str]:
    """A word list written as one space-separated string."""
    return frozenset(text.split())


LANGS: dict[str, str] = {
    "english": "english", "chinese": "chinese", "mandarin": "chinese", "cantonese": "cantonese",
    "japanese": "japanese", "korean": "korean", "french": "french", "german": "german",
    "spanish": "spanish", "italian": "italian", "portuguese": "portuguese", "russian": "russian",
    "arabic": "arabic", "hindi": "hindi", "dutch": "dutch", "中文": "chinese", "汉语": "chinese",
    "普通话": "chinese", "简体中文": "chinese", "繁体中文": "traditional chinese", "英文": "english",
    "英语": "english", "日语": "japanese", "日文": "japanese", "韩语": "korean", "韩文": "korean",
    "法语": "french", "德语": "german", "西班牙语": "spanish", "粤语": "cantonese", "俄语": "russian",
    "british english": "british english", "uk english": "british english", "american english": "american english",
    "us english": "american english", "英式英语": "british english", "美式英语": "american english",
    "norwegian": "norwegian", "swedish": "swedish", "danish": "danish", "finnish": "finnish", "polish": "polish",
    "czech": "czech", "greek": "greek", "turkish": "turkish", "hebrew": "hebrew", "vietnamese": "vietnamese",
    "thai": "thai", "indonesian": "indonesian", "malay": "malay", "ukrainian": "ukrainian", "hungarian": "hungarian",
    "romanian": "romanian", "catalan": "catalan", "挪威语": "norwegian", "瑞典语": "swedish", "丹麦语": "danish",
    "芬兰语": "finnish", "波兰语": "polish", "希腊语": "greek", "土耳其语": "turkish", "越南语": "vietnamese",
    "泰语": "thai", "印尼语": "indonesian", "葡萄牙语": "portuguese", "意大利语": "italian", "荷兰语": "dutch",
    "阿拉伯语": "arabic", "traditional chinese": "traditional chinese", "繁体": "traditional chinese",
    "繁體": "traditional chinese", "繁體中文": "traditional chinese", "繁体字": "traditional chinese",
    "tagalog": "tagalog", "filipino": "tagalog", "swahili": "swahili", "persian": "persian", "farsi": "persian",
    "urdu": "urdu", "bengali": "bengali", "tamil": "tamil", "punjabi": "punjabi", "afrikaans": "afrikaans",
    "icelandic": "icelandic", "estonian": "estonian", "serbian": "serbian", "croatian": "croatian",
    "bulgarian": "bulgarian", "slovak": "slovak", "esperanto": "esperanto", "马来语": "malay", "马来文": "malay",
    "印地语": "hindi", "乌克兰语": "ukrainian", "匈牙利语": "hungarian", "捷克语": "czech", "希伯来语": "hebrew",
    "罗马尼亚语": "romanian", "加泰罗尼亚语": "catalan", "法文": "french", "德文": "german", "俄文": "russian",
    "西语": "spanish", "葡语": "portuguese", "意大利文": "italian", "泰文": "thai", "越南文": "vietnamese",
    "韩国语": "korean", "朝鲜语": "korean", "他加禄语": "tagalog", "菲律宾语": "tagalog", "斯瓦希里语": "swahili",
    "波斯语": "persian", "乌尔都语": "urdu", "孟加拉语": "bengali", "泰米尔语": "tamil", "冰岛语": "icelandic",
    "塞尔维亚语": "serbian", "克罗地亚语": "croatian", "保加利亚语": "bulgarian", "世界语": "esperanto",
    "印度尼西亚语": "indonesian", "马来西亚语": "malay",
    "lao": "lao", "khmer": "khmer", "burmese": "burmese", "mongolian": "mongolian", "nepali": "nepali",
    "sinhala": "sinhala", "tibetan": "tibetan", "uyghur": "uyghur", "kazakh": "kazakh", "uzbek": "uzbek",
    "amharic": "amharic", "yoruba": "yoruba", "hausa": "hausa", "zulu": "zulu", "latin": "latin", "irish": "irish",
    "welsh": "welsh", "basque": "basque", "galician": "galician", "lithuanian": "lithuanian", "latvian": "latvian",
    "slovenian": "slovenian", "macedonian": "macedonian", "albanian": "albanian", "armenian": "armenian",
    "georgian": "georgian", "azerbaijani": "azerbaijani", "pashto": "pashto", "marathi": "marathi",
    "telugu": "telugu", "kannada": "kannada", "malayalam": "malayalam", "gujarati": "gujarati",
    "hokkien": "hokkien", "老挝语": "lao", "老挝话": "lao", "寮语": "lao", "柬埔寨语": "khmer", "高棉语": "khmer",
    "缅甸语": "burmese", "缅语": "burmese", "蒙古语": "mongolian", "蒙语": "mongolian", "尼泊尔语": "nepali",
    "僧伽罗语": "sinhala", "藏语": "tibetan", "维吾尔语": "uyghur", "维语": "uyghur", "哈萨克语": "kazakh",
    "乌兹别克语": "uzbek", "阿姆哈拉语": "amharic", "约鲁巴语": "yoruba", "豪萨语": "hausa", "祖鲁语": "zulu",
    "拉丁语": "latin", "爱尔兰语": "irish", "威尔士语": "welsh", "巴斯克语": "basque", "立陶宛语": "lithuanian",
    "拉脱维亚语": "latvian", "斯洛文尼亚语": "slovenian", "阿尔巴尼亚语": "albanian", "亚美尼亚语": "armenian",
    "格鲁吉亚语": "georgian", "阿塞拜疆语": "azerbaijani", "普什图语": "pashto", "闽南语": "hokkien",
    "闽南话": "hokkien", "客家话": "hakka", "上海话": "shanghainese", "四川话": "sichuanese",
    "斯洛伐克语": "slovak", "爱沙尼亚语": "estonian", "日本語": "japanese", "韩国话": "korean",
}  # fmt: skip
LANG_EN = "|".join(k for k in LANGS if k.isascii())
LANG_ZH = "|".join(sorted((k for k in LANGS if not k.isascii()), key=len, reverse=True))
DAYS: dict[str, str] = {
    "mon": "monday", "tue": "tuesday", "wed": "wednesday", "thu": "thursday", "fri": "friday",
    "sat": "saturday", "sun": "sunday", "一": "monday", "二": "tuesday", "三": "wednesday",
    "四": "thursday", "五": "friday", "六": "saturday", "日": "sunday", "天": "sunday",
}  # fmt: skip
FORMATS: dict[str, str] = {
    "bullet points": "bullet points", "bullet point": "bullet points", "bullets": "bullet points",
    "bulleted lists": "bullet points", "numbered lists": "numbered steps", "numbered list": "numbered steps",
    "numbered steps": "numbered steps", "step-by-step lists": "numbered steps", "分步骤": "numbered steps",
    "tables": "tables",
    "a table": "tables", "table": "tables", "markdown": "markdown", "plain text": "plain text",
    "emojis": "emojis", "emoji": "emojis", "表情": "emojis", "表情符号": "emojis", "表情包": "emojis",
    "表格": "tables", "列表": "bullet points", "要点": "bullet points", "项目符号": "bullet points",
    "纯文本": "plain text", "分点": "bullet points", "分条": "bullet points", "headings": "headings",
    "headers": "headings", "小标题": "headings", "pros and cons": "pros and cons", "pros/cons": "pros and cons",
    "pros-and-cons": "pros and cons", "pro/con": "pros and cons", "优缺点": "pros and cons", "利弊": "pros and cons",
    "优劣": "pros and cons",
}  # fmt: skip
TONES: dict[str, str] = {
    "formal": "formal", "professional": "formal", "正式": "formal", "专业": "formal",
    "casual": "casual", "casually": "casual", "informal": "casual", "friendly": "casual", "随意": "casual",
    "轻松": "casual", "口语化": "casual",
}  # fmt: skip
DIETS: dict[str, str] = {
    "vegetarian": "vegetarian", "vegan": "vegan", "pescatarian": "pescatarian",
    "pescetarian": "pescatarian", "halal": "halal", "kosher": "kosher", "素食者": "vegetarian",
    "素食主义者": "vegetarian", "吃素的": "vegetarian", "纯素食者": "vegan", "素食主义": "vegetarian",
    "吃素": "vegetarian", "只吃素": "vegetarian", "吃长素": "vegetarian", "吃清真": "halal",
}  # fmt: skip
PROGRAMMING = words(
    "rust go golang python java javascript typescript c c++ c# kotlin swift ruby php scala haskell "
    "elixir erlang clojure dart lua perl r julia zig ocaml f# objective-c cobol fortran nim crystal "
    "solidity matlab arkts cangjie verilog systemverilog vhdl vba abap gdscript delphi"
)
# A role by its head word ("工程师", "推拿师", "店长"): what a job title ends in
ZH_ROLE_HEADS = (
    r"(?:工程师|程序员|设计师|老师|教师|医生|"
    r"护士|律师|会计|学生|研究生|博士生|本科生|产品经理|经理|记者|编辑|作家|研究员|分析师|顾问|厨师|司机|警察|销售|架构师|"
    r"科学家|教授|创业者|自由职业者|翻译|公务员|艺术家|摄影师|演员|药剂师|建筑师|开发者|(?<![大法])师|(?<![会成队学党人])员|"
    r"副厨|帮厨|主厨|店长|主管|总监|保安|保洁|护工|兽医|牙医|中医|博主|主播|自由职业|教练|私教|博士后|口译|笔译|中介|"
    r"导游|导购|月嫂|保姆|育儿嫂|社工|法官|检察官|军人|农民|渔民|木匠|瓦工|电工|焊工|裁缝|理发师|快递小哥|骑手|"
    r"网约车司机|代驾|文员|出纳|审计|精算|策划|文案|运营|剪辑|配音|up主|UP主|画手|coser|模特|歌手|乐手|DJ|医药代表|销售代表|"
    r"业务员|客服|前台|收银|厨子|大夫|助教|讲师|工人|技工|电焊工|钳工|车工|水电工|汽修工|修理工|维修工|装修工|油漆工|"
    r"搬运工|清洁工|环卫工|列车长|乘务|空乘|机长|船长|公关|大副|二副|三副|轮机长|水手|海员|收费员|飞行员|调度|果农|菜农|茶农|花农|瓜农|棉农|蔗农|农户|"
    r"养殖户|种植户|勾调师|调酒师|猎头|人事|HR|hr|厂长|站长)"
)

JOBS = words(
    "preparer assessor patroller "
    "engineer developer programmer designer teacher doctor nurse student manager lawyer scientist "
    "researcher analyst consultant accountant writer journalist professor architect chef pharmacist "
    "dentist freelancer entrepreneur founder photographer artist musician translator editor marketer "
    "recruiter intern pm cto ceo physician surgeon therapist economist statistician banker trader "
    "tester admin administrator sysadmin devops sre technician pilot lecturer tutor dev paralegal baker "
    "electrician plumber firefighter paramedic librarian barista mechanic carpenter veterinarian vet midwife "
    "receptionist bartender chemist biologist physicist nutritionist dietitian psychologist counsellor counselor "
    "cook hygienist cashier clerk courier janitor caregiver waiter waitress auditor inspector welder machinist "
    "dispatcher coordinator specialist assistant secretary supervisor butcher florist tailor hairdresser barber "
    "stylist optometrist optician radiographer sonographer physiotherapist physio surveyor copywriter illustrator "
    "animator producer instructor coach trainer ranger farmer nanny housekeeper bookkeeper actuary underwriter "
    "attendant teller realtor broker paralegal notary social-worker caseworker tech medic driver "
    "adjunct rep representative arborist farrier rancher adjuster stocker auctioneer "
    # more trades and professions by their head noun ("a court interpreter", "a postdoc", "a sous chef")
    "actor actress agent anesthesiologist anesthetist announcer appraiser apprentice archaeologist archivist "
    "astronomer athlete attorney audiologist author babysitter barrister beautician blacksmith bodyguard bricklayer "
    "builder cabinetmaker cardiologist caretaker cartographer cartoonist chauffeur chiropractor choreographer "
    "cinematographer cleaner clinician columnist comedian composer conductor conservator contractor controller "
    "copyeditor coroner correspondent cosmetologist curator custodian dancer decorator dermatologist detective "
    "diplomat director doula draftsman drafter ecologist educator engraver epidemiologist esthetician estimator "
    "executive exterminator fisherman forester gardener geologist glazier goldsmith grocer gynecologist handyman "
    "historian hotelier interpreter investigator jeweler jeweller joiner judge laborer labourer landscaper linguist "
    "locksmith lifeguard logistician luthier magistrate mathematician merchant meteorologist miner missionary "
    "mortician negotiator neurologist neuroscientist novelist obstetrician officer oncologist ophthalmologist "
    "orthodontist pathologist pediatrician paediatrician performer philosopher phlebotomist pianist podiatrist poet "
    "politician porter postdoc postman potter priest principal proofreader prosecutor psychiatrist psychotherapist "
    "publicist publisher radiologist reporter roofer sailor salesman saleswoman salesperson sculptor seamstress "
    "sheriff shopkeeper soldier solicitor songwriter sommelier steward stewardess stockbroker strategist "
    "superintendent tattooist technologist telemarketer toolmaker trucker typist upholsterer urologist valet "
    "videographer violinist watchmaker weaver zookeeper zoologist groomer tuner owner proprietor"
)
NO_SINGULAR = words(
    "news series species chess physics mathematics maths politics economics jeans pants glasses "
    "clothes brussels asparagus hummus couscous"
)
IE_WORDS = words("movie cookie pie brownie smoothie selfie zombie rookie calorie veggie foodie tie lie")
NAME_STOP = words(
    "back later tomorrow tonight today when if at on anytime asap again now maybe please after before "
    "sometime once crazy old old-fashioned paranoid lazy stupid weird picky silly a an the whenever "
    "soon first directly instead by in via any up out over anything whatever something"
)
EN_STOP = words(
    "because since but so when whenever if unless though although while as which who that lol haha "
    "too either anymore now nowadays today anyway tho really much very a an at in on with for during "
    "after before from by over than to more most better best lately these those it this them you him "
    "her me us everything anything nothing something stuff things how what where why myself yourself "
    "ever again any one ones please thanks n't not no 's is are was were be been am do does did can "
    "will would should could i my your unfortunately sadly btw honestly apparently obviously"
)
EN_PLACE_STOP = EN_STOP | {
    "and", "home", "work", "last", "recently", "ago", "currently", "right", "nearby", "night", "nights", "weekends",
    "weekend", "midnight", "sometimes", "least", "times", "all", "means", "makes", "keeps", "like", "originally",
}  # fmt: skip
EN_LEAD_SKIP = words("the a an some any my all eating drinking having to")
EN_SPLIT = frozenset({"and", "or", ",", "&", "plus"})
ZH_STOP = words(
    "因为 所以 但是 但 不过 而且 可是 然后 的话 了 啦 呀 哦 吧 呢 啊 哈 嘛 哈哈 哈哈哈 嘿嘿 "
    "哟 喔 呗 也 都 还 又 就 全 吗 而 并且 毕竟 其实 真的 一点 太 很 特别 这种 那种 之类 什么的 "
    "等等 等 了吧 过敏 一样 你 我 他 她 它 你们 他们 这个 那个 这 那 这些 那些 什么 附近 这边 "
    "那边 一带 已经 很久 多年 工作 上班 生活 住 定居 味道 一起 死 这样 那样 这么 那么"
)
ZH_SPLIT = frozenset({"和", "、", "跟", "与", "以及", "还有", "或者", "或", "及"})
ZH_NOUNS_AFTER_DE = frozenset({"东西", "食物", "菜", "饮料", "口味"})
SUBJECT_STOP = words("the this our my whole entire new old main current same other your that his her their")
WINDOWS: dict[str, str] = {
    "weekend": "weekends", "weekends": "weekends", "the weekend": "weekends",
    "the weekends": "weekends", "weekdays": "workdays", "workdays": "workdays", "work days": "workdays",
    "working days": "workdays", "business days": "workdays", "work hours": "work hours",
    "working hours": "work hours", "business hours": "work hours", "office hours": "work hours",
    "night": "night", "nights": "night", "the night": "night", "工作日": "workdays", "周末": "weekends",
    "上班时间": "work hours", "工作时间": "work hours", "上班的时候": "work hours",
    "工作的时候": "work hours", "晚上": "night", "夜里": "night", "深夜": "night", "半夜": "night",
    "下班后": "after work", "下班以后": "after work", "下班之后": "after work",
}  # fmt: skip
# Verbs too light to be a thing or an activity liked ("I like to keep a buffer", "I'd love to know").
LIGHT_VERBS = words(
    "keep have get make know think see say go do be take try start stop give put let hear find work plan check ask "
    "avoid doing having getting making taking"
)


# Common Chinese surnames: a full name of one of them and a two-character given name, which alone names the person
# too; a relative named in apposition ("我侄子周子航").
COMMON_SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金"
    "石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
)
