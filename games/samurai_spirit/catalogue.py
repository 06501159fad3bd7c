"""The component catalogue: cards, Samurai, Farmstead and Family tokens.

The values live in `data/components.toml`, an editable file in the format
shared by every game (engine.core.components) in which every unverified
value is flagged; this module checks the Samurai Spirit attributes. A card
the owner declared extra (`extra = true`, a promo Boss) is counted by no
total and joins the cards of its rank: an extra Boss is one more Boss the
table may draw in round 3. Loading
checks the whole file and names the entry at fault, because an owner
correcting a card by hand deserves better than a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from typing import Any

from engine.core.components import Component, parse_components
from engine.core.errors import RuleError
from engine.core.messages import Message, msg

SAMURAI = ("kikuchiyo", "kyuzo", "daisuke", "katsushiro", "gorobei", "heihachi", "kanbei")
SYMBOLS = ("hat", "farm", "doll")
BASIC_PENALTIES = (
    "barricade", "wound", "intruder", "no-defend", "no-support", "left-draws", "right-draws",
)
BOSS_PENALTIES = ("must-pass", "shuffle-discard", "no-talent", "discard-defence")
FARMSTEAD_PENALTIES = ("A", "B", "C", "D")
FAMILY_BONUSES = ("A", "B", "C")
FACES = ("human", "animal")
DATA_FILE = "components.toml"
EXPECTED_PER_VALUE = {1: 13, 2: 13, 3: 13, 4: 13, 5: 7, 6: 7}
KINDS = ("card", "samurai", "farmstead", "family")
EXTRA_KINDS = frozenset({"card"})
"""An owner may declare Raider cards beyond the 66 (a promo Boss): they join the cards of their rank."""


@dataclass(frozen=True, slots=True)
class Card:
    """One Raider card as printed."""

    id: str
    value: int
    symbol: str | None
    penalties: tuple[str, ...]
    flames: bool
    verified: bool
    rank: str = ""
    label: str = ""

    def __post_init__(self) -> None:
        # Both are asked for on every draw: computed once, here.
        rank = "plunderer" if self.value <= 4 else "lieutenant" if self.value == 5 else "boss"
        parts = [f"{rank.capitalize()} {self.value}", self.symbol or "no symbol"]
        parts.append(" + ".join(self.penalties) if self.penalties else "no penalty")
        if self.flames:
            parts.append("flames")
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "label", " - ".join(parts))

    def describe(self) -> str:
        """"Plunderer 3 - doll - wound - flames": how the card reads on a screen."""
        return self.label

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "value": self.value,
            "symbol": self.symbol,
            "penalties": list(self.penalties),
            "flames": self.flames,
            "verified": self.verified,
        }


@dataclass(frozen=True, slots=True)
class SamuraiDef:
    """A Samurai board: talent, and Kiai value and effect per face."""

    name: str
    talent: str
    kiai: dict[str, int]
    effect: dict[str, str]
    verified: dict[str, bool]

    @property
    def title(self) -> str:
        return self.name.capitalize()


@dataclass(frozen=True)
class Catalogue:
    """Everything static about the components of one copy of the game."""

    cards: dict[str, Card]
    samurai: dict[str, SamuraiDef]
    farmstead_counts: dict[str, int]
    families: tuple[str, ...]
    farmsteads_verified: bool
    families_verified: bool

    def by_rank(self, rank: str) -> tuple[str, ...]:
        """Card ids of one rank (plunderer, lieutenant, boss), in catalogue order."""
        return self._ranks.get(rank, ())

    @cached_property
    def _ranks(self) -> dict[str, tuple[str, ...]]:
        # Every new game asks for each rank: grouped once per catalogue, which never changes.
        out: dict[str, list[str]] = {}
        for cid, card in self.cards.items():
            out.setdefault(card.rank, []).append(cid)
        return {rank: tuple(cids) for rank, cids in out.items()}

    @cached_property
    def values(self) -> dict[str, int]:
        """Card id -> value, asked for at nearly every step: built once per catalogue, shared read-only."""
        return {cid: card.value for cid, card in self.cards.items()}

    def unverified(self) -> list[str]:
        """Short notes on what the data file flags as unverified."""
        notes = []
        guessed = sum(1 for card in self.cards.values() if not card.verified)
        if guessed:
            notes.append(f"{guessed} of {len(self.cards)} Raider cards")
        for sam in self.samurai.values():
            faces = [face for face in FACES if not sam.verified[face]]
            if faces:
                notes.append(f"{sam.title} Kiai ({', '.join(faces)})")
        if not self.farmsteads_verified:
            notes.append("Farmstead penalty split")
        if not self.families_verified:
            notes.append("Family bonus tokens")
        return notes


def _fail(where: str, message: Message) -> RuleError:
    return RuleError(msg('{where}: {message}', where=where, message=message))


def _card(entry: Component) -> Card:
    raw = entry.attributes
    unknown = set(raw) - {"value", "symbol", "penalties", "flames"}
    if unknown:
        raise entry.fail(msg('unknown key(s) {value}', value=', '.join(sorted(unknown))))
    value = raw.get("value")
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise entry.fail(msg('value {value} is not a whole number from 1 to 6', value=repr(value)))
    symbol = raw.get("symbol", "")
    if symbol not in ("", *SYMBOLS):
        raise entry.fail(msg('symbol {symbol} is not one of hat, farm, doll or ""', symbol=repr(symbol)))
    penalties = raw.get("penalties", [])
    if not isinstance(penalties, list) or not all(isinstance(p, str) for p in penalties):
        raise entry.fail(msg('penalties must be a list of names'))
    allowed = BASIC_PENALTIES + BOSS_PENALTIES if value == 6 else BASIC_PENALTIES
    for pen in penalties:
        if pen not in allowed:
            if value == 6:
                raise entry.fail(msg("penalty {pen} is not one a Boss can carry ({value})", pen=repr(pen),
                                     value=", ".join(allowed)))
            raise entry.fail(msg("penalty {pen} is not one a Plunderer or Lieutenant can carry ({value})",
                                 pen=repr(pen), value=", ".join(allowed)))
    most = 2 if value == 6 else 1
    if len(penalties) > most or len(set(penalties)) != len(penalties):
        if most > 1:
            raise entry.fail(msg("at most {most} different penalties on this card", most=most))
        raise entry.fail(msg("at most one penalty on this card"))
    if not isinstance(raw.get("flames", False), bool):
        raise entry.fail(msg('{key} must be true or false', key="flames"))
    return Card(entry.id, value, symbol or None, tuple(penalties), raw.get("flames", False), entry.verified)


def _faces(entry: Component, key: str) -> dict[str, Any]:
    value = entry.attributes.get(key)
    if not isinstance(value, dict) or set(value) != set(FACES):
        raise entry.fail(msg('{key} needs exactly human and animal', key=key))
    return value


def _samurai(entry: Component) -> SamuraiDef:
    if entry.id not in SAMURAI:
        raise entry.fail(msg('samurai must list exactly {value}', value=', '.join(SAMURAI)))
    kiai, verified, effect = (_faces(entry, key) for key in ("kiai", "faces_verified", "effect"))
    for face in FACES:
        value = kiai[face]
        if isinstance(value, bool) or not isinstance(value, int) or not 3 <= value <= 20:
            raise entry.fail(msg("{face} Kiai {value} is not a whole number from 3 to 20", face=face,
                                 value=repr(value)))
        if not isinstance(verified[face], bool):
            raise entry.fail(msg('verified.{face} must be true or false', face=face))
    if kiai["animal"] < kiai["human"]:
        raise entry.fail(msg('the animal Kiai cannot be lower than the human one'))
    if entry.verified != (verified["human"] and verified["animal"]):
        raise entry.fail(msg('verified must be true exactly when both faces_verified are true'))
    talent = entry.attributes.get("talent", "")
    if not isinstance(talent, str):
        raise entry.fail(msg('talent must be text'))
    return SamuraiDef(entry.id, talent, dict(kiai), {f: str(effect[f]) for f in FACES}, dict(verified))


def _token(entry: Component, key: str, allowed: tuple[str, ...]) -> str:
    value = entry.attributes.get(key)
    if set(entry.attributes) != {key} or value not in allowed:
        raise entry.fail(msg('attributes must hold only {key}, one of {value}', key=key, value=', '.join(allowed)))
    return str(value)


def _check_counts(source: str, cards: dict[str, Card]) -> None:
    counts = {v: sum(1 for c in cards.values() if c.value == v) for v in EXPECTED_PER_VALUE}
    if len(cards) != 66 or counts != EXPECTED_PER_VALUE:
        found = ", ".join(f"{counts[v]} of value {v}" for v in EXPECTED_PER_VALUE)
        raise _fail(source, msg("expected 66 cards (13 of each value 1-4, 7 of 5, 7 of 6); found {count}: {found}",
                                count=len(cards), found=found))


def parse_catalogue(text: str, source: str = DATA_FILE) -> Catalogue:
    """Validate the text of a components file (the shared format) and build the catalogue."""
    entries = parse_components(text, source, kinds=set(KINDS), extra_kinds=EXTRA_KINDS)
    cards = {e.id: _card(e) for e in entries if e.kind == "card"}
    _check_counts(source, {e.id: cards[e.id] for e in entries if e.kind == "card" and not e.extra})
    samurai = {s.name: s for s in (_samurai(e) for e in entries if e.kind == "samurai")}
    if set(samurai) != set(SAMURAI):
        raise _fail(source, msg('samurai must list exactly {value}', value=', '.join(SAMURAI)))
    farms = [e for e in entries if e.kind == "farmstead"]
    penalties = [_token(e, "penalty", FARMSTEAD_PENALTIES) for e in farms]
    if len(farms) != 6:
        raise _fail(source, msg('expected {count} {kind} entries, found {found}', count=6, kind='farmstead',
                                found=len(farms)))
    families = [e for e in entries if e.kind == "family"]
    tokens = tuple(_token(e, "bonus", FAMILY_BONUSES) for e in families)
    if len(tokens) != 3:
        raise _fail(source, msg('expected {count} {kind} entries, found {found}', count=3, kind='family',
                                found=len(tokens)))
    return Catalogue(
        cards=cards,
        samurai={name: samurai[name] for name in SAMURAI},
        farmstead_counts={k: penalties.count(k) for k in FARMSTEAD_PENALTIES},
        families=tokens,
        farmsteads_verified=all(e.verified for e in farms),
        families_verified=all(e.verified for e in families),
    )


def packaged_text() -> str:
    """The components file shipped with the engine."""
    return resources.files("games.samurai_spirit").joinpath("data", DATA_FILE).read_text("utf-8")


def load_catalogue(text: str | None = None, source: str = DATA_FILE) -> Catalogue:
    """The packaged catalogue, or one built from a user's edited copy."""
    return parse_catalogue(packaged_text() if text is None else text, source)
