# ruff: noqa: E501
"""The hand-written source of the semantic-memory development set, expanded mechanically into scenarios.jsonl.

Each case is a kind, tags, the user's sessions (turns alternate user, assistant, user, ...; a leading
"@name" puts the session in project "name") and what must (not) be active afterwards. Ids, dates and session
ids are generated. Run `python tests/eval/semantic_dev/source.py` to rewrite scenarios.jsonl;
tests/unit/test_semantic_dev_set.py checks the committed file is exactly this expansion.
"""

from __future__ import annotations

import json
import uuid
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

OUT = Path(__file__).with_name("scenarios.jsonl")
BASE = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)
GAP_DAYS = (0, 2, 6, 13)
NAMESPACE = uuid.UUID("6f1d3c1e-9a51-4c55-8d0e-2f4f3f7d0a10")

Expect = dict[str, Any]


def yes(*forms: str, p: str = "") -> Expect:
    """A fact with a positive polarity (likes, uses, lives in ...)."""
    return {"value_any": list(forms), "polarity": True, "project_id": p}


def no(*forms: str, p: str = "") -> Expect:
    """A fact with a negative polarity (dislikes, avoids ...)."""
    return {"value_any": list(forms), "polarity": False, "project_id": p}


def any_(*forms: str, p: str = "") -> Expect:
    """A fact whose polarity may be stored either way (allergies, constraints such as 'no meetings on Fridays')."""
    return {"value_any": list(forms), "polarity": None, "project_id": p}


def h(
    old: tuple[str, ...], new: tuple[str, ...], old_pol: bool | None = None, new_pol: bool | None = None, p: str = ""
) -> Expect:
    """The current fact with a `new` form has an expired earlier version with an `old` form."""
    return {
        "old_value_any": list(old),
        "new_value_any": list(new),
        "old_polarity": old_pol,
        "new_polarity": new_pol,
        "project_id": p,
    }


@dataclass(frozen=True)
class Case:
    kind: str
    tags: tuple[str, ...]
    sessions: tuple[tuple[str, ...], ...]
    active: tuple[Expect, ...] = ()
    not_active: tuple[Expect, ...] = ()
    history: tuple[Expect, ...] = ()
    no_facts: bool = False


def case(
    kind: str,
    tags: str,
    *sessions: tuple[str, ...],
    active: tuple[Expect, ...] = (),
    not_active: tuple[Expect, ...] = (),
    history: tuple[Expect, ...] = (),
    no_facts: bool = False,
) -> Case:
    return Case(kind, tuple(tags.split()), sessions, active, not_active, history, no_facts)


def pollution(tags: str, *sessions: tuple[str, ...]) -> Case:
    return case("pollution", tags, *sessions, no_facts=True)


# fmt: off
ZH: list[Case] = [
    # ---------------------------------------------------------------- preference: likes / dislikes / eats / avoids
    case("preference", "paraphrase",
         ("我超爱吃火锅的，一个礼拜不吃就浑身难受", "哈哈，那你是重庆口味的吗？", "也不是，就是馋，麻辣牛油锅底yyds"),
         ("晚上又想去搓一顿火锅了，这玩意儿我真的百吃不厌", "需要我帮你找找附近评分高的火锅店吗？"),
         active=(yes("火锅", "hotpot", "hot pot"),)),
    case("preference", "paraphrase colloquial",
         ("香菜这东西我是真的接受不了，一丢丢都不行", "明白，很多人对香菜的味道比较敏感。"),
         ("今天食堂的汤里飘了几片香菜，我直接不喝了，闻到那个味就想吐", "那确实挺难受的，下次可以先挑出来。"),
         active=(no("香菜", "cilantro", "coriander"),)),
    case("preference", "remember",
         ("记住哈，我不喝咖啡，一喝就心慌手抖", "好的，已记下：你不喝咖啡。"),
         active=(no("咖啡", "coffee"),)),
    case("preference", "remember",
         ("以后别给我推荐奶茶了，我是真不爱喝那玩意儿，太甜腻", "收到，之后推荐饮品会避开奶茶。"),
         active=(no("奶茶", "milk tea"),)),
    case("preference", "change",
         ("记住，我最喜欢的水果是芒果", "好的，记下了：最喜欢的水果是芒果。"),
         ("跟你更新一下哈，我现在最喜欢的水果换成榴莲了，记一下", "好的，已更新为榴莲。"),
         active=(yes("榴莲", "durian"),),
         not_active=(yes("芒果", "mango"),),
         history=(h(("芒果", "mango"), ("榴莲", "durian")),)),
    case("preference", "change polarity",
         ("我挺能吃辣的，川菜湘菜都可以", "那你口味挺重的嘛。"),
         ("无辣不欢说的就是我，炒个青菜都要放点小米辣", "哈哈，辣椒爱好者。"),
         ("最近胃不好，医生让我忌口，我现在不吃辣了，以后别给我推荐辣的菜了", "了解，以后推荐清淡一些的菜。"),
         active=(no("辣", "spicy"),),
         not_active=(yes("辣", "spicy"),),
         history=(h(("辣", "spicy"), ("辣", "spicy"), old_pol=True, new_pol=False),)),
    case("preference", "single assistant_echo",
         ("螺蛳粉yyds！！虽然闻着臭但是吃起来真香", "哈哈，螺蛳粉确实是很多人的心头好。"),
         ("今天有点累，随便聊聊吧", "好呀，你上次说喜欢螺蛳粉，今天吃了吗？", "没有，今天吃的食堂"),
         not_active=(any_("螺蛳粉"),)),

    # ---------------------------------------------------------------- diet: allergies and diets
    case("diet", "paraphrase",
         ("我对花生过敏，吃一点点就起疹子", "那挺需要注意的，买零食要看配料表。"),
         ("买零食的时候我都得看配料表，带花生的东西我是碰都不能碰", "嗯嗯，也要注意“可能含有坚果”的提示。"),
         active=(any_("花生", "peanut"),)),
    case("diet", "paraphrase",
         ("我吃素好几年啦", "吃素挺好的，身体感觉怎么样？", "还不错，就是出去聚餐麻烦"),
         ("我是素食主义者哈，给我推荐餐厅的时候别推烤肉店", "好的，可以找一些素食友好的餐厅。"),
         active=(any_("素", "vegetarian"),)),
    case("diet", "remember",
         ("帮我记一下：我乳糖不耐受，牛奶喝了就拉肚子", "已记下：乳糖不耐受。"),
         active=(any_("乳糖", "lactose", "牛奶", "milk"),)),
    case("diet", "remember",
         ("记住我不吃猪肉哈，宗教原因", "好的，记住了，你不吃猪肉。"),
         active=(no("猪肉", "pork"),)),
    case("diet", "change",
         ("记住，我在生酮，碳水基本不碰", "好的，记下了：生酮饮食。"),
         ("生酮我放弃了，太难坚持了。现在改成16:8轻断食，帮我更新下", "好的，已更新为16:8轻断食。"),
         active=(any_("轻断食", "断食", "16:8", "fasting"),),
         not_active=(any_("生酮", "keto"),),
         history=(h(("生酮", "keto"), ("轻断食", "断食", "16:8", "fasting")),)),
    case("diet", "change",
         ("我对虾过敏", "好的，吃海鲜要小心。"),
         ("海鲜里面我就是虾不能吃，一吃就过敏", "明白。"),
         ("上周去医院做了过敏原检测，结果说我其实不是对虾过敏，是对螃蟹过敏！虾可以吃了，你记一下", "好的，已更新：对螃蟹过敏。"),
         active=(any_("螃蟹", "crab"),),
         not_active=(any_("虾", "shrimp"),),
         history=(h(("虾", "shrimp"), ("螃蟹", "crab")),)),
    case("diet", "single",
         ("最近在减肥，晚饭都不吃主食了，饿得我眼冒金星", "减肥也要注意营养均衡哦。"),
         not_active=(any_("主食", "碳水", "减肥", "carb"),)),

    # ---------------------------------------------------------------- location and moves
    case("location", "paraphrase",
         ("我现在住在成都", "成都是个好地方！", "嗯，住高新区这边，离公司近"),
         ("我们成都这两天一直下雨，出门都难", "雨天出行注意安全。"),
         active=(yes("成都", "Chengdu"),)),
    case("location", "paraphrase colloquial",
         ("坐标深圳，南山区打工人一枚", "你好呀，深圳打工人！"),
         ("深圳这边房租也太贵了吧，我住的那个小区一个单间都要三千五", "确实，南山的租金不便宜。"),
         active=(yes("深圳", "Shenzhen"),)),
    case("location", "remember",
         ("记一下，我家在杭州西湖区", "好的，记住了：你住在杭州西湖区。"),
         active=(yes("杭州", "Hangzhou"),)),
    case("location", "remember",
         ("以后查天气就直接查南京的，我住南京", "好的，以后默认查南京的天气。"),
         active=(yes("南京", "Nanjing"),)),
    case("location", "change",
         ("我住在北京", "北京挺好的。"),
         ("北京冬天真的太干了，我在这住了五年还是不习惯", "可以买个加湿器试试。"),
         ("告诉你个事，我上个月搬去苏州了！以后默认按苏州来哈", "恭喜乔迁！已更新为苏州。"),
         active=(yes("苏州", "Suzhou"),),
         not_active=(yes("北京", "Beijing"),),
         history=(h(("北京", "Beijing"), ("苏州", "Suzhou")),)),
    case("location", "change typo",
         ("记住我再广州", "好的，记下了：你在广州。"),
         ("我搬家啦！现在在厦门了，记得更新一下哈", "好的，已更新为厦门。"),
         active=(yes("厦门", "Xiamen"),),
         not_active=(yes("广州", "Guangzhou"),),
         history=(h(("广州", "Guangzhou"), ("厦门", "Xiamen")),)),
    case("location", "single",
         ("我住武汉，这天热死了，空调一开就不想出门", "武汉的夏天确实很热，注意防暑。"),
         not_active=(yes("武汉", "Wuhan"),)),

    # ---------------------------------------------------------------- work: employer, role, workdays, hours
    case("work", "paraphrase slang",
         ("我在鹅厂搬砖", "哈哈，腾讯打工人你好。"),
         ("我们腾讯最近又在搞组织架构调整，人心惶惶的", "调整期确实容易焦虑。"),
         active=(yes("腾讯", "鹅厂", "Tencent"),)),
    case("work", "paraphrase",
         ("我是产品经理，天天写需求文档", "产品经理挺辛苦的。"),
         ("做产品的真难，天天被开发怼，PM不好当啊", "沟通确实是这个岗位最难的部分。"),
         active=(yes("产品经理", "产品", "PM", "product manager"),)),
    case("work", "remember",
         ("记住，我一周只上四天班，周一到周四，周五休息", "好的，记下了：周一到周四上班。"),
         active=(any_("四天", "周一", "周四", "周五", "Mon", "Thu", "Fri", "four"),)),
    case("work", "remember",
         ("以后记住我上班时间是早十晚七哈，别在十点前给我安排事", "好的，记住了：上班时间10点到19点。"),
         active=(any_("早十晚七", "10", "十点", "19"),)),
    case("work", "change",
         ("我在阿里上班", "好的。"),
         ("我们阿里这边最近项目好多，忙成狗", "辛苦了，注意休息。"),
         ("我跳槽了！下周开始去美团上班了，记住哈", "恭喜！已更新为美团。"),
         active=(yes("美团", "Meituan"),),
         not_active=(yes("阿里", "Alibaba"),),
         history=(h(("阿里", "Alibaba"), ("美团", "Meituan")),)),
    case("work", "change",
         ("记一下，我现在是测试工程师", "好的，记下了：测试工程师。"),
         ("我转岗了！现在做后端开发了，以后我就是后端开发，记一下", "恭喜转岗，已更新。"),
         active=(yes("后端", "开发", "backend", "developer"),),
         not_active=(yes("测试", "QA", "test"),),
         history=(h(("测试", "QA", "test"), ("后端", "开发", "backend", "developer")),)),
    case("work", "single",
         ("我在一家做新能源车的公司上班，就是那个蔚来", "新能源车行业这几年发展很快。"),
         not_active=(any_("蔚来", "NIO"),)),

    # ---------------------------------------------------------------- tools and programming languages
    case("tools", "paraphrase",
         ("我写代码主要用Python", "Python用途很广。"),
         ("py是我的主力语言，别的都不太熟", "那我给你的代码示例就用Python吧？", "好的"),
         active=(yes("Python"),)),
    case("tools", "paraphrase",
         ("我用vim写代码，用了十几年了", "老手了！"),
         ("VS Code那种我真用不惯，还是vim顺手", "vim的效率确实高。"),
         active=(yes("vim"),)),
    case("tools", "remember",
         ("记住我用的是Mac，给我命令的时候别给Windows的", "好的，之后给你macOS的命令。"),
         active=(yes("Mac"),)),
    case("tools", "remember",
         ("以后给我的代码示例都用TypeScript写，我主要写TS", "好的，以后示例用TypeScript。"),
         active=(yes("TypeScript", "TS"),)),
    case("tools", "change",
         ("我平时用Notion记笔记", "Notion挺好用的。"),
         ("Notion真的好用，我所有笔记都在里面", "整理起来很方便。"),
         ("我最近把笔记全迁到Obsidian了，Notion不用了，记一下", "好的，已更新为Obsidian。"),
         active=(yes("Obsidian"),),
         not_active=(yes("Notion"),),
         history=(h(("Notion",), ("Obsidian",)),)),
    case("tools", "change",
         ("记住，我主要写Java", "好的，记下了。"),
         ("最近转Go了，现在主力是Go，Java基本不碰了，帮我更新一下", "好的，已更新为Go。"),
         active=(yes("Go"),),
         not_active=(yes("Java"),),
         history=(h(("Java",), ("Go",)),)),
    case("tools", "single",
         ("我偶尔用用Rust，写着玩的", "Rust挺有意思的。"),
         not_active=(any_("Rust"),)),
]

EN: list[Case] = [
    # ---------------------------------------------------------------- preference
    case("preference", "paraphrase",
         ("Honestly I could eat sushi every single day.", "Ha, any favourite kind?", "salmon nigiri, always"),
         ("we're ordering in tonight - sushi again, it's my absolute fave", "Enjoy! Want some spots nearby?"),
         active=(yes("sushi"),)),
    case("preference", "paraphrase",
         ("ugh, I can't stand olives, they ruin every pizza", "Fair enough, they're divisive."),
         ("Can you leave the olives out of this recipe? I really dislike them.", "Sure, here's the version without olives."),
         active=(no("olive"),)),
    case("preference", "remember",
         ("Remember that I don't drink alcohol, please.", "Noted - no alcohol."),
         active=(no("alcohol"),)),
    case("preference", "remember",
         ("From now on, assume I'm not into horror movies. I hate them tbh", "Got it, I'll skip horror in recommendations."),
         active=(no("horror"),)),
    case("preference", "change",
         ("Please remember: my favourite drink is black coffee.", "Noted."),
         ("quick update - I've switched to green tea, that's my go-to drink now. remember that", "Updated to green tea."),
         active=(yes("green tea"),),
         not_active=(yes("coffee"),),
         history=(h(("coffee",), ("green tea",)),)),
    case("preference", "change polarity",
         ("I love mushrooms, I put them in everything", "They're great in risotto."),
         ("mushrooms are the best ingredient ever tbh", "Hard to argue with that."),
         ("weirdly, since I got sick last month I can't stand mushrooms anymore. remember that, no mushrooms from now on", "Understood, no mushrooms."),
         active=(no("mushroom"),),
         not_active=(yes("mushroom"),),
         history=(h(("mushroom",), ("mushroom",), old_pol=True, new_pol=False),)),
    case("preference", "single",
         ("tbh I kinda like pineapple on pizza, fight me", "No fight here, it has its fans."),
         not_active=(any_("pineapple"),)),

    # ---------------------------------------------------------------- diet
    case("diet", "paraphrase",
         ("I'm gluten-free - coeliac, so even crumbs make me sick", "That must make eating out tricky."),
         ("does this bakery have anything without wheat? I can't have gluten at all", "Let me check their menu for gluten-free options."),
         active=(any_("gluten", "coeliac", "celiac"),)),
    case("diet", "paraphrase",
         ("fyi I'm vegan", "Thanks for letting me know!"),
         ("no animal products for me, went plant-based two years ago", "Nice, I'll keep suggestions plant-based."),
         active=(any_("vegan", "plant-based", "plant based"),)),
    case("diet", "remember",
         ("Remember I'm allergic to shellfish. Like, EpiPen-level allergic.", "Noted - shellfish allergy, serious."),
         active=(any_("shellfish"),)),
    case("diet", "remember typo",
         ("from now on keep in mind i dont eat beef", "Got it, no beef."),
         active=(no("beef"),)),
    case("diet", "change",
         ("Please note I'm pescatarian.", "Noted."),
         ("yeah I eat fish but no other meat", "Makes sense."),
         ("I've gone fully vegetarian now - no more fish. Please update that.", "Updated: vegetarian."),
         active=(any_("vegetarian"),),
         not_active=(any_("pescatarian"),),
         history=(h(("pescatarian",), ("vegetarian",)),)),
    case("diet", "change",
         ("remember, i'm doing low-carb", "Noted."),
         ("Update: I dropped low-carb, I'm on the Mediterranean diet now. Remember that instead.", "Updated to Mediterranean."),
         active=(any_("Mediterranean"),),
         not_active=(any_("low-carb", "low carb"),),
         history=(h(("low-carb", "low carb"), ("Mediterranean",)),)),
    case("diet", "single",
         ("I think I might be a bit lactose intolerant? milk's been giving me trouble lately", "Might be worth checking with a doctor."),
         not_active=(any_("lactose", "milk"),)),

    # ---------------------------------------------------------------- location
    case("location", "paraphrase",
         ("I'm in Toronto and it's freezing here", "Stay warm!"),
         ("things are so pricey in Toronto, rent where I live is insane", "It's one of the priciest cities in Canada."),
         active=(yes("Toronto"),)),
    case("location", "paraphrase",
         ("I'm based in Austin, Texas.", "Great city for music."),
         ("Austin's been super hot lately, my apartment AC can barely keep up", "Hope it cools down soon."),
         active=(yes("Austin"),)),
    case("location", "remember",
         ("Remember that I live in Dublin.", "Noted - Dublin."),
         active=(yes("Dublin"),)),
    case("location", "remember",
         ("Note for the future, remember I live in Melbourne (Australia, not Florida lol)", "Got it: Melbourne, Australia."),
         active=(yes("Melbourne"),)),
    case("location", "change",
         ("I live in Seattle", "Nice, lots of coffee there."),
         ("Seattle rain again... living here is grey af", "The summers make up for it."),
         ("Big news, we moved to Denver last week! Please remember that.", "Congrats! Updated to Denver."),
         active=(yes("Denver"),),
         not_active=(yes("Seattle"),),
         history=(h(("Seattle",), ("Denver",)),)),
    case("location", "change",
         ("remember I'm in London", "Noted."),
         ("I've relocated to Manchester, update that pls", "Updated: Manchester."),
         active=(yes("Manchester"),),
         not_active=(yes("London"),),
         history=(h(("London",), ("Manchester",)),)),
    case("location", "single",
         ("I'm in Lisbon btw", "Lovely city!"),
         not_active=(yes("Lisbon"),)),

    # ---------------------------------------------------------------- work
    case("work", "paraphrase",
         ("I work at Shopify", "Cool, e-commerce!"),
         ("we had an all-hands at Shopify today, so many reorg rumors", "Sounds like an eventful day."),
         active=(yes("Shopify"),)),
    case("work", "paraphrase",
         ("I'm a nurse, ICU", "That's demanding work."),
         ("Being an ICU nurse is exhausting some days.", "I can only imagine. Take care of yourself."),
         active=(yes("nurse"),)),
    case("work", "remember",
         ("Remember that I only work Tuesday through Saturday.", "Noted: Tuesday to Saturday."),
         active=(any_("Tue", "Sat"),)),
    case("work", "remember",
         ("From now on keep in mind my hours are 7am to 3pm, so nothing after 3", "Got it, 7am-3pm."),
         active=(any_("7", "15:00", "3pm", "3 pm"),)),
    case("work", "change",
         ("Please remember: I work for Deloitte.", "Noted."),
         ("Started my new job at Stripe this week!! Please update where I work.", "Congrats! Updated to Stripe."),
         active=(yes("Stripe"),),
         not_active=(yes("Deloitte"),),
         history=(h(("Deloitte",), ("Stripe",)),)),
    case("work", "change",
         ("I'm a junior dev", "Everyone starts somewhere!"),
         ("as a junior developer I get all the boring tickets lol", "Ha, that's a rite of passage."),
         ("Got promoted to senior engineer today!! remember that", "Congratulations! Updated."),
         active=(yes("senior"),),
         not_active=(yes("junior"),),
         history=(h(("junior",), ("senior",)),)),
    case("work", "single",
         ("I do accounting at a small firm downtown", "Busy season must be intense."),
         not_active=(any_("account"),)),

    # ---------------------------------------------------------------- tools
    case("tools", "paraphrase",
         ("I mostly code in Kotlin these days", "Nice, great language."),
         ("kotlin's my daily driver for android work", "Makes sense for Android."),
         active=(yes("Kotlin"),)),
    case("tools", "paraphrase",
         ("I use Emacs for everything, even email", "A true Emacs user!"),
         ("can you give me the emacs keybinding for that? it's what I live in", "Sure: C-x C-s saves the buffer."),
         active=(yes("Emacs"),)),
    case("tools", "remember",
         ("Remember I'm on Linux (Arch, btw)", "Noted, I'll give Linux commands."),
         active=(yes("Linux", "Arch"),)),
    case("tools", "remember",
         ("From now on write SQL examples for PostgreSQL, that's the database I use.", "Will do."),
         active=(yes("Postgre"),)),
    case("tools", "change",
         ("I use PyCharm", "Solid IDE."),
         ("pycharm's debugger is the best, can't live without my IDE", "Its debugger is really good."),
         ("switched from PyCharm to VS Code last month, please remember that", "Updated to VS Code."),
         active=(yes("VS Code", "VSCode", "Visual Studio Code"),),
         not_active=(yes("PyCharm"),),
         history=(h(("PyCharm",), ("VS Code", "VSCode", "Visual Studio Code")),)),
    case("tools", "change",
         ("remember: my main language is C#", "Noted."),
         ("Update: I've moved over to Rust full-time, C# is history. Please remember.", "Updated to Rust."),
         active=(yes("Rust"),),
         not_active=(yes("C#"),),
         history=(h(("C#",), ("Rust",)),)),
    case("tools", "single",
         ("I've been dabbling in Elixir on weekends", "Fun language to play with."),
         not_active=(any_("Elixir"),)),
]
# fmt: on


def scenario_dicts() -> list[dict[str, Any]]:
    """Every case as a schema dict: ids per language and kind, dates and session ids generated."""
    out: list[dict[str, Any]] = []
    for lang, cases in (("zh", ZH), ("en", EN)):
        numbers: Counter[str] = Counter()
        for case_ in cases:
            numbers[case_.kind] += 1
            sid = f"{lang}-{case_.kind}-{numbers[case_.kind]:03d}"
            index = len(out)
            sessions = []
            for k, written in enumerate(case_.sessions):
                in_project = written[0].startswith("@")
                project, turns = (written[0][1:], written[1:]) if in_project else ("", written)
                date = BASE + timedelta(
                    days=3 * index + GAP_DAYS[k], hours=(index * 5 + k * 3) % 11, minutes=(index * 17 + k * 29) % 60
                )
                sessions.append(
                    {
                        "session_id": str(uuid.uuid5(NAMESPACE, f"{sid}/{k}")),
                        "date": date.strftime("%Y-%m-%dT%H:%M:%SZ"),
                        "project_id": project,
                        "turns": [
                            {"speaker": "user" if i % 2 == 0 else "assistant", "text": t} for i, t in enumerate(turns)
                        ],
                    }
                )
            expect: dict[str, Any] = {
                "active": list(case_.active),
                "not_active": list(case_.not_active),
                "history": list(case_.history),
                "no_facts": case_.no_facts,
            }
            out.append(
                {
                    "id": sid,
                    "lang": lang,
                    "kind": case_.kind,
                    "tags": list(case_.tags),
                    "sessions": sessions,
                    "expect": expect,
                }
            )
    return out


def render() -> str:
    """The JSONL text: one scenario a line, UTF-8, no ASCII escaping."""
    return "".join(json.dumps(s, ensure_ascii=False) + "\n" for s in scenario_dicts())


if __name__ == "__main__":
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {len(scenario_dicts())} scenarios to {OUT}")
