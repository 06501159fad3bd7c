"""Counts that add up and a BG Stats file as the app reads real ones: no merge of two people who sat at one table,
no name that passes for Nobody, plural forms for several winners, and the play file's fields as real files have
them (newPlayer, seatOrder, userInfo, capital uuids, startPlayer, each game's BoardGameGeek id)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion.history import open_history
from companion.history.export import bgstats_json
from companion.history.naming import Naming
from companion.history.person_stats import people_stats, person_lines
from companion.i18n import Translator
from companion.players.book import PlayerBook, change_book, load_book, parse_book
from companion.players.names import clean_name
from companion.runtime.config import ConfigError, load_config
from companion.web import settings
from engine import Match, RuleError
from tests.companion.history_helpers import archive, played
from tests.companion.history_rows import ANN, BEN, CHLOE, coop, night_history, people, ranked
from tests.companion.test_players_web import HOST, Phone

UUID = re.compile(r"^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$")


def _tenno(journal: str, seed: int, who: dict[str, dict[str, str]], ended: float) -> Any:
    return ranked(journal, "tenno", ("red", "blue"), (("red",), ("blue",)), {"red": 9, "blue": 3}, who, seed, ended)


def _play_file(tmp_path: Path, records: list[Any], **kw: Any) -> dict[str, Any]:
    history = night_history(tmp_path)
    history.con.execute("DELETE FROM games")
    for record in records:
        history.add(record)
    return json.loads(bgstats_json(history.games(), Naming(Translator("en")), **kw))


# --- 7. history that adds up -------------------------------------------------------------------------------------

def test_two_people_who_sat_at_the_same_table_are_not_merged(tmp_path: Path) -> None:
    state = tmp_path / "state"
    ids = {}

    def add(book: PlayerBook) -> None:
        for name in ("Ben", "Cleo", "Dan"):
            ids[name] = book.add(name).id

    change_book(state, add)
    match = played("trick-raiders", 6, {"players": ["north", "east", "south"], "lives": 2})
    match.notes = {"people": {"north": {"id": ids["Ben"], "name": "Ben"}, "east": {"id": ids["Cleo"], "name": "Cleo"}}}
    archive(state, match, "game-0001-over.journal")
    open_history(state).close()
    phone = Phone(state)
    phone.client.get("/players?lang=de", headers=HOST)
    status, page = phone.post({"action": "merge", "player": ids["Cleo"], "other": ids["Ben"]})
    page = html.unescape(page)
    title = Naming(Translator("de")).game("trick-raiders")
    assert status == 400 and f"Cleo und Ben haben in derselben Partie gespielt ({title}, 20" in page, page[-2000:]
    assert "Es wurde nichts zusammengeführt." in page
    assert sorted(p.name for p in load_book(state)[0].players.values()) == ["Ben", "Cleo", "Dan"]
    status, page = phone.post({"action": "merge", "player": ids["Cleo"], "other": ids["Dan"]})
    assert status == 200, "people who never met still merge"
    assert sorted(p.name for p in load_book(state)[0].players.values()) == ["Ben", "Cleo"]


# --- 8. BG Stats, as its real files are ----------------------------------------------------------------------------

def test_new_player_is_the_first_play_of_that_game_not_the_first_in_the_file(tmp_path: Path) -> None:
    data = _play_file(tmp_path, [
        _tenno("game-0001-a.journal", 1, people(red=ANN, blue=BEN), 1_795_200_000),
        coop("game-0002-b.journal", ("kyuzo", "daisuke"), True, people(kyuzo=ANN), 2, 1_795_203_000),
        _tenno("game-0003-c.journal", 3, people(red=ANN, blue=CHLOE), 1_795_206_000)])
    names = {p["id"]: p["name"] for p in data["players"]}
    new = [[(names[s["playerRefId"]], s["newPlayer"]) for s in play["playerScores"]] for play in data["plays"]]
    assert new == [[("Ann", True), ("Ben", True)], [("Ann", True), ("Anonymous player", False)],
                   [("Ann", False), ("Chloé", True)]]


def test_seats_count_from_one_uuids_are_capitals_and_me_is_named(tmp_path: Path) -> None:
    data = _play_file(tmp_path, [_tenno("game-0001-a.journal", 1, people(red=ANN, blue=BEN), 1_795_200_000)])
    assert [s["seatOrder"] for s in data["plays"][0]["playerScores"]] == [1, 2]
    for table in ("players", "locations", "games", "plays"):
        assert all(UUID.match(entry["uuid"]) for entry in data[table]), table
    me = data["userInfo"]["meRefId"]
    players = {p["id"]: p for p in data["players"]}
    assert me in players and not players[me]["isAnonymous"]
    assert all(s["playerRefId"] != me for play in data["plays"] for s in play["playerScores"]), \
        "no player of the table is taken for the phone's owner"


@pytest.mark.parametrize(("game", "setup"), [("samurai-knizia", {"players": ["red", "blue", "green"]}),
                                              ("trick-raiders", {"players": ["north", "east", "south"], "lives": 2})])
def test_the_seat_the_game_drew_to_begin_is_the_start_player(tmp_path: Path, game: str, setup: dict[str, Any]) -> None:
    state = tmp_path / "state"
    drawn = {}
    for seed in range(4):
        match = played(game, seed, setup)
        opening = Match(match.game, setup, seed).play.prompt
        assert opening is not None and "first" not in match.setup.to_json()
        drawn[seed] = opening.actor
        archive(state, match, f"game-{seed + 1:04d}-over.journal")
    assert len(set(drawn.values())) > 1, "the seeds drew different first players"
    with open_history(state) as history:
        rows = history.games()
    naming = Naming(Translator("en"))
    data = json.loads(bgstats_json(rows, naming))
    assert len(data["plays"]) == 4
    for row, play in zip(rows, data["plays"], strict=True):
        starts = [s["role"] for s in play["playerScores"] if s["startPlayer"]]
        assert starts == [naming.seat(game, drawn[row["seed"]])], "exactly one start player: the one drawn"


def test_each_game_is_linked_by_the_boardgamegeek_id_the_owner_set(tmp_path: Path) -> None:
    config = tmp_path / "companion.toml"
    config.write_text('[app]\nlanguage = "en"\n', "utf-8")
    form = {"language": "en", "notice_s": "4", "resume_timeout_s": "20", "bgg:tenno": " 1234 "}
    settings.change(config, form)
    assert load_config(config).bgg_ids == {"tenno": 1234}
    for bad in ("abc", "0", "-3", "1.5", "١٢"):
        with pytest.raises(ConfigError, match="BoardGameGeek id of tenno"):
            settings.change(config, {**form, "bgg:tenno": bad})
    settings.change(config, {"language": "de", "notice_s": "4", "resume_timeout_s": "20"})
    assert load_config(config).bgg_ids == {"tenno": 1234}, "a form without the field keeps the id"
    data = _play_file(tmp_path, [_tenno("game-0001-a.journal", 1, people(red=ANN, blue=BEN), 1_795_200_000),
                                 coop("game-0002-b.journal", ("kyuzo", "daisuke"), True, {}, 2, 1_795_203_000)],
                      bgg_ids=settings.bgg_ids(config))
    assert {g["name"]: g["bggId"] for g in data["games"]} == {"Tenno": 1234, "Samurai Spirit": 0}
    settings.change(config, {**form, "bgg:tenno": ""})
    assert load_config(config).bgg_ids == {}, "an empty field unlinks"
    config.write_text('[bgg]\ntenno = "x"\n', "utf-8")
    with pytest.raises(ConfigError, match="not a BoardGameGeek id"):
        load_config(config)


def test_the_settings_page_sets_a_games_boardgamegeek_id(tmp_path: Path) -> None:
    from companion.runtime.web_pin import device_pin
    from companion.web.server import create_app

    config = tmp_path / "companion.toml"
    config.write_text(f'[app]\nstate_dir = "{tmp_path / "state"}"\n', "utf-8")
    (tmp_path / "state").mkdir()
    client = create_app(tmp_path / "state", config, "en").test_client()
    page = client.get("/settings", headers=HOST).data.decode()
    assert 'name="bgg:tenno"' in page and "BoardGameGeek id of Tenno" in page
    token = re.search(r'name="csrf" value="([^"]+)"', page)
    assert token is not None
    data = {"csrf": token.group(1), "pin": str(device_pin(tmp_path / "state")), "language": "en", "game": "",
            "notice_s": "4", "resume_timeout_s": "20", "bgg:tenno": "98765"}
    reply = client.post("/settings", data=data, headers={**HOST, "Origin": "http://127.0.0.1"})
    assert reply.status_code == 200, reply.data.decode()[-500:]
    assert load_config(config).bgg_ids == {"tenno": 98765}


@pytest.mark.parametrize("name", ["Nobody (unnamed)", "nobody", "NIEMAND (ohne Namen)", "(sans nom)", "Personne",
                                  "Niemand", "Anonymous player", "anonymous", "Joueur anonyme", "nobody  unnamed"])
def test_a_name_that_passes_for_nobody_is_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(RuleError, match="reads like one of the device's own choices"):
        PlayerBook().add(name)
    book = PlayerBook()
    ann = book.add("Ann")
    with pytest.raises(RuleError, match="Nobody \\(unnamed\\)"):
        book.rename(ann.id, name)
    if isinstance(clean_name(name), str):
        kept = parse_book({"players": [{"id": "p1", "name": name}]})
        assert kept.players["p1"].name == " ".join(name.split()), "a book that already has one still reads"


def test_several_winners_and_counts_of_one_read_right_in_every_language(tmp_path: Path) -> None:
    history = night_history(tmp_path)
    history.con.execute("DELETE FROM games")
    history.add(ranked("game-0001-a.journal", "tenno", ("red", "blue", "green"), (("red", "blue"), ("green",)),
                       {"red": 9, "blue": 9, "green": 3}, people(red=ANN, blue=BEN, green=CHLOE), 1, 1_795_200_000))
    rows = history.games()
    said = {lang: Naming(Translator(lang)).result(rows[0]) for lang in ("en", "de", "fr", "nl")}
    assert said == {"en": "Ann, Ben won", "de": "Ann, Ben haben gewonnen", "fr": "Ann, Ben ont gagné",
                    "nl": "Ann, Ben hebben gewonnen"}
    french = Naming(Translator("fr"))
    ann = people_stats(rows, french)["p-ann"]
    lines = [french.tr(line) for _, line in person_lines(ann, french, people_stats(rows, french))]
    assert lines[0] == "Ann : 1 partie, 1 gagnée"
    history.add(_tenno("game-0002-b.journal", 2, people(red=ANN, blue=BEN), 1_795_203_000))
    rows = history.games()
    everyone = people_stats(rows, french)
    lines = [french.tr(line) for _, line in person_lines(everyone["p-ann"], french, everyone)]
    assert lines[0] == "Ann : 2 parties, 2 gagnées" and "Place préférée : Rouge, 2 parties sur 2" in lines
    chloe = [french.tr(line) for _, line in person_lines(everyone["p-ben"], french, everyone)]
    assert "Place préférée : Bleu, 2 parties sur 2" in chloe
    history.add(_tenno("game-0003-c.journal", 3, people(red=BEN, blue=ANN), 1_795_206_000))
    everyone = people_stats(history.games(), french)
    lines = [french.tr(line) for _, line in person_lines(everyone["p-ann"], french, everyone)]
    assert "Place préférée : Rouge, 2 parties sur 3" in lines
    ben = [french.tr(line) for _, line in person_lines(everyone["p-ben"], french, everyone)]
    assert "Place préférée : Bleu, 2 parties sur 3" in ben and ben[0] == "Ben : 3 parties, 2 gagnées"
    history.add(_tenno("game-0004-d.journal", 4, people(red=CHLOE, blue=BEN), 1_795_209_000))
    everyone = people_stats(history.games(), french)
    chloe = [french.tr(line) for _, line in person_lines(everyone["p-chloe"], french, everyone)]
    assert "Place préférée : Vert, 1 partie sur 2" in chloe and chloe[0] == "Chloé : 2 parties, 1 gagnée"
