"""Who "me" is in the BG Stats file: the person of the player book the owner chose on the settings page
([bgstats] me), followed through merges, their entry written even when they sat in no play; unset, the device's
own entry in no play as before. Saved only with the PIN and the page's token, refused for an id the book does not
know; the command, the page's download and a restored configuration all take it."""

from __future__ import annotations

import html
import io
import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.cli import main
from companion.history.export import LOCATION, bgstats_json
from companion.history.naming import Naming
from companion.i18n import Translator
from companion.players.book import PlayerBook, book_resolver, change_book, load_book
from companion.runtime.config import ConfigError, load_config
from companion.web import backup, settings
from engine import RuleError
from tests.companion.history_rows import ANN, BEN, night_history, night_on_disk
from tests.companion.web_helpers import (  # noqa: F401  (the fixtures "state" and "config", the autouse headless)
    TABLE,
    config_of_state,
    empty_state,
    headless,
    pin_of,
    table_client,
    token_of,
    write_config,
    wrong_pin,
)

FORM = {"language": "en", "notice_s": "4", "resume_timeout_s": "20"}


def _book(state: Path, *names: str) -> dict[str, str]:
    """The book holds Ann and Ben with the ids the night's games name them by (p-ann, p-ben), then `names`;
    returns every name's id."""
    ids = {}

    def add(book: PlayerBook) -> None:
        for ident, name in (ANN, BEN):
            ids[name] = book.add(name, new_id=partial(str, ident)).id
        for name in names:
            ids[name] = book.add(name).id

    change_book(state, add)
    return ids


def _export(tmp_path: Path, state: Path, me: str | None) -> dict[str, Any]:
    """The night's four games (Ann and Ben at the table) as a BG Stats file, its people as `state`'s book knows
    them."""
    with night_history(tmp_path / "rows") as history:
        rows = history.games()
    return json.loads(bgstats_json(rows, Naming(Translator("en"), book_resolver(state)), me=me))


def _me(data: dict[str, Any]) -> dict[str, Any]:
    """The player entry `userInfo.meRefId` names (exactly one)."""
    found = [p for p in data["players"] if p["id"] == data["userInfo"]["meRefId"]]
    assert len(found) == 1, data["players"]
    return found[0]


def _sat(data: dict[str, Any], ref: int) -> int:
    """How many seats of the file's plays the player `ref` sat in."""
    return sum(1 for play in data["plays"] for seat in play["playerScores"] if seat["playerRefId"] == ref)


# --- the export -------------------------------------------------------------------------------------------------

def test_me_is_the_chosen_persons_own_player_and_unset_the_device_as_before(tmp_path: Path) -> None:
    state = tmp_path / "state"
    ids = _book(state)
    chosen = _export(tmp_path, state, ids["Ann"])
    me = _me(chosen)
    assert me["name"] == "Ann" and not me["isAnonymous"] and _sat(chosen, me["id"]) == 4, \
        "the owner's statistics are built on the player who sat in their games"
    assert LOCATION not in [p["name"] for p in chosen["players"]], "no device entry beside the owner"
    for nobody in (None, "", "p-nobody-knows"):
        data = _export(tmp_path, state, nobody)
        me = _me(data)
        assert me["name"] == LOCATION and _sat(data, me["id"]) == 0, nobody
        assert data["players"][:-1] == chosen["players"], "the table's players are the same either way"


def test_me_who_sat_in_no_play_is_written_all_the_same(tmp_path: Path) -> None:
    state = tmp_path / "state"
    ids = _book(state, "Zoë")
    data = _export(tmp_path, state, ids["Zoë"])
    me = _me(data)
    assert me["name"] == "Zoë" and _sat(data, me["id"]) == 0
    assert me["uuid"] == _me(_export(tmp_path, state, ids["Zoë"]))["uuid"], "the same person, the same uuid"
    assert [p["id"] for p in data["players"]] == list(range(1, len(data["players"]) + 1)), "ids run on"


def test_me_merged_since_is_the_person_kept(tmp_path: Path) -> None:
    state = tmp_path / "state"
    ids = _book(state, "Benjamin")
    change_book(state, lambda book: book.merge(ids["Benjamin"], ids["Ben"]))
    data = _export(tmp_path, state, ids["Ben"])
    me = _me(data)
    assert me["name"] == "Benjamin" and _sat(data, me["id"]) == 3, "Ben's games, under the person kept"
    assert [p["name"] for p in data["players"]].count("Benjamin") == 1 and "Ben" not in [p["name"] for p in
                                                                                       data["players"]]
    (state / "players.json").unlink()
    lost = _me(_export(tmp_path, state, ids["Ben"]))
    assert lost["name"] == "Ben", "a book lost: the person as the games recorded them"


def test_the_command_writes_the_configured_me(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "state"
    night_on_disk(state, tmp_path / "rows")
    ids = _book(state, "Zoë")
    config = write_config(tmp_path / "companion.toml", state)
    config.write_text(config.read_text("utf-8") + f'[bgstats]\nme = "{ids["Zoë"]}"\n', "utf-8")
    assert main(["history", "--config", str(config), "--bgstats", "-"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert _me(data)["name"] == "Zoë" and len(data["plays"]) == 4


# --- the setting ------------------------------------------------------------------------------------------------

def test_the_setting_is_a_person_of_the_book_and_follows_merges(tmp_path: Path) -> None:
    state = tmp_path / "state"
    ids = _book(state, "Benjamin")
    config = write_config(tmp_path / "companion.toml", state)
    book = load_book(state)[0]
    settings.change(config, {**FORM, settings.ME_FIELD: ids["Ann"]}, book=book)
    assert load_config(config).bgstats_me == ids["Ann"]
    before = config.read_text("utf-8")
    for bad in ("p-nobody", "Ann"):
        with pytest.raises(ConfigError, match=f"Nobody with the id {bad} is in the player book"):
            settings.change(config, {**FORM, settings.ME_FIELD: bad}, book=book)
    assert config.read_text("utf-8") == before, "a refused choice writes nothing"
    settings.change(config, FORM, book=book)
    assert load_config(config).bgstats_me == ids["Ann"], "a form without the field keeps the choice"
    change_book(state, lambda b: b.merge(ids["Benjamin"], ids["Ben"]))
    merged = load_book(state)[0]
    settings.change(config, {**FORM, settings.ME_FIELD: ids["Ben"]}, book=merged)
    assert load_config(config).bgstats_me == ids["Benjamin"], "a person merged away is stored as the one kept"
    settings.change(config, {**FORM, settings.ME_FIELD: ""}, book=merged)
    assert load_config(config).bgstats_me is None and "[bgstats]" not in config.read_text("utf-8")
    config.write_text('[bgstats]\nme = "p-lost"\n', "utf-8")
    settings.change(config, {**FORM, "language": "fr", settings.ME_FIELD: "p-lost"}, book=merged)
    assert load_config(config).language == "fr" and load_config(config).bgstats_me == "p-lost", \
        "the choice already made is kept while the book does not know them: the other settings still save"
    config.write_text('[bgstats]\nme = 5\n', "utf-8")
    with pytest.raises(ConfigError, match="bgstats.me"):
        load_config(config)
    config.write_text('[bgstats]\nyou = "p-ann"\n', "utf-8")
    with pytest.raises(ConfigError, match="bgstats.you"):
        load_config(config)


def _post(client: FlaskClient, fields: dict[str, str]) -> tuple[int, str]:
    reply = client.post("/settings", data=fields, base_url=TABLE)
    return reply.status_code, html.unescape(reply.get_data(as_text=True))


def test_the_settings_page_chooses_me_with_the_pin_and_the_token(state: Path, config: Path) -> None:
    ids = _book(state, "Zoë")
    client = table_client(state, config)
    page = html.unescape(client.get("/settings", base_url=TABLE).get_data(as_text=True))
    select = page[page.index(f'<select name="{settings.ME_FIELD}">'):]
    select = select[:select.index("</select>")]
    assert [name for name in ("not set", "Ann", "Ben", "Zoë") if name in select] == ["not set", "Ann", "Ben", "Zoë"]
    assert select.index("Ann") < select.index("Ben") < select.index("Zoë"), "the book's people by name"
    pin = pin_of(state)
    chosen = {**FORM, settings.ME_FIELD: ids["Zoë"]}
    assert _post(client, {**chosen, "csrf": token_of(client), "pin": wrong_pin(pin)})[0] == 403
    assert _post(client, {**chosen, "csrf": "made-up", "pin": pin})[0] == 403
    assert load_config(config).bgstats_me is None, "nothing changes without the PIN and the page's token"
    status, answer = _post(client, {**chosen, settings.ME_FIELD: "p-gone", "csrf": token_of(client), "pin": pin})
    assert status == 400 and "Nobody with the id p-gone is in the player book" in answer
    assert load_config(config).bgstats_me is None
    status, answer = _post(client, {**chosen, "csrf": token_of(client), "pin": pin})
    assert status == 200 and load_config(config).bgstats_me == ids["Zoë"], answer[-600:]
    assert f'<option value="{ids["Zoë"]}" selected>Zoë</option>' in answer
    assert "<th title=\"bgstats.me\">You in BG Stats</th>\n<td>Zoë</td>" in answer
    data = json.loads(client.get("/history.bgsplay", base_url=TABLE).get_data(as_text=True))
    assert _me(data)["name"] == "Zoë", "the page's download names the owner's choice"


# --- a restored configuration -------------------------------------------------------------------------------------

def test_a_restore_takes_me_when_its_book_knows_them(tmp_path: Path, state: Path, config: Path) -> None:
    other = tmp_path / "other"
    ids = _book(other, "Zoë")
    their_config = write_config(tmp_path / "other.toml", other)
    settings.change(their_config, {**FORM, settings.ME_FIELD: ids["Zoë"]}, book=load_book(other)[0])
    data = backup.make_backup(other, their_config)
    report = backup.restore(state, io.BytesIO(data), config)
    restored = load_config(config)
    assert restored.bgstats_me == ids["Zoë"] and restored.state_dir == state, [n.text for n in report.left_out]
    assert load_book(state)[0].players[ids["Zoë"]].name == "Zoë"
    (other / "players.json").unlink()
    (state / "players.json").unlink()
    before = config.read_text("utf-8")
    with pytest.raises(RuleError, match="nobody with the id .* is in the player book the restore would leave"):
        backup.restore(state, io.BytesIO(backup.make_backup(other, their_config)), config)
    assert config.read_text("utf-8") == before, "refused whole, as the settings page refuses it"
