"""Loader for the LoCoMo dev split (English and Chinese) used by the retrieval benchmarks.

Robust to the known blemishes of the data: multi-id / malformed / dangling evidence ids, empty evidence,
integer answers, date keys without a session, inconsistent Chinese speaker names.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

__all__ = [
    "Conversation",
    "LocomoDataMissingError",
    "Question",
    "Session",
    "Turn",
    "default_data_dir",
    "load_locomo",
    "normalise_evidence",
    "parse_session_datetime",
]

LANGS = ("en", "zh")
_SESSION_KEY = re.compile(r"^session_(\d+)$")
_EVIDENCE_ID = re.compile(r"D\s*:?\s*(\d+)\s*:\s*(\d+)", re.IGNORECASE)
_EN_DATE = re.compile(r"(\d{1,2}):(\d{2})\s*([ap]\.?m\.?)?\s*on\s*(\d{1,2})\s+([A-Za-z]+),?\s*(\d{4})", re.IGNORECASE)
_ZH_DATE = re.compile(
    r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日\s*(上午|中午|下午|晚上|凌晨|早上)?\s*(\d{1,2})[:：](\d{2})"
)
_MONTHS = {
    m: i + 1
    for i, m in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ]
    )
}


class LocomoDataMissingError(FileNotFoundError):
    """The LoCoMo dev files are not where the loader was told to look."""


@dataclass(frozen=True, slots=True)
class Turn:
    dia_id: str
    session: int
    speaker: str  # canonical (English) speaker name, taken from the English file by dia_id
    text: str
    blip_caption: str | None
    occurred_at: datetime | None
    local_speaker: str = ""  # the speaker string as written in the loaded language's file


@dataclass(frozen=True, slots=True)
class Session:
    index: int
    occurred_at: datetime | None
    turns: tuple[Turn, ...]


@dataclass(frozen=True, slots=True)
class Question:
    text: str
    evidence: tuple[str, ...]  # normalised ids ("D8:6") that match a turn of the conversation
    category: int
    answer: str | None
    raw_evidence: tuple[str, ...] = ()
    dropped_evidence: tuple[str, ...] = ()  # ids that were malformed or matched no turn


@dataclass(frozen=True, slots=True)
class Conversation:
    sample_id: str
    speakers: tuple[str, str]
    sessions: tuple[Session, ...]
    questions: tuple[Question, ...]
    local_speakers: tuple[str, str] = ("", "")
    turn_index: dict[str, Turn] = field(default_factory=dict, compare=False, repr=False)

    @property
    def turns(self) -> list[Turn]:
        return [t for s in self.sessions for t in s.turns]


def default_data_dir() -> Path:
    """$GRAPHMEM_LOCOMO_DIR when set (a git worktree elsewhere), else <repo>/../shared/data/locomo-dev, the repo
    being the parent of ``tests/``."""
    configured = os.environ.get("GRAPHMEM_LOCOMO_DIR")
    if configured:
        return Path(configured)
    return Path(__file__).resolve().parents[2].parent / "shared" / "data" / "locomo-dev"


def parse_session_datetime(raw: object) -> datetime | None:
    """Parse "1:56 pm on 8 May, 2023" or "2023年5月8日下午1:56"; None when unparseable."""
    if not isinstance(raw, str):
        return None
    m = _EN_DATE.search(raw)
    if m:
        hour, minute, ampm, day, month_name, year = m.groups()
        month = _MONTHS.get(month_name.lower()) or next(
            (v for k, v in _MONTHS.items() if k.startswith(month_name.lower()[:3])), None
        )
        if month is None:
            return None
        h = int(hour) % 12 if ampm else int(hour)
        if ampm and ampm.lower().startswith("p"):
            h += 12
        try:
            return datetime(int(year), month, int(day), h, int(minute))
        except ValueError:
            return None
    m = _ZH_DATE.search(raw)
    if m:
        year, month_s, day, part, hour, minute = m.groups()
        h = int(hour)
        if (part in ("下午", "晚上") and h < 12) or (part == "中午" and h < 11):
            h += 12
        try:
            return datetime(int(year), int(month_s), int(day), h % 24, int(minute))
        except ValueError:
            return None
    return None


def normalise_evidence(raw: object) -> list[str]:
    """Split and normalise evidence ids: "D8:6; D9:17" -> [D8:6, D9:17], "D:11:26" -> [D11:26], "D" -> []."""
    items: list[object] = list(raw) if isinstance(raw, list | tuple) else [raw]
    out: list[str] = []
    for item in items:
        if item is None:
            continue
        for m in _EVIDENCE_ID.finditer(str(item)):
            ident = f"D{int(m.group(1))}:{int(m.group(2))}"
            if ident not in out:
                out.append(ident)
    return out


def _read_json(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        raise LocomoDataMissingError(
            f"LoCoMo dev data not found: {path} is missing. The benchmark reads it from ../shared/data/locomo-dev "
            "(never copied into the repository); pass data_dir= to point elsewhere."
        )
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise ValueError(f"{path}: expected a JSON list of conversations")
    return [c for c in data if isinstance(c, dict)]


def _speaker_map(conv: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in conv.items():
        if _SESSION_KEY.match(key) and isinstance(value, list):
            for t in value:
                if isinstance(t, dict) and "dia_id" in t:
                    out[str(t["dia_id"]).strip()] = str(t.get("speaker", ""))
    return out


def _build(raw: dict[str, Any], english: dict[str, Any] | None) -> Conversation:
    conv = raw.get("conversation") or {}
    en_conv = (english or {}).get("conversation") or {}
    en_speakers = _speaker_map(en_conv) if en_conv else {}
    speaker_a = str(en_conv.get("speaker_a", conv.get("speaker_a", "")))
    speaker_b = str(en_conv.get("speaker_b", conv.get("speaker_b", "")))
    sessions: list[Session] = []
    index: dict[str, Turn] = {}
    session_nums = sorted(int(m.group(1)) for k in conv if (m := _SESSION_KEY.match(k)))
    for n in session_nums:
        turns_raw = conv.get(f"session_{n}")
        if not isinstance(turns_raw, list) or not turns_raw:
            continue
        when = parse_session_datetime(conv.get(f"session_{n}_date_time"))
        if when is None:
            when = parse_session_datetime(en_conv.get(f"session_{n}_date_time"))
        turns: list[Turn] = []
        for t in turns_raw:
            if not isinstance(t, dict):
                continue
            dia_id = str(t.get("dia_id", "")).strip()
            ids = normalise_evidence(dia_id)
            dia_id = ids[0] if ids else dia_id
            local = str(t.get("speaker", ""))
            caption = t.get("blip_caption")
            turn = Turn(
                dia_id=dia_id,
                session=n,
                speaker=en_speakers.get(dia_id, local),
                text=str(t.get("text", "") or ""),
                blip_caption=str(caption) if caption else None,
                occurred_at=when,
                local_speaker=local,
            )
            turns.append(turn)
            index.setdefault(dia_id, turn)
        sessions.append(Session(index=n, occurred_at=when, turns=tuple(turns)))
    questions: list[Question] = []
    for q in raw.get("qa") or []:
        if not isinstance(q, dict):
            continue
        raw_ev = q.get("evidence") or []
        raw_list = [str(e) for e in raw_ev] if isinstance(raw_ev, list) else [str(raw_ev)]
        ids = normalise_evidence(raw_list)
        valid = tuple(i for i in ids if i in index)
        dropped = tuple(e for e in raw_list if not normalise_evidence(e)) + tuple(i for i in ids if i not in index)
        answer = q.get("answer", q.get("adversarial_answer"))
        try:
            category = int(q.get("category", 0))
        except (TypeError, ValueError):
            category = 0
        questions.append(
            Question(
                text=str(q.get("question", "")),
                evidence=valid,
                category=category,
                answer=None if answer is None else str(answer),
                raw_evidence=tuple(raw_list),
                dropped_evidence=dropped,
            )
        )
    return Conversation(
        sample_id=str(raw.get("sample_id", "")),
        speakers=(speaker_a, speaker_b),
        sessions=tuple(sessions),
        questions=tuple(questions),
        local_speakers=(str(conv.get("speaker_a", "")), str(conv.get("speaker_b", ""))),
        turn_index=index,
    )


def load_locomo(lang: str, data_dir: Path | None = None) -> list[Conversation]:
    """Load ``locomo10_dev.<lang>.json`` (lang "en" or "zh"); Chinese speakers come from the English file."""
    if lang not in LANGS:
        raise ValueError(f"unknown LoCoMo language {lang!r}; expected one of {LANGS}")
    base = data_dir if data_dir is not None else default_data_dir()
    raw = _read_json(base / f"locomo10_dev.{lang}.json")
    english: dict[str, dict[str, Any]] = {}
    if lang != "en":
        english = {str(c.get("sample_id")): c for c in _read_json(base / "locomo10_dev.en.json")}
    return [_build(c, english.get(str(c.get("sample_id")))) for c in raw]
