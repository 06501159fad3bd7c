"""engine.core.packaged: a game whose catalogue is its folder's data/components.toml writes no loading code."""

from __future__ import annotations

from engine.core.packaged import PackagedGame
from games.samurai_knizia import KniziasSamurai
from games.tenno import Tenno
from games.tenno.catalogue import packaged_text


def test_the_package_is_the_module_the_class_is_written_in() -> None:
    assert Tenno.data_package == "games.tenno"
    assert KniziasSamurai.data_package == "games.samurai_knizia"


def test_the_catalogue_comes_from_the_packaged_file_and_lists_its_components() -> None:
    game = Tenno()
    assert isinstance(game, PackagedGame)
    assert game.components_text == packaged_text()
    assert game.load_catalogue() == game.catalogue
    assert [c["id"] for c in game.cards_json()] == list(game.catalogue.cards)


def test_other_data_goes_through_the_same_parser() -> None:
    game = Tenno()
    edited = packaged_text().replace('label = "Red Ninja"', 'label = "Red Shadow"', 1)
    other = game.with_components(edited, "mine.toml")
    assert other.catalogue.cards["red-ninja"].label == "Red Shadow"
    assert other.components_digest != game.components_digest
