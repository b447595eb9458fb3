"""Fact identity at the attribute level: which attribute of the subject a stated value is a version of.

A taste statement about a *kind* of thing ("detailed comments", "aisle seats", "靠窗的座位") states the
subject's setting for an attribute (code comment style, seat preference), not a stance on an object: two
such values of one attribute are versions, so the newer one expires the older. Plain objects ("cilantro",
"jazz") keep the stance-per-object key of their predicate.
"""

from __future__ import annotations

import re

from graphmem.extraction.facts import Predicate

__all__ = ["STACK_TECHNOLOGIES", "attribute_of", "favourite_attribute", "is_known_attribute", "relation_attribute"]

# The head noun of a value (its last word, singular) -> the attribute the value sets.
_HEADS: dict[str, str] = {
    "comment": "code_comment_style", "code comment": "code_comment_style", "docstring": "code_comment_style",
    "注释": "code_comment_style", "代码注释": "code_comment_style",
    "variable name": "code_naming_style", "naming": "code_naming_style", "命名": "code_naming_style",
    "indentation": "code_indentation", "indent": "code_indentation", "缩进": "code_indentation",
    "seat": "travel_seat", "座位": "travel_seat", "位置": "travel_seat",
    "flight": "travel_flight", "航班": "travel_flight",
    "hotel": "travel_hotel", "酒店": "travel_hotel",
    "meeting": "meeting_time", "call": "meeting_time", "会议": "meeting_time", "开会": "meeting_time",
    "commit message": "commit_message_style", "提交信息": "commit_message_style",
}  # fmt: skip
# Words that say *which kind* of the head is wanted; a value is an attribute setting only with one of them.
_MODIFIERS = frozenset(
    {
        "detailed",
        "minimal",
        "short",
        "long",
        "brief",
        "verbose",
        "concise",
        "lean",
        "sparse",
        "few",
        "no",
        "more",
        "less",
        "thorough",
        "inline",
        "descriptive",
        "aisle",
        "window",
        "middle",
        "morning",
        "afternoon",
        "evening",
        "early",
        "late",
        "direct",
        "nonstop",
        "non-stop",
        "short-haul",
        "red-eye",
        "small",
        "quiet",
        "cheap",
        "budget",
        "luxury",
        "4-space",
        "2-space",
        "tab",
        "tabs",
        "spaces",
        "snake_case",
        "camelcase",
        "async",
        "in-person",
        "remote",
        "video",
        "phone",
        "audio",
        "voice",
    }
)
_FORMATS = frozenset({"video", "phone", "in-person", "remote", "audio", "voice"})
_ZH_MODIFIERS = re.compile(
    r"^(?:详细|简短|简洁|少量|少|多|精简|靠窗|靠过道|过道|靠走廊|早上|上午|下午|晚上|早|晚|直飞|安静|便宜|线上|线下)"
)
_TASTE = frozenset({Predicate.LIKES, Predicate.DISLIKES, Predicate.AVOIDS})
_RELATIONS: dict[str, str] = {
    "wife": "spouse", "husband": "spouse", "spouse": "spouse", "partner": "spouse",
    "daughter": "child:daughter", "son": "child:son", "kid": "child", "child": "child",
    "stepdaughter": "child:stepdaughter", "stepson": "child:stepson", "stepkid": "child", "stepchild": "child",
    "继女": "child:stepdaughter", "继子": "child:stepson",
    "dog": "pet:dog", "cat": "pet:cat", "pet": "pet", "mom": "parent:mother", "mum": "parent:mother",
    "mother": "parent:mother", "dad": "parent:father", "father": "parent:father",
    "brother": "sibling:brother", "sister": "sibling:sister",
    "老婆": "spouse", "妻子": "spouse", "太太": "spouse", "爱人": "spouse", "老公": "spouse", "丈夫": "spouse",
    "未婚妻": "spouse", "未婚夫": "spouse",
    "对象": "spouse", "男朋友": "spouse", "女朋友": "spouse", "男友": "spouse", "女友": "spouse",
    "女儿": "child:daughter", "儿子": "child:son", "孩子": "child", "狗": "pet:dog", "小狗": "pet:dog",
    "狗狗": "pet:dog", "puppy": "pet:dog", "kitten": "pet:cat",
    "猫": "pet:cat", "小猫": "pet:cat", "猫咪": "pet:cat", "妈妈": "parent:mother", "爸爸": "parent:father",
    "哥哥": "sibling:brother", "弟弟": "sibling:brother", "姐姐": "sibling:sister", "妹妹": "sibling:sister",
    "老大": "child:eldest", "老二": "child:second", "老三": "child:third",
    "闺女": "child:daughter", "妈": "parent:mother", "爸": "parent:father", "兔子": "pet:rabbit",
    "mother-in-law": "in_law:mother", "father-in-law": "in_law:father", "岳母": "in_law:mother",
    "丈母娘": "in_law:mother", "婆婆": "in_law:mother", "岳父": "in_law:father", "老丈人": "in_law:father",
    "公公": "in_law:father", "grandson": "grandchild:grandson", "granddaughter": "grandchild:granddaughter",
    "孙子": "grandchild:grandson", "孙女": "grandchild:granddaughter", "外孙": "grandchild:grandson",
    "外孙女": "grandchild:granddaughter", "女婿": "in_law:son", "儿媳": "in_law:daughter", "儿媳妇": "in_law:daughter",
    "son-in-law": "in_law:son", "daughter-in-law": "in_law:daughter",
    "grandmother": "grandparent:grandmother", "grandfather": "grandparent:grandfather",
    "奶奶": "grandparent:grandmother", "外婆": "grandparent:grandmother", "爷爷": "grandparent:grandfather",
    "外公": "grandparent:grandfather", "sister-in-law": "in_law:sister", "brother-in-law": "in_law:brother",
    "manager": "manager", "boss": "manager", "领导": "manager", "上司": "manager",
    "rabbit": "pet:rabbit", "bunny": "pet:rabbit", "hamster": "pet:hamster", "parrot": "pet:bird",
    "turtle": "pet:turtle", "tortoise": "pet:turtle", "乌龟": "pet:turtle", "巴西龟": "pet:turtle",
    "仓鼠": "pet:hamster", "鹦鹉": "pet:bird", "horse": "pet:horse", "pony": "pet:horse", "lizard": "pet:lizard",
    "gecko": "pet:lizard", "snake": "pet:snake", "ferret": "pet:ferret", "chinchilla": "pet:chinchilla",
    "蜥蜴": "pet:lizard", "龙猫": "pet:chinchilla", "豚鼠": "pet:guinea_pig", "荷兰猪": "pet:guinea_pig",
    "八哥": "pet:bird", "鹩哥": "pet:bird", "画眉": "pet:bird", "文鸟": "pet:bird", "玄凤": "pet:bird",
    "虎皮鹦鹉": "pet:bird", "刺猬": "pet:hedgehog", "金鱼": "pet:fish", "hedgehog": "pet:hedgehog",
    "cockatiel": "pet:bird", "budgie": "pet:bird", "goldfish": "pet:fish", "香猪": "pet:pig", "小香猪": "pet:pig",
    "迷你猪": "pet:pig", "宠物猪": "pet:pig", "mini pig": "pet:pig", "松鼠": "pet:squirrel",
    "魔王松鼠": "pet:squirrel", "花栗鼠": "pet:chipmunk", "chipmunk": "pet:chipmunk", "蜜袋鼯": "pet:sugar_glider",
    "sugar glider": "pet:sugar_glider", "守宫": "pet:lizard", "角蛙": "pet:frog",
    "鹅": "pet:goose", "大鹅": "pet:goose", "大白鹅": "pet:goose", "goose": "pet:goose", "鸭子": "pet:duck",
    "小鸭": "pet:duck", "duck": "pet:duck", "山羊": "pet:goat", "小羊": "pet:goat", "goat": "pet:goat",
    "羊驼": "pet:alpaca", "alpaca": "pet:alpaca", "矮马": "pet:horse", "donkey": "pet:donkey", "mule": "pet:donkey",
    "驴": "pet:donkey", "毛驴": "pet:donkey", "axolotl": "pet:axolotl", "六角恐龙": "pet:axolotl",
    "美西螈": "pet:axolotl", "llama": "pet:llama", "cockatoo": "pet:bird", "hermit crab": "pet:crab",
    "寄居蟹": "pet:crab", "芦丁鸡": "pet:quail", "鹌鹑": "pet:quail", "小鸡": "pet:chicken", "quail": "pet:quail",
    "tarantula": "pet:spider", "垂耳兔": "pet:rabbit", "小兔子": "pet:rabbit",
}  # fmt: skip


# "my favourite genre is …", "Jazz is my favourite genre", "我最喜欢的水果是…": the favourite of a category is
# one attribute, so a new favourite replaces the old one.
_FAVOURITE = re.compile(
    r"(?:favou?rite|fave|go-to)\s(?P<c>[a-z]{3,15})\b|最(?:喜欢|爱)的(?P<z>[\u4e00-\u9fff]{1,4}?)(?:换成|变成|改成|就是|一直是|是)",
    re.IGNORECASE,
)
_NOT_CATEGORY = frozenset(
    {"thing", "things", "one", "ones", "and", "ever", "now", "part", "way", "kind", "type", "by", "for", "when", "to"}
)


def favourite_attribute(text: str) -> str:
    """ "favourite:<category>" when `text` names the category its favourite belongs to, else ""."""
    m = _FAVOURITE.search(text)
    if m is None:
        return ""
    category = (m.group("c") or m.group("z") or "").lower()
    if not category or category in _NOT_CATEGORY:
        return ""
    if category.endswith("s") and not category.endswith("ss"):
        category = category[:-1]
    return f"favourite:{category}"


def relation_attribute(relation: str, field: str) -> str:
    """The attribute for a named relation's field: ("daughter", "name") -> "child:daughter:name"."""
    base = _RELATIONS.get(relation.lower().strip(), relation.lower().strip())
    return f"{base}:{field}"


# Editors and IDEs: a user works in one at a time, so a new one replaces the old.
_EDITORS = frozenset(
    {
        "vim", "neovim", "nvim", "emacs", "vs code", "vscode", "visual studio code", "sublime", "sublime text",
        "intellij", "intellij idea", "pycharm", "webstorm", "goland", "clion", "cursor", "zed", "xcode", "atom",
        "helix", "nano", "android studio", "eclipse", "visual studio",
    }
)  # fmt: skip


# Technologies that fill one slot of a stack: a project (or a user) has one package manager, one database...
_STACK: dict[str, str] = {
    **dict.fromkeys(("npm", "yarn", "pnpm", "bun", "pip", "poetry", "uv", "conda", "pipenv"), "stack:package_manager"),
    **dict.fromkeys(
        (
            "mysql",
            "postgres",
            "postgresql",
            "pg",
            "sqlite",
            "mongodb",
            "mongo",
            "mariadb",
            "oracle",
            "sql server",
            "达梦",
            "dm8",
            "人大金仓",
            "金仓",
            "kingbase",
            "oceanbase",
            "tidb",
            "gaussdb",
            "polardb",
            "cockroachdb",
        ),
        "stack:database",
    ),
    **dict.fromkeys(
        (
            "react",
            "vue",
            "angular",
            "svelte",
            "flutter",
            "react native",
            "nextjs",
            "next.js",
            "uni-app",
            "uniapp",
            "taro",
        ),
        "stack:ui",
    ),
    **dict.fromkeys(
        (
            "element plus",
            "element ui",
            "ant design",
            "ant design vue",
            "antd",
            "material ui",
            "mui",
            "vuetify",
            "chakra ui",
            "shadcn/ui",
            "shadcn",
            "bootstrap",
        ),
        "stack:ui_library",
    ),
    # how styles are written: one way each ("I style everything with Tailwind", "SCSS modules throughout")
    **dict.fromkeys(
        (
            "tailwind",
            "tailwind css",
            "scss",
            "scss modules",
            "sass",
            "less",
            "css modules",
            "styled-components",
            "emotion",
            "unocss",
            "vanilla-extract",
            "stylus",
        ),
        "stack:styling",
    ),
    **dict.fromkeys(("pytorch", "tensorflow", "jax", "keras"), "stack:ml"),
    **dict.fromkeys(
        (
            "django",
            "fastapi",
            "laravel",
            "nestjs",
            "ruby on rails",
            "spring boot",
            "symfony",
            "gin",
            "fiber",
            "beego",
            "blazor",
            "blazor server",
            "asp.net core",
            "asp.net",
        ),
        "stack:web_framework",
    ),
    **dict.fromkeys(("ros2", "ros 2", "nav2"), "stack:robotics"),
    # where errors are reported, and what keeps the code's versions: one each
    **dict.fromkeys(("sentry", "rollbar", "bugsnag", "honeybadger", "raygun", "airbrake"), "stack:error_tracking"),
    **dict.fromkeys(("git", "svn", "subversion", "mercurial", "perforce"), "stack:vcs"),
    # the client one works on databases in
    **dict.fromkeys(
        (
            "navicat",
            "dbeaver",
            "datagrip",
            "tableplus",
            "heidisql",
            "pgadmin",
            "mysql workbench",
            "sequel pro",
            "sequel ace",
            "dbvisualizer",
        ),
        "stack:db_client",
    ),
    # who signs users in: one identity provider each
    **dict.fromkeys(
        (
            "auth0",
            "keycloak",
            "okta",
            "cognito",
            "amazon cognito",
            "clerk",
            "firebase auth",
            "supabase auth",
            "authentik",
            "fusionauth",
            "ory",
            "ory kratos",
            "azure ad",
            "entra id",
        ),
        "stack:auth",
    ),
    # what a service caches in, and what its maps are drawn with: one each
    **dict.fromkeys(
        ("redis", "memcached", "caffeine", "ehcache", "valkey", "hazelcast", "guava cache", "keydb"), "stack:cache"
    ),
    **dict.fromkeys(
        (
            "mapbox",
            "mapbox gl js",
            "maplibre",
            "leaflet",
            "openlayers",
            "google maps api",
            "arcgis",
            "arcgis maps sdk",
            "cesium",
            "cesiumjs",
            "deck.gl",
            "高德地图",
            "百度地图",
            "天地图",
        ),
        "stack:maps",
    ),
    **dict.fromkeys(("鸿蒙", "harmonyos", "openharmony", "纯血鸿蒙"), "stack:platform"),
    **dict.fromkeys(("uvicorn", "gunicorn", "hypercorn", "puma", "unicorn", "passenger"), "stack:app_server"),
    **dict.fromkeys(("celery", "sidekiq", "bullmq", "dramatiq", "resque"), "stack:task_queue"),
    **dict.fromkeys(
        ("vercel", "netlify", "heroku", "fly.io", "aws", "gcp", "azure", "cloudflare", "阿里云", "腾讯云", "华为云"),
        "stack:hosting",
    ),
    **dict.fromkeys(("github actions", "gitlab ci", "jenkins", "circleci", "buildkite"), "stack:ci"),
    **dict.fromkeys(("electron", "tauri"), "stack:desktop"),
    **dict.fromkeys(
        ("stripe", "paddle", "braintree", "adyen", "lemon squeezy", "mollie", "razorpay"),
        "stack:payments",
    ),
    **dict.fromkeys(("esp32", "esp8266", "arduino", "raspberry pi", "树莓派", "stm32"), "stack:board"),
    **dict.fromkeys(("micropython", "circuitpython"), "stack:firmware"),
    **dict.fromkeys(
        ("sendgrid", "postmark", "mailgun", "amazon ses", "mandrill", "sparkpost", "mailjet", "brevo", "sendinblue"),
        "stack:email",
    ),
    **dict.fromkeys(
        ("bigquery", "snowflake", "redshift", "databricks", "duckdb", "synapse", "maxcompute", "hive"),
        "stack:warehouse",
    ),
    **dict.fromkeys(("dbt", "airflow", "dagster", "prefect", "luigi", "dolphinscheduler"), "stack:pipelines"),
    **dict.fromkeys(("terraform", "pulumi", "cloudformation", "ansible"), "stack:infra"),
    **dict.fromkeys(("jest", "vitest", "pytest", "unittest", "junit", "rspec", "cypress", "playwright"), "stack:tests"),
    **dict.fromkeys(
        ("redux", "redux toolkit", "mobx", "zustand", "pinia", "vuex", "recoil", "jotai", "ngrx"),
        "stack:state_management",
    ),
    # ("requests" and "unity" are ordinary words too: read as names only where `code_slots` finds them so)
    **dict.fromkeys(
        ("httpx", "aiohttp", "axios", "urllib3", "okhttp", "retrofit", "fetch api", "原生fetch", "requests"),
        "stack:http_client",
    ),
    **dict.fromkeys(
        ("elasticsearch", "opensearch", "solr", "meilisearch", "typesense", "algolia", "clickhouse"), "stack:search"
    ),
    **dict.fromkeys(
        ("godot", "unreal engine", "bevy", "pygame", "unity", "cocos creator", "cocos2d-x"), "stack:game_engine"
    ),
    **dict.fromkeys(("webpack", "vite", "rollup", "esbuild", "parcel", "turbopack"), "stack:bundler"),
    **dict.fromkeys(
        (
            "sqlalchemy",
            "prisma",
            "typeorm",
            "sequelize",
            "drizzle",
            "hibernate",
            "mybatis",
            "mybatis-plus",
            "gorm",
            "django orm",
            "jpa",
            "spring data jpa",
            "entity framework",
            "ef core",
            "active record",
            "activerecord",
            "ecto",
            "diesel",
        ),
        "stack:orm",
    ),
    # how code is formatted and built, and what carries messages between services: one tool each
    **dict.fromkeys(
        ("prettier", "biome", "black", "gofmt", "rustfmt", "clang-format", "dprint", "yapf", "autopep8"),
        "stack:formatter",
    ),
    **dict.fromkeys(("eslint", "pylint", "flake8", "rubocop", "golangci-lint", "clippy", "stylelint"), "stack:linter"),
    **dict.fromkeys(("maven", "gradle", "bazel", "sbt", "ant", "cmake", "meson", "buck2"), "stack:build_tool"),
    **dict.fromkeys(
        ("kafka", "rabbitmq", "pulsar", "nats", "rocketmq", "activemq", "amazon sqs", "sqs", "redis streams"),
        "stack:message_queue",
    ),
}
_STACK_PREDICATES = frozenset({Predicate.USES_TOOL, Predicate.USES_TECH})
STACK_TECHNOLOGIES = frozenset(_STACK)
"""The technologies that fill one slot of a stack (their attribute: :func:`attribute_of` with USES_TECH)."""


_BOUND = re.compile(r"^(after|before) \d{1,2}:\d{2}$")


def attribute_of(predicate: Predicate, value: str) -> str:
    """The attribute a value sets ("minimal comment" -> "code_comment_style", "neovim" -> "editor"), or ""
    for a plain object."""
    if predicate is Predicate.USES_TOOL and value in _EDITORS:
        return "editor"
    bound = _BOUND.match(value) if predicate is Predicate.DO_NOT_DISTURB else None
    if bound is not None:  # "after 17:30": the end of the speaker's day, one value at a time (it moves)
        return f"do_not_disturb:{bound.group(1)}"
    if predicate in _STACK_PREDICATES and value in _STACK:
        return _STACK[value]
    if predicate not in _TASTE or not value:
        return ""
    if value.isascii():
        words = value.split()
        if len(words) < 2 or not any(w in _MODIFIERS for w in words[:-1]):
            return ""
        for n in (2, 1):
            head = " ".join(words[-n:])
            if head in _HEADS and len(words) > n:
                if _HEADS[head] == "meeting_time" and words[-n - 1] in _FORMATS:
                    return "meeting_format"  # "video calls", "plain phone calls": how to meet, not when
                return _HEADS[head] if words[-n - 1] in _MODIFIERS or words[0] in _MODIFIERS else ""
        return ""
    for head, attribute in _HEADS.items():
        if not head.isascii() and value.endswith(head) and _ZH_MODIFIERS.match(value):
            return attribute
    return ""


# Attributes named by the slot readers (slots.py) besides those of the head nouns and the stack.
_SLOT_ATTRIBUTES = frozenset(
    {
        "editor", "os", "notes_app", "design_tool", "reference_manager", "photo_editor", "daw", "issue_tracker",
        "diagram_tool", "pcb_tool", "cad_tool", "api_client", "hotel_noise", "travel_flying",
        "travel_connection", "travel_low_cost",
        "meeting_tool", "meeting_format", "meeting_time", "meeting_day",
        "meeting_free_day", "meeting_size", "meeting_length", "meeting_buffer", "meeting_camera", "meeting_mic",
        "meeting_room", "meeting_meals", "meeting_start", "code_docstring_style",
        "travel_airline",
        "travel_hotel",
        "travel_seat", "travel_row", "travel_mode",
        "birthday", "units", "office_days", "remote_days", "temperature_unit",
        "time_format", "currency", "meeting_agenda", "meeting_minutes", "meeting_recording", "meeting_captions",
        "meeting_actions", "meeting_attendees", "music_app", "meeting_memo", "meeting_smoking",
        "work_shift",
        "meeting_reminder", "reminder_channel", "day_off", "driving", "hotel_floor", "hotel_window", "hotel_lift",
        "hotel_smoking", "hotel_checkout",
        "todo_app", "payment", "meeting_free_time", "sleep_schedule", "travel_luggage", "travel_fare",
        "employment_terms",
        "travel_ground", "rota", "length_limit", "venue", "anniversary",
    }
)  # fmt: skip
_KNOWN_ATTRIBUTES = _SLOT_ATTRIBUTES | frozenset(_HEADS.values()) | frozenset(_STACK.values())
_RELATION_BASES = frozenset(_RELATIONS.values()) | {
    "partner", "pet:fish", "pet:hamster", "pet:bird", "pet:horse", "pet:guinea_pig", "grandson", "granddaughter"
}  # fmt: skip
_FAVOURITE_ATTRIBUTE = re.compile(r"favourite:(?:[a-z]{3,15}|[\u4e00-\u9fff]{1,4})")


def is_known_attribute(attribute: str) -> bool:
    """Whether `attribute` is one the extractors name: a known setting ("code_comment_style", "editor"), a
    favourite of a category ("favourite:genre") or a named relation's name or birthday ("child:daughter:name").
    Checks what an outside extractor (the optional LLM) answers."""
    if attribute in _KNOWN_ATTRIBUTES or _FAVOURITE_ATTRIBUTE.fullmatch(attribute):
        return True
    base, _, field = attribute.rpartition(":")
    return field in ("name", "birthday", "breed", "school") and base in _RELATION_BASES
