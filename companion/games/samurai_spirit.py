"""Samurai Spirit's part of the app: setup questions, labels, undo narration."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.games.base import Menu, Text
from engine import Choose, Event, Press, Prompt, RuleError, Tap
from engine.core.messages import msg
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


DIFFICULTY_WORDS = {"easy": msg("Easy"), "normal": msg("Normal"), "hard": msg("Hard"), "heroic": msg("Heroic")}
SETUP_WORDS = {"done": msg("Done"), "random": msg("Random"), "start": msg("Start the game"), "yes": msg("Yes"),
               "no": msg("No")}


def seats(names: list[str]) -> str:
    """Samurai in seat order, as proper nouns (the same in every language)."""
    return ", ".join(n.capitalize() for n in names)


def _remembered(last: Mapping[str, Any] | None) -> dict[str, Any]:
    """The parts of the last game's set-up that still make sense; anything odd is dropped."""
    if not last:
        return {}
    out: dict[str, Any] = {}
    if last.get("difficulty") in DIFFICULTIES:
        out["difficulty"] = last["difficulty"]
    names = last.get("samurai")
    if (isinstance(names, list) and 2 <= len(names) <= len(SAMURAI) and len(set(names)) == len(names)
            and all(name in SAMURAI for name in names)):
        out["samurai"] = list(names)
        if isinstance(last.get("absent_tokens"), bool):
            out["absent"] = last["absent_tokens"]
        if last.get("first") in names:
            out["first"] = last["first"]
    return out


class SamuraiSpiritSetup:
    """Difficulty, Samurai in seat order, the two-player tokens, first player.

    The answers are a list, replayed to know where the questions stand, so
    stepping back is dropping the last answer. Each question starts on the
    last game's answer (`last`), and "as last time" seats the same Samurai
    in one press; after a pick the highlight stays where the table is.
    """

    def __init__(self, last: Mapping[str, Any] | None = None) -> None:
        self.answers: list[str] = []
        self.last = _remembered(last)
        self._hint: str | int | None = None

    def _replay(self) -> tuple[str, dict[str, Any]]:
        got: dict[str, Any] = {"samurai": []}
        step = "difficulty"
        for answer in self.answers:
            if step == "difficulty":
                got["difficulty"] = answer
                step = "samurai"
            elif step == "samurai":
                if answer == "last":
                    got["samurai"] = list(self.last["samurai"])
                elif answer != "done":
                    got["samurai"].append(answer)
                n = len(got["samurai"])
                if answer in ("done", "last") or n == len(SAMURAI):
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
        menu = self._question(step, got)
        return replace(menu, selected=self._highlight(step, got, menu.options))

    def _question(self, step: str, got: dict[str, Any]) -> Menu:
        seated: list[str] = got["samurai"]
        if step == "difficulty":
            opts = tuple(DIFFICULTIES)
            return Menu(msg("New game: difficulty"), opts, tuple(DIFFICULTY_WORDS[o] for o in opts),
                        (msg("Normal is the rulebook's suggestion for a first game."),))
        if step == "samurai":
            left = [n for n in SAMURAI if n not in seated]
            again = ["last"] if not seated and "samurai" in self.last else []
            opts = tuple(again + left + (["done"] if len(seated) >= 2 else []))
            labels = tuple(msg("As last time: {seats}", seats=seats(self.last["samurai"])) if o == "last"
                           else SETUP_WORDS.get(o, o.capitalize()) for o in opts)
            detail = (msg("Tap each Samurai board in seat order (clockwise), or pick with Next and OK."),
                      msg("Seat order so far: {seats}.", seats=seats(seated)) if seated
                      else msg("Seat order so far: none yet."),
                      msg("Undo takes the last one back."))
            return Menu(msg("New game: Samurai"), opts, labels, detail)
        if step == "absent":
            return Menu(msg("New game: absent Samurai's tokens?"), ("no", "yes"), (SETUP_WORDS["no"], SETUP_WORDS["yes"]),
                        (msg("The two-player rules: each absent Samurai's support token, once per game."),
                         msg("Optional with 3 to 6 Samurai (the game gets easier).")))
        if step == "first":
            opts = ("random", *seated)
            return Menu(msg("New game: who begins?"), opts, tuple(SETUP_WORDS.get(o, o.capitalize()) for o in opts))
        return Menu(msg("New game: lay out the table"), ("start",), (SETUP_WORDS["start"],), self.layout(got))

    def _highlight(self, step: str, got: dict[str, Any], options: tuple[str, ...]) -> int:
        """Where the table was (`_hint`), else the last game's answer, else the rulebook's default."""
        hint = self._hint
        if isinstance(hint, int):
            return min(hint, len(options) - 1)
        if isinstance(hint, str) and hint in options:
            return options.index(hint)
        last = self.last
        wanted = {
            "difficulty": last.get("difficulty", "normal"),
            "samurai": "last",
            "absent": "yes" if last.get("absent") else "no",
            "first": last.get("first") if last.get("first") in got["samurai"] else "random",
        }.get(step)
        return options.index(wanted) if wanted in options else 0

    @staticmethod
    def layout(got: dict[str, Any]) -> tuple[Text, ...]:
        """What the table puts out before the first turn (rulebook set-up, per difficulty)."""
        names: list[str] = got["samurai"]
        level = DIFFICULTIES[got["difficulty"]]
        n = len(names)
        lines: list[Text] = [
            msg("{difficulty}, {count} Samurai: {seats}.", difficulty=DIFFICULTY_WORDS[got["difficulty"]],
                count=n, seats=seats(names)),
            msg("Village: {count} Barricades, 6 Farmsteads building side up, 3 Families doll side up.",
                count=level.barricades(n)),
            msg("Raider stack: shuffle the 52 Plunderers and count out {count} face down; "
                "Lieutenants and Bosses wait aside.", count=level.plunderers(n)),
            msg("Each Samurai: board human side up, meeple on 0, own support token beside it."),
        ]
        if got.get("absent"):
            lines.append(msg("Absent Samurai's support tokens face up beside the village (each once per game)."))
        first = got.get("first")
        lines.append(msg("{samurai} begins.", samurai=first) if first else msg("The companion picks who begins."))
        return tuple(lines)

    def choose(self, option: str) -> None:
        options = self.menu().options
        if option not in options:
            raise RuleError(f"{option!r} is not one of the choices now")
        step = self._replay()[0]
        self.answers.append(option)
        stays = step == "samurai" and self._replay()[0] == "samurai"
        after = options.index(option) + 1
        self._hint = (options[after] if after < len(options) else "done") if stays else None

    def tap_board(self, name: str) -> Text | None:
        step, got = self._replay()
        if step != "samurai":
            return msg("The {samurai} board is not needed now: answer this question with Next and OK.",
                       samurai=name)
        if name in got["samurai"]:
            return msg("{samurai} is already seated: tap the next Samurai's board, or choose Done.", samurai=name)
        self.answers.append(name)
        self._hint = "done" if self._replay()[0] == "samurai" else None
        return None

    def back(self) -> bool:
        if not self.answers:
            return False
        self._hint = self.answers.pop()
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

    def new_setup(self, last: Mapping[str, Any] | None = None) -> SamuraiSpiritSetup:
        return SamuraiSpiritSetup(last)

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
