"""Samurai Spirit's part of the app: setup questions, labels, undo narration."""

from __future__ import annotations

from typing import Any

from companion.games.base import Menu
from engine import Choose, Event, Press, Prompt, RuleError, Tap
from engine.games.samurai_spirit import SamuraiSpirit
from engine.games.samurai_spirit.catalogue import SAMURAI
from engine.games.samurai_spirit.rules.village import FARMSTEAD_BACKS
from engine.games.samurai_spirit.setup import DIFFICULTIES

WORDS = {
    "fight": "Fight", "support": "Support", "pass": "Pass", "confront": "Confront", "defend": "Defend",
    "yes": "Yes", "no": "No", "discard": "Discard (Kyuzo)", "under": "Under the stack (Katsushiro)",
    "random": "Random", "done": "Done", "start": "Start the game",
    "redeal": "Re-deal: set these Plunderers aside, draw 14 new", "play-on": "Play on with this deal",
}


class SamuraiSpiritSetup:
    """Difficulty, Samurai in seat order, the two-player tokens, first player.

    The answers are a list, replayed to know where the questions stand, so
    stepping back is dropping the last answer.
    """

    def __init__(self) -> None:
        self.answers: list[str] = []

    def _replay(self) -> tuple[str, dict[str, Any]]:
        got: dict[str, Any] = {"samurai": []}
        step = "difficulty"
        for answer in self.answers:
            if step == "difficulty":
                got["difficulty"] = answer
                step = "samurai"
            elif step == "samurai":
                if answer != "done":
                    got["samurai"].append(answer)
                n = len(got["samurai"])
                if answer == "done" or n == 7:
                    step = "absent" if 3 <= n <= 6 else "first"
                    got["absent"] = n == 2
            elif step == "absent":
                got["absent"] = answer == "yes"
                step = "first"
            elif step == "first":
                got["first"] = None if answer == "random" else answer
                step = "done"
        return step, got

    def menu(self) -> Menu:
        step, got = self._replay()
        seated: list[str] = got["samurai"]
        if step == "difficulty":
            opts = tuple(DIFFICULTIES)
            return Menu("New game: difficulty", opts, tuple(o.capitalize() for o in opts),
                        ("Normal is the rulebook's suggestion for a first game.",), selected=1)
        if step == "samurai":
            left = [n for n in SAMURAI if n not in seated]
            opts = tuple(left + (["done"] if len(seated) >= 2 else []))
            chosen = ", ".join(n.capitalize() for n in seated) or "none yet"
            detail = ("Tap each Samurai board in seat order (clockwise), or pick with Next and OK.",
                      f"Seat order so far: {chosen}.", "Undo takes the last one back.")
            return Menu("New game: Samurai", opts, tuple(WORDS.get(o, o.capitalize()) for o in opts), detail)
        if step == "absent":
            return Menu("New game: absent Samurai's tokens?", ("no", "yes"), ("No", "Yes"),
                        ("The two-player rules: each absent Samurai's support token, once per game.",
                         "Optional with 3 to 6 Samurai (the game gets easier)."))
        if step == "first":
            opts = ("random", *seated)
            return Menu("New game: who begins?", opts, tuple(WORDS.get(o, o.capitalize()) for o in opts))
        return Menu("New game: lay out the table", ("start",), ("Start the game",), self.layout(got))

    @staticmethod
    def layout(got: dict[str, Any]) -> tuple[str, ...]:
        """What the table puts out before the first turn (rulebook set-up, per difficulty)."""
        names: list[str] = got["samurai"]
        level = DIFFICULTIES[got["difficulty"]]
        n = len(names)
        lines = [
            f"{level.name.capitalize()}, {n} Samurai: {', '.join(s.capitalize() for s in names)}.",
            f"Village: {level.barricades(n)} Barricades, 6 Farmsteads building side up, 3 Families doll side up.",
            f"Raider stack: shuffle the 52 Plunderers and count out {level.plunderers(n)} face down; "
            "Lieutenants and Bosses wait aside.",
            "Each Samurai: board human side up, meeple on 0, own support token beside it.",
        ]
        if got.get("absent"):
            lines.append("Absent Samurai's support tokens face up beside the village (each once per game).")
        first = got.get("first")
        lines.append(f"{first.capitalize()} begins." if first else "The companion picks who begins.")
        return tuple(lines)

    def choose(self, option: str) -> None:
        if option not in self.menu().options:
            raise RuleError(f"{option!r} is not one of the choices now")
        self.answers.append(option)

    def tap_board(self, name: str) -> str | None:
        step, got = self._replay()
        if step != "samurai":
            return f"the {name.capitalize()} board is not needed now"
        if name in got["samurai"]:
            return f"{name.capitalize()} is already seated"
        self.answers.append(name)
        return None

    def back(self) -> bool:
        if not self.answers:
            return False
        self.answers.pop()
        return True

    def result(self) -> dict[str, Any] | None:
        step, got = self._replay()
        if step != "done":
            return None
        out: dict[str, Any] = {"samurai": got["samurai"], "difficulty": got["difficulty"],
                               "absent_tokens": bool(got["absent"])}
        if got.get("first"):
            out["first"] = got["first"]
        return out


class SamuraiSpiritUI:
    name = "samurai-spirit"

    def __init__(self) -> None:
        self.game = SamuraiSpirit()
        self.cards = self.game.catalogue.cards

    def new_setup(self) -> SamuraiSpiritSetup:
        return SamuraiSpiritSetup()

    def tag_targets(self) -> list[str]:
        return [f"card:{cid}" for cid in self.cards] + [f"samurai:{n}" for n in SAMURAI]

    def describe_target(self, target: str) -> str:
        kind, _, name = target.partition(":")
        if kind == "samurai":
            return f"Samurai board - {name.capitalize()}"
        return self.cards[name].describe()

    def option_label(self, option: str, prompt: Prompt) -> str:
        if option in WORDS:
            if prompt.kind == "fight-again" and option == "yes":
                return "Fight again"
            return WORDS[option]
        if option in self.cards:
            return self.cards[option].describe()
        if prompt.kind == "farmstead-back" and option in FARMSTEAD_BACKS:
            return f"{option}: {FARMSTEAD_BACKS[option]}"
        if option in SAMURAI:
            if prompt.kind == "absent-token":
                return f"{option.capitalize()}'s token"
            if prompt.kind == "fight":
                return f"Give to {option.capitalize()}"
            return option.capitalize()
        if option in ("no-defend", "no-support", "wound", "must-pass", "shuffle-discard", "no-talent",
                      "barricade", "intruder", "discard-defence", "left-draws", "right-draws"):
            return option.replace("-", " ").capitalize()
        return option

    def describe_input(self, value: Any, prompt: Prompt | None) -> str:
        """An input in words for the table (undo question, replay); a hidden tap never names its card."""
        who = f"{prompt.actor.capitalize()}: " if prompt and prompt.actor != "table" else ""
        if isinstance(value, Tap):
            if value.hidden:
                return f"{who}the tap of the card slid face down (it stays hidden)"
            return f"{who}the tap of {value.card}"
        option = value.option if isinstance(value, Choose) else value.button if isinstance(value, Press) else "?"
        label = self.option_label(option, prompt) if prompt else option
        return f"{who}{label}"

    def undo_lines(self, events: list[Event]) -> list[str]:
        lines = []
        for event in reversed(events):
            d = event.data
            who = str(d.get("samurai", "")).capitalize()
            card = d.get("card", "")
            kind = event.kind
            if kind == "reveal":
                where = "Raider" if d.get("source") == "raider" else "Intruder"
                lines.append(f"Put {card} back face down on top of the {where} stack.")
            elif kind == "confront":
                lines.append(f"Take {card} back from {who}'s combat line.")
            elif kind == "defend":
                lines.append(f"Take {card} back from {who}'s defence side.")
            elif kind in ("discard", "kiai-discard"):
                lines.append(f"Take {card} back from the discard pile.")
            elif kind == "barricade":
                lines.append("Put one Barricade back on the village.")
            elif kind == "barricade-added":
                lines.append("Take the added Barricade off the village.")
            elif kind == "farmstead":
                lines.append("Put the destroyed Farmstead back.")
            elif kind == "family":
                lines.append(f"Put Family token {d.get('token')} back.")
            elif kind == "wound":
                lines.append(f"Take the new Wound token off {who}'s board.")
            elif kind == "flip":
                lines.append(f"Flip {who}'s board back to the human side and put its Wound token back.")
            elif kind == "heal":
                lines.append(f"Put the Wound token back on {who}'s board.")
            elif kind in ("support", "intruder"):
                lines.append("Put the card slid onto the Intruder stack back on top of the Raider stack.")
                if kind == "support":
                    lines.append(f"{who} takes the support token back.")
            elif kind == "pass":
                lines.append(f"Stand {who}'s meeple up again.")
            elif kind == "under":
                lines.append(f"Take {card} from under the Raider stack.")
            elif kind == "token":
                lines.append(f"Give {str(d.get('token', '')).capitalize()}'s support token back.")
            elif kind == "token-back":
                lines.append(f"Give {str(d.get('token', '')).capitalize()}'s support token to {who or 'its holder'} again.")
            elif kind == "shuffle":
                lines.append(f"Find {card} in the Raider stack and put it back on the discard pile.")
            elif kind in ("new-round", "all-passed", "raider-face-up", "kiai-move", "absent-token", "gift"):
                lines.append(f"Undo: {event.text}")
        return lines or ["Nothing to put back on the table."]

    def screen_kind(self, view: dict[str, Any]) -> str:
        phase = view.get("phase")
        return "game-over" if phase == "over" else "round-end" if phase == "round-end" else "board"

    def title(self, view: dict[str, Any]) -> str:
        if view.get("result") == "won":
            return f"Victory! Score {view['grade']}"
        if view.get("result") == "lost":
            return f"The village has fallen (round {view['round']})"
        if view.get("phase") == "round-end":
            return f"Round {view['round']} - end of round"
        return f"Round {view['round']} - {str(view['active']).capitalize()}'s turn"
