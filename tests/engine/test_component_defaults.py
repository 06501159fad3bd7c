"""The shipped component data: the reconstruction's Bosses and Kiai, the old default kept, an extra Boss drawn."""

from __future__ import annotations

from importlib import resources

import pytest

from engine import Match, get_game
from engine.core.components import digest, parse_components, read_data_file, renamed, render
from engine.core.game import UNDIGESTED_FILE, Game
from engine.core.registry import entry, game_names
from games.samurai_spirit import SamuraiSpirit
from games.samurai_spirit.catalogue import KINDS, load_catalogue
from games.samurai_spirit.knowledge import Knowledge

GAME = get_game("samurai-spirit")
assert isinstance(GAME, SamuraiSpirit)
DATA = resources.files("games.samurai_spirit").joinpath("data")


def test_the_bosses_and_kiai_values_follow_the_reconstruction_still_unverified() -> None:
    cards = GAME.catalogue.cards
    assert (cards["6-hat-intruder"].penalties, cards["6-doll-must-pass"].penalties,
            cards["6-farm-barricade"].penalties) == (("intruder",), ("must-pass",), ("barricade",))
    assert not any(cards[cid].verified for cid in GAME.catalogue.by_rank("boss"))
    samurai = GAME.catalogue.samurai
    assert (samurai["heihachi"].kiai, samurai["kanbei"].kiai) == ({"human": 8, "animal": 11},
                                                                   {"human": 9, "animal": 12})
    assert not samurai["heihachi"].verified["human"] and not samurai["kanbei"].verified["animal"]
    text = DATA.joinpath("components.toml").read_text("utf-8")
    assert "a public\n# reconstruction of the deck (a hobby program that builds all 66 Raider cards" in text
    assert "http" not in text, "no address the project does not have"


def test_renamed_bosses_keep_their_earlier_ids() -> None:
    entries = parse_components(GAME.components_text or "", "components.toml", set(KINDS), {"card"})
    assert renamed(entries) == {"6-hat-intruder+must-pass": "6-hat-intruder",
                                "6-doll-no-talent": "6-doll-must-pass",
                                "6-farm-barricade+shuffle-discard": "6-farm-barricade"}


def test_journals_without_a_digest_get_the_default_as_it_was() -> None:
    """The default before journals named their data: the placeholder Bosses and the earlier Kiai values."""
    earlier = GAME.undigested_components()
    assert earlier is not None and earlier != GAME.components_text
    old = load_catalogue(earlier)
    assert old.cards["6-hat-intruder+must-pass"].penalties == ("intruder", "must-pass")
    assert old.cards["6-doll-no-talent"].penalties == ("no-talent",)
    assert (old.samurai["heihachi"].kiai["human"], old.samurai["kanbei"].kiai["human"]) == (9, 10)
    for name in game_names():
        if name != GAME.name:
            other = get_game(name)
            assert other.undigested_components() == other.components_text, f"{name}'s default never changed"  # type: ignore[attr-defined]


def test_a_game_names_its_data_by_digest_in_the_journal_header() -> None:
    match = Match(GAME, {"samurai": ["kyuzo", "heihachi"]}, 3)
    assert match.header()["components"] == digest(GAME.components_text or "") == GAME.components_digest
    other = GAME.with_components(GAME.undigested_components() or "")
    assert Match(other, {"samurai": ["kyuzo", "heihachi"]}, 3).header()["components"] == digest(
        GAME.undigested_components() or "")


def test_an_extra_boss_joins_the_bosses_drawn_in_round_three() -> None:
    """A promo Boss: "For each player, add one randomly drawn Boss card (value 6)" draws from 8 Bosses."""
    text = (GAME.components_text or "").replace(
        "  # Samurai boards:",
        '  { id = "promo-boss", kind = "card", label = "Promo Boss", attributes = { value = 6, symbol = "hat", '
        'penalties = ["wound"], flames = true }, verified = true, extra = true },\n  # Samurai boards:', 1)
    promo = GAME.with_components(text)
    assert isinstance(promo, SamuraiSpirit)
    bosses = promo.catalogue.by_rank("boss")
    assert len(bosses) == 8 and "promo-boss" in bosses
    cards = Knowledge(promo.catalogue)
    cards.start_round("plunderer", 14)
    assert cards.why_not_unknown("promo-boss", 1) is not None, "no Bosses before round 3"
    cards.start_round("lieutenant", 2)
    cards.start_round("boss", 2)
    assert cards.why_not_unknown("promo-boss", 3) is None, "the promo Boss may be one of the Bosses drawn"
    assert promo.catalogue.cards["promo-boss"].penalties == ("wound",)


def kinds_in(text: str) -> set[str]:
    """The kinds a components file's entries are of: reading it back for its digest needs no game's own list."""
    return {str(item.get("kind")) for item in read_data_file(text, "components.toml").get("components", [])}


def undigested_digest(game: Game) -> str:
    """The digest of the entries `game`'s journals without a digest are played on, comments aside."""
    text = game.undigested_components()  # type: ignore[attr-defined]
    kinds = kinds_in(text)
    return digest(render(parse_components(text, "components.toml", kinds, kinds)))


def check_undigested(name: str) -> None:
    """A game's UNDIGESTED hook: the data its journals without a digest were played on has that digest; a game
    without the hook (it came after digests) plays them, if ever, on its default and keeps no earlier file."""
    made = entry(name)
    wanted, game = made.hook("UNDIGESTED"), get_game(name)
    if wanted is None:
        assert game.undigested_components() == game.components_text, (  # type: ignore[attr-defined]
            f"{name}: keeps data/{UNDIGESTED_FILE} but its testing hooks ({made.testing}) name no UNDIGESTED digest "
            "of it (engine.core.testing.OPTIONAL_HOOKS)")
        return
    assert isinstance(wanted, str), f"{name}: {made.testing}.UNDIGESTED must be a digest in hex, not {wanted!r}"
    assert undigested_digest(game) == wanted, (
        f"{name}: the data its journals without a digest were played on changed: keep the earlier default as "
        f"data/{UNDIGESTED_FILE}")


@pytest.mark.parametrize("name", game_names())
def test_the_data_of_journals_without_a_digest_never_changes(name: str) -> None:
    """Changing a game's components.toml changes what its old journals replay on, unless the earlier default is
    kept as data/components-before-digests.toml (as Samurai Spirit's is): this names the game that needs it."""
    check_undigested(name)


def test_a_changed_default_without_the_earlier_file_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check is not vacuous: Tenno's default with one label changed is not what its old journals knew."""
    tenno = get_game("tenno")
    changed = (tenno.components_text or "").replace('label = "', 'label = "Changed ', 1)  # type: ignore[attr-defined]
    monkeypatch.setattr(type(tenno), "undigested_components", lambda self: changed)
    with pytest.raises(AssertionError, match="tenno: the data its journals without a digest were played on changed"):
        check_undigested("tenno")


def test_a_game_without_the_hook_keeps_no_earlier_data(higher: str) -> None:
    """Higher came after digests: no UNDIGESTED, its default is what any journal of it was played on."""
    assert entry(higher).hook("UNDIGESTED") is None
    check_undigested(higher)
