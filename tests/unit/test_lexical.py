"""retrieval/lexical.py directly: the production tokeniser (English stemming and stopwords, apostrophes,
NFKC folding, Chinese words plus characters and bigrams) and the tokeniser options."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from graphmem.retrieval.lexical import EN_STOPWORDS, Tokenizer, jieba_cache_dir, light_stem, tokenize


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


def test_jieba_cache_is_one_file_in_the_cache_folder_not_a_temp_dir_per_process(tmp_path: Path) -> None:
    """Every process used to build jieba's 9 MB cache in a fresh temp dir, left behind when the process was
    killed (text-worker children, replicas); now one file in the cache folder, reused by later processes."""
    cache, tmp = tmp_path / "cache", tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "GRAPHMEM_CACHE_DIR": str(cache), "TMPDIR": str(tmp)}
    code = "from graphmem.retrieval.lexical import load_jieba; print(load_jieba().lcut('我爱搓麻将'))"
    for _ in range(2):
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        assert "'麻将'" in out.stdout
    assert (cache / "jieba" / "jieba.cache").stat().st_size > 1_000_000
    assert not list(tmp.glob("graphmem-jieba-*"))


def test_jieba_cache_dir_follows_xdg_and_gives_up_when_it_cannot_create(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GRAPHMEM_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert jieba_cache_dir() == tmp_path / "xdg" / "graphmem" / "jieba"
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("GRAPHMEM_CACHE_DIR", str(blocker))
    assert jieba_cache_dir() is None
