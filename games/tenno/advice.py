"""Tenno's advisor hooks (engine.core.advisor.AdvisorHooks): a modest heuristic and the public view.

The hidden identities of this game are the face-down rows and hands and the
prisoner piles (which cards left the game is the players' memory, not the
screen's). The advisor weighs only the one decision the table can judge
from the public view: at the Monk prompt both duel cards lie face up, and
the defender asks whether turning up the Monk (+2) is worth it or Pass is
better. Which card attacks, which face-down card is attacked and whether a
Ronin attacks again depend on the rows, each player's secret, so they are
not advised. The Monk is offered whether or not it has left the game: the
advice is what to do if it lies in the row, so it says nothing of what is
gone.

`determinize` rebuilds the game at the start of the current turn from the
public counts alone (hand sizes, lost cards, prisoner and discard counts,
the turn), draws afresh which cards left the game and into which pile
(never a card of the duel on screen, nor the defender's Monk at the Monk
prompt), then replays the current turn's inputs, which the table sees on
screen. The rows and hands are dealt afresh by the play-out's policy from
its own random source.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.flow import FlowPlay, Pilot
from engine.core.inputs import Choose, Input, Press, Tap
from engine.core.match import Match
from engine.core.outcome import win_share
from games.tenno.catalogue import Card
from games.tenno.play import Play
from games.tenno.policy import DONE, PASS, SimplePolicy, _tap
from games.tenno.rules.duel import judge
from games.tenno.setup import Setup
from games.tenno.state import State

STRENGTH_TABLES: dict[str, dict[str, Any]] = {
    "2 players": {"players": ["red", "blue"], "first": "red"},
    "4 players": {"players": ["red", "blue", "green", "yellow"], "first": "red"},
    "7 players": {"players": ["red", "blue", "green", "yellow", "purple", "orange", "white"], "first": "red"},
}
"""The tables bench/policy_strength.py plays: the first player uses the measured policy, the others the simple one."""

KEEN = 7
"""The attack a card needs for the heuristic to attack again after a Ronin, or to attack a face-down card blind."""


class HeuristicPolicy(SimplePolicy):
    """Remembers the cards seen going back face down in their place, attacks what it knows it beats, keeps a strong row.

    `heroes` names the players it plays this way (None: everybody); the
    others play like the simple policy, on the same physical table. What a
    hero decides depends on its own row and hand and on what every player
    saw in the duels, never on another player's face-down card.
    """

    def __init__(self, rng: random.Random, heroes: frozenset[str] | None = None) -> None:
        super().__init__(rng)
        self.heroes = heroes
        self.known: dict[str, str] = {}
        """Card -> owner: an opponent's card seen going back face down in its place, and not moved since."""

    def _hero(self, name: str) -> bool:
        return self.heroes is None or name in self.heroes

    def choose(self, play: Play) -> Input:
        prompt = play.prompt
        assert prompt is not None
        st = play.state
        if prompt.kind == "monk" and not self.rows:
            return _tap(st.catalogue.monk[prompt.actor])
        self.square(st)
        self._remember(st, prompt.kind)
        if not self._hero(prompt.actor):
            return super().choose(play)
        kind = prompt.kind
        if kind == "attack":
            return self._aim(play, prompt.actor) or super().choose(play)
        if kind == "second-attack":
            return self._aim(play, prompt.actor, KEEN) or PASS
        if kind == "defend":
            return _tap(self._defending_card(play))
        if kind == "monk":
            monk = st.catalogue.monk[prompt.actor]
            return _tap(monk) if monk in self.row(prompt.actor) else PASS
        if kind == "done":
            self._upgrade(st, prompt.actor)
            return DONE
        return super().choose(play)

    def _remember(self, st: State, kind: str) -> None:
        """What the duels showed: cards turned back face down are known in place; an exchange makes them unsure."""
        for done in st.duels:
            if done.result is None:
                continue
            gone = {c for c in (done.captured, *done.discarded) if c is not None}
            for card in (done.attack_card, done.defend_card):
                if card is None:
                    continue
                if card in gone:
                    self.known.pop(card, None)
                else:
                    self.known[card] = st.colour(card)
        if kind == "done" and st.duels:
            attacker = st.duels[0].attacker
            if not any(d.lost_by(attacker, st.colour) for d in st.duels):
                self.known = {c: owner for c, owner in self.known.items() if owner != attacker}

    def _aim(self, play: Play, name: str, blind: int = 0) -> Input | None:
        """A known card this row beats, with the cheapest card that beats it; else the strongest attack at a blind place."""
        st = play.state
        cards = st.catalogue.cards
        allowed = set(play.possible_taps())
        mine = [c for c in self.row(name) if c in allowed]
        if not mine:
            return None
        used = {d.defend_card for d in st.duels}
        known = [c for c, owner in self.known.items()
                 if owner != name and c not in used and c in self.row(owner)]
        best: tuple[int, str, str] | None = None
        for target in known:
            beats = [c for c in mine if judge(cards[c], cards[target], False).result == "attacker"
                     and judge(cards[c], cards[target], True).result == "attacker"]
            if beats:
                card = min(beats, key=lambda c: _worth(cards[c]))
                gain = cards[target].value
                if best is None or gain > best[0]:
                    best = (gain, card, target)
        if best is not None:
            self.target = best[2]
            return _tap(best[1])
        blind_ok = [c for c in mine if cards[c].role != "geisha" and cards[c].attack >= blind]
        if not blind_ok:
            return None
        targets = [c for pl in st.players if pl.name != name for c in self.row(pl.name)
                   if c not in used and c not in self.known]
        if not targets:
            return None
        self.target = self.rng.choice(targets)
        return _tap(max(blind_ok, key=lambda c: (cards[c].attack, -cards[c].value)))

    def _refill_choice(self, st: State, hand: list[str]) -> int:
        """A hero fills a gap with its strongest hand card: the row both attacks and defends."""
        if not self._hero(st.colour(hand[0])):
            return super()._refill_choice(st, hand)
        cards = st.catalogue.cards
        return max(range(len(hand)), key=lambda i: _worth(cards[hand[i]]))

    def _upgrade(self, st: State, name: str) -> None:
        """After a turn without a loss: the weakest card of the row goes to the hand for a stronger hand card."""
        hand = self.hands.get(name, [])
        row = self.rows.get(name, [])
        if not hand or None in row or not any(d.attacker == name for d in st.duels):
            return
        if any(d.lost_by(name, st.colour) for d in st.duels):
            return
        cards = st.catalogue.cards
        weakest = min(range(len(row)), key=lambda i: _worth(cards[row[i] or ""]))
        pick = max(range(len(hand)), key=lambda i: _worth(cards[hand[i]]))
        if _worth(cards[hand[pick]]) > _worth(cards[row[weakest] or ""]):
            row[weakest], hand[pick] = hand[pick], row[weakest] or hand[pick]


def _worth(card: Card) -> int:
    """How much a card is worth in the row: its better strength (the Geisha beats anyone once)."""
    return 9 if card.role == "geisha" else max(card.attack, card.defend)


def heuristic(seed: int) -> Pilot:
    return HeuristicPolicy(random.Random(seed)).choose


def simple(seed: int) -> Pilot:
    return SimplePolicy(random.Random(seed)).choose


def choices(match: Match) -> dict[str, Input]:
    """At the Monk prompt: turn up the Monk, or Pass. Nothing else is advised (see the module's note)."""
    prompt = match.play.prompt
    if prompt is None or prompt.kind != "monk":
        return {}
    play = match.play
    assert isinstance(play, Play)
    return {"monk": _tap(play.state.catalogue.monk[prompt.actor]), "pass": PASS}


def advisable(match: Match) -> bool:
    return len(choices(match)) > 1


def open_options(match: Match, own: Input) -> list[str]:
    """The options open to a simulated defender whose heuristic answered `own` (bench/policy_strength.py).

    The heuristic turns the Monk up whenever its row holds it, so a Pass
    from it means the Monk is not there: Pass is then the only option, and
    the advice (what to do if the Monk lies in the row) does not apply.
    """
    return ["pass"] if own == PASS else list(choices(match))


def _turn_inputs(inputs: list[Input]) -> list[Input]:
    """The inputs since the last OK that ended a turn: the duel(s) on screen now."""
    for index in range(len(inputs) - 1, -1, -1):
        value = inputs[index]
        if (isinstance(value, Choose) and value.option == DONE.option) or (
                isinstance(value, Press) and value.button == DONE.option):
            return inputs[index + 1:]
    return list(inputs)


def determinize(match: Match, rng: random.Random) -> FlowPlay:
    """The play at `match`'s prompt from the public counts and the turn on screen; see the module's note."""
    real = match.play
    assert isinstance(real, Play)
    st = real.state
    turn = _turn_inputs(list(match.inputs))
    keep = {v.card for v in turn if isinstance(v, Tap)}
    prompt = real.prompt
    if prompt is not None and prompt.kind == "monk":
        keep.add(st.catalogue.monk[prompt.actor])
    active = st.players[st.active].name
    play = Play(st.catalogue, Setup(st.setup.players, active), 0)
    play.quiet()
    fresh = play.state
    fresh.setup, fresh.first, fresh.turn = st.setup, st.first, st.turn
    lost, piles, discards = _turn_start_counts(st)
    for player in fresh.players:
        player.hand = st.by_name(player.name).hand
    _draw_out(fresh, lost, piles, discards, keep, rng)
    for value in turn:
        play.advance(value)
    return play


def _turn_start_counts(st: State) -> tuple[dict[str, int], dict[str, int], int]:
    """Each player's lost cards and prisoners, and the discard pile, before this turn's duels."""
    lost = {pl.name: pl.lost for pl in st.players}
    piles = {pl.name: len(pl.prisoners) for pl in st.players}
    discards = len(st.discard)
    for done in st.duels:
        if done.captured is not None and done.captor is not None:
            piles[done.captor] -= 1
            lost[st.colour(done.captured)] -= 1
        for card in done.discarded:
            lost[st.colour(card)] -= 1
            discards -= 1
    return lost, piles, discards


def _draw_out(st: State, lost: dict[str, int], piles: dict[str, int], discards: int, keep: set[str],
              rng: random.Random) -> None:
    """Which cards left the game and where, drawn afresh: each player's lost count, each pile's size.

    A prisoner pile never holds its owner's colour nor a Geisha (she wins or
    ties every duel); the draw is retried until the piles can be filled so.
    """
    cards = st.catalogue.cards
    for _ in range(50):
        gone = [c for name, n in lost.items()
                for c in rng.sample([c for c in st.catalogue.by_colour[name] if c not in keep], n)]
        rng.shuffle(gone)
        placed = _fill_piles(gone, piles, lambda c: cards[c].colour, lambda c: cards[c].role == "geisha")
        if placed is not None and len(placed[1]) == discards:
            break
    assert placed is not None
    prisoners, thrown = placed
    for player in st.players:
        for cid in prisoners[player.name]:
            st.capture(cid, player)
    for cid in thrown:
        st.throw_out(cid)
    for player in st.players:
        player.gaps = 0


def _fill_piles(gone: list[str], piles: dict[str, int], colour: Any, geisha: Any
                ) -> tuple[dict[str, list[str]], list[str]] | None:
    """Deal `gone` into piles of the given sizes (no own colour, no Geisha); the rest is the discard. None if stuck."""
    prisoners: dict[str, list[str]] = {name: [] for name in piles}
    rest = list(gone)
    for name in sorted(piles, key=lambda n: -piles[n]):
        for _ in range(piles[name]):
            pick = next((c for c in rest if colour(c) != name and not geisha(c)), None)
            if pick is None:
                return None
            rest.remove(pick)
            prisoners[name].append(pick)
    return prisoners, rest


def score(play: Any, actor: str) -> float:
    """A share of the win: 1 for a sole winner, 1/n for each of n winners, 0 otherwise."""
    return win_share(play.outcome, actor)


def bench_table(setup: dict[str, Any], seed: int, policy: str = "heuristic") -> tuple[Play, Pilot, str]:
    """The bench's table for one seed: the first player (the hero) plays `policy`, the others the simple policy.

    Returns the fresh play, the pilot that answers every seat, and the hero's name.
    """
    from engine.core.registry import get_game

    game = get_game("tenno")
    play, _ = game.new_play(game.parse_setup(setup), seed)
    assert isinstance(play, Play)
    hero = play.state.players[play.state.first].name
    rng = random.Random(seed ^ 0x5EED)
    pilot = HeuristicPolicy(rng, frozenset({hero})) if policy == "heuristic" else SimplePolicy(rng)
    return play, pilot.choose, hero


def strength(setup: dict[str, Any], seed: int, policy: str) -> float:
    """One seeded game: the first player plays `policy`, the others the simple policy; their share of the win."""
    play, pilot, hero = bench_table(setup, seed, policy)
    play.play_out(pilot)
    return score(play, hero)
