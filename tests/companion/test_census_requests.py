"""The census request file (companion.runtime.enrol_requests): what the page writes, the device reads back whole.

The device's answers carry the census's sentences, whose data words (13
Plunderers, a Boss) are in the census file's four languages: the answer the
page reads must say them in the visitor's language, as the device would.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.census import census_namers, open_box
from companion.i18n import Translator
from companion.runtime.enrol_requests import (
    CensusAsk,
    EnrolRequest,
    EnrolResult,
    read_request,
    read_result,
    request_path,
    result_path,
    write_request,
    write_result,
)
from engine import RuleError

GAME = "samurai-spirit"


def test_a_census_request_reads_back_as_written(tmp_path: Path) -> None:
    ask = CensusAsk("put", "card", None, {"value": 6, "symbol": "", "penalties": ["intruder", "must-pass"],
                                          "flames": True}, True, "Promo Boss – Ränke")
    write_request(tmp_path, EnrolRequest("r1", GAME, "census:card", False, 1_800_000_060.0, ask))
    back = read_request(request_path(tmp_path))
    assert back == EnrolRequest("r1", GAME, "census:card", False, 1_800_000_060.0, ask)
    plain = EnrolRequest("r2", GAME, "card:3-doll-wound", True, 1_800_000_060.0)
    write_request(tmp_path, plain)
    assert read_request(request_path(tmp_path)) == plain
    assert "census" not in json.loads(request_path(tmp_path).read_text("utf-8")), "an enrolment is as it was"


@pytest.mark.parametrize("census", [
    {"action": "burn", "kind": "card", "answers": {}},
    {"action": "put", "kind": "", "answers": {}},
    {"action": "put", "kind": "card", "answers": {"value": 3.5}},
    {"action": "put", "kind": "card", "answers": {"penalties": [1, 2]}},
    {"action": "put", "kind": "card", "answers": {"symbol": "x" * 500}},
    {"action": "put", "kind": "card", "base": 7, "answers": {}},
    {"action": "put", "kind": "card", "answers": {f"q{n}": 1 for n in range(40)}},
    "put",
])
def test_a_census_object_that_is_not_one_is_refused(tmp_path: Path, census: object) -> None:
    request_path(tmp_path).write_text(json.dumps({"format": 1, "id": "r1", "game": GAME, "target": "census:card",
                                                  "expires": 1.0, "census": census}), "utf-8")
    with pytest.raises(RuleError, match="census must hold an action, a kind and answers"):
        read_request(request_path(tmp_path))


def test_the_devices_refusal_reads_in_the_visitors_language(tmp_path: Path) -> None:
    box = open_box(tmp_path, GAME)
    refusal = box.check(box.answer("card", {"value": 3}, base="4-doll-none"))
    assert refusal is not None
    write_result(tmp_path, EnrolResult("r1", "refused", refusal))
    back = read_result(tmp_path)
    assert back is not None and back.status == "refused"
    for lang in ("en", "de", "fr", "nl"):
        words = Translator(lang).with_namers(census_namers())
        assert words(back.message) == words(refusal), lang
    assert "13 Plünderer mit Wert 3" in Translator("de").with_namers(census_namers())(back.message)


def test_a_damaged_answer_is_no_answer(tmp_path: Path) -> None:
    result_path(tmp_path).write_text(json.dumps({"format": 1, "id": "r1", "status": "ok", "message": {
        "key": "{sort}", "params": {"sort": {"named": {"n": "x", "words": [], "values": []}}}}}), "utf-8")
    assert read_result(tmp_path) is None
