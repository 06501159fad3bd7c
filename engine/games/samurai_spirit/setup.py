"""Setting up a game: Samurai in seat order, difficulty, variants, seed.

The difficulty table is the rulebook's ("Levels of difficulty"); a setup is
validated against it and the catalogue before any play starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import RuleError
from engine.games.samurai_spirit.catalogue import Catalogue


@dataclass(frozen=True, slots=True)
class Difficulty:
    """One level of the rulebook's difficulty table."""

    name: str
    extra_barricades: int
    plunderers_per_samurai: int
    reinforcement_offset: int
    farmstead_penalties: bool
    family_bonus: bool
    grade: str

    def barricades(self, samurai: int) -> int:
        return samurai + self.extra_barricades

    def plunderers(self, samurai: int) -> int:
        return samurai * self.plunderers_per_samurai

    def reinforcements(self, samurai: int) -> int:
        """Lieutenants added for round 2, and Bosses for round 3."""
        return samurai + self.reinforcement_offset


DIFFICULTIES = {
    "easy": Difficulty("easy", 3, 6, -1, False, True, ""),
    "normal": Difficulty("normal", 2, 7, 0, False, True, "+"),
    "hard": Difficulty("hard", 1, 7, 0, True, True, "++"),
    "heroic": Difficulty("heroic", 0, 7, 0, True, False, "+++"),
}
BARRICADE_TOKENS = 10


@dataclass(frozen=True, slots=True)
class Setup:
    """A validated setup. `to_json` gives back what `parse_setup` accepts."""

    samurai: tuple[str, ...]
    difficulty: str = "normal"
    first: str | None = None
    absent_tokens: bool = False
    deck: tuple[str, ...] | None = None

    @property
    def level(self) -> Difficulty:
        return DIFFICULTIES[self.difficulty]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "samurai": list(self.samurai),
            "difficulty": self.difficulty,
            "absent_tokens": self.absent_tokens,
        }
        if self.first is not None:
            out["first"] = self.first
        if self.deck is not None:
            out["deck"] = list(self.deck)
        return out


def parse_setup(obj: Any, catalogue: Catalogue) -> Setup:
    """Check a setup object and fill in the defaults the rulebook implies."""
    if not isinstance(obj, dict):
        raise RuleError("setup must be a JSON object")
    unknown = set(obj) - {"samurai", "difficulty", "first", "absent_tokens", "deck", "seed"}
    if unknown:
        raise RuleError(f"unknown setup field(s): {', '.join(sorted(unknown))}")
    names = obj.get("samurai")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RuleError("samurai must be a list of Samurai names in seat order")
    names = [n.strip().lower() for n in names]
    for name in names:
        if name not in catalogue.samurai:
            raise RuleError(f"unknown Samurai {name!r}; choose from {', '.join(catalogue.samurai)}")
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise RuleError(f"{', '.join(n.capitalize() for n in twice)} chosen twice: each Samurai board exists once")
    if not 2 <= len(names) <= 7:
        raise RuleError(f"a game needs 2 to 7 Samurai (a solo player takes 2 or 3), not {len(names)}")
    difficulty = obj.get("difficulty", "normal")
    if not isinstance(difficulty, str) or difficulty.lower() not in DIFFICULTIES:
        raise RuleError(f"difficulty {difficulty!r} is not one of {', '.join(DIFFICULTIES)}")
    level = DIFFICULTIES[difficulty.lower()]
    if level.barricades(len(names)) > BARRICADE_TOKENS:
        raise RuleError(f"{level.name} with {len(names)} Samurai needs more than the {BARRICADE_TOKENS} Barricade tokens")
    first = obj.get("first")
    if first is not None:
        if not isinstance(first, str) or first.lower() not in names:
            raise RuleError(f"first player {first!r} is not one of the chosen Samurai")
        first = first.lower()
    absent = obj.get("absent_tokens")
    if absent is None:
        absent = len(names) == 2
    if not isinstance(absent, bool):
        raise RuleError("absent_tokens must be true or false")
    if absent and len(names) == 7:
        raise RuleError("with all 7 Samurai in play there are no absent support tokens")
    deck = obj.get("deck")
    if deck is not None:
        deck = _check_deck(deck, names, level, catalogue)
    return Setup(tuple(names), level.name, first, absent, deck)


def _check_deck(deck: Any, names: list[str], level: Difficulty, catalogue: Catalogue) -> tuple[str, ...]:
    """The round-1 Raider stack, when the table counted it out card by card."""
    want = level.plunderers(len(names))
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise RuleError("deck must be a list of card ids")
    for cid in deck:
        card = catalogue.cards.get(cid)
        if card is None:
            raise RuleError(f"deck: unknown card {cid!r}")
        if card.rank != "plunderer":
            raise RuleError(f"deck: {cid} is a {card.rank}; round 1 uses Plunderers only")
    if len(set(deck)) != len(deck):
        raise RuleError("deck: a card is listed twice")
    if len(deck) != want:
        raise RuleError(f"deck: {level.name} with {len(names)} Samurai uses {want} Plunderers, not {len(deck)}")
    if len(names) == 2:
        dolls = sum(1 for cid in deck if catalogue.cards[cid].symbol == "doll")
        if dolls < 2:
            raise RuleError(
                f"the {want} Plunderers show the family symbol {dolls} time(s); the two-player rules need it "
                f"at least twice: set them aside and count out {want} new ones"
            )
    return tuple(deck)
