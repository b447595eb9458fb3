"""Chinese extraction rules: first-person statements, standing instructions and project facts, in the order
they are tried; earlier rules win overlapping spans.
"""

from __future__ import annotations

from graphmem.extraction.facts import Predicate
from graphmem.extraction.lexicon import LANG_EN, LANG_ZH, ZH_ROLE_HEADS
from graphmem.extraction.rule import Rule, Statement, rule

__all__ = ["USES_TECH_ZH", "ZH_RULES"]

# ---------------------------------------------------------------- rule pieces
_ZI = (
    r"(?<![你他她它])我(?!们|妈|爸|老婆|老公|朋友|同事|儿子|女儿|孩子|家|哥|姐|弟|妹|"
    r"男朋友|女朋友|爱人|室友|领导|老板|同学|岳|丈母娘|老丈人|婆婆|公公|奶奶|爷爷|外婆|外公|上司|表|堂|舅|姑|叔|婶|阿姨|"
    r"姨|伯|侄|外甥|嫂|姐夫|妹夫)"
)
# Each adverb run splits one way only: an adverb spelled as two others ("很早就" = "很" + "早就") let
# "我很早就很早就… " be split 2**n ways when the rule then fails (catastrophic backtracking).
_ZADV = (
    r"(?:也|都|一直|向来|从来|一向|从小就|本来就|其实|真的|真|特别|非常|很|挺|超级|超|最|比较|还是|更|就|蛮|确实|平时|平常|"
    r"素来|已经|现在|目前|始终|还|实在|相当|十分|完全|根本|压根|绝对|基本上|基本|一般|通常|本身|个人|总是|有点|一点也|一点都|可|"
    r"可能|也许|大概|好像|或许|应该|去年|今年|前年|上个月|最近|早就|开始|渐渐|慢慢|越来越|这两年|这几年|这些年|这阵子|"
    r"这段时间|近来|近几年|这一年|这辈子|一辈子|打小)*"
)
_ZMSG = r"(?:回复|回答|答复|回信|消息|邮件|信息|内容|解释|答案|文字)"
_ZSHORT = r"(?:简洁|简短|简单|精简|简明|简练|言简意赅|短小|短)"
_ZLONG = r"(?:长篇大论|冗长|啰嗦|罗嗦|啰唆|长)"
_ZDETAIL = r"(?:详细|详尽|具体|全面)"
_ZNEG = r"(?:别再|不要再|别|不要|请勿|请不要|千万别|不用|不许)"
_DAY_ZH = r"(?:周|星期|礼拜)([一二三四五六日天])"
_ZTIME = (
    r"(?:工作日|周末|上班时间|工作时间|上班的时候|工作的时候|下班后|下班以后|下班之后|晚上|夜里|半夜|深夜|凌晨|早上|中午|"
    r"午休时间|午休|(?:周|星期)[一二三四五六日天]|(?:早上|上午|下午|晚上)?(?<![0-9零一二两三四五六七八九十])[0-9零一二两三四五六七八九十]+点半?"
    r"(?:以后|之后|后|以前|之前|前))"
)
# Numbers and names start only where their run starts ((?<!…)): tried at every position inside a long run of
# digits or letters, each start rescanned the rest of the run (n²).
_ZPOINT = r"(?:早上|上午|下午|晚上)?(?<![0-9零一二两三四五六七八九十])[0-9零一二两三四五六七八九十]+点半?"
_IMP_ZH = (
    r"(?:用|给|叫|称呼|发|回复|回答|提醒|写|说|帮|加|附上|抄送|先|把|按|告诉|问|确认|检查|使用|"
    r"标注|带上|注明|避免|直接|以|称|喊)"
)
_PROJ_ZH = (
    r"(?:(?P<s3>这个|本|我们的|我们这个|我的|该|咱们的|咱们这个|这)(?:项目|工程|仓库|代码库)|(?:项目|工程|仓库|代码库)\s*"
    r"(?P<s>[a-z0-9][a-z0-9_.-]*)|(?<![a-z0-9_.-])(?P<s2>[a-z0-9][a-z0-9_.-]*)\s*(?:项目|工程))"
)


P = Predicate
# what several rules state alike, each written once (USES_TECH_ZH also by the attribute rules)
_DO_NOT_DISTURB = Statement(P.DO_NOT_DISTURB, "group", "用户不希望在{d}被打扰")
_SHORT_REPLIES = Statement(P.PREFERS_REPLY_STYLE, "fixed", "用户喜欢简短的回复", value="short replies")
_DETAILED_REPLIES = Statement(P.PREFERS_REPLY_STYLE, "fixed", "用户喜欢详细的回复", value="detailed replies")
_REPLY_LANGUAGE = Statement(P.PREFERS_LANGUAGE, "group", "用户希望用{d}回复")
_ALLERGIC = Statement(P.ALLERGIC_TO, "group", "用户对{d}过敏", confidence=0.85)
_DOES_ZH = Statement(P.JOB, "group", "用户是做{d}的")
_IS_ROLE = Statement(P.JOB, "group", "用户是{d}")
# a role by its head word, up to where the clause goes on
_ROLE_VALUE = r"(?P<v>[\u4e00-\u9fff]{0,4}?" + ZH_ROLE_HEADS + r")(?=$|[，。！,.!\s了啊呀啦])"
USES_TECH_ZH = Statement(P.USES_TECH, "tech", "{S}使用{d}", confidence=0.8, project=True)
_LIVES_IN = Statement(P.LOCATION, "place", "用户住在{d}", confidence=0.75)
ZH_RULES: tuple[Rule, ...] = (
    rule(
        "zh",
        r"(?<!别)(?<!不要)(?:叫我|称呼我为?|我叫|我的名字(?:是|叫)|我名字(?:是|叫))\s*",
        P.NAME,
        "name",
        "用户希望被称呼为{d}",
        confidence=0.85,
    ),
    _DO_NOT_DISTURB.rule(
        "zh",
        rf"(?P<v>{_ZTIME})(?:的时候)?(?:请|千万)?{_ZNEG}(?:老|总|总是|一直|经常|再|随便|轻易)?(?:来)?(?:打扰|打搅|烦|"
        r"骚扰|打电话给|给我打电话|打我电话|发消息给|给我发消息|给我发信息|找|联系|叫|催|@|给我推送|推送|给我发通知|发通知)",
        confidence=0.8,
    ),
    _DO_NOT_DISTURB.rule(
        "zh",
        rf"{_ZNEG}(?:在)?(?P<v>{_ZTIME})(?:的时候)?(?:给我)?(?:打电话|发消息|发信息|打扰我|联系我|找我|打扰)",
        confidence=0.8,
    ),
    _DO_NOT_DISTURB.rule(
        "zh",
        rf"(?P<v>{_ZTIME})(?:我)?(?:不方便|不想被打扰|不接电话|不回消息|勿扰)",
        confidence=0.75,
    ),
    rule(
        "zh",
        rf"(?P<v>{_ZPOINT}(?:到|至|-|~){_ZPOINT})(?:之间)?(?:再|才|可以|可)?(?:联系|找|打电话给|给我打电话|给我发消息)",
        P.CONTACT_WINDOW,
        "group",
        "用户希望在{d}被联系",
        confidence=0.8,
    ),
    rule(
        "zh",
        _ZI
        + r"(?:的)?(?:工作日|上班时间|工作时间)(?:是|为)(?:从)?"
        + rf"(?P<a>{_DAY_ZH})(?:到|至|-|~)(?P<b>{_DAY_ZH})",
        P.WORKDAYS,
        "days",
        "用户的工作日是{d}",
        confidence=0.85,
    ),
    rule(
        "zh",
        _ZI + _ZADV + rf"(?:从)?(?P<a>{_DAY_ZH})(?:到|至|-|~)(?P<b>{_DAY_ZH})(?:都)?(?:上班|工作)",
        P.WORKDAYS,
        "days",
        "用户{d}上班",
    ),
    rule(  # "我只在周末上班", "我周六周日上班", "我只上周末的班": the two days of the weekend
        "zh",
        r"我(?:现在|平时|一般)?(?:只|就)?(?:在)?(?:周末|周六周日|周六日|周六和周日|礼拜六礼拜天)(?:才|都)?"
        r"(?:上班|上工|工作|出工)|我(?:现在|平时)?(?:只|就)?上(?:周末|周六日)的?班",
        P.WORKDAYS,
        "fixed",
        "用户周末上班",
        value="saturday-sunday",
    ),
    _SHORT_REPLIES.rule(
        "zh",
        _ZI
        + _ZADV
        + r"(?:喜欢|偏好|更喜欢|希望|想要|倾向于?|要|爱看|习惯)(?:你|收到|看到)?(?:的)?(?:给我)?"
        + _ZSHORT
        + r"(?:一点|一些|点)?(?:的)?"
        + _ZMSG,
    ),
    _SHORT_REPLIES.rule(
        "zh",
        _ZMSG + r"(?:请|都|时)?(?:尽量|要|请|都|需要|得|最好)?" + _ZSHORT + r"(?:一点|一些|些|点)",
    ),
    _SHORT_REPLIES.rule(
        "zh",
        r"(?:请|麻烦)(?:尽量)?" + _ZSHORT + r"(?:地|点|一点)?(?:回复|回答|答复)",
    ),
    rule(
        "zh",
        rf"(?:{_ZNEG}|少)(?:给我)?(?:发|写|回|回复)?(?:太|很|那么|这么|过|特别)?" + _ZLONG + r"的?" + _ZMSG,
        P.PREFERS_REPLY_STYLE,
        "fixed",
        "用户不希望收到太长的消息",
        value="short replies",
        confidence=0.75,
    ),
    rule(
        "zh",
        _ZI
        + _ZADV
        + r"(?:不喜欢|讨厌|受不了|烦|反感|不想看|不爱看)(?:太|很|那么|过于|过|特别)?"
        + _ZLONG
        + r"的?"
        + _ZMSG,
        P.PREFERS_REPLY_STYLE,
        "fixed",
        "用户不喜欢太长的回复",
        value="short replies",
    ),
    _DETAILED_REPLIES.rule(
        "zh",
        _ZI
        + _ZADV
        + r"(?:喜欢|偏好|更喜欢|希望|想要|倾向于?)(?:你|收到)?(?:的)?"
        + _ZDETAIL
        + r"(?:一点|一些|点)?的?"
        + _ZMSG,
    ),
    _DETAILED_REPLIES.rule(
        "zh",
        _ZMSG + r"(?:请|都|尽量|要)?" + _ZDETAIL + r"(?:一点|一些|些|点)",
    ),
    rule(
        "zh",
        r"(?:语气|说话|回复|措辞)(?:请|要|尽量)?(?P<v>正式|随意|轻松|口语化|专业)(?:一点|一些|些|点)",
        P.PREFERS_TONE,
        "group",
        "用户希望语气{d}一些",
    ),
    rule(
        "zh",
        rf"(?P<neg>{_ZNEG})?(?:都|请|尽量)?(?:给我|跟我)?(?:用|使用|加|弄|整|搞|列|画)(?:成|个|上)?(?:那么多|这么多|太多|一堆|一串)?(?P<v>表情符号|表情包|表情|emoji|markdown|表格|列表|要点|"
        r"项目符号|纯文本|分点|分条|小标题|优缺点|利弊|优劣)",
        P.PREFERS_FORMAT,
        "group",
        "用户希望使用{d}",
        neg_template="用户不希望使用{d}",
    ),
    _REPLY_LANGUAGE.rule(
        "zh",
        rf"(?P<neg>{_ZNEG})?(?:都|请|一律|全部|尽量)?(?:用|使用|以|说)(?P<v>{LANG_ZH}|{LANG_EN})(?:来|跟我|和我|"
        r"给我)?(?:回复|回答|答复|交流|沟通|聊天|聊|说话|写|对话|回我)",
        neg_template="用户不希望用{d}回复",
    ),
    _REPLY_LANGUAGE.rule(
        "zh",
        rf"(?:回复|回答|答复|交流)(?:请|都|时|的时候)?(?:一律|都|请)?(?:用|使用)(?P<v>{LANG_ZH}|{LANG_EN})",
    ),
    rule(
        "zh",
        _ZI + _ZADV + r"(?:(?P<neg>不是)|是)(?:一个|一名|个)?(?P<v>纯素食者|素食主义者|素食者|吃素的|素食主义)",
        P.DIET,
        "group",
        "用户是素食者",
        neg_template="用户不是素食者",
        confidence=0.8,
    ),
    rule(  # "我不吃素了", "我已经不再吃素": no longer vegetarian
        "zh",
        _ZI + r"(?:现在|已经|早就)?(?P<neg>不再|不)(?P<v>吃素)(?:了)",
        P.DIET,
        "group",
        "用户{d}",
        neg_template="用户不再吃素",
        confidence=0.8,
    ),
    rule("zh", _ZI + _ZADV + r"(?P<v>只吃素|吃长素|吃素|吃清真)", P.DIET, "group", "用户{d}", confidence=0.8),
    _ALLERGIC.rule(
        "zh",
        _ZI + _ZADV + r"是?对(?P<v>[^，。！？,.!?\s不没]{1,10}?)(?:严重|有点|特别|非常|很)?过敏",
    ),
    _ALLERGIC.rule(
        "zh",
        _ZI + _ZADV + r"有?(?P<v>(?:(?![不没对])[\u4e00-\u9fff]){2,6}?)(?:严重)?过敏",
    ),
    rule(
        "zh",
        _ZI + _ZADV + r"(?P<verb>从不吃|从不喝|不太能吃|不怎么吃|不能吃|不能喝|不可以吃|吃不了|喝不了|不敢吃|不吃|不喝|"
        r"不碰|不沾|不抽|忌口|拒绝吃)",
        P.AVOIDS,
        "taste",
        "用户{verb}{d}",
        confidence=0.75,
    ),
    rule(
        "zh",
        _ZI + _ZADV + r"戒(?:掉)?(?:了)?(?P<v>烟|酒|糖|咖啡|奶茶|可乐)",
        P.AVOIDS,
        "group",
        "用户戒了{d}",
        confidence=0.75,
    ),
    rule(
        "zh",
        _ZI + r"(?:现在|已经|又)(?:开始)?(?:能)?(?:吃|喝)(?P<v>[\u4e00-\u9fff]{1,6}?)了",
        P.AVOIDS,
        "group",
        "用户现在吃{d}了",
        polarity=False,
        confidence=0.6,
    ),
    USES_TECH_ZH.rule(
        "zh",
        _PROJ_ZH + r"\s*(?:的代码)?(?:是|都是|主要是|目前|现在|目前是|全部)?(?P<verb>用的是|用的|使用的是|使用的|"
        r"采用的是|采用的|采用|使用|用|基于|是用|是基于|拿)\s*",
    ),
    USES_TECH_ZH.rule(  # "茉莉是个爬房源的爬虫，拿Scrapy写的": the thing just named is written with a technology
        "zh",
        r"(?:^|(?<=[，,。；;]))(?:(?:全|都|整个|主要)?是)?(?P<verb>拿|用|基于)(?=[A-Za-z][\w.+#-]{1,24}\s*(?:写|做|搭|开发|实现)的)",
    ),
    USES_TECH_ZH.rule(  # "青梅是我们给一家茶叶公司做的官网，Nuxt 3，…": what it is built on, listed after it
        "zh",
        r"(?:^|(?<=[。！!？?]))(?:这个|这|[\u4e00-\u9fffA-Za-z0-9]{1,8}?)是(?:我们|我|咱们)[^，,。！!？?]{0,24}?"
        r"(?:官网|网站|小程序|App|app|APP|系统|平台|后台|游戏|插件|工具|服务|软件)[，,]\s?(?P<verb>)"
        # ("草莓是我给厂里做的上位机软件，Qt写的，…")
        + r"(?=[A-Za-z][\w.+#-]{1,24}(?:\s?\d[\d.]{0,4})?\s?(?:(?:写|做|搭|开发)的)?[，,。])",
    ),
    USES_TECH_ZH.rule(  # "…，Python加OpenCV先把砖面抠出来": two technologies joined, opening a clause on what they do
        "zh",
        r"(?:^|(?<=[，,。；;]))(?P<verb>)(?=[A-Za-z][\w.+#-]{1,24}\s?(?:加上?|配上?|\+|和|跟)\s?[A-Za-z][\w.+#-]{1,24}\s?"
        r"(?:先|来|做|写|搭|跑|把|实现))",
    ),
    USES_TECH_ZH.rule(  # "STM32F4上跑FreeRTOS": the board the thing runs on, and what runs on it
        "zh",
        r"(?:^|(?<=[，,。；;]))(?P<verb>)(?=[A-Za-z][A-Za-z0-9_.+#-]{1,24}\s?上面?(?:跑|运行)(?:的是|着)?\s?[A-Za-z])",
    ),
    USES_TECH_ZH.rule(  # "这个项目的订单消息是走Kafka的": a part of the project runs through a technology
        "zh",
        _PROJ_ZH
        + r"的[\u4e00-\u9fff]{1,6}?(?:都|全)?(?:是|都是)?"
        + r"(?P<verb>走的是|走|跑在|跑的是|部署在|存在|用的是|用|拿|基于)\s*",
    ),
    _LIVES_IN.rule(
        "zh",
        _ZI + _ZADV + r"(?:住在|居住在|生活在|定居在|定居于|住)",
    ),
    _LIVES_IN.rule(
        "zh",
        _ZI + _ZADV + r"(?:搬到了|搬到|搬去了|搬去|搬家到|搬来了|搬来)",
    ),
    _LIVES_IN.rule(  # "我跟我对象住在杭州", "我和爸妈一起住在洛阳": where one lives with one's people
        "zh",
        _ZI + _ZADV + r"(?:跟|和|同|与)(?:我)?(?:的)?"
        r"(?:对象|老婆|老公|爱人|媳妇|家人|爸妈|父母|孩子|女朋友|男朋友|室友|闺蜜|家里人)"
        r"(?:们)?(?:一起|一块儿?)?(?:住在|生活在|住)",
    ),
    rule(  # "我在日照这边玩了两年了", "我在吉林滑了三个雪季了": doing something in a city for years
        "zh",
        _ZI + _ZADV + r"在(?P<v>[\u4e00-\u9fff]{2,4}?)(?=(?:这边|这儿|这里)?[\u4e00-\u9fff]{1,2}了"
        r"(?:[一二两三四五六七八九十几\d]{1,3}|好几|半)个?(?:年|月|雪季|季|夏天|冬天))",
        P.LOCATION,
        "group",
        "用户住在{d}",
        confidence=0.65,
    ),
    rule(  # "在乐山待了这么些年": the years one has stayed in a city, the speaker's subject dropped
        "zh",
        r"(?:^|[，,。！!？?])(?:我)?(?:已经|都)?在(?P<v>[\u4e00-\u9fff]{2,4}?)(?=(?:这边|这儿|这里)?(?:待|呆|住|生活|混|打|玩|踢|跑|"
        r"干|教|开)了"
        r"(?:这么些|这么多|那么多|好些|好多|十几|二十几|[一二两三四五六七八九十几\d]{1,3})年)",
        P.LOCATION,
        "group",
        "用户住在{d}",
        confidence=0.65,
    ),
    rule(  # "住岳阳这么多年", "我住青岛十几年了": the years one has lived in a city
        "zh",
        r"(?:^|[，,。！!])(?:我)?(?:已经|都)?住(?:在)?(?P<v>[\u4e00-\u9fff]{2,4}?)(?=(?:这么|那么)?(?:多|好多|好些|好几|十几|"
        r"[一二两三四五六七八九十几\d]{1,3})年)",
        P.LOCATION,
        "group",
        "用户住在{d}",
        confidence=0.65,
    ),
    rule(
        "zh",
        _ZI
        + _ZADV
        + r"在(?P<v>[\u4e00-\u9fffa-z]{2,8}?)(?:工作|上班|(?:的?(?:流水线|车间|工地|后厨))?上?(?:干活|打工))",
        P.EMPLOYER,
        "group",
        "用户在{d}工作",
        confidence=0.65,
    ),
    rule(  # "我跟我老婆都在腾讯上班": the speaker works there with someone
        "zh",
        _ZI + r"(?:跟|和)(?:我)?[\u4e00-\u9fff]{1,4}?(?:都|一起)在(?P<v>[\u4e00-\u9fffa-z]{2,8}?)(?:工作|上班)",
        P.EMPLOYER,
        "group",
        "用户在{d}工作",
        confidence=0.65,
    ),
    rule(  # "我已经退休了", "我前年就退休了"
        "zh",
        _ZI + r"(?:已经|早就|早|刚|前年|去年|今年)?(?:就)?(?P<v>退休)了",
        P.JOB,
        "group",
        "用户已{d}",
        confidence=0.7,
    ),
    rule(  # "咖啡我一天都离不开": the thing put first, then the speaker who cannot do without it
        "zh",
        r"(?:^|[，,。！!；;])(?P<v>(?![这那它])[\u4e00-\u9fff]{1,5}?)我(?:一天|每天|是|真|真的|根本|完全|可)?(?:都|也)?(?:离不开|离不了|戒不掉|戒不了)",
        P.LIKES,
        "group",
        "用户喜欢{d}",
        confidence=0.7,
    ),
    rule(  # "我在比亚迪当电池工程师": where one holds a role (the role is the structure's)
        "zh",
        _ZI
        + _ZADV
        + r"在(?!一家|一所|一个|家|个)(?P<v>[\u4e00-\u9fffA-Za-z]{2,8}?)(?=(?:当|做|干)(?:一名|一个|一位|个|名)?"
        r"[\u4e00-\u9fff]{0,4}?" + ZH_ROLE_HEADS + r"(?:$|[，,。！!；;\s了啊呀]))",
        P.EMPLOYER,
        "group",
        "用户在{d}工作",
        confidence=0.65,
    ),
    rule(  # "…我不干了，跟我对象在家门口盘了个早餐店": a business of one's own, the clause opening on what one did
        "zh",
        r"(?:^|[，,。！!；;])\s?(?:我)?(?:现在|自己|今年|去年|刚)?(?:跟[\u4e00-\u9fff]{1,4})?(?:在[\u4e00-\u9fff]{1,6}?)?"
        r"(?:开|盘|接)了?(?:个|一家|一个|家)(?P<v>[\u4e00-\u9fff]{1,5}?(?:店|馆|铺|工作室|饭庄|超市))(?=$|[，,。！!；;])",
        P.JOB,
        "group",
        "用户开了{d}",
        confidence=0.65,
    ),
    rule(  # "我连数据库一直用Navicat", "我听播客一直用小宇宙，…": the tool one always does a thing in
        "zh",
        _ZI + r"[\u4e00-\u9fff]{1,6}?(?:一直|都是|都|平时|向来|一向|一般|主要|基本都|基本上)(?:在)?用"
        r"(?P<v>[A-Za-z][\w.+#-]{1,20}(?:\s[A-Za-z][\w.+#-]{1,20})?|[\u4e00-\u9fff]{2,4}(?=[，。！,.!；;]|$))",
        P.USES_TOOL,
        "group",
        "用户使用{d}",
        confidence=0.65,
    ),
    rule(  # "我是一名护士，在市一医院上班": the clause after the speaker's own, its subject dropped
        "zh",
        _ZI + r"[^，,。！？!?；;]{1,12}[，,]\s?(?:现在|目前|平时)?在(?P<v>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:工作|上班)"
        r"(?=$|[，,。！!；;\s])",
        P.EMPLOYER,
        "group",
        "用户在{d}工作",
        confidence=0.65,
    ),
    rule(  # "下周一去小红书报到": the employer one moves to
        "zh",
        r"(?<![他她])(?:去|到)(?P<v>[\u4e00-\u9fffA-Za-z]{2,6}?)(?:报到|入职)",
        P.EMPLOYER,
        "group",
        "用户在{d}工作",
        confidence=0.65,
    ),
    rule(  # "我从美团跳槽了，现在在小红书，还是做产品": where one works after leaving
        "zh",
        r"(?:^|我|[，,。！!])(?:已经|刚|刚刚|上个月|上周|去年|前段时间)?(?:从[\u4e00-\u9fffA-Za-z]{2,8}?)?"
        r"(?:跳槽|离职|辞职|换工作|换了工作|走人)了?[，,]\s?(?:我)?(?:现在|目前|如今)(?:人)?在"
        r"(?P<v>(?!家|老家|屋里|外地|外面)[\u4e00-\u9fffA-Za-z]{2,6}?)(?=了|$|[，,。！!]|上班|工作|做|干)",
        P.EMPLOYER,
        "group",
        "用户在{d}工作",
        confidence=0.65,
    ),
    rule(  # "跳槽到了美团", "刚入职字节"
        "zh",
        r"(?<![他她])(?:跳槽(?:到|去)了?|入职了?)(?P<v>[\u4e00-\u9fffA-Za-z]{2,6}?)(?=了|$|[，,。！!])",
        P.EMPLOYER,
        "group",
        "用户在{d}工作",
        confidence=0.65,
    ),
    rule(
        "zh",
        _ZI + _ZADV + r"是(?P<v>[\u4e00-\u9fff]{2,5}?)人(?=$|[，。！,.!\s])",
        P.HOMETOWN,
        "group",
        "用户是{d}人",
    ),
    rule(
        "zh",
        _ZI + _ZADV + r"(?:老家是|老家在|老家(?=[\u4e00-\u9fff]{2,4}的)|来自|出生在|出生于)",
        P.HOMETOWN,
        "place",
        "用户来自{d}",
    ),
    rule(
        "zh",
        _ZI + _ZADV + r"是(?:一名|一个|一位|个|名)?(?P<v>[\u4e00-\u9fffa-z]{0,6}?" + ZH_ROLE_HEADS + ")"
        r"(?=$|[，。！,.!\s了啊呀])",
        P.JOB,
        "group",
        "用户是{d}",
    ),
    _IS_ROLE.rule(  # "我考上地铁公司的列车司机了", "当上了店长": a role one has won
        "zh",
        _ZI
        + _ZADV
        + r"(?:考上了?|考进了?|当上了?|升成了?|转成了?|转岗成了?)(?:[\u4e00-\u9fffA-Za-z0-9]{2,8}?的)?"
        + _ROLE_VALUE,
    ),
    _IS_ROLE.rule(  # "…，往后就是个果农了": the role one has from now on, the subject dropped
        "zh",
        r"(?:^|[，,。；;])(?:(?:往后|以后|今后|现在|如今|从此)(?:我)?(?:就)?(?:算)?是(?:一)?(?:个|名|位)|"
        r"(?:现在|如今)?(?:也)?算是(?:个|一名|一个)?)" + _ROLE_VALUE,
    ),
    _IS_ROLE.rule(  # "跟我表妹合伙干直播带货，我当主播": the role one takes in the work, said plainly
        "zh",
        r"(?<![你他她它])我(?:现在|目前|如今|就)?(?:当|做)" + _ROLE_VALUE,
        confidence=0.65,
    ),
    _IS_ROLE.rule(  # "下礼拜去一家车企做公关", "跳到一家猎头公司做猎头": the role one goes to a firm to do
        "zh",
        r"(?:^|[，,。；;]|我)(?:下礼拜|下周|下个月|马上|已经)?(?:跳槽?|换|转)?(?:去|到|进)了?(?:一家|一个|家)"
        r"[\u4e00-\u9fff]{2,8}?(?:做|当|干)" + _ROLE_VALUE,
    ),
    rule(  # "我在小区门口开了个快递驿站": a business of one's own, what one does for a living
        "zh",
        r"(?<![你他她它])我(?:自己)?(?:在[\u4e00-\u9fff]{1,8}?)?(?:开了个|开了家|开了一家|开着一家|开着个|开了间|开了一间)"
        r"(?P<v>[\u4e00-\u9fff]{0,6}?(?:店|驿站|超市|饭馆|餐馆|工作室|诊所|便利店|小卖部|面馆|摊|铺子|作坊|民宿))"
        r"(?=$|[，。！,.!\s；;])",
        P.JOB,
        "group",
        "用户开了{d}",
        confidence=0.75,
    ),
    _IS_ROLE.rule(  # "在舟山港找了个调度的活儿": the role of the work one has found
        "zh",
        r"(?:^|[，,。；;]|我)(?:在[\u4e00-\u9fff]{2,8}?)?(?:找了|找到了|谋了|换了)(?:个|份|一份|一个)"
        r"(?P<v>[\u4e00-\u9fff]{0,4}?" + ZH_ROLE_HEADS + r")的?(?:活儿|活|工作|差事|岗位|职位)",
    ),
    rule("zh", r"我的(?:工作|职业)是", P.JOB, "place", "用户的职业是{d}"),
    rule(  # "我在县城一中教语文": the school one teaches a subject at is the employer
        "zh",
        _ZI
        + _ZADV
        + r"在(?:一所|一个|所)?(?P<v>[\u4e00-\u9fffA-Za-z]{2,10}?)"
        + r"(?=教(?![练授师])[\u4e00-\u9fff]{1,3}?课?(?=$|[，。！,.!\s]))",
        P.EMPLOYER,
        "group",
        "用户在{d}工作",
        confidence=0.65,
    ),
    _DOES_ZH.rule(
        "zh",
        _ZI + _ZADV + r"是做(?P<v>[\u4e00-\u9fffa-z]{1,8}?)的(?=$|[，。！,.!\s])",
    ),
    _DOES_ZH.rule(  # "我当导游的", "干室内设计的", "跑网约车的": the trade one lives by, said with or without 我(是)
        "zh",
        r"(?:^|[，,：:]|(?<![你他她它])我(?:是|就是)?)(?:当|干|做|跑|开)(?!玩笑|家务|作业|完|了|过)(?P<v>(?:(?![是着了过])[\u4e00-\u9fff]){2,6}?)的(?=$|[，。！,.!\s])",
        confidence=0.65,
    ),
    _DOES_ZH.rule(  # "我晚上跑代驾", "平时跑滴滴": the driving trade one runs, said without 的
        "zh",
        _ZI + r"(?:晚上|白天|平时|现在|一直|下班后|周末)?(?:在)?跑"
        r"(?P<v>代驾|滴滴|网约车|出租|出租车|外卖|快递|货拉拉|货运|长途|专车)(?!的)",
        confidence=0.65,
    ),
    rule(  # "跑代驾两年了": the trade run for years, the speaker's subject dropped
        "zh",
        r"(?:^|[，,。！!])(?:我)?跑(?P<v>代驾|滴滴|网约车|出租|外卖|快递|货拉拉)(?=[一二两三四五六七八九十几\d]{1,3}年|好几年|多年)",
        P.JOB,
        "group",
        "用户跑{d}",
        confidence=0.65,
    ),
    _DOES_ZH.rule(  # "我是送快递的", "我是卖保险的", "我就是修电脑的": the trade as what one sells or fixes
        "zh",
        r"(?<![你他她它])我(?:是|就是)(?:送|卖|修|搞)(?P<v>[\u4e00-\u9fff]{2,6}?)的(?=$|[，。！,.!\s])",
        confidence=0.65,
    ),
    rule(  # "自己开了家花店": the business one runs
        "zh",
        r"(?:" + _ZI + r"|(?:^|[，,：:])自己)(?:自己)?开了(?:一)?家(?P<v>[\u4e00-\u9fff]{2,5}?)(?=$|[，。！,.!\s])",
        P.JOB,
        "group",
        "用户开了家{d}",
        confidence=0.65,
    ),
    _DOES_ZH.rule(  # "吃导游这碗饭的": a trade as one's rice bowl
        "zh",
        r"(?:^|[，,：:]|我(?:是|就是)?)吃(?P<v>[\u4e00-\u9fff]{2,6}?)这碗饭",
        confidence=0.65,
    ),
    rule(
        "zh",
        _ZI + _ZADV + rf"(?:会说|会讲|能说|说|讲)(?:一点|一口|流利的)?(?P<v>{LANG_ZH})",
        P.SPEAKS,
        "group",
        "用户会说{d}",
    ),
    rule("zh", rf"我的母语是(?P<v>{LANG_ZH})", P.SPEAKS, "group", "用户的母语是{d}", confidence=0.8),
    rule(
        "zh",
        _ZI + _ZADV + r"(?:在|正在|最近在|一直在)(?:学|学习|自学)",
        P.LEARNING,
        "taste",
        "用户在学{d}",
        confidence=0.4,
    ),
    rule(
        "zh",
        _ZI + _ZADV + r"对(?P<v>[^，。！？,.!?\s]{1,10}?)(?:不感兴趣|没兴趣|不感冒)",
        P.DISLIKES,
        "group",
        "用户对{d}不感兴趣",
    ),
    rule(
        "zh",
        _ZI
        + _ZADV
        + r"(?P<verb>不太喜欢|不怎么喜欢|不喜欢|不爱吃|不爱喝|不爱|讨厌|受不了|反感|厌恶|接受不了|不待见|烦)",
        P.DISLIKES,
        "taste",
        "用户{verb}{d}",
    ),
    rule("zh", r"我最喜欢的(?:食物|水果|饮料|菜|颜色|音乐|运动|电影|书)?是", P.LIKES, "taste", "用户最喜欢{d}"),
    rule(
        "zh",
        _ZI + _ZADV + r"(?P<verb>喜欢|爱吃|爱喝|爱看|爱听|爱玩|喜爱|热爱|偏爱|钟爱|偏好|迷上了|迷上|"
        r"爱(?!奇艺|彼迎|马仕|尔兰|因斯坦|丁堡|沙尼亚|琴海|情|人|心|国))",
        P.LIKES,
        "taste",
        "用户{verb}{d}",
    ),
    rule(
        "zh",
        # "一律" opens the rule only where no "一律" precedes it: tried at each of a run of them, every start
        # rescanned the rest of the run (n²)
        r"(?P<dur>从现在起|从现在开始|从今以后|从今天起|从今天开始|以后|今后|往后|每次|(?<!一律)一律|永远)"
        # where the rule holds, said before it ("以后回复里别给我贴链接")
        r"(?:你?(?:回复|回答|答复|回消息|回话|写东西|说话|聊天)(?:里|中|时|的时候)[，,]?)?(?P<mid>(?:都|也|请|要|"
        rf"一律|务必)*)(?P<neg>{_ZNEG}|永远不要|不能)?(?!用得|用不)(?={_IMP_ZH})",  # not "往后用得着": a use to come
        P.INSTRUCTION,
        "phrase",
        "用户要求以后{d}",
        neg_template="用户要求以后不要{d}",
        confidence=0.8,
    ),
)
del P
