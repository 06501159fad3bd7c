"""The component catalogue: cards, Samurai, Farmstead and Family tokens.

The values live in `data/components.toml`, an editable file in which every
unverified value is flagged; this module loads and validates it. Loading
checks the whole file and names the entry at fault, because an owner
correcting a card by hand deserves better than a traceback.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from typing import Any

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
_ID = re.compile(r"^[a-z0-9][a-z0-9+\-]*$")


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


def _card(where: str, raw: Any) -> Card:
    if not isinstance(raw, dict):
        raise _fail(where, msg('each card must be a table'))
    unknown = set(raw) - {"id", "value", "symbol", "penalties", "flames", "verified"}
    if unknown:
        raise _fail(where, msg('unknown key(s) {value}', value=', '.join(sorted(unknown))))
    cid = raw.get("id")
    if not isinstance(cid, str) or not _ID.match(cid):
        raise _fail(where, msg("id {id} must be lower-case letters, digits, '-' or '+'", id=repr(cid)))
    where = f"{where} (id {cid!r})"
    value = raw.get("value")
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise _fail(where, msg('value {value} is not a whole number from 1 to 6', value=repr(value)))
    symbol = raw.get("symbol", "")
    if symbol not in ("", *SYMBOLS):
        raise _fail(where, msg('symbol {symbol} is not one of hat, farm, doll or ""', symbol=repr(symbol)))
    penalties = raw.get("penalties", [])
    if not isinstance(penalties, list) or not all(isinstance(p, str) for p in penalties):
        raise _fail(where, msg('penalties must be a list of names'))
    allowed = BASIC_PENALTIES + BOSS_PENALTIES if value == 6 else BASIC_PENALTIES
    for pen in penalties:
        if pen not in allowed:
            if value == 6:
                raise _fail(where, msg("penalty {pen} is not one a Boss can carry ({value})", pen=repr(pen),
                                       value=", ".join(allowed)))
            raise _fail(where, msg("penalty {pen} is not one a Plunderer or Lieutenant can carry ({value})",
                                   pen=repr(pen), value=", ".join(allowed)))
    most = 2 if value == 6 else 1
    if len(penalties) > most or len(set(penalties)) != len(penalties):
        if most > 1:
            raise _fail(where, msg("at most {most} different penalties on this card", most=most))
        raise _fail(where, msg("at most one penalty on this card"))
    for key in ("flames", "verified"):
        if not isinstance(raw.get(key, False), bool):
            raise _fail(where, msg('{key} must be true or false', key=key))
    return Card(cid, value, symbol or None, tuple(penalties), raw.get("flames", False), raw.get("verified", False))


def _samurai(name: str, raw: Any, source: str) -> SamuraiDef:
    where = f"{source}: samurai.{name}"
    if not isinstance(raw, dict):
        raise _fail(where, msg('must be a table'))
    kiai, verified, effect = raw.get("kiai"), raw.get("verified"), raw.get("effect")
    for key, value in (("kiai", kiai), ("verified", verified), ("effect", effect)):
        if not isinstance(value, dict) or set(value) != set(FACES):
            raise _fail(where, msg('{key} needs exactly human and animal', key=key))
    assert isinstance(kiai, dict) and isinstance(verified, dict) and isinstance(effect, dict)
    for face in FACES:
        value = kiai[face]
        if isinstance(value, bool) or not isinstance(value, int) or not 3 <= value <= 20:
            raise _fail(where, msg("{face} Kiai {value} is not a whole number from 3 to 20", face=face,
                                   value=repr(value)))
        if not isinstance(verified[face], bool):
            raise _fail(where, msg('verified.{face} must be true or false', face=face))
    if kiai["animal"] < kiai["human"]:
        raise _fail(where, msg('the animal Kiai cannot be lower than the human one'))
    talent = raw.get("talent", "")
    if not isinstance(talent, str):
        raise _fail(where, msg('talent must be text'))
    return SamuraiDef(name, talent, dict(kiai), {f: str(effect[f]) for f in FACES}, dict(verified))


def parse_catalogue(text: str, source: str = DATA_FILE) -> Catalogue:
    """Validate the text of a components file and build the catalogue."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(msg('{source}: not valid TOML: {reason}', source=source, reason=str(exc))) from None
    if raw.get("format") != 1:
        raise _fail(source, msg('format {value} is not supported (expected 1)', value=repr(raw.get('format'))))
    cards_raw = raw.get("cards")
    if not isinstance(cards_raw, list):
        raise _fail(source, msg('cards must be a list'))
    cards: dict[str, Card] = {}
    for index, entry in enumerate(cards_raw):
        card = _card(f"{source}: cards[{index}]", entry)
        if card.id in cards:
            raise _fail(f"{source}: cards[{index}]", msg('id {id} appears twice', id=repr(card.id)))
        cards[card.id] = card
    counts = {v: sum(1 for c in cards.values() if c.value == v) for v in EXPECTED_PER_VALUE}
    if len(cards) != 66 or counts != EXPECTED_PER_VALUE:
        found = ", ".join(f"{counts[v]} of value {v}" for v in EXPECTED_PER_VALUE)
        raise _fail(source, msg("expected 66 cards (13 of each value 1-4, 7 of 5, 7 of 6); found {count}: {found}",
                                count=len(cards), found=found))
    sam_raw = raw.get("samurai")
    if not isinstance(sam_raw, dict) or set(sam_raw) != set(SAMURAI):
        raise _fail(source, msg('samurai must list exactly {value}', value=', '.join(SAMURAI)))
    samurai = {name: _samurai(name, sam_raw[name], source) for name in SAMURAI}
    farm = raw.get("farmsteads")
    if not isinstance(farm, dict) or not isinstance(farm.get("counts"), dict):
        raise _fail(source, msg('farmsteads.counts is missing'))
    fcounts = farm["counts"]
    if set(fcounts) - set(FARMSTEAD_PENALTIES):
        raise _fail(source, msg('farmsteads.counts: penalties are {value}', value=', '.join(FARMSTEAD_PENALTIES)))
    if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in fcounts.values()) or sum(fcounts.values()) != 6:
        raise _fail(source, msg('farmsteads.counts must be whole numbers adding up to the 6 Farmstead tokens'))
    fam = raw.get("families")
    tokens = fam.get("tokens") if isinstance(fam, dict) else None
    if not isinstance(tokens, list) or len(tokens) != 3 or not set(tokens) <= set(FAMILY_BONUSES):
        raise _fail(source, msg('families.tokens must list the 3 Family tokens, each A, B or C'))
    return Catalogue(
        cards=cards,
        samurai=samurai,
        farmstead_counts={k: fcounts.get(k, 0) for k in FARMSTEAD_PENALTIES},
        families=tuple(tokens),
        farmsteads_verified=bool(farm.get("verified", False)),
        families_verified=bool(fam.get("verified", False)) if isinstance(fam, dict) else False,
    )


def packaged_text() -> str:
    """The components file shipped with the engine."""
    return resources.files("engine.games.samurai_spirit").joinpath("data", DATA_FILE).read_text("utf-8")


def load_catalogue(text: str | None = None, source: str = DATA_FILE) -> Catalogue:
    """The packaged catalogue, or one built from a user's edited copy."""
    return parse_catalogue(packaged_text() if text is None else text, source)
