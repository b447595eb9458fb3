"""retrieval/lexical.py directly: the production tokeniser (English stemming and stopwords, apostrophes,
NFKC folding, Chinese words plus characters and bigrams) and the tokeniser options."""

from __future__ import annotations

from graphmem.retrieval.lexical import EN_STOPWORDS, Tokenizer, light_stem, tokenize


def test_english_is_lowercased_stemmed_and_stripped_of_stopwords() -> None:
    tokens = tokenize("The Hiking trips I LOVED")
    assert "the" not in tokens and "i" not in tokens
    assert tokens == [light_stem(w) for w in ("hiking", "trips", "loved")]
    assert light_stem("hiking") == light_stem("hike")


def test_possessives_and_curly_apostrophes_fold() -> None:
    assert tokenize("Marco's") == tokenize("Marco\u2019s") == tokenize("marco")
    assert tokenize("don't") == tokenize("dont")


def test_full_width_text_folds_to_half_width() -> None:
    assert tokenize("ＰＹＴＨＯＮ") == tokenize("python")


def test_chinese_runs_yield_words_characters_and_bigrams() -> None:
    tokens = tokenize("我喜欢咖啡")
    assert "咖啡" in tokens and "咖" in tokens and "欢咖" in tokens
    assert all(t.strip() for t in tokens)


def test_tokenizer_options_change_only_what_they_name() -> None:
    assert Tokenizer(cjk="char").tokenize("咖啡") == ["咖", "啡"]
    assert Tokenizer(cjk="bigram").tokenize("咖啡店") == ["咖啡", "啡店"]
    plain = Tokenizer(stem=False, stopwords=False)
    assert plain.tokenize("the trips") == ["the", "trips"]
    assert "the" in EN_STOPWORDS


def test_empty_and_punctuation_only_text_has_no_tokens() -> None:
    assert tokenize("") == [] and tokenize("?!… ，。") == []
