"""Extraction cost and development-suite quality of the offline extractor.

    python -m tests.bench.extraction [--repeat 3]

Prints the per-utterance latency (p50/p99/max, ms; warm pipelines) over the development suite, the pollution
set and the LoCoMo dev turns, then precision and recall per kind and language on the development suite
(tests/unit/extraction_dev_suite.py) and how many pollution utterances yielded a fact.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from graphmem.extraction.extractor import RuleExtractor
from tests.bench.locomo_data import load_locomo
from tests.unit.extraction_dev_suite import DEV_SUITE, POLLUTION


def corpus() -> list[str]:
    texts = [t for _, _, t, _ in DEV_SUITE] + [t for _, t in POLLUTION]
    for lang in ("en", "zh"):
        for conv in load_locomo(lang):
            texts.extend(turn.text for session in conv.sessions for turn in session.turns)
    return texts


def latency(extractor: RuleExtractor, texts: list[str], repeat: int) -> list[float]:
    extractor.extract("warm up 预热")
    out: list[float] = []
    for _ in range(repeat):
        for text in texts:
            t0 = time.perf_counter()
            extractor.extract(text)
            out.append((time.perf_counter() - t0) * 1000)
    return out


def quality(extractor: RuleExtractor) -> tuple[dict[tuple[str, str], list[int]], int]:
    """Per (kind, lang): [true positives, extracted, expected]; and the number of polluted utterances."""
    table: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for kind, lang, text, expected in DEV_SUITE:
        got = {(str(f.predicate), f.value, f.polarity, f.key) for f in extractor.extract(text)}
        want = {(str(p), v, pol, k) for p, v, pol, k in expected}
        row = table[(kind, lang)]
        row[0] += len(got & want)
        row[1] += len(got)
        row[2] += len(want)
    polluted = sum(1 for _, text in POLLUTION if extractor.extract(text))
    return table, polluted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    extractor = RuleExtractor()
    texts = corpus()
    ms = sorted(latency(extractor, texts, args.repeat))
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(
        f"extraction latency over {len(texts)} utterances x {args.repeat}: p50 {statistics.median(ms):.3f} ms, "
        f"p99 {p99:.3f} ms, max {ms[-1]:.3f} ms"
    )
    table, polluted = quality(extractor)
    totals = [0, 0, 0]
    print(f"{'kind':<12} {'lang':<4} {'prec':>6} {'recall':>6}  (tp/extracted/expected)")
    for (kind, lang), (tp, got, want) in sorted(table.items()):
        totals = [totals[0] + tp, totals[1] + got, totals[2] + want]
        print(f"{kind:<12} {lang:<4} {tp / max(got, 1):>6.2f} {tp / max(want, 1):>6.2f}  ({tp}/{got}/{want})")
    for lang in ("en", "zh"):
        tp = sum(r[0] for (_, lg), r in table.items() if lg == lang)
        got = sum(r[1] for (_, lg), r in table.items() if lg == lang)
        want = sum(r[2] for (_, lg), r in table.items() if lg == lang)
        print(f"{'all':<12} {lang:<4} {tp / max(got, 1):>6.2f} {tp / max(want, 1):>6.2f}  ({tp}/{got}/{want})")
    print(f"pollution: {polluted} of {len(POLLUTION)} utterances yielded a fact")


if __name__ == "__main__":
    main()
