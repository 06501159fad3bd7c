"""Where every card is: what the table has seen, and what only the engine was told.

Two parts, kept apart on purpose:

- The public part is what everybody at the table has seen. The table
  reveals cards by tapping them, so it learns identities as they appear.
  Face-down stacks are lists of slots holding a card id when the card is
  known to all (a face-up card on top of the Raider stack, a card put under
  it) and None when it is not; an Intruder slot that a hidden tap has named
  holds NOTED, which says only that it was named. Cards known to belong to
  the game but not located are `unseen`; cards not yet identified at all are
  counted per rank in `unidentified`. Together they fill the unknown slots:

      unknown slots == len(unseen) + sum(unidentified.values())

  which is what lets the engine refuse a tap that cannot be true ("no
  Lieutenants in round 1", "3-hat-wound is already in Kyuzo's combat line").

- The private part (`notes`) holds the identities of cards slid face down
  onto the Intruder stack and tapped `hidden`. Only simulations and
  self-checks read it.

Everything the table sees is computed from the public part only: prompts,
their options, `possible`, the public view and every refusal. So a hidden tap
never makes another tap impossible: if a public tap later contradicts a note,
the public tap is taken and the note is dropped (one of the two taps was a
mistake, and refusing would tell the table where the hidden card lies).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.core.chance import below
from engine.core.errors import RuleError
from engine.core.messages import Message, msg
from games.samurai_spirit.catalogue import Catalogue

RANKS_BY_NAME = ("boss", "lieutenant", "plunderer")
"""The ranks in name order: the order in which a fair draw counts the unidentified cards."""
NOTED = "(noted face down)"
"""A public Intruder slot a hidden tap has named: the table knows that, never which card."""


@dataclass
class Notes:
    """The private part: which card each named face-down Intruder slot holds.

    `cards` maps an Intruder slot (its index from the bottom, which stays put
    while the stack grows and is revealed from the top) to the card it was
    tapped as, oldest note first. A note lives only while the public part
    allows it; `Knowledge` drops the ones a public tap contradicts.
    """

    cards: dict[int, str] = field(default_factory=dict)

    def note(self, slot: int, cid: str) -> None:
        """The newest tap wins: an older note of the same card is dropped."""
        self.forget_card(cid)
        self.cards[slot] = cid

    def forget_card(self, cid: str) -> None:
        for slot, noted in list(self.cards.items()):
            if noted == cid:
                del self.cards[slot]

    def forget_slot(self, slot: int) -> str | None:
        return self.cards.pop(slot, None)

    def fit(self, rank: str, room: int, catalogue: Catalogue, members: set[str]) -> None:
        """Keep at most `room` notes of cards of `rank` not yet known to be in the game (the newest ones).

        More would claim more cards of that rank than the stack can still hide.
        """
        outside = [slot for slot, cid in self.cards.items()
                   if cid not in members and catalogue.cards[cid].rank == rank]
        for slot in outside[: max(0, len(outside) - room)]:
            del self.cards[slot]

    def clear(self) -> None:
        self.cards.clear()


@dataclass
class Knowledge:
    """Card locations for one game; mutated only through its methods."""

    catalogue: Catalogue
    raider: list[str | None] = field(default_factory=list)
    raider_face_up: int = 0
    intruder: list[str | None] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    where: dict[str, tuple[str, str]] = field(default_factory=dict)
    members: set[str] = field(default_factory=set)
    unseen: set[str] = field(default_factory=set)
    unidentified: dict[str, int] = field(default_factory=dict)
    candidates: dict[str, list[str]] = field(default_factory=dict)
    notes: Notes = field(default_factory=Notes)
    _unseen_order: list[str] | None = field(default=None, repr=False, compare=False)
    """`unseen` in id order, made when a draw first needs it, kept as cards are seen, dropped when cards join it."""

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
        self.notes.clear()
        self.where.clear()
        if known is not None:
            self.members.update(known)
            for cid in known:
                self.candidates[self.catalogue.cards[cid].rank].remove(cid)
        else:
            self.unidentified[rank] = self.unidentified.get(rank, 0) + count
        self.unseen = set(self.members)
        self._unseen_order = None
        self.raider = [None] * (len(self.members) + sum(self.unidentified.values()))
        self._check_balance()

    def _unknown_slots(self) -> int:
        return self.raider.count(None) + self.intruder.count(None) + self.intruder.count(NOTED)

    def _check_balance(self) -> None:
        slots = self._unknown_slots()
        if slots != len(self.unseen) + sum(self.unidentified.values()):
            raise AssertionError("card bookkeeping out of balance")

    # --- public questions: everything the table reads comes from here ----------

    def describe_place(self, cid: str) -> Message:
        """Where a card the table has seen lies, as the end of a sentence that begins with the card."""
        place, owner = self.where[cid]
        if place == "combat":
            return msg("{card} is already in {samurai}'s combat line: tap the card just turned over.", card=cid,
                       samurai=owner)
        if place == "defence":
            return msg("{card} is already on {samurai}'s defence side: tap the card just turned over.", card=cid,
                       samurai=owner)
        if place == "hand":
            return msg("{card} is the card being played now: tap the card just turned over.", card=cid)
        if place == "discard":
            return msg("{card} is on the discard pile: tap the card just turned over.", card=cid)
        if place == "raider":
            return msg("{card} is elsewhere in the Raider stack, not on top: tap the top card.", card=cid)
        return msg("{card} is in the Intruder stack: tap the card just turned over.", card=cid)

    def why_not_unknown(self, cid: str, round_no: int) -> Message | None:
        """Why `cid` cannot be a card the table has not seen, or None if it can."""
        if self._may_be_unknown(cid):
            return None
        if cid in self.where:
            return self.describe_place(cid)
        rank = self.catalogue.cards[cid].rank
        if rank == "lieutenant" and round_no < 2:
            return msg("{card}: no Lieutenants in round 1. Put it back with the Lieutenants.", card=cid)
        if rank == "boss" and round_no < 3:
            return msg("{card}: no Bosses before round 3. Put it back with the Bosses.", card=cid)
        if rank == "plunderer":
            return msg("{card}: that Plunderer is not in this game's stack. Tap the card just turned over.", card=cid)
        if rank == "lieutenant":
            return msg("{card}: that Lieutenant is not in this game's stack. Tap the card just turned over.", card=cid)
        return msg("{card}: that Boss is not in this game's stack. Tap the card just turned over.", card=cid)

    def _may_be_unknown(self, cid: str) -> bool:
        """Whether a card the table has not seen may be `cid` (`why_not_unknown` without building its sentence)."""
        if cid in self.unseen:
            return True
        if cid in self.where or cid in self.members:
            return False
        return self.unidentified.get(self.catalogue.cards[cid].rank, 0) > 0

    def why_not_take(self, source: str, cid: str, round_no: int) -> Message | None:
        """Why the top card of `source` cannot be `cid`; None if it can."""
        if cid not in self.catalogue.cards:
            return msg("Unknown card '{id}': this tag is bound to no card of this game.", id=cid)
        stack = self.raider if source == "raider" else self.intruder
        if not stack:
            if source == "raider":
                return msg("The Raider stack is empty.")
            return msg("The Intruder stack is empty.")
        top = stack[-1]
        if top is None or top == NOTED:
            return self.why_not_unknown(cid, round_no)
        if top == cid:
            return None
        if source == "raider" and self.raider_face_up:
            return msg("The top Raider card is the face-up {card}: tap that card.", card=top)
        if source == "raider":
            return msg("The top Raider card is {card}, not {card2}: tap {card}.", card=top, card2=cid)
        return msg("The top Intruder card is {card}, not {card2}: tap {card}.", card=top, card2=cid)

    def why_not_note(self, cid: str, round_no: int) -> Message | None:
        """Why a hidden tap of `cid` is refused now; None if it is taken."""
        if self._open_slot() is None:
            return msg("No card went face down onto the Intruder stack without being identified: "
                       "a face-down card needs no tap now.")
        return self.why_not_unknown(cid, round_no)

    def possible(self, source: str) -> list[str]:
        """Card ids the top card of `source` may be, as far as the table knows."""
        stack = self.raider if source == "raider" else self.intruder
        if not stack:
            return []
        top = stack[-1]
        if top is not None and top != NOTED:
            return [top]
        out = set(self.unseen)
        for rank, count in self.unidentified.items():
            if count > 0:
                out.update(self.candidates[rank])
        return sorted(out)

    def _open_slot(self) -> int | None:
        """The topmost face-down Intruder slot nobody has named yet, if any."""
        for index in range(len(self.intruder) - 1, -1, -1):
            if self.intruder[index] is None:
                return index
        return None

    # --- private questions: for simulations and self-checks, never for the table --

    @property
    def hidden(self) -> set[str]:
        """The cards the engine was told lie face down in the Intruder stack."""
        return set(self.notes.cards.values())

    def sample_top(self, source: str, rng: random.Random) -> str:
        """A physically fair guess at the top card of `source`, for simulations.

        A noted Intruder slot holds its note. Each other unknown slot holds any
        unseen, unnoted member with equal chance, and an unidentified rank's
        share is split evenly among its candidates not noted elsewhere.
        """
        stack = self.raider if source == "raider" else self.intruder
        top = stack[-1]
        if top is not None and top != NOTED:
            return top
        noted = self.notes.cards
        if not noted:
            # The usual draw: every unknown slot is alike, counted by the balance rule (see the module's note).
            unseen = self.unseen
            unidentified = self.unidentified
            pick = below(rng, len(unseen) + sum(unidentified.values()))
            if pick < len(unseen):
                order = self._unseen_order
                if order is None:
                    order = self._unseen_order = sorted(unseen)
                return order[pick]
            return self._pick_unidentified(rng, pick - len(unseen), unidentified)
        if source == "intruder" and len(stack) - 1 in noted:
            return noted[len(stack) - 1]
        secret = set(noted.values())
        unidentified = dict(self.unidentified)
        for cid in secret - self.members:
            unidentified[self.catalogue.cards[cid].rank] -= 1
        slots = self._unknown_slots() - len(noted)
        pick = rng.randrange(slots)
        # Unseen members come first, in id order; sorted only when the pick falls among them.
        unseen = self.unseen - secret if secret else self.unseen
        if pick < len(unseen):
            return sorted(unseen)[pick]
        pick -= len(unseen)
        for rank, count in sorted(unidentified.items()):
            if pick < count:
                candidates = self.candidates[rank]
                return rng.choice([c for c in candidates if c not in secret] if secret else candidates)
            pick -= count
        raise AssertionError("no card can be on top")

    def _pick_unidentified(self, rng: random.Random, pick: int, unidentified: dict[str, int]) -> str:
        """The `pick`-th unidentified slot, ranks in name order: one of its rank's candidates, evenly."""
        for rank in RANKS_BY_NAME:
            count = unidentified.get(rank, 0)
            if pick < count:
                candidates = self.candidates[rank]  # never empty while its rank has unidentified cards
                return candidates[below(rng, len(candidates))]  # = rng.choice(candidates)
            pick -= count
        raise AssertionError("no card can be on top")

    # --- moves ---------------------------------------------------------------

    def _identify(self, cid: str) -> None:
        """The table sees `cid` for the first time this round; a note naming it elsewhere was wrong."""
        if self.notes.cards:
            self.notes.forget_card(cid)
        if cid in self.unseen:
            self.unseen.discard(cid)
            order = self._unseen_order
            if order is not None:
                order.remove(cid)  # still in id order: a draw need not sort again
            return
        rank = self.catalogue.cards[cid].rank
        self.unidentified[rank] -= 1
        self.members.add(cid)
        self.candidates[rank].remove(cid)
        if self.notes.cards:
            self.notes.fit(rank, self.unidentified[rank], self.catalogue, self.members)

    def take(self, source: str, cid: str, round_no: int) -> None:
        """The top card of `source` was revealed as `cid` and picked up."""
        stack = self.raider if source == "raider" else self.intruder
        # An unknown top that may be this card is the usual draw: nothing to refuse, no sentence to build.
        if not (stack and stack[-1] is None
                and (cid in self.unseen or (cid in self.catalogue.cards and self._may_be_unknown(cid)))):
            reason = self.why_not_take(source, cid, round_no)
            if reason:
                raise RuleError(reason)
        if source == "intruder":
            self.notes.forget_slot(len(stack) - 1)
        top = stack.pop()
        if top is None or top == NOTED:
            self._identify(cid)
        elif source == "raider" and self.raider_face_up:
            self.raider_face_up -= 1
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
        self._unseen_order = None
        self.raider = [None] * (len(self.raider) + 1)
        self.raider_face_up = 0
        self._check_balance()

    def note_hidden(self, cid: str, round_no: int) -> None:
        """The topmost unnamed face-down Intruder card was tapped as `cid`: the table learns only that it was named."""
        reason = self.why_not_note(cid, round_no)
        if reason:
            raise RuleError(reason)
        slot = self._open_slot()
        assert slot is not None
        self.intruder[slot] = NOTED
        self.notes.note(slot, cid)
        if cid not in self.members:
            rank = self.catalogue.cards[cid].rank
            self.notes.fit(rank, self.unidentified[rank], self.catalogue, self.members)

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
