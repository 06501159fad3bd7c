"""Samurai Spirit's part of the app: setup questions, labels, undo narration, and how its things are named.

Every text here is a `Message` (engine.core.messages): the app says it in
the table's language through a `Translator` built with `namers()`, which
name a card as players say it ("Plunderer 3, doll, wound") and never as its
id ("3-doll-wound").
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.games.base import Menu, Text, undo_newest_first
from companion.games.naming import ComponentNamer, word_namer
from companion.games.registry import GameApp
from companion.i18n import Namer, Translator
from engine import Choose, Event, Input, Match, Press, Prompt, RuleError, Tap
from engine.core.game import Game
from engine.core.messages import Items, Message, msg, msg_n
from games.samurai_spirit import SamuraiSpirit
from games.samurai_spirit.app.demo import SamuraiSpiritDemo
from games.samurai_spirit.catalogue import SAMURAI, Card
from games.samurai_spirit.rules.village import FARMSTEAD_BACKS
from games.samurai_spirit.setup import DIFFICULTIES

WORDS: dict[str, Message] = {
    "fight": msg("Fight"), "support": msg("Support"), "pass": msg("Pass"), "confront": msg("Confront"),
    "defend": msg("Defend"), "yes": msg("Yes"), "no": msg("No"), "discard": msg("Discard (Kyuzo)"),
    "under": msg("Under the stack (Katsushiro)"), "random": msg("Random"), "done": msg("Done"),
    "start": msg("Start the game"), "redeal": msg("Re-deal: set these Plunderers aside, draw 14 new"),
    "play-on": msg("Play on with this deal"),
}
"""Option and button ids in words."""

RANKS: dict[str, Message] = {
    "plunderer": msg("Plunderer {n}"), "lieutenant": msg("Lieutenant {n}"), "boss": msg("Boss {n}"),
}
SYMBOLS: dict[str, Message] = {"hat": msg("hat"), "farm": msg("farm"), "doll": msg("doll")}
PENALTIES: dict[str, Message] = {
    "barricade": msg("barricade"), "wound": msg("wound"), "intruder": msg("intruder"),
    "no-defend": msg("no Defend"), "no-support": msg("no Support"), "left-draws": msg("left neighbour draws"),
    "right-draws": msg("right neighbour draws"), "must-pass": msg("must Pass"),
    "shuffle-discard": msg("a discard back into the stack"), "no-talent": msg("no talent"),
    "discard-defence": msg("discard a defence card"),
}
"""A card's penalty as printed on it, short: the words that follow its symbol in its name."""
DIFFICULTY_NAMES: dict[str, Message] = {
    "easy": msg("Easy"), "normal": msg("Normal"), "hard": msg("Hard"), "heroic": msg("Heroic"),
}


def with_params(message: Message, **params: Any) -> Message:
    """A word table's template with its values filled in."""
    return Message(message.template, {**message.params, **params})


def _word(table: Mapping[str, Message], key: Any, tr: Translator) -> str:
    """A word from a table, or the id itself for data the table does not know (an edited component file)."""
    return word_namer(table)(key, tr)


class CardNamer(ComponentNamer[Card]):
    """Names a card as players say it: rank and value, symbol, penalties ("Plunderer 3, doll, wound")."""

    def say(self, card: Card, tr: Translator) -> str:
        parts = [tr(with_params(RANKS[card.rank], n=card.value))]
        if card.symbol:
            parts.append(_word(SYMBOLS, card.symbol, tr))
        if card.penalties:
            parts.append(" + ".join(_word(PENALTIES, pen, tr) for pen in card.penalties))
        return ", ".join(parts)


def name_samurai(name: Any, tr: Translator) -> str:
    """Samurai names are proper nouns: the same in every language."""
    return str(name).capitalize()


def name_samurais(names: Any, tr: Translator) -> str:
    return ", ".join(name_samurai(n, tr) for n in names)


def name_option(option: Any, tr: Translator) -> str:
    """An option id with no prompt at hand (a refusal names it): a button's word, a Samurai, else the id."""
    key = str(option)
    if key in WORDS:
        return tr(WORDS[key])
    if key in SAMURAI:
        return key.capitalize()
    return key


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
            return Menu(msg("New game: difficulty"), opts, tuple(DIFFICULTY_NAMES[o] for o in opts),
                        (msg("Normal is the rulebook's suggestion for a first game."),))
        if step == "samurai":
            left = [n for n in SAMURAI if n not in seated]
            again = ["last"] if not seated and "samurai" in self.last else []
            opts = tuple(again + left + (["done"] if len(seated) >= 2 else []))
            labels = tuple(msg("As last time: {samurais}", samurais=Items(self.last["samurai"])) if o == "last"
                           else WORDS.get(o, o.capitalize()) for o in opts)
            detail = (msg("Tap each Samurai board in seat order (clockwise), or pick with Next and OK."),
                      msg("Seat order so far: {samurais}.", samurais=Items(seated)) if seated
                      else msg("Seat order so far: none yet."),
                      msg("Undo takes the last one back."))
            return Menu(msg("New game: Samurai"), opts, labels, detail)
        if step == "absent":
            return Menu(msg("New game: absent Samurai's tokens?"), ("no", "yes"), (WORDS["no"], WORDS["yes"]),
                        (msg("The two-player rules: each absent Samurai's support token, once per game."),
                         msg("Optional with 3 to 6 Samurai (the game gets easier).")))
        if step == "first":
            opts = ("random", *seated)
            return Menu(msg("New game: who begins?"), opts, tuple(WORDS.get(o, o.capitalize()) for o in opts))
        return Menu(msg("New game: lay out the table"), ("start",), (WORDS["start"],), self.layout(got))

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
            msg("{difficulty}, {count} Samurai: {samurais}.", difficulty=DIFFICULTY_NAMES[got["difficulty"]],
                count=n, samurais=Items(names)),
            msg_n("Village: {n} Barricade, 6 Farmsteads building side up, 3 Families doll side up.",
                  "Village: {n} Barricades, 6 Farmsteads building side up, 3 Families doll side up.",
                  n=level.barricades(n)),
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
            raise RuleError(msg("{option} is not one of the choices now.", option=option))
        step = self._replay()[0]
        self.answers.append(option)
        stays = step == "samurai" and self._replay()[0] == "samurai"
        after = options.index(option) + 1
        self._hint = (options[after] if after < len(options) else "done") if stays else None

    def tap(self, target: str) -> Text | None:
        """A tag tapped during set-up: a Samurai board seats that Samurai; a card is refused."""
        kind, _, name = target.partition(":")
        if kind != "samurai":
            return msg("{card} is a card: set-up wants the Samurai boards, or Next and OK.", card=name)
        return self.tap_board(name)

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


def _setup_label(option: str) -> Message:
    return WORDS[option] if option in WORDS else msg("{samurai}", samurai=option)


class SamuraiSpiritUI:
    name = "samurai-spirit"

    def __init__(self, game: Game | None = None) -> None:
        """The words of the game, on `game`'s component data (companion.census.game_for; default: shipped)."""
        assert game is None or isinstance(game, SamuraiSpirit)
        self.game = game if game is not None else SamuraiSpirit()
        self.cards = self.game.catalogue.cards
        self._namers: dict[str, Namer] = {
            "card": CardNamer(self.cards),
            "cards": lambda cids, tr: "; ".join(self._namers["card"](c, tr) for c in cids),
            "samurai": name_samurai,
            "samurais": name_samurais,
            "option": name_option,
            "options": lambda options, tr: ", ".join(name_option(o, tr) for o in options),
            "symbol": lambda symbol, tr: _word(SYMBOLS, symbol, tr),
            "difficulty": lambda level, tr: _word(DIFFICULTY_NAMES, level, tr),
            "target": lambda target, tr: tr(self.describe_target(target)) if ":" in str(target) else str(target),
        }

    def namers(self) -> dict[str, Namer]:
        """How this game's message fields are named: {card} as players say it, {samurai} by name, ..."""
        return dict(self._namers)

    def new_setup(self, last: Mapping[str, Any] | None = None) -> SamuraiSpiritSetup:
        return SamuraiSpiritSetup(last)

    def tag_targets(self) -> list[str]:
        return [f"card:{cid}" for cid in self.cards] + [f"samurai:{n}" for n in SAMURAI]

    def button_label(self, name: str) -> Message | None:
        """The four action buttons carry Samurai Spirit's actions; Next, OK and Undo keep the menu words."""
        return WORDS[name] if name in DIRECT_BUTTONS else None

    def unused_buttons(self) -> tuple[str, ...]:
        """None: the four action buttons are Samurai Spirit's actions."""
        return ()

    def highlighted(self, prompt: Prompt) -> str | None:
        """"No" on the absent Samurai's token question: each token is used once per game, asked at every turn,
        so OK alone keeps them; every other choice starts on its first option (Fight is the first action,
        Support, which gives the support token away, is never the first)."""
        return "no" if prompt.kind == "absent-token" else None

    def direct_buttons(self, prompt: Prompt | None) -> tuple[str, ...]:
        """The action buttons that answer this prompt in one press (the rest go through Next and OK)."""
        if prompt is None or prompt.tap is not None:
            return ()
        return tuple(b for b in DIRECT_BUTTONS if b in prompt.options)

    def input_for_tap(self, match: Match, target: str) -> list[Input] | Message:
        """What a tapped tag means under the current prompt, or why it means nothing now.

        A board answers a prompt that lists that Samurai; a card answers a
        pending tap, starts a Fight in one go (Fight plus the card), or names
        the card that just went face down to a hidden stack.
        """
        prompt = match.play.prompt
        assert prompt is not None
        kind, _, name = target.partition(":")
        if kind == "samurai":
            if name in prompt.options:
                return [Choose(name)]
            return msg("The {samurai} board is not a choice now. {prompt}", samurai=name,
                       prompt=prompt.message)
        if prompt.tap is not None:
            return [Tap(name)]
        if prompt.kind == "action" and "fight" in prompt.options:
            return [Choose("fight"), Tap(name)]
        if _hidden_slot_open(match):
            return [Tap(name, hidden=True)]
        return msg("Not waiting for a card now. {prompt}", prompt=prompt.message)

    def input_for_button(self, prompt: Prompt, name: str) -> list[Input] | Message:
        """An action button under the current prompt; Confront or Defend before the Fight's card is refused."""
        if prompt.kind == "action" and name in ("confront", "defend") and name not in prompt.options \
                and "fight" in prompt.options:
            return msg("Turn over the top Raider card and tap it first, then press Confront or Defend.")
        return [Press(name)]

    def virtual_targets(self, match: Match | None, setting_up: bool) -> list[str]:
        """The laptop's virtual deck: what the moment asks for (pending tap, boards, else every card)."""
        prompt = match.play.prompt if match is not None else None
        boards = [f"samurai:{n}" for n in SAMURAI]
        if prompt is not None and prompt.tap is not None and match is not None:
            return [f"card:{c}" for c in match.play.possible_taps()]
        if setting_up or (prompt is not None and any(n in prompt.options for n in SAMURAI)):
            return boards
        return [f"card:{cid}" for cid in self.cards]

    def describe_target(self, target: str) -> Message:
        kind, _, name = target.partition(":")
        if kind == "samurai":
            return msg("Samurai board: {samurai}", samurai=name)
        if self.cards.get(name) is not None and self.cards[name].flames:
            return msg("{card}, flames", card=name)
        return msg("{card}", card=name)

    def option_label(self, option: str, prompt: Prompt) -> Message:
        if option in WORDS:
            if prompt.kind == "fight-again" and option == "yes":
                return msg("Fight again")
            return WORDS[option]
        if option in self.cards:
            return msg("{card}", card=option)
        if prompt.kind == "farmstead-back" and option in FARMSTEAD_BACKS:
            return msg("{back}: {penalty}", back=option, penalty=FARMSTEAD_BACKS[option])
        if option in SAMURAI:
            if prompt.kind == "absent-token":
                return msg("{samurai}'s token", samurai=option)
            if prompt.kind == "fight":
                return msg("Give to {samurai}", samurai=option)
            return msg("{samurai}", samurai=option)
        if option in PENALTIES:
            return PENALTIES[option]
        return msg("{option}", option=option)

    def describe_input(self, value: Any, prompt: Prompt | None) -> Message:
        """An input in words for the table (undo question, replay); a hidden tap never names its card."""
        who = prompt.actor if prompt and prompt.actor != "table" else None
        if isinstance(value, Tap):
            if value.hidden:
                if who:
                    return msg("{samurai}: the tap of the card slid face down (it stays hidden)", samurai=who)
                return msg("the tap of the card slid face down (it stays hidden)")
            if who:
                return msg("{samurai}: the tap of {card}", samurai=who, card=value.card)
            return msg("the tap of {card}", card=value.card)
        option = value.option if isinstance(value, Choose) else value.button if isinstance(value, Press) else "?"
        label = self.option_label(option, prompt) if prompt else msg("{option}", option=option)
        if who:
            return msg("{samurai}: {choice}", samurai=who, choice=label)
        return label

    def undo_lines(self, events: list[Event]) -> list[Message]:
        """What the table must put back, newest first: every card, token and meeple the undone input moved."""
        return undo_newest_first(events, self._undo_event)

    def _undo_event(self, event: Event) -> list[Message]:
        d, p = event.data, event.message.params
        kind = event.kind
        card = d.get("card", "")
        who = d.get("samurai", p.get("samurai", ""))
        value = self.cards[card].value if card in self.cards else 0
        if kind == "reveal":
            if d.get("source") == "raider":
                return [msg("Put {card} back face down on top of the Raider stack.", card=card)]
            return [msg("Put {card} back face down on top of the Intruder stack.", card=card)]
        if kind == "confront":
            return [msg("Take {card} back from {samurai}'s combat line and move {samurai}'s meeple back to {track}.",
                        card=card, samurai=who, track=int(d.get("track", 0)) - value)]
        if kind == "defend":
            return [msg("Take {card} back from {samurai}'s defence side.", card=card, samurai=who)]
        if kind == "kiai-discard":
            return [msg("Put {card} back from the discard pile at the start of {samurai}'s combat line and move "
                        "{samurai}'s meeple back to {track}.", card=card, samurai=who,
                        track=int(d.get("track", 0)) + value)]
        if kind == "discard" and who and "track" in p:
            return [msg("Put {card} back from the discard pile at the end of {samurai}'s combat line and move "
                        "{samurai}'s meeple back to {track}.", card=card, samurai=who, track=int(p["track"]) + value)]
        if kind == "discard":
            return [msg("Take {card} back from the discard pile.", card=card)]
        if kind == "kiai-move":
            return [msg("Take {card} back from {samurai2}, put it back at the end of {samurai}'s combat line and move "
                        "{samurai}'s meeple back to {track}.", card=card, samurai=d.get("source", ""),
                        samurai2=d.get("target", ""), track=int(p.get("track", 0)) + value)]
        return self._undo_village(event)

    def _undo_village(self, event: Event) -> list[Message]:
        d, p = event.data, event.message.params
        kind = event.kind
        who = d.get("samurai", p.get("samurai", ""))
        simple = {
            "barricade": msg("Put one Barricade back on the village."),
            "barricade-added": msg("Take the added Barricade off the village."),
            "farmstead": msg("Put the destroyed Farmstead back, building side up."),
            "intruder": msg("Put the card slid onto the Intruder stack back on top of the Raider stack."),
        }
        if kind in simple:
            return [simple[kind]]
        if kind == "family":
            return [msg("Put Family token {token} back on the village.", token=d.get("token", ""))]
        if kind == "wound":
            return [msg("Take the new Wound token off {samurai}'s board.", samurai=who)]
        if kind == "flip":
            return [msg("Flip {samurai}'s board back to the human side and put its Wound token back.", samurai=who)]
        if kind == "heal":
            return [msg("Put the Wound token back on {samurai}'s board.", samurai=who)]
        if kind == "support":
            return [msg("Put the card slid onto the Intruder stack back on top of the Raider stack."),
                    msg("{samurai} takes the support token back from {samurai2}.", samurai=who,
                        samurai2=d.get("target", ""))]
        if kind == "pass":
            return [msg("Stand {samurai}'s meeple up again.", samurai=who)]
        if kind == "under":
            return [msg("Take {card} from under the Raider stack.", card=d.get("card", ""))]
        if kind == "token":
            return [msg("Give {samurai}'s support token back to {samurai}.", samurai=d.get("token", ""))]
        if kind == "token-back":
            return [msg("Give {samurai2}'s support token to {samurai} again.", samurai=p.get("samurai", ""),
                        samurai2=d.get("token", ""))]
        if kind == "absent-token":
            return [msg("Turn {samurai}'s support token back face up.", samurai=d.get("token", ""))]
        if kind == "gift":
            return [msg("Give {card} back to {samurai}.", card=d.get("card", ""), samurai=d.get("source", ""))]
        if kind == "raider-face-up":
            return [msg("Take {cards} back off the Raider stack.", cards=Items(d.get("cards", ())))]
        if kind == "all-passed":
            return [msg_n("Take the top Intruder card back and put it back as the Raider stack.",
                          "Take the top {n} Intruder cards back and put them back as the Raider stack.",
                          n=d.get("moved", 0))]
        if kind == "new-round":
            return [msg("Undo this step: {step}", step=event.message)]
        return []

    def screen_kind(self, view: dict[str, Any]) -> str:
        phase = view.get("phase")
        return "game-over" if phase == "over" else "round-end" if phase == "round-end" else "board"

    def summary(self, view: dict[str, Any]) -> list[Message]:
        """Difficulty and Samurai in seat order; round and whose turn; the village."""
        lines: list[Message] = []
        names = [str(s.get("name", "")).capitalize() for s in view.get("samurai", []) if isinstance(s, dict)]
        difficulty = DIFFICULTY_NAMES.get(str(view.get("difficulty")), DIFFICULTY_NAMES["normal"])
        if names:
            lines.append(msg("{difficulty} game with {seats}.", difficulty=difficulty, seats=", ".join(names)))
        if "round" in view and view.get("active") and not view.get("result"):
            lines.append(msg("Round {round}, {samurai}'s turn.", round=view["round"], samurai=view["active"]))
        elif "round" in view:
            lines.append(msg("Round {round}.", round=view["round"]))
        village = view.get("village")
        if isinstance(village, dict) and {"barricades", "barricades_max", "farmsteads"} <= village.keys():
            lines.append(msg("Village: Barricades {left} of {most}, Farmsteads {farmsteads}, Families {families}.",
                             left=village["barricades"], most=village["barricades_max"],
                             farmsteads=village["farmsteads"], families=len(village.get("families", []))))
        return lines

    def title(self, view: dict[str, Any]) -> Message:
        if view.get("result") == "won":
            return msg("Victory! Score {grade}", grade=view["grade"])
        if view.get("result") == "lost":
            return lost_title(view)
        if view.get("phase") == "round-end":
            return msg("Round {round} - end of round", round=view["round"])
        return msg("Round {round} - {samurai}'s turn", round=view["round"], samurai=view["active"])


def loss_cause(view: Mapping[str, Any]) -> tuple[str, str | None]:
    """Why a lost game was lost, read from its public view: ("fallen", samurai), ("farmsteads", None),
    ("families", None), or ("unknown", None).

    The rulebook's three ways, each of which ends the game at once: a
    Samurai's fourth wound, the last Farmstead destroyed, the last Family
    gone. So exactly one of them shows in the final view.
    """
    for sam in view.get("samurai", []):
        if isinstance(sam, dict) and isinstance(sam.get("wounds"), int) and sam["wounds"] >= 4:
            return "fallen", str(sam.get("name"))
    village = view.get("village")
    if isinstance(village, dict):
        if village.get("farmsteads") == 0:
            return "farmsteads", None
        if village.get("families") == []:
            return "families", None
    return "unknown", None


def lost_title(view: Mapping[str, Any]) -> Message:
    """The title of a lost game: the real reason, not "the village has fallen" when a Samurai died."""
    cause, samurai = loss_cause(view)
    rnd = view.get("round", "?")
    if cause == "fallen":
        return msg("Lost: {samurai} has fallen (round {round})", samurai=samurai, round=rnd)
    if cause == "farmsteads":
        return msg("Lost: no Farmstead left (round {round})", round=rnd)
    if cause == "families":
        return msg("Lost: no Family left (round {round})", round=rnd)
    return msg("The game is lost (round {round})", round=rnd)


DIRECT_BUTTONS = ("confront", "defend", "support", "pass")
"""Options a button of the same name answers in one press."""


def _hidden_slot_open(match: Match) -> bool:
    """A card just went unseen to a hidden stack (Support, Intruder): a tap now names it, face down."""
    events = match.history[-1] if match.history else []
    return any(e.kind in ("support", "intruder") for e in events)


def _policy(rng: random.Random, explore: float = 0.0) -> Any:
    from games.samurai_spirit.policy import SimplePolicy

    return SimplePolicy(rng, explore=explore)


def _simulate(game: Game, setup: dict[str, Any] | None, games: int, seed: int) -> tuple[list[str], int]:
    """`companion simulate` for Samurai Spirit: win rate, score, rounds and inputs per game."""
    from games.samurai_spirit.simulate import simulate

    setup = dict(setup or {"samurai": list(SAMURAI[:4]), "difficulty": "normal"})
    assert isinstance(game, SamuraiSpirit)
    game.parse_setup(setup)
    tally = simulate(game, setup, games, seed)
    names = [str(n) for n in setup.get("samurai", [])]
    rounds = ", ".join(f"round {r}: {n}" for r, n in sorted(tally.rounds.items()))
    return [f"{tally.games} games, {len(names)} Samurai ({', '.join(names)}), "
            f"{setup.get('difficulty', 'normal')}, seed {seed}",
            f"win rate {tally.win_rate:.1%}; average score of wins {tally.average_score:.2f}",
            f"games ended in {rounds}",
            f"{tally.inputs / max(tally.games, 1):.1f} inputs per game"], tally.inputs


def _random_setup(rng: random.Random) -> dict[str, Any]:
    names = rng.sample(SAMURAI, rng.randint(2, 5))
    return {"samurai": names, "difficulty": rng.choice(("easy", "normal", "hard")), "seed": rng.randrange(2**31)}


def _setup_arguments(words: list[str]) -> dict[str, Any] | None:
    """`companion simulate --samurai kyuzo,heihachi --difficulty hard --absent-tokens`: a Samurai Spirit set-up."""
    import argparse

    parser = argparse.ArgumentParser(prog="companion simulate --game samurai-spirit", add_help=False)
    parser.add_argument("--samurai", type=lambda text: [n.strip().lower() for n in text.split(",") if n.strip()])
    parser.add_argument("--difficulty", choices=DIFFICULTIES)
    parser.add_argument("--absent-tokens", dest="absent_tokens", action=argparse.BooleanOptionalAction)
    try:
        args = parser.parse_args(words)
    except SystemExit:
        raise RuleError(f"unknown set-up options {' '.join(words)}; Samurai Spirit knows --samurai, "
                        "--difficulty, --absent-tokens") from None
    if not words:
        return None
    setup: dict[str, Any] = {"samurai": args.samurai or list(SAMURAI[:4]), "difficulty": args.difficulty or "normal"}
    if args.absent_tokens is not None:
        setup["absent_tokens"] = args.absent_tokens
    return setup


APP = GameApp(
    ui=SamuraiSpiritUI, demo_script=SamuraiSpiritDemo, policy=_policy,
    simulate=_simulate, random_setup=_random_setup, setup_arguments=_setup_arguments)
"""This game's part of the companion, named by its registration (games/samurai_spirit/registration.py)."""
