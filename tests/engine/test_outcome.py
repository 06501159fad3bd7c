"""Outcome: rankings share ties, winners come from the ranking."""

from __future__ import annotations

import pytest

from engine.core.messages import msg
from engine.core.outcome import TABLE, Outcome, rank_by


def test_rank_by_shares_ties_best_first() -> None:
    scores = {"ann": (12, 3), "ben": (12, 3), "cy": (15, 0), "dee": (12, 1)}
    assert rank_by(scores) == (("cy",), ("ann", "ben"), ("dee",))


def test_outcome_checks_its_seats() -> None:
    ranking = rank_by({"ann": (2,), "ben": (2,)})
    shared = Outcome(("ann", "ben"), ranking, {"ann": 2, "ben": 2}, msg("Ann and Ben share the win"))
    assert shared.to_json()["ranking"] == [["ann", "ben"]]
    assert Outcome((TABLE,), ((TABLE,),), {TABLE: 8}, msg("The village holds")).winners == (TABLE,)
    with pytest.raises(ValueError):
        Outcome(("zed",), ranking, {}, msg("nobody"))
    with pytest.raises(ValueError):
        Outcome((), (("ann",), ("ann",)), {}, msg("twice"))
