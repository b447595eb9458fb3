"""The runnable parts of README.md, read from the README itself so the docs cannot drift from the product.

`sh_commands` finds every command of one program in the ```sh blocks (a command continues over lines ending
in a backslash and over a single-quoted argument that spans lines, as the README's `grpcurl -d '{...}'`
calls do) and returns each one split into arguments the way a POSIX shell would (comments dropped).
`python_blocks` returns every ```python block. `at_address` rewrites the README's address for a server
listening elsewhere.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"
README_ADDRESS = "127.0.0.1:50051"

_FENCE = re.compile(r"^```([\w+-]*)[^\n]*\n(.*?)^```\s*$", re.M | re.S)


@dataclass(frozen=True)
class Block:
    """One fenced block: its language tag, its text, and the README line its first line is on."""

    lang: str
    text: str
    line: int


def blocks(markdown: str) -> list[Block]:
    found = []
    for m in _FENCE.finditer(markdown):
        line = markdown.count("\n", 0, m.start(2)) + 1
        found.append(Block(m.group(1).lower(), m.group(2), line))
    return found


def _open_quote(text: str) -> bool:
    """True when `text` ends inside a quoted string (shlex cannot split it yet)."""
    try:
        shlex.split(text, comments=True)
    except ValueError:
        return True
    return False


@dataclass(frozen=True)
class Command:
    """A shell command of the README: its arguments and the README line it starts on."""

    argv: tuple[str, ...]
    line: int

    def label(self) -> str:
        """A short name: the program and its last plain argument (for a grpcurl call, the method)."""
        plain = [a for a in self.argv[1:] if not a.startswith("-") and "{" not in a]
        return f"{self.argv[0]}:{plain[-1].rsplit('/', 1)[-1] if plain else ''}@{self.line}"


def sh_commands(markdown: str, program: str) -> list[Command]:
    """Every command starting with `program` in the ```sh / ```bash / ```shell blocks, in order."""
    commands = []
    for block in blocks(markdown):
        if block.lang not in ("sh", "bash", "shell", "console"):
            continue
        lines = block.text.splitlines()
        i = 0
        while i < len(lines):
            start = i
            text = lines[i]
            while text.rstrip().endswith("\\") or _open_quote(text):
                if i + 1 >= len(lines):
                    break
                i += 1
                text = text.rstrip()[:-1] + " " + lines[i] if text.rstrip().endswith("\\") else text + "\n" + lines[i]
            i += 1
            argv = shlex.split(text, comments=True)
            if argv and argv[0] == program:
                commands.append(Command(tuple(argv), block.line + start))
    return commands


def python_blocks(markdown: str) -> list[Block]:
    return [b for b in blocks(markdown) if b.lang in ("python", "py")]


def at_address(text: str, address: str) -> str:
    """`text` with the README's address replaced by `address` (unchanged when they are the same)."""
    return text if address == README_ADDRESS else text.replace(README_ADDRESS, address)
