"""Property: whatever a client sends, every line gets one JSON answer and a refusal changes nothing.

Arbitrary bytes, arbitrary text, arbitrary JSON values, messages with the
right keys and wrong values, and plausible moves are thrown at a session in
any order. After each line: exactly one answer line of valid JSON; no
"internal error" (every known cause of a crash is handled on purpose, the
last-resort net must stay unused); and when the answer is a refusal, the
match, its inputs, its prompt and its public view are what they were.
"""

from __future__ import annotations

import io
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.commands.engine import run
from engine.protocol import COMMANDS, ProtocolSession
from tests.sizes import sized

NEW = {"new": {"samurai": ["kyuzo", "heihachi"], "difficulty": "normal", "seed": 7, "first": "kyuzo"}}
KEYS = (*COMMANDS, "hidden", "samurai", "seed", "game", "deck", "first", "difficulty", "absent_tokens")
MOVES = ['{"press":"fight"}', '{"press":"support"}', '{"press":"pass"}', '{"choose":"confront"}',
         '{"choose":"defend"}', '{"choose":"heihachi"}', '{"choose":"kyuzo"}', '{"choose":"yes"}',
         '{"choose":"no"}', '{"tap":"4-hat-none"}', '{"tap":"3-doll-wound"}', '{"tap":"2-farm-none"}',
         '{"tap":"1-hat-none","hidden":true}', '{"undo":1}', '{"undo":3}', '{"state":true}', '{"journal":true}',
         json.dumps(NEW), '{"new":{"samurai":["gorobei","kanbei","daisuke"],"seed":3}}']

scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), inner, max_size=4),
                           max_leaves=10)
messages = st.dictionaries(st.sampled_from(KEYS), json_values, min_size=1, max_size=3)
new_messages = st.dictionaries(st.sampled_from(KEYS), json_values, max_size=4).map(lambda spec: {"new": spec})


def dumps(value: Any) -> str:
    return json.dumps(value, allow_nan=True)


lines = st.one_of(
    st.binary(max_size=40),
    st.text(max_size=40).map(lambda t: t.encode("utf-8", "surrogatepass")),
    json_values.map(lambda v: dumps(v).encode()),
    messages.map(lambda v: dumps(v).encode()),
    new_messages.map(lambda v: dumps(v).encode()),
    st.integers(min_value=1, max_value=3000).map(lambda n: b"[" * n + b"]" * (n // 2)),
    st.integers(min_value=1, max_value=5000).map(lambda n: b'{"undo":' + b"7" * n + b"}"),
    st.sampled_from(MOVES).map(str.encode),
    st.sampled_from(MOVES).map(str.encode),
    st.sampled_from(["", " ", "\x0c", "\u00a0", "\u2028", "\r", "\t\x0b"]).map(str.encode),
)


def snapshot(session: ProtocolSession) -> Any:
    match = session.match
    if match is None:
        return None
    return (id(match), list(match.inputs), match.play.prompt, match.play.public_view())


@settings(max_examples=sized(ci=100, long=300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lines, min_size=1, max_size=25))
def test_every_line_is_answered_and_refusals_change_nothing(sent: list[bytes]) -> None:
    session = ProtocolSession(new_seed=lambda: 1)
    session.handle_line(json.dumps(NEW))
    for line in sent:
        before = snapshot(session)
        out = session.handle_line(line)
        assert "\n" not in out and out.isascii()
        answer = json.loads(out)
        assert isinstance(answer["ok"], bool)
        assert not str(answer.get("error", "")).startswith("internal error"), (line, answer["error"])
        if not answer["ok"]:
            assert answer["error"] and snapshot(session) == before, line


@settings(max_examples=sized(ci=80, long=200), deadline=None)
@given(st.lists(lines, min_size=0, max_size=12), st.booleans())
def test_the_command_answers_one_line_per_line_sent(sent: list[bytes], final_newline: bool) -> None:
    pieces = [line.replace(b"\n", b" ") for line in sent]
    # A last line may come without its newline; an empty one then is no line at all.
    unterminated = not final_newline and bool(pieces) and pieces[-1] != b""
    data = b"".join(piece + b"\n" for piece in pieces)
    if unterminated:
        data = data[:-1]
    sink = io.StringIO()
    run(io.BytesIO(data), sink)
    answers = sink.getvalue().split("\n")
    assert answers[-1] == ""
    assert len(answers) - 1 == len(pieces)
    for answer in answers[:-1]:
        assert isinstance(json.loads(answer)["ok"], bool)
