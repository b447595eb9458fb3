"""Hostile requests generated from the MemoryService descriptor, and a driver that sends them and counts the
status codes per RPC. Shared by the API fuzz test, the as-launched fuzz test and `python -m tests.bench.fuzz`.

Every field of every request message is filled from its descriptor type: strings from a pool of empty, huge,
control-character, emoji, Chinese, Cypher-, path- and format-like values (plus well-formed ones, so requests
also get past validation); integers at their extremes; floats including NaN and infinities; enums including
unknown numbers; Timestamps outside the representable range and with nanos outside [0, 10^9); repeated and
map fields now and then thousands of entries long. A seeded `random.Random` makes each run reproducible.
"""

from __future__ import annotations

import asyncio
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import grpc
import grpc.aio
from google.protobuf import text_format
from google.protobuf.descriptor import Descriptor, FieldDescriptor, MethodDescriptor
from google.protobuf.message import Message

from graphmem.v1 import memory_service_pb2 as pb

SERVICE = pb.DESCRIPTOR.services_by_name["MemoryService"]
METHODS: tuple[MethodDescriptor, ...] = tuple(SERVICE.methods)
FAILING_CODES = (grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN)

_INT32 = (0, 1, -1, 2, 3, 5, 10, 50, 100, 1000, 100_000, 2**31 - 1, -(2**31))
_INT64 = (*_INT32, 2**63 - 1, -(2**63), 2**53 + 1)
_FLOATS = (0.0, -0.0, 0.5, 1.0, -1.0, 1.5, 1e-45, 3.4e38, -3.4e38, math.nan, math.inf, -math.inf)
_MAX_SECONDS = 253_402_300_799
_MIN_SECONDS = -62_135_596_800
_TIMESTAMPS = (
    (1_781_000_000, 0),
    (0, 0),
    (_MIN_SECONDS, 0),
    (_MAX_SECONDS, 999_999_999),
    (_MAX_SECONDS + 1, 0),
    (_MIN_SECONDS - 1, 0),
    (2**62, 0),
    (-(2**62), 0),
    (2**63 - 1, 0),
    (-(2**63), 0),
    (1_781_000_000, -1),
    (1_781_000_000, 1_000_000_000),
    (1_781_000_000, 2**31 - 1),
    (1_781_000_000, -(2**31)),
)
_WELL_FORMED = (
    "fuzz",
    "user",
    "assistant",
    "tool",
    "dialogue",
    "scratch",
    "task",
    "instructions",
    "message",
    "preference",
    "deploy.service",
    "goal=ship it",
    "summary:1=x",
    "I prefer short replies without emoji",
    "我不吃香菜，点菜时别放香菜",
    "what did I say last week?",
    '{"type": "object"}',
    "{}",
    "[]",
    "ep-0",
)
_HOSTILE = (
    "",
    " ",
    "\t\n\r",
    "\x00",
    "\x00\x01\x02\x1b[31m\x7f",
    "\u202e\u200b\ufeff",
    "😀👨‍👩‍👧‍👦🏳️‍🌈",
    "' OR 1=1 //",
    "MATCH (n) DETACH DELETE n",
    "}) MATCH (x) RETURN x //",
    "$user_id",
    "`label`:Episode",
    "../../../../etc/passwd",
    "/dev/zero",
    "C:\\Windows\\System32",
    "file:///etc/shadow",
    "%s%n%x{0}{{}}",
    "${jndi:ldap://x}",
    "<script>alert(1)</script>",
    "i " + "definitely " * 40 + "zzz",
    "i don't " + "really " * 60 + "zzz",
    "100000000 months ago",
    "99999999999 days ago",
    "100000000000000000000 months ago",
    "99999999999天前",
    "last 99999999999 weeks",
    "-1 days ago",
    "NaN",
    "inf",
    "-0",
    "18446744073709551616",
)


# Well-formed requests with hostile content: texts that are valid yet costly or odd to process
_TEXTS = (
    "I prefer short replies without emoji",
    "Remember: I never drink coffee after noon. My manager is Alice Chen.",
    "我不吃香菜，点菜时别放香菜",
    "上周五把周报发给了王经理",
    "what did I say last week?",
    "who got the weekly report 3 days ago?",
    "i " + "definitely " * 40 + "zzz",
    "i really " + "really " * 200 + "like tea",
    "香" * 3000,
    "我喜欢" * 1000,
    "一二三四五六七八九十" * 300,
    "a" * 8000,
    "a/" * 3000,
    "x@" * 3000,
    "Ab" * 3000,
    "1." * 3000,
    "😀" * 2000,
    "99999999999 days ago",
    "100000000000000000000 months ago",
    "last 99999999999 weeks",
    "99999999999天前",
    "the 31st of February 0000",
    "MATCH (n) DETACH DELETE n",
    "../../../../etc/passwd",
)
_SANE: dict[str, tuple[Any, ...]] = {
    "role": ("user", "assistant", "tool", "system"),
    "zone": ("", "dialogue", "scratch", "instructions"),
    "event_type": ("message", "preference", "task_completed"),
    "event_types": ("message", "preference"),
    "speaker": ("user", "assistant"),
    "name": ("deploy.service", "weekly-report"),
    "id": ("ep-0", "fact-0"),
    "memory_id": ("ep-0",),
    "episode_id": ("",),
    "page_token": ("",),
    "parameters_schema": ('{"type": "object"}', ""),
    "entry_point": ("scripts/deploy.sh",),
    "project_id": ("", "p1"),
    "agent_id": ("",),
    "top_k": (0, 3, 10),
    "page_size": (0, 10),
    "token_budget": (200, 2000),
    "version": (0, 1),
    "importance": (0.0, 0.5, 1.0),
}


def _huge(rng: random.Random) -> str:
    unit = rng.choice(("a", "A", "1", "a/", "a.", "x@", "😀", "香", "我不吃香菜", "definitely ", " ", "\n", "Ab"))
    return unit * (rng.choice((5_000, 20_000, 40_000)) // len(unit))


@dataclass
class RequestFuzzer:
    """Random requests for every RPC; `users` are the user ids it mostly scopes requests to (a few, so reads
    meet data that earlier writes created)."""

    seed: int
    users: Sequence[str] = ("fuzz-u1", "fuzz-u2")
    forget_users: Sequence[str] = ()  # when set, ForgetUser is scoped to these users only (see `fuzz`)
    huge_rate: float = 0.04
    rng: random.Random = field(init=False)
    sane: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def request(self, method: MethodDescriptor) -> Message:
        """Half the requests are wild (every field random); the other half well-formed, with a valid shape and
        hostile content (huge or adversarial texts, extreme time expressions) and now and then one wild field,
        so they reach the deep paths (extraction, search, working memory) instead of stopping at validation."""
        self.sane = self.rng.random() < 0.5
        message = pb.__dict__[method.input_type.name]()
        self._fill(message, method.input_type, depth=0)
        if method.name == "ForgetUser" and self.forget_users:
            message.scope.user_id = self.rng.choice(self.forget_users)
        return message

    def _sane_scalar(self, f: FieldDescriptor) -> Any:
        rng = self.rng
        if f.name in _SANE:
            return rng.choice(_SANE[f.name])
        if f.name == "key":
            return f"k{rng.randrange(10**9)}"
        if f.type == FieldDescriptor.TYPE_STRING:
            return rng.choice(_TEXTS)
        if f.type == FieldDescriptor.TYPE_ENUM:
            return rng.choice([v.number for v in f.enum_type.values if v.number])
        if f.type == FieldDescriptor.TYPE_BOOL:
            return rng.random() < 0.5
        return 0

    def _string(self, name: str) -> str:
        rng = self.rng
        roll = rng.random()
        if name == "user_id" and roll < 0.8:
            return rng.choice(self.users)
        if name == "session_id" and roll < 0.6:
            return rng.choice(("s1", "s2"))
        if roll < self.huge_rate:
            return _huge(rng)
        if roll < 0.45:
            return rng.choice(_WELL_FORMED)
        if roll < 0.9:
            return rng.choice(_HOSTILE)
        return "".join(chr(rng.choice((rng.randrange(0, 0x80), rng.randrange(0x80, 0xD800)))) for _ in range(20))

    def _scalar(self, f: FieldDescriptor) -> Any:
        rng = self.rng
        if self.sane and (rng.random() < 0.95 or f.name in ("user_id", "session_id")):
            if f.name in ("user_id", "session_id"):
                return rng.choice(self.users) if f.name == "user_id" else rng.choice(("s1", "s2"))
            return self._sane_scalar(f)
        if f.type == FieldDescriptor.TYPE_STRING:
            return self._string(f.name)
        if f.type == FieldDescriptor.TYPE_BYTES:
            return rng.randbytes(rng.choice((0, 1, 16, 4096)))
        if f.type == FieldDescriptor.TYPE_BOOL:
            return rng.random() < 0.5
        if f.type == FieldDescriptor.TYPE_ENUM:
            numbers = [v.number for v in f.enum_type.values]
            return rng.choice((*numbers, *numbers, -1, 99, 2**31 - 1, -(2**31)))
        if f.type in (FieldDescriptor.TYPE_FLOAT, FieldDescriptor.TYPE_DOUBLE):
            return rng.choice(_FLOATS)
        if f.type in (FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_SINT64, FieldDescriptor.TYPE_SFIXED64):
            return rng.choice(_INT64)
        if f.type in (FieldDescriptor.TYPE_UINT32, FieldDescriptor.TYPE_FIXED32):
            return rng.choice((0, 1, 100, 2**32 - 1))
        if f.type in (FieldDescriptor.TYPE_UINT64, FieldDescriptor.TYPE_FIXED64):
            return rng.choice((0, 1, 100, 2**64 - 1))
        return rng.choice(_INT32)

    def _count(self) -> int:
        if self.sane:
            return self.rng.choice((1, 1, 2))
        roll = self.rng.random()
        if roll < self.huge_rate:
            return self.rng.choice((100, 2_000, 6_000))
        return self.rng.choice((0, 0, 1, 1, 2, 3))

    def _fill(self, message: Message, descriptor: Descriptor, depth: int) -> None:
        rng = self.rng
        for f in descriptor.fields:
            if f.name != "scope" and rng.random() < (0.1 if self.sane else 0.2):
                continue  # left unset
            if f.message_type is not None and f.message_type.GetOptions().map_entry:
                target = getattr(message, f.name)
                for i in range(self._count()):
                    key = self._scalar(f.message_type.fields_by_name["key"])
                    target[f"{key}{i}" if len(key) < 1000 else key[: 1000 - len(str(i))] + str(i)] = self._scalar(
                        f.message_type.fields_by_name["value"]
                    )
            elif f.message_type is not None and f.message_type.full_name == "google.protobuf.Timestamp":
                seconds, nanos = _TIMESTAMPS[0] if self.sane and rng.random() < 0.9 else rng.choice(_TIMESTAMPS)
                getattr(message, f.name).CopyFrom(_timestamp(seconds, nanos))
            elif f.message_type is not None:
                if depth > 3:
                    continue
                if f.is_repeated:
                    items = getattr(message, f.name)
                    n = self._count()
                    huge = n > 50
                    for _ in range(n):
                        item = items.add()
                        if huge:  # thousands of nested messages: small ones, or the request passes 4 MB
                            self._fill_small(item, f.message_type)
                        else:
                            self._fill(item, f.message_type, depth + 1)
                else:
                    self._fill(getattr(message, f.name), f.message_type, depth + 1)
            elif f.is_repeated:
                values = getattr(message, f.name)
                n = self._count()
                cheap = n > 50 and f.type == FieldDescriptor.TYPE_STRING
                values.extend(
                    rng.choice(("a", "x y", "\x00", "TRIGGER")) if cheap else self._scalar(f) for _ in range(n)
                )
            else:
                setattr(message, f.name, self._scalar(f))

    def _fill_small(self, message: Message, descriptor: Descriptor) -> None:
        for f in descriptor.fields:
            if f.type == FieldDescriptor.TYPE_STRING and not f.is_repeated:
                setattr(message, f.name, f"{f.name}-{self.rng.randrange(10**9)}")


def _timestamp(seconds: int, nanos: int) -> Any:
    from google.protobuf.timestamp_pb2 import Timestamp

    ts = Timestamp()
    ts.seconds = seconds
    ts.nanos = nanos
    return ts


@dataclass
class FuzzReport:
    """Status codes counted per RPC, and the first few requests answered INTERNAL or UNKNOWN."""

    codes: Counter[tuple[str, str]] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    @property
    def sent(self) -> int:
        return sum(self.codes.values())

    @property
    def failing(self) -> int:
        return sum(n for (_, code), n in self.codes.items() if code in {c.name for c in FAILING_CODES})

    def table(self) -> str:
        methods = sorted({m for m, _ in self.codes})
        codes = sorted({c for _, c in self.codes})
        width = max(len(m) for m in methods) if methods else 6
        lines = [f"{'rpc':<{width}} " + " ".join(f"{c[:16]:>16}" for c in codes)]
        for m in methods:
            lines.append(f"{m:<{width}} " + " ".join(f"{self.codes.get((m, c), 0):>16}" for c in codes))
        return "\n".join(lines)


def describe(request: Message, limit: int = 600) -> str:
    """A short text form of a request for a failure message (strings cut, so huge fields stay readable)."""
    text = text_format.MessageToString(request, as_one_line=True)
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} chars)"


async def fuzz(
    channel: grpc.aio.Channel,
    metadata: Sequence[tuple[str, str]],
    count: int,
    seed: int,
    concurrency: int = 4,
    timeout: float = 120.0,
    users: Sequence[str] = ("fuzz-u1", "fuzz-u2"),
    forget_users: Sequence[str] = (),
) -> FuzzReport:
    """Sends `count` requests (the RPCs in turn, each request random) and counts the answers' codes.

    `forget_users`: scope ForgetUser to these users instead of the ones the other requests write. A ForgetUser
    racing writes of the same user is not yet fenced (issue 13: the privacy work adds a tombstone that every
    writer checks), and answers INTERNAL now and then; the benchmark keeps the race in, the CI tests keep it out.
    """
    fuzzer = RequestFuzzer(seed, users, forget_users=forget_users)
    report = FuzzReport()
    order = iter(range(count))

    async def worker() -> None:
        for i in order:  # requests are made as they are sent (a run of 20,000 would not fit in memory at once)
            method = METHODS[i % len(METHODS)]
            request = fuzzer.request(method)
            call = channel.unary_unary(
                f"/{SERVICE.full_name}/{method.name}",
                request_serializer=lambda m: m.SerializeToString(),
                response_deserializer=pb.__dict__[method.output_type.name].FromString,
            )
            try:
                await call(request, metadata=tuple(metadata), timeout=timeout)
                code = grpc.StatusCode.OK
            except grpc.aio.AioRpcError as exc:
                code = exc.code()
                if code in FAILING_CODES and len(report.failures) < 10:
                    report.failures.append(f"{method.name} -> {code.name} {exc.details()!r}: {describe(request)}")
            report.codes[(method.name, code.name)] += 1

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return report
