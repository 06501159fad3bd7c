"""Where every card is, as far as the table has shown it.

The table reveals cards by tapping them, so the engine learns identities as
they appear. Face-down stacks are lists of slots holding a card id when the
card is known (a face-up card on top of the Raider stack, a card put under it,
a card tapped face down) and None when it is not. Cards known to belong to
the game but not located are `unseen`; cards not yet identified at all are
counted per rank in `unidentified`. Together they fill the unknown slots:

    unknown slots == len(unseen) + sum(unidentified.values())

which is what lets the engine refuse a tap that cannot be true ("no
Lieutenants in round 1", "3-hat-wound is already in Kyuzo's combat line").
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.core.errors import RuleError
from engine.games.samurai_spirit.catalogue import Catalogue

RANK_WORD = {"plunderer": "Plunderer", "lieutenant": "Lieutenant", "boss": "Boss"}


@dataclass
class Knowledge:
    """Card locations for one game; mutated only through its methods."""

    catalogue: Catalogue
    raider: list[str | None] = field(default_factory=list)
    raider_face_up: int = 0
    intruder: list[str | None] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    hidden: set[str] = field(default_factory=set)
    where: dict[str, tuple[str, str]] = field(default_factory=dict)
    members: set[str] = field(default_factory=set)
    unseen: set[str] = field(default_factory=set)
    unidentified: dict[str, int] = field(default_factory=dict)
    candidates: dict[str, list[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Cards of each rank not yet known to be in the game, in catalogue order.
        self.candidates = {rank: list(self.catalogue.by_rank(rank)) for rank in ("plunderer", "lieutenant", "boss")}

    # --- rounds -----------------------------------------------------------

    def start_round(self, rank: str, count: int, known: tuple[str, ...] | None = None) -> None:
        """Gather every card of the game and add `count` cards of `rank`.

        `known` lists the added cards when the table counted them out by tap;
        otherwise they are unidentified until they show up.
        """
        self.raider_face_up = 0
        self.intruder.clear()
        self.discard.clear()
        self.hidden.clear()
        self.where.clear()
        if known is not None:
            self.members.update(known)
            for cid in known:
                self.candidates[self.catalogue.cards[cid].rank].remove(cid)
        else:
            self.unidentified[rank] = self.unidentified.get(rank, 0) + count
        self.unseen = set(self.members)
        self.raider = [None] * (len(self.members) + sum(self.unidentified.values()))
        self._check_balance()

    def _check_balance(self) -> None:
        slots = self.raider.count(None) + self.intruder.count(None)
        if slots != len(self.unseen) + sum(self.unidentified.values()):
            raise AssertionError("card bookkeeping out of balance")

    # --- questions ----------------------------------------------------------

    def describe_place(self, cid: str) -> str:
        place, owner = self.where[cid]
        who = owner.capitalize()
        return {
            "discard": "is on the discard pile",
            "combat": f"is already in {who}'s combat line",
            "defence": f"is already on {who}'s defence side",
            "hand": f"is the card {who} is playing now",
            "raider": "is elsewhere in the Raider stack, not on top",
            "intruder": "is in the Intruder stack",
        }[place]

    def why_not_unknown(self, cid: str, round_no: int) -> str | None:
        """Why `cid` cannot be an unknown card, or None if it can."""
        if cid in self.where:
            return f"{cid} {self.describe_place(cid)}"
        if cid in self.unseen:
            return None
        rank = self.catalogue.cards[cid].rank
        if self.unidentified.get(rank, 0) > 0 and cid not in self.members:
            return None
        if rank == "lieutenant" and round_no < 2:
            return f"{cid}: no Lieutenants in round 1"
        if rank == "boss" and round_no < 3:
            return f"{cid}: no Bosses before round 3"
        return f"{cid}: that {RANK_WORD[rank]} is not in this game's stack"

    def why_not_take(self, source: str, cid: str, round_no: int) -> str | None:
        """Why the top card of `source` cannot be `cid`; None if it can."""
        if cid not in self.catalogue.cards:
            return f"unknown card {cid!r}"
        stack = self.raider if source == "raider" else self.intruder
        if not stack:
            return f"the {source.capitalize()} stack is empty"
        top = stack[-1]
        if top is not None:
            if top == cid:
                return None
            if source == "raider" and self.raider_face_up:
                return f"the top Raider card is the face-up {top}: tap that card"
            if top in self.hidden:
                return f"{cid} is not the card that was slid face down onto the Intruder stack"
            return f"the top {source.capitalize()} card is {top}, not {cid}"
        return self.why_not_unknown(cid, round_no)

    def possible(self, source: str, public: bool = True) -> list[str]:
        """Card ids the top card of `source` may be (hidden identities stay hidden)."""
        stack = self.raider if source == "raider" else self.intruder
        if not stack:
            return []
        top = stack[-1]
        if top is not None and not (public and top in self.hidden):
            return [top]
        out = set(self.unseen)
        for rank, count in self.unidentified.items():
            if count > 0:
                out.update(self.candidates[rank])
        if public:
            out |= self.hidden
        return sorted(out)

    def sample_top(self, source: str, rng: random.Random) -> str:
        """A physically fair guess at the top card of `source`, for simulations.

        Each unknown slot holds any unseen member with equal chance, and an
        unidentified rank's share is split evenly among its candidates.
        """
        stack = self.raider if source == "raider" else self.intruder
        top = stack[-1]
        if top is not None:
            return top
        slots = self.raider.count(None) + self.intruder.count(None)
        pick = rng.randrange(slots)
        # Unseen members come first, in id order; sorted only when the pick falls among them.
        unseen_count = len(self.unseen)
        if pick < unseen_count:
            return sorted(self.unseen)[pick]
        pick -= unseen_count
        for rank, count in sorted(self.unidentified.items()):
            if pick < count:
                return rng.choice(self.candidates[rank])
            pick -= count
        raise AssertionError("no card can be on top")

    # --- moves ---------------------------------------------------------------

    def _identify(self, cid: str) -> None:
        if cid in self.unseen:
            self.unseen.discard(cid)
            return
        rank = self.catalogue.cards[cid].rank
        self.unidentified[rank] -= 1
        self.members.add(cid)
        self.candidates[rank].remove(cid)

    def take(self, source: str, cid: str, round_no: int) -> None:
        """The top card of `source` was revealed as `cid` and picked up."""
        reason = self.why_not_take(source, cid, round_no)
        if reason:
            raise RuleError(reason)
        stack = self.raider if source == "raider" else self.intruder
        top = stack.pop()
        if top is None:
            self._identify(cid)
        elif source == "raider" and self.raider_face_up:
            self.raider_face_up -= 1
        self.hidden.discard(cid)
        self.where[cid] = ("hand", "")

    def place(self, cid: str, place: str, owner: str = "") -> None:
        """Put a card the table holds somewhere visible."""
        self.where[cid] = (place, owner)
        if place == "discard":
            self.discard.append(cid)

    def lift(self, cid: str) -> None:
        """Pick up a visible card (from a line or the discard pile)."""
        if self.where.get(cid, ("",))[0] == "discard":
            self.discard.remove(cid)
        self.where[cid] = ("hand", "")

    def raider_to_intruder(self) -> str | None:
        """Move the top Raider card unseen onto the Intruder stack."""
        top = self.raider.pop()
        if top is not None and self.raider_face_up:
            self.raider_face_up -= 1
        self.intruder.append(top)
        if top is not None:
            self.where[top] = ("intruder", "")
        return top

    def put_under_raider(self, cid: str) -> None:
        self.raider.insert(0, cid)
        self.where[cid] = ("raider", "")

    def put_on_raider_face_up(self, cids: list[str]) -> None:
        """Return cards face up on top of the Raider stack; cids[0] ends on top."""
        for cid in reversed(cids):
            self.raider.append(cid)
            self.where[cid] = ("raider", "")
        self.raider_face_up += len(cids)

    def shuffle_into_raider(self, cid: str) -> None:
        """A card joins the Raider stack, which is shuffled: positions are lost."""
        self.lift(cid)
        for slot in self.raider:
            if slot is not None:
                del self.where[slot]
                self.unseen.add(slot)
        del self.where[cid]
        self.unseen.add(cid)
        self.raider = [None] * (len(self.raider) + 1)
        self.raider_face_up = 0
        self._check_balance()

    def identify_hidden(self, cid: str, round_no: int) -> None:
        """The topmost unknown Intruder card was tapped face down as `cid`."""
        index = max(i for i, slot in enumerate(self.intruder) if slot is None)
        reason = self.why_not_unknown(cid, round_no)
        if reason:
            raise RuleError(reason)
        self._identify(cid)
        self.intruder[index] = cid
        self.where[cid] = ("intruder", "")
        self.hidden.add(cid)

    def all_raider_to_intruder(self) -> int:
        """When every Samurai passed, the rest of the Raider stack joins the Intruders."""
        moved = len(self.raider)
        for slot in self.raider:
            if slot is not None:
                self.where[slot] = ("intruder", "")
        self.intruder.extend(self.raider)
        self.raider.clear()
        self.raider_face_up = 0
        return moved
