"""Setting up a game: Samurai in seat order, difficulty, variants, seed.

The difficulty table is the rulebook's ("Levels of difficulty"); a setup is
validated against it and the catalogue before any play starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import RuleError
from engine.core.messages import Items, msg
from games.samurai_spirit.catalogue import Catalogue


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
TOKEN_QUESTIONS = ("when-usable", "every-turn")


@dataclass(frozen=True, slots=True)
class Setup:
    """A validated setup. `to_json` gives back what `parse_setup` accepts."""

    samurai: tuple[str, ...]
    difficulty: str = "normal"
    first: str | None = None
    absent_tokens: bool = False
    deck: tuple[str, ...] | None = None
    token_question: str = "when-usable"
    """When the absent tokens are offered: "when-usable" (only a token that can still help) or "every-turn"
    (every unused one at every turn: the rule of games saved by earlier versions, kept so they resume)."""

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
        if self.token_question != "when-usable":
            out["token_question"] = self.token_question
        return out


def parse_setup(obj: Any, catalogue: Catalogue) -> Setup:
    """Check a setup object and fill in the defaults the rulebook implies."""
    if not isinstance(obj, dict):
        raise RuleError(msg("setup must be a JSON object"))
    unknown = set(obj) - {"samurai", "difficulty", "first", "absent_tokens", "deck", "seed", "token_question"}
    if unknown:
        raise RuleError(msg("unknown setup field(s): {fields}", fields=Items(sorted(unknown))))
    names = obj.get("samurai")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RuleError(msg("samurai must be a list of Samurai names in seat order"))
    names = [n.strip().lower() for n in names]
    for name in names:
        if name not in catalogue.samurai:
            raise RuleError(msg("unknown Samurai '{id}'; choose from {samurais}", id=name,
                                samurais=Items(catalogue.samurai)))
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise RuleError(msg("{samurais} chosen twice: each Samurai board exists once", samurais=Items(twice)))
    if not 2 <= len(names) <= 7:
        raise RuleError(msg("a game needs 2 to 7 Samurai (a solo player takes 2 or 3), not {n}", n=len(names)))
    difficulty = obj.get("difficulty", "normal")
    if not isinstance(difficulty, str) or difficulty.lower() not in DIFFICULTIES:
        raise RuleError(msg("difficulty '{id}' is not one of {difficulties}", id=difficulty,
                            difficulties=Items(DIFFICULTIES)))
    level = DIFFICULTIES[difficulty.lower()]
    if level.barricades(len(names)) > BARRICADE_TOKENS:
        raise RuleError(msg("{difficulty} with {n} Samurai needs more than the {tokens} Barricade tokens",
                            difficulty=level.name, n=len(names), tokens=BARRICADE_TOKENS))
    first = obj.get("first")
    if first is not None:
        if not isinstance(first, str) or first.lower() not in names:
            raise RuleError(msg("first player '{id}' is not one of the chosen Samurai", id=first))
        first = first.lower()
    absent = obj.get("absent_tokens")
    if absent is None:
        absent = len(names) == 2
    if not isinstance(absent, bool):
        raise RuleError(msg("absent_tokens must be true or false"))
    if absent and len(names) == 7:
        raise RuleError(msg("with all 7 Samurai in play there are no absent support tokens"))
    deck = obj.get("deck")
    if deck is not None:
        deck = _check_deck(deck, names, level, catalogue)
    question = obj.get("token_question", "when-usable")
    if question not in TOKEN_QUESTIONS:
        raise RuleError(msg("token_question must be one of {values}", values=Items(TOKEN_QUESTIONS)))
    return Setup(tuple(names), level.name, first, absent, deck, question)


def _check_deck(deck: Any, names: list[str], level: Difficulty, catalogue: Catalogue) -> tuple[str, ...]:
    """The round-1 Raider stack, when the table counted it out card by card."""
    want = level.plunderers(len(names))
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise RuleError(msg("deck must be a list of card ids"))
    for cid in deck:
        card = catalogue.cards.get(cid)
        if card is None:
            raise RuleError(msg("deck: unknown card '{id}'", id=cid))
        if card.rank != "plunderer":
            raise RuleError(msg("deck: {card} is not a Plunderer; round 1 uses Plunderers only", card=cid))
    if len(set(deck)) != len(deck):
        raise RuleError(msg("deck: a card is listed twice"))
    if len(deck) != want:
        raise RuleError(msg("deck: {difficulty} with {n} Samurai uses {want} Plunderers, not {count}",
                            difficulty=level.name, n=len(names), want=want, count=len(deck)))
    if len(names) == 2:
        dolls = sum(1 for cid in deck if catalogue.cards[cid].symbol == "doll")
        if dolls < 2:
            raise RuleError(msg("the {n} Plunderers show the family symbol {count} times; the two-player rules need "
                                "it at least twice: set them aside and count out {n} new ones", n=want, count=dolls))
    return tuple(deck)
