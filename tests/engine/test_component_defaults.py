"""The shipped component data: the reconstruction's Bosses and Kiai, the old default kept, an extra Boss drawn."""

from __future__ import annotations

from importlib import resources

from engine import Match, get_game
from engine.core.components import digest, parse_components, renamed, render
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
    for name in ("tenno", "trick-raiders", "samurai-knizia"):
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


UNDIGESTED = {
    "samurai-spirit": "4ef203fb19d25bfaf78fda4c54563a59f737b7f90549f71cfd5dc9a29bb69d0b",
    "tenno": "662237aeaaf9cc8bf4361087f9d7c67c43ac689c81d662a6ca98bf26d34c9efa",
    "trick-raiders": "8d49c23eeb3ee280ce3063344ddd03965b4f45865e29f07768eeb87d3bbce799",
    "samurai-knizia": "7dd62c549f15c6c37df6e64b05cb2371c3eb49ef5254121a986ad709c5b9c8d2",
}
"""The entries every game's journals without a component digest were played on (comments aside)."""
KINDS_OF = {"samurai-spirit": (set(KINDS), {"card"}), "tenno": ({"card"}, set()), "trick-raiders": ({"card"}, set()),
            "samurai-knizia": ({"colour", "tile"}, set())}


def test_the_data_of_journals_without_a_digest_never_changes() -> None:
    """Changing a game's components.toml changes what its old journals replay on, unless the earlier default is
    kept as data/components-before-digests.toml (as Samurai Spirit's is): this names the game that needs it."""
    for name, wanted in UNDIGESTED.items():
        kinds, extras = KINDS_OF[name]
        text = get_game(name).undigested_components()  # type: ignore[attr-defined]
        assert digest(render(parse_components(text, "components.toml", kinds, extras))) == wanted, (
            f"{name}: the data its journals without a digest were played on changed: keep the earlier default as "
            "data/components-before-digests.toml")
