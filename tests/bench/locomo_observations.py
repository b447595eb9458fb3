"""First-person fact recall on the LoCoMo dev conversations: of the `observation` annotations (facts about a
speaker, each with evidence turn ids) whose evidence turn is the speaker's own, the share covered by a
candidate the offline extractor produces from that turn.

    python -m tests.bench.locomo_observations [--lang en|zh|both] [--misses 0]

Two figures per language: `any` (the turn yields at least one candidate) and `matched` (a candidate's value
appears in the observation text — en: a value word of 3+ letters, zh: the value itself or a 2-character piece
of it). No target: a recall floor. Reads ../shared/data only.
"""

from __future__ import annotations

import argparse
import json
import re
from dataclasses import dataclass

from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.facts import CandidateFact
from tests.bench.locomo_data import default_data_dir, load_locomo, normalise_evidence

_WORD = re.compile(r"[a-z]{3,}")


@dataclass
class Recall:
    observations: int = 0
    any: int = 0
    matched: int = 0

    def line(self, lang: str) -> str:
        n = max(self.observations, 1)
        return (
            f"{lang}: first-person observations {self.observations}, covered by any candidate {self.any} "
            f"({self.any / n:.1%}), by a value-matching candidate {self.matched} ({self.matched / n:.1%})"
        )


def value_in(candidate: CandidateFact, observation: str) -> bool:
    """True when the candidate's value shows up in the observation text."""
    obs = observation.lower()
    value = candidate.value.lower()
    if value.isascii():
        return any(w in obs for w in _WORD.findall(value))
    return value in obs or any(value[i : i + 2] in obs for i in range(len(value) - 1))


def measure(lang: str, misses: int = 0) -> Recall:
    """Recall of first-person observations in one language's dev file."""
    extractor = RuleExtractor()
    conversations = {c.sample_id: c for c in load_locomo(lang)}
    raw = json.loads((default_data_dir() / f"locomo10_dev.{lang}.json").read_text(encoding="utf-8"))
    out = Recall()
    shown = 0
    cache: dict[str, list[CandidateFact]] = {}
    for item in raw:
        conv = conversations[str(item.get("sample_id"))]
        for per_speaker in (item.get("observation") or {}).values():
            for speaker, rows in (per_speaker or {}).items():
                for row in rows or []:
                    if not isinstance(row, list) or len(row) < 2:
                        continue
                    text, evidence = str(row[0]), normalise_evidence(row[1])
                    turns = [conv.turn_index[e] for e in evidence if e in conv.turn_index]
                    own = [t for t in turns if t.speaker == speaker]
                    if not own:
                        continue
                    out.observations += 1
                    found: list[CandidateFact] = []
                    for turn in own:
                        key = f"{conv.sample_id}/{turn.dia_id}"
                        if key not in cache:
                            cache[key] = extractor.extract(turn.text)
                        found.extend(cache[key])
                    out.any += bool(found)
                    hit = any(value_in(c, text) for c in found)
                    out.matched += hit
                    if not hit and shown < misses:
                        shown += 1
                        print(f"  miss [{own[0].dia_id}] {own[0].text[:100]!r} -> {text[:80]!r}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--lang", choices=("en", "zh", "both"), default="both")
    parser.add_argument("--misses", type=int, default=0, help="print this many uncovered observations")
    args = parser.parse_args()
    for lang in ("en", "zh") if args.lang == "both" else (args.lang,):
        print(measure(lang, args.misses).line(lang))


if __name__ == "__main__":
    main()
