"""Notes: an explicit request to remember is never dropped silently. When no narrower reading states what it asks
to keep, the words become a `note` fact (explicit, so promoted at once), quoting them as evidence; never for
"I remember", "remember when/to …", a question, cheer for the listener, or a turn that corrects itself."""

from __future__ import annotations

import pytest

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.facts import Predicate
from graphmem.extraction.notes import MAX_NOTE_CHARS


def _notes(extractor: RuleExtractor, text: str) -> list[str]:
    found = extractor.extract(text)
    for f in found:
        assert f.evidence in text
    return [f.value for f in found if f.predicate is Predicate.NOTE]


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("Remember: this repo targets Python 3.9 and nothing newer.", "this repo targets python 3.9 and nothing newer"),
        ("Please remember that my one-to-ones with the data team are every third week.",
         "my one-to-ones with the data team are every third week"),
        ("For future reference, our staging box is stage2.internal and I deploy from the release branch.",
         "our staging box is stage2.internal and i deploy from the release branch"),
        ("The client is in Chile, so in this project quote prices in pesos. Please remember that.",
         "the client is in chile, so in this project quote prices in pesos"),
        ("Okay. Remember: our sprint demo is every second Friday.", "our sprint demo is every second friday"),
        ("Remember my son's coach is Mr. Okafor.", "my son's coach is mr. okafor"),  # "Mr." ends no sentence
        ("Sam starts at the new school on 3 March. Please remember him, he gets anxious.",
         "sam starts at the new school on 3 march"),
        ("Max, he turns six on the 2nd of June. Please remember that date, I always forget.",
         "max, he turns six on the 2nd of june"),
        ("Jitsi, sadly, company policy. Remember that for any calls you set up for me.",
         "jitsi, sadly, company policy, for any calls you set up for me"),
        ("记一下，我们单位是单双周轮休，单周的周日也要值班", "我们单位是单双周轮休，单周的周日也要值班"),
        ("我们组的月报每月最后一个周四交，帮我记住哈", "我们组的月报每月最后一个周四交"),
        ("我们家的wifi密码是xyz123，你记住，别告诉别人", "我们家的wifi密码是xyz123，别告诉别人"),
    ],
)  # fmt: skip
def test_what_a_request_to_remember_asks_becomes_a_note(extractor: RuleExtractor, text: str, note: str) -> None:
    assert _notes(extractor, text) == [note]
    (fact,) = [f for f in extractor.extract(text) if f.predicate is Predicate.NOTE]
    assert fact.explicit and fact.confidence >= 0.9 and fact.key == f"user|note|{note}"


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        # words that only point back ("这条你记住了"): the sentence before is what is asked
        ("附上。以后你帮我约的会，相关文件都得先发我过目，没看过材料的会我一概不进。这条你记住了", "先发我过目"),
        # too bare to stand alone: the request keeps the sentence before with it
        ("往后回我的话别带井号星号那些符号，我都是复制到微信里发给别人的。就给纯文字，记住啊", "纯文字"),
        (
            "Do that for every in-person meeting you put on my calendar. Travel time before each one, please remember.",
            "travel time before each one",
        ),
        # a request followed only by how it will be used: the sentence before
        ("柯尔鸭，叫毛豆，快两岁了。你给我记着，以后我问鸭子的事说的都是它", "毛豆"),
        # a sentence led by a pronoun takes the one before it, which says who
        (
            "Humphrey. He's a Hermann's tortoise, about twelve. Please remember him, I'll have more questions.",
            "humphrey",
        ),
        # "你把它记下" and "keep her in your memory" point back; a bare fragment before says who
        ("两岁半，灰的，叫奶盖。你把它记下，以后我问龙猫的事就是问它", "奶盖"),
        (
            "Yes, Noodle. Pink, frilly gills, about a year old. Please keep her in your memory, she'll come up a lot.",
            "noodle",
        ),
        # a slip repaired after "Sorry,"
        ("Please remember my unit number for deliveries: 4B. Sorry, 4D. 4B is my neighbor across the hall.", "4d"),
        # a request listing several things keeps the first-person clauses no other reading stated
        (
            "A few things to keep on file: I'm in Bozeman, I shoe horses for a living, and I'm allergic to sulfa.",
            "bozeman",
        ),
    ],
)
def test_what_a_request_points_at_or_lists_is_kept(extractor: RuleExtractor, text: str, wanted: str) -> None:
    assert any(wanted in n for n in _notes(extractor, text)), _notes(extractor, text)


def test_a_listing_request_goes_on_in_the_sentences_after_it(extractor: RuleExtractor) -> None:
    text = "莲藕这个项目两条铁律你记牢：数据库里不准写存储过程，逻辑一律放代码里；上线只挑周四晚上，别的日子一概不发版"
    # (the items of a list of rules are rules: the second after its "；" too)
    kept = _notes(extractor, text) + [f.value for f in extractor.extract(text) if "instruction" in f.key]
    assert "上线只挑周四晚上，别的日子一概不发版" in kept
    # a request whose object points back keeps nothing new ("公司这个信息你记一下")
    pointed = "帮我写个请假条吧，我在字节跳动上班。公司这个信息你记一下，以后写东西用得着"
    assert _notes(extractor, pointed) == []


def test_a_listing_request_keeps_no_clause_another_reading_stated(extractor: RuleExtractor) -> None:
    text = "A few things to keep on file: I'm in Bozeman, I shoe horses for a living, and I'm allergic to sulfa drugs."
    assert all("shoe" not in n and "sulfa" not in n for n in _notes(extractor, text))
    # a request that lists nothing leaves what other readings stated to them
    assert _notes(extractor, "记住，我在生酮，碳水基本不碰") == []
    assert (
        _notes(extractor, "Update: I dropped low-carb, I'm on the Mediterranean diet now. Remember that instead.") == []
    )


@pytest.mark.parametrize(
    "text",
    [
        "Remember that I live in Lisbon now.",  # the location reading states it
        "记住，我不吃香菜",  # the taste reading states it
        "I remember that my dad liked jazz a lot.",  # the speaker remembers
        "Remember the good old days when we had no phones.",  # nostalgia
        "Remember that trip to Porto we took? So fun.",  # a question
        "Remember to call my sister tomorrow.",  # a task
        "Do you remember where I parked my car?",
        "My manager says remember to always lock the office.",  # someone else's words
        "remember, I'm always here for you",  # cheer for the listener
        "Remember that staying positive is very important.",  # advice, nothing of the speaker's
        "记住，我永远支持你。",
        "记住保持积极非常重要。",
        "你说的这些我都记住了",
        "我记不住我们公司的规定",
        "Remember: ok.",  # too short to be anything
        "Way to go, Jon! Keep it up, you're almost there!",  # an idiom, no request to keep the sentence before
    ],
)
def test_no_note_where_nothing_is_asked_or_another_reading_states_it(extractor: RuleExtractor, text: str) -> None:
    assert _notes(extractor, text) == []


def test_a_long_note_is_cut_at_a_word_and_quotes_its_words(extractor: RuleExtractor) -> None:
    words = " ".join(f"step{i}" for i in range(200))
    text = f"Please remember that my release checklist is {words}."
    (note,) = _notes(extractor, text)
    assert len(note) <= MAX_NOTE_CHARS and note.startswith("my release checklist is step0 step1")
    assert not note.endswith(" ")


@pytest.mark.parametrize(
    ("text", "notes", "updated"),
    [
        (
            "We're moving the retros to every Monday from now on. Can you update that?",
            ["my retros with the platform team are every other friday", "our staging box is stage2.internal"],
            ["we're moving the retros to every monday from now on", ""],
        ),
        ("好消息！单位取消单双周轮休了，以后都是正常双休，你更新一下", ["我们单位是单双周轮休，单周的周日也要值班"],
         ["单位取消单双周轮休了，以后都是正常双休"]),
        ("Correction: the repo targets Python 3.12 now, not 3.9.", ["this repo targets python 3.9 and nothing newer"],
         ["the repo targets python 3.12 now, not 3.9"]),
    ],
)  # fmt: skip
def test_an_update_replaces_the_note_it_shares_words_with(
    extractor: RuleExtractor, text: str, notes: list[str], updated: list[str]
) -> None:
    assert extractor.updated_notes(text, notes) == updated


@pytest.mark.parametrize(
    "text",
    [
        "We're moving the retros to every Monday from now on.",  # no update asked
        "My cat's vet moved to Elm Street. Can you update that?",  # nothing in common with the note
        "I moved to Lisbon, please update that.",  # nothing in common with the note
        "Can you update that?",  # no words to keep
    ],
)
def test_no_note_is_updated_without_an_update_of_it(extractor: RuleExtractor, text: str) -> None:
    assert extractor.updated_notes(text, ["my retros with the platform team are every other friday"]) == [""]


@pytest.mark.parametrize(
    ("text", "note"),
    [
        (
            "Please remember that my kids' pediatrician is Dr. Alvarez. Wait, no, Romero. Dr. Romero.",
            "my kids' pediatrician is dr. romero",
        ),
        ("Please remember my daughter's teacher is Ms. Patel. Oh wait, no, Ms. Shah.",
         "my daughter's teacher is ms. shah"),
        ("Please remember my health insurance is through Aetna. No, sorry, Cigna.",
         "my health insurance is through cigna"),
        ("帮我记个日子，我跟我老婆的结婚纪念日是6月18号……哎不对，8月16号，这俩数我老记反",
         "我跟我老婆的结婚纪念日是8月16号"),
        ("记一下我车位号是12……哦不对，是21", "我车位号是21"),
        ("Please save my desk extension, it's 4417. Sorry, typo: 4471.", "my desk extension, it's 4471"),
        (
            "记一下我的车位号，B2-137，以后我问停哪了你就告诉我……等会儿，不对，是B2-173，后两位让我搞反了",
            "我的车位号，B2-173，以后我问停哪了你就告诉我",
        ),
        ("帮我记一下，我现在体重六十五公斤……哎不对，六十八，今早刚上的秤", "我现在体重六十八公斤"),
    ],
)  # fmt: skip
def test_a_slip_repaired_in_the_same_breath_is_noted_repaired(extractor: RuleExtractor, text: str, note: str) -> None:
    (found,) = [f for f in extractor.extract(text) if f.predicate is Predicate.NOTE]
    assert found.value == note and found.evidence in text and found.explicit


def test_a_repair_with_nothing_of_its_shape_before_it_notes_nothing(extractor: RuleExtractor) -> None:
    assert not [
        f for f in extractor.extract("Please remember I love hiking. Wait, no, 42.") if f.predicate is Predicate.NOTE
    ]


@pytest.mark.parametrize(
    ("text", "kept", "gone"),
    [
        (
            "Please remember that my passport expires in March 2027. Hang on, let me check... no, May 2027.",
            "may 2027",
            "march",
        ),
        ("帮我记个地址，以后填快递用：翠湖苑12栋……哎不对，是21栋，这俩数我老说反", "21栋", "12栋"),
    ],
)
def test_a_slip_caught_while_checking_is_kept_repaired(
    extractor: RuleExtractor, text: str, kept: str, gone: str
) -> None:
    notes = [f.value for f in extractor.extract(text) if f.predicate is Predicate.NOTE]
    assert len(notes) == 1 and kept in notes[0] and gone not in notes[0]


def test_saving_a_value_of_ones_own_is_a_request_to_remember_saving_ones_work_is_not(extractor: RuleExtractor) -> None:
    assert _notes(extractor, "Remember my locker is 118, so next time I ask you can just tell me") == [
        "my locker is 118, so next time i ask you can just tell me"
    ]
    assert _notes(extractor, "Please store my gate code: 4512") == ["my gate code: 4512"]
    assert _notes(extractor, "Please save my work for later") == []
    assert _notes(extractor, "Can you save my draft before I close the tab") == []
