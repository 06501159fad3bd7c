"""The table-event side every game shares whose tags stand for its own components ("card:<id>").

Trick Raiders' cards, Tenno's cards and Knizia's Samurai's tiles are all
tapped the same way: a tap under a tap prompt is that component, a tap at any
other moment means nothing, the laptop's virtual deck offers what the
prompt could take. A game's UI subclasses `TaggedComponentsUI` and keeps only
what is its own (its words, its set-up, its buttons); Samurai Spirit, whose
tags also stand for Samurai boards, has its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.i18n import Namer, Translator
from engine import Input, Match, Prompt, Tap
from engine.core.messages import Message, msg


def list_of(namer: Namer) -> Namer:
    """The namer of a list field ("cards", "players") from the namer of one item: "Ann, Ben"."""

    def names(items: Any, tr: Translator) -> str:
        return ", ".join(namer(item, tr) for item in items)

    return names


def counts_of(namer: Namer) -> Namer:
    """The namer of a field of (item, number) pairs from the namer of one item: "Rot 4, Blau 7" (a seat's
    cards in hand, its lives), each item in the table's language."""

    def counts(pairs: Any, tr: Translator) -> str:
        return ", ".join(f"{namer(item, tr)} {count}" for item, count in pairs)

    return counts


class TaggedComponentsUI:
    """Defaults of companion.games.base.GameUI for a game whose every tag is one of `components`."""

    name: str
    components: Mapping[str, Any]
    """Component id -> the component (a card, a tile), as the game's catalogue has them."""
    _namers: dict[str, Namer]

    def common_namers(self, component: Namer, player: Namer, option: Namer) -> dict[str, Namer]:
        """{card}/{cards}, {player}/{players}, {option}/{options} and {target}: every such game names these."""
        return {
            "card": component, "cards": list_of(component),
            "player": player, "players": list_of(player),
            "option": option, "options": list_of(option),
            "target": lambda target, tr: tr(self.describe_target(target)) if ":" in str(target) else str(target),
        }

    def namers(self) -> dict[str, Namer]:
        return dict(self._namers)

    def tag_targets(self) -> list[str]:
        return [f"card:{cid}" for cid in self.components]

    def describe_target(self, target: str) -> Message:
        _, _, name = target.partition(":")
        return msg("{card}", card=name)

    def highlighted(self, prompt: Prompt) -> str | None:
        """The first option: no choice of these games spends a limited resource on OK (their `spends` hooks)."""
        return None

    def not_waiting_for_a_component(self, prompt: Prompt) -> Message:
        """What a tap at a moment that waits for no component says (a game may name its components)."""
        return msg("Not waiting for a card now. {prompt}", prompt=prompt.message)

    def input_for_tap(self, match: Match, target: str) -> list[Input] | Message:
        """A component tapped under a tap prompt is that component; the engine says whether it may be."""
        prompt = match.play.prompt
        assert prompt is not None
        kind, _, name = target.partition(":")
        if kind != "card":
            return msg("Not waiting for that now. {prompt}", prompt=prompt.message)
        if prompt.tap is not None:
            return [Tap(name)]
        return self.not_waiting_for_a_component(prompt)

    def virtual_targets(self, match: Match | None, setting_up: bool) -> list[str]:
        """The components the moment could take (from what the table has seen), else every one."""
        prompt = match.play.prompt if match is not None else None
        if match is not None and prompt is not None and prompt.tap is not None:
            return [f"card:{c}" for c in match.play.possible_taps()]
        return [f"card:{cid}" for cid in self.components]
