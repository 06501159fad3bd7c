"""The state of one play-through: village, Samurai, stacks, round and turn.

Static facts (cards, Kiai values, the difficulty table) belong to the game;
this holds only what changes. Derived values (face, track, Kiai) are
computed, never stored, so they cannot disagree with the cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.core.messages import Message, msg
from engine.core.prompt import Prompt
from games.samurai_spirit.catalogue import Catalogue
from games.samurai_spirit.knowledge import Knowledge
from games.samurai_spirit.setup import Setup

ACTIONS = ("fight", "support", "pass")
"""A turn's action options, in the order the rules offer them."""
ACTIONS_WITHOUT_SUPPORT = ("fight", "pass")


@dataclass(frozen=True, slots=True)
class Said:
    """The sentences said at every turn of one Samurai, which name only him.

    A simulation plays thousands of turns: made once per Samurai (and shared
    by every game, see `of`), the turn's event, action prompt and draw prompt
    cost nothing after that.
    """

    turn: Message
    draw: Message
    confronts: Message
    drawing: Prompt
    """The prompt of his own draw from the Raider stack (`draw`), the most frequent prompt of all."""
    acting: Prompt
    """His action prompt when Fight, Support and Pass are all open."""
    acting_without_support: Prompt
    """His action prompt when only Fight and Pass are (its words also say a forced Pass)."""
    support_whom: Message
    """His question when he Supports: to whom the token goes."""
    fighting_again: Prompt
    """Kikuchiyo's talent: whether he fights a second time."""
    alone: frozenset[str]
    """Who has held the card he draws himself: him alone (Heihachi's and Daisuke's gifts add the receivers)."""
    faces: dict[tuple[str, tuple[str, ...]], Prompt]
    """"{samurai} faces {card}: ..." per card and the options it leaves him, made at the first draw of each."""

    @classmethod
    def of(cls, name: str) -> Said:
        """The sentences of `name`, made once per process: they hold ids only, so every game shares them."""
        said = _SAID.get(name)
        if said is None:
            said = _SAID[name] = cls._made(name)
        return said

    @classmethod
    def _made(cls, name: str) -> Said:
        draw = msg("{samurai}: turn over the top Raider card and tap it.", samurai=name)
        act = msg("{samurai}: turn over the top Raider card and tap it - or press Support or Pass.", samurai=name)
        act_without_support = msg("{samurai}: turn over the top Raider card and tap it - or press Pass.",
                                  samurai=name)
        return cls(
            turn=msg("{samurai}'s turn.", samurai=name),
            draw=draw,
            confronts=msg("{samurai} confronts", samurai=name),
            drawing=Prompt(name, "reveal", draw, (), "raider"),
            acting=Prompt(name, "action", act, ACTIONS),
            acting_without_support=Prompt(name, "action", act_without_support, ACTIONS_WITHOUT_SUPPORT),
            support_whom=msg("{samurai}: give your support token to whom? Pick a Samurai or tap a board.",
                             samurai=name),
            fighting_again=Prompt(name, "fight-again",
                                  msg("{samurai}: fight a second time (Kikuchiyo's talent)?", samurai=name),
                                  ("yes", "no")),
            alone=frozenset({name}),
            faces={},
        )


_SAID: dict[str, Said] = {}


@dataclass
class SamuraiState:
    """One Samurai board and what lies beside it."""

    name: str
    seat: int
    wounds: int = 0
    combat: list[str] = field(default_factory=list)
    defence: list[str] = field(default_factory=list)
    passed: bool = False
    token_holder: str = ""
    round_talents: set[str] = field(default_factory=set)
    no_defend: bool = False
    no_support: bool = False
    no_talent: bool = False
    must_pass: bool = False
    title: str = ""
    kiai_values: tuple[int, int] = (0, 0)
    said: Said = field(init=False, repr=False, compare=False)
    """The sentences of his turns, made once per game."""

    def __post_init__(self) -> None:
        self.title = self.name.capitalize()
        self.said = Said.of(self.name)

    @property
    def face(self) -> str:
        """The second wound turns the board to its animal side for good."""
        return "animal" if self.wounds >= 2 else "human"

    @property
    def wound_token(self) -> bool:
        """A Wound token lies on the board after the 1st and the 3rd wound."""
        return self.wounds in (1, 3)


@dataclass
class State:
    """Everything that changes during one game."""

    catalogue: Catalogue
    setup: Setup
    rng: random.Random
    cards: Knowledge
    samurai: list[SamuraiState]
    barricades: int
    barricades_max: int
    farmsteads: int = 6
    farmstead_backs: dict[str, int] = field(default_factory=dict)
    families: list[str] = field(default_factory=list)
    round: int = 1
    turn: int = 0
    active: int = 0
    first: int = 0
    last_active: int = 0
    absent_unused: list[str] = field(default_factory=list)
    in_round_end: bool = False
    late_tokens: set[str] = field(default_factory=set)
    """Owners of the tokens handed to the active Samurai during his own turn (Kyuzo's Kiai): no benefit."""
    shown_plunderers: set[str] = field(default_factory=set)
    """Plunderers revealed face up: the two-player deal check counts the family symbol among them."""
    deal_settled: bool = False
    set_aside: set[str] = field(default_factory=set)
    """Plunderers put out of the game by a re-deal."""
    result: str | None = None
    score: int | None = None

    def by_name(self, name: str) -> SamuraiState:
        """The Samurai called `name`; KeyError if he is not at the table."""
        return self.seats[name]

    values: dict[str, int] = field(default_factory=dict)
    names: frozenset[str] = frozenset()
    seats: dict[str, SamuraiState] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        # The seats never change during a game, so the lookups by name are built once.
        self.seats = {s.name: s for s in self.samurai}
        self.names = frozenset(self.seats)
        # Card values never change either: the catalogue's table, shared and only read.
        self.values = self.catalogue.values
        for sam in self.samurai:
            kiai = self.catalogue.samurai[sam.name].kiai
            sam.kiai_values = (kiai["human"], kiai["animal"])

    def value(self, cid: str) -> int:
        return self.values[cid]

    def track(self, sam: SamuraiState) -> int:
        """The battle track always equals the sum of the combat line."""
        # A plain loop: the lines are short and this is asked for at every step.
        values = self.values
        total = 0
        for cid in sam.combat:
            total += values[cid]
        return total

    def kiai(self, sam: SamuraiState) -> int:
        return sam.kiai_values[1 if sam.wounds >= 2 else 0]

    def left_of(self, sam: SamuraiState) -> SamuraiState:
        """Play runs clockwise, so the left neighbour plays next."""
        return self.samurai[(sam.seat + 1) % len(self.samurai)]

    def right_of(self, sam: SamuraiState) -> SamuraiState:
        return self.samurai[(sam.seat - 1) % len(self.samurai)]

    def tokens_held(self, sam: SamuraiState) -> list[str]:
        """Names of the other Samurai whose support tokens `sam` holds."""
        return [o.name for o in self.samurai if o.token_holder == sam.name and o is not sam]

    def defended_symbols(self, sam: SamuraiState) -> set[str | None]:
        return {self.catalogue.cards[c].symbol for c in sam.defence}

    def defends(self, sam: SamuraiState, symbol: str | None) -> bool:
        """Whether a card on the defence side of `sam` shows `symbol`; same as `symbol in defended_symbols(sam)`."""
        cards = self.catalogue.cards
        for cid in sam.defence:
            if cards[cid].symbol == symbol:
                return True
        return False

    def in_round_count(self) -> int:
        """How many Samurai have not passed; same as `len(in_round())`, without building the list."""
        count = 0
        for sam in self.samurai:
            if not sam.passed:
                count += 1
        return count

    def everyone_passed(self) -> bool:
        """No Samurai is left in the round; same as `not in_round()`, without building the list."""
        for sam in self.samurai:
            if not sam.passed:
                return False
        return True

    def in_round(self) -> list[SamuraiState]:
        return [s for s in self.samurai if not s.passed]
