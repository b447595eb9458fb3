"""The README's commands are found by parsing its fenced blocks: multi-line grpcurl calls must come out whole."""

from __future__ import annotations

from tests.launched.readme import at_address, python_blocks, sh_commands

MARKDOWN = """# Title

```sh
make run     # it's the newcomer's command
grpcurl -plaintext 127.0.0.1:50051 list   # reflection
grpcurl -plaintext -H 'authorization: Bearer k' -d '{
  "scope": {"user_id": "alice"},
  "query": "don\\u0027t"}' \\
  127.0.0.1:50051 graphmem.v1.MemoryService/Search
```

```text
grpcurl -plaintext 127.0.0.1:50051 list
```

```python
print("hello")
```
"""


def test_grpcurl_commands_come_out_whole_with_their_lines() -> None:
    found = sh_commands(MARKDOWN, "grpcurl")
    assert [c.argv[-1] for c in found] == ["list", "graphmem.v1.MemoryService/Search"]
    search = found[1]
    assert search.line == 6
    assert search.argv[:5] == ("grpcurl", "-plaintext", "-H", "authorization: Bearer k", "-d")
    assert search.argv[5].startswith("{\n") and search.argv[5].endswith('"query": "don\\u0027t"}')
    assert search.argv[6] == "127.0.0.1:50051"
    assert search.label() == "grpcurl:Search@6"


def test_other_programs_and_other_languages_are_left_out() -> None:
    assert [c.argv for c in sh_commands(MARKDOWN, "make")] == [("make", "run")]
    assert [b.text for b in python_blocks(MARKDOWN)] == ['print("hello")\n']


def test_the_address_moves_only_when_the_port_does() -> None:
    assert at_address("x 127.0.0.1:50051 y", "127.0.0.1:50051") == "x 127.0.0.1:50051 y"
    assert at_address("x 127.0.0.1:50051 y", "127.0.0.1:50061") == "x 127.0.0.1:50061 y"
