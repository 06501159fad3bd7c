"""Inputs as one-line JSON, and the journal format with its damage report."""

from __future__ import annotations

import pytest

from engine import Choose, Match, Press, RuleError, Tap, get_game, input_from_json, input_to_json
from engine.core.journal import header_line, parse_journal, record_line


@pytest.mark.parametrize("value", [Tap("3-doll-wound"), Tap("1-hat-none", hidden=True), Press("defend"),
                                   Choose("kyuzo")])
def test_inputs_round_trip(value: object) -> None:
    text = input_to_json(value)  # type: ignore[arg-type]
    assert "\n" not in text
    assert input_from_json(text) == value
    assert eval(repr(value)) == value


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nonsense", "not JSON"),
        ("[1]", "must be a JSON object"),
        ('{"tap": 3}', "tap needs a card id"),
        ('{"tap": "x", "hidden": "yes"}', "hidden must be true or false"),
        ('{"press": "fight", "choose": "x"}', "unexpected field"),
        ('{"jump": 1}', "unknown input"),
        ('{"choose": ""}', "non-empty string"),
    ],
)
def test_bad_inputs_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        input_from_json(text)


def _journal() -> tuple[Match, str]:
    match = Match(get_game("samurai-spirit"), {"samurai": ["kyuzo", "heihachi"], "absent_tokens": False,
                                              "first": "kyuzo"}, 3)
    for value in (Choose("fight"), Tap("4-hat-none"), Press("confront"), Choose("pass")):
        match.apply(value)
    text = header_line(match.header()) + "".join(record_line(n, v) for n, v in enumerate(match.inputs, 1))
    return match, text


def test_journal_round_trip_rebuilds_the_match() -> None:
    match, text = _journal()
    journal = parse_journal(text)
    assert journal.damage is None
    again = Match.replay(get_game(journal.header["game"]), journal.header["setup"], journal.header["seed"],
                         journal.inputs)
    assert again.play.public_view() == match.play.public_view()


def test_truncated_last_record_keeps_the_rest() -> None:
    _, text = _journal()
    journal = parse_journal(text[:-7])
    assert len(journal.inputs) == 3
    assert journal.damage is not None and journal.damage.torn
    assert str(journal.damage) == "line 5: the last record was cut short"
    assert (journal.damage.line, journal.damage.intact_after) == (5, 0)


def test_garbage_appended_is_reported() -> None:
    _, text = _journal()
    journal = parse_journal(text + "\x00\x00garbage\n")
    assert len(journal.inputs) == 4
    assert journal.damage is not None and str(journal.damage).startswith("line 6: not JSON")
    assert not journal.damage.torn


def test_corrupted_middle_record_keeps_what_came_before() -> None:
    _, text = _journal()
    lines = text.splitlines(keepends=True)
    lines[2] = lines[2].replace("4-hat-none", "4-hat-nane")
    journal = parse_journal("".join(lines))
    assert len(journal.inputs) == 1
    damage = journal.damage
    assert damage is not None and str(damage) == "line 3: checksum mismatch"
    assert (damage.line, damage.reason.text, damage.intact_after, damage.torn) == (3, "checksum mismatch", 2, False)
    assert journal.dropped_lines == 3


def test_intact_records_after_the_damage_are_counted_not_guessed() -> None:
    _, text = _journal()
    lines = text.splitlines(keepends=True)
    lines[2] = lines[2].replace("4-hat-none", "4-hat-nane")
    lines[4] = lines[4][:10] + "\n"
    journal = parse_journal("".join(lines))
    assert journal.damage is not None and journal.damage.intact_after == 1, "line 5 is damaged too"


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ('{"journal":"table-companion","version":1,"game":"samurai-spirit","setup":{},"seed":' + "7" * 5000 + "}",
         "5000 digits"),
        ('{"journal":"table-companion","version":1,"game":"samurai-spirit","setup":' + "[" * 5000 + "]" * 5000
         + ',"seed":1}', "nested 5001 levels"),
        ('["journal", "table-companion"]', "not a table-companion journal header"),
        ("[" * 100_000, "nested"),
        ('{"journal":"table-companion","version":1,"game":"samurai-spirit","setup":{},"seed":1e999}', "seed"),
    ],
)
def test_a_crafted_header_is_refused_with_a_reason(header: str, message: str) -> None:
    with pytest.raises(RuleError, match=f"line 1: .*{message}"):
        parse_journal(header + "\n")


def test_a_crafted_record_is_damage_not_a_crash() -> None:
    _, text = _journal()
    lines = text.splitlines(keepends=True)
    lines.insert(3, '{"n":3,"input":' + "{" * 5000 + "}" * 5000 + ',"crc":"0"}\n')
    lines.insert(4, '{"n":' + "9" * 5000 + ',"input":{},"crc":"0"}\n')
    journal = parse_journal("".join(lines))
    assert len(journal.inputs) == 2
    assert journal.damage is not None and journal.damage.line == 4 and "nested" in journal.damage.reason.text


def test_bad_header_is_an_error() -> None:
    with pytest.raises(RuleError, match="line 1"):
        parse_journal('{"journal": "something else"}\n')
    with pytest.raises(RuleError, match="version 9"):
        parse_journal('{"journal": "table-companion", "version": 9}\n')
    with pytest.raises(RuleError, match="empty"):
        parse_journal("")


def test_replay_names_the_input_it_cannot_apply() -> None:
    with pytest.raises(RuleError, match="input 2 cannot be replayed"):
        Match.replay(get_game("samurai-spirit"), {"samurai": ["kyuzo", "heihachi"], "first": "kyuzo",
                                                 "absent_tokens": False}, 1, [Choose("fight"), Choose("fight")])


def test_undo_steps_back_and_refuses_too_many() -> None:
    match, _ = _journal()
    views = []
    replay = Match(match.game, match.header()["setup"], match.seed)
    for value in match.inputs:
        views.append(replay.play.public_view())
        replay.apply(value)
    match.undo(2)
    assert match.play.public_view() == views[2]
    assert [v.to_json() for v in match.inputs] == [{"choose": "fight"}, {"tap": "4-hat-none"}]
    with pytest.raises(RuleError, match="only 2 input"):
        match.undo(3)
    with pytest.raises(RuleError, match="1 or more"):
        match.undo(0)
