"""The history as files other programs read: two flat CSV files and a BG Stats play file.

`games_csv` has one row a game and one plain value a cell (names joined
with " / ", never JSON); `players_csv` has one row per seat per game, so a
spreadsheet can count by person without splitting cells. Every cell that
starts like a formula (=, +, -, @, a tab or a line break) gets a leading
apostrophe: a player's name is typed by anyone, and a spreadsheet must
show it, not run it. Times are the table's clock then, with the offset
from UTC in force then ("2026-11-27T21:05:00+01:00"); `started` is when
the game began (what dates it), `ended` its last input, and `minutes` the
time played, pauses left out (companion.history.timing).

`bgstats_json` writes the JSON play file Board Game Stats ("BG Stats")
imports: four tables, `players`, `locations`, `games` and `plays`, linked by
numeric ids (`playerRefId`, `gameRefId`, `locationRefId`), each entry with a
`uuid`. The layout follows a play file written by BG Stats itself
(https://pastebin.com/iDbHyBui: "This is a Play file that can be read by
Board Game Stats", with its players, locations, games and plays) and the
fields' meaning BG Stats documents for plays sent to it from other apps
(https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/:
playDate "YYYY-MM-DD hh:mm:ss", durationMin, board, and per player score,
winner, rank, startPlayer, role), checked against a real export of 217 plays
and a public tool that writes play files for the app: uuids in capitals,
`seatOrder` from 1 (0 is "not set"), `newPlayer` for a person's first play
of that game (in the history exported, which is all of it), `startPlayer`
for the seat that began (the one the game's first prompt waited for, also
where the game drew it), `bggId` the BoardGameGeek id the owner set for the
game on the settings page (0, "not linked", until then), and `userInfo`
with `meRefId`, the player the app takes for its owner and builds their
statistics on. The owner chooses that person from the player book on the
settings page ([bgstats] me): the file's "me" is then their player entry,
as the book knows them now (after merges), written even when they sat in
none of the plays. Unset (or naming somebody neither the book nor any game
knows), the file's "me" is an entry for the device itself (named like the
location) that sits in no play, so importing never takes a table's player
for the phone's owner. Only finished games are plays, dated by their
start, lasting the time played; a seat nobody was named for is BG Stats'
anonymous player, with the seat as its role.

A person is written as the player book knows them now, not as the journal
recorded them: the id after merges (`player_id`, and the BG Stats player's
uuid) and the current name. An export is for counting by person in another
program, and that program has no way to join "Ben" of March with "Benjamin"
of May; an import repeated after a rename then updates one BG Stats player
instead of adding a second. Without a book (lost, damaged) the journal's id
and name stand.
"""

from __future__ import annotations

import csv
import io
import json
import uuid
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from companion.history.naming import (
    Naming,
    Person,
    json_field,
    local,
    place_of,
    row_people,
    row_scores,
    row_seats,
)
from companion.history.timing import by_start, row_began, row_ended, row_known_start, row_played

FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")
"""What a spreadsheet may take as the start of a formula (OWASP's list for CSV injection)."""
GAME_COLUMNS = ("journal", "game", "title", "started", "ended", "minutes", "result", "finished", "variant",
                "players", "seats", "people", "winners", "table_won", "score", "grade", "scores", "rounds",
                "inputs")
PLAYER_COLUMNS = ("journal", "game", "title", "started", "ended", "seat_order", "seat", "seat_name", "player_id",
                  "player_name", "place", "winner", "score")
NAMESPACE = uuid.UUID("6a1f3c2e-5d0b-4c1e-9a57-2f0d8e6b7c41")
"""The companion's own namespace for the uuids of its export: the same game or person gets the same uuid in
every export, so importing a later export again matches what an earlier one brought in."""
LOCATION = "Table companion"
ABOUT = ("A Play file for Board Game Stats, written by the table companion: open it with Board Game Stats "
         "(share, export or open-in) to import its plays.")


def safe(value: Any) -> Any:
    """A cell as a spreadsheet should show it: text that could start a formula gets a leading apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def iso_local(moment: datetime | None) -> str:
    return local(moment).isoformat() if moment is not None else ""


def _minutes(row: dict[str, Any]) -> int | str:
    played = row_played(row)
    return "" if played is None else round(played / 60)


def _csv(columns: tuple[str, ...], rows: list[dict[str, Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, columns, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({key: safe(value) for key, value in row.items()})
    return buffer.getvalue()


def games_csv(rows: list[dict[str, Any]], naming: Naming) -> str:
    """Every game as CSV, one row a game, one plain value a cell."""
    out = []
    for row in rows:
        game = str(row["game"])
        seats = row_seats(row)
        people = [naming.person(row, seat) for seat in seats]
        out.append({
            "journal": row["journal"], "game": game, "title": naming.game(game),
            "started": iso_local(row_known_start(row)), "ended": iso_local(row_ended(row)),
            "minutes": _minutes(row), "result": naming.result(row), "finished": int(bool(row.get("finished"))),
            "variant": naming.variant(game, str(row.get("variant") or "")), "players": len(seats),
            "seats": " / ".join(naming.seat(game, s) for s in seats),
            "people": " / ".join(p.name if p else "-" for p in people) if any(people) else "",
            "winners": " / ".join(naming.winners(row)),
            "table_won": "" if row.get("table_won") is None else row["table_won"],
            "score": naming.score(row), "grade": row.get("grade") or "", "scores": naming.scores(row),
            "rounds": "" if row.get("rounds") is None else row["rounds"], "inputs": row.get("inputs", "")})
    return _csv(GAME_COLUMNS, out)


def players_csv(rows: list[dict[str, Any]], naming: Naming) -> str:
    """One row per seat per game: who sat there, their place, whether they won, their score."""
    out = []
    for row in rows:
        game = str(row["game"])
        winners = set(json_field(row, "winners", []))
        scores = row_scores(row)
        for order, seat in enumerate(row_seats(row), start=1):
            person = naming.person(row, seat)
            won = bool(row["table_won"]) if row.get("table_won") is not None else seat in winners
            place = place_of(row, seat)
            out.append({
                "journal": row["journal"], "game": game, "title": naming.game(game),
                "started": iso_local(row_known_start(row)), "ended": iso_local(row_ended(row)),
                "seat_order": order, "seat": seat, "seat_name": naming.seat(game, seat),
                "player_id": person.id if person else "", "player_name": person.name if person else "",
                "place": place if place is not None and row.get("finished") else "",
                "winner": int(won) if row.get("finished") else "",
                "score": scores.get(seat, "")})
    return _csv(PLAYER_COLUMNS, out)


def _bg_date(moment: datetime) -> str:
    """BG Stats' date format, as the table's clock showed it: the phones show the evening it was."""
    return local(moment).strftime("%Y-%m-%d %H:%M:%S")


def _uid(*parts: str) -> str:
    """The uuid of an entry, in capitals as BG Stats writes them."""
    return str(uuid.uuid5(NAMESPACE, "\x1f".join(parts))).upper()


def _player(key: str, number: int, name: str, now: str) -> dict[str, Any]:
    """A named player entry: its uuid made from `key` (the person's id), its numeric id `number`."""
    return {"uuid": _uid("player", key), "id": number, "name": name, "isAnonymous": False, "modificationDate": now,
            "bggUsername": ""}


def start_seat(row: Mapping[str, Any]) -> str | None:
    """The seat that began the game: the one its first prompt waited for (history's `first`), else the set-up's."""
    first = row.get("first") or json_field(row, "setup", {}).get("first")
    return first if isinstance(first, str) and first in row_seats(row) else None


def owner_person(me: str | None, rows: list[dict[str, Any]], naming: Naming) -> Person | None:
    """Who `me` (a player id, the owner's choice) is now: as the book knows them, else as the latest game that
    named that id recorded them (a book lost); None for nobody, or an id neither knows."""
    if not me:
        return None
    now = naming.resolve(me) if naming.resolve is not None else None
    if now is not None:
        return Person(*now)
    for row in sorted(rows, key=by_start, reverse=True):
        for ident, name in row_people(row).values():
            if ident == me:
                return Person(ident, name)
    return None


def bgstats_json(rows: list[dict[str, Any]], naming: Naming, location: str = LOCATION,
                 bgg_ids: Mapping[str, int] | None = None, me: str | None = None) -> str:
    """Every finished game as a BG Stats play file (JSON text); `bgg_ids` links each game to BoardGameGeek.

    `me` is the player id of the person who is the app's owner ("me"): with it, `userInfo.meRefId` is that
    person's player entry (added to `players` even when they sat in no play written); without it (or for an id
    nobody knows), today's entry for the device, named like the location, in no play.
    """
    players: dict[str, dict[str, Any]] = {}
    games: dict[str, dict[str, Any]] = {}
    plays: list[dict[str, Any]] = []
    ends = [moment for row in rows if (moment := row_ended(row)) is not None]
    # The last game's end rather than the clock: the same history always makes the same file.
    now = _bg_date(max(ends)) if ends else "1970-01-01 00:00:00"
    anonymous = {"uuid": _uid("player", "anonymous"), "id": 1, "name": "Anonymous player", "isAnonymous": True,
                 "modificationDate": now, "bggUsername": ""}
    place = {"uuid": _uid("location", location), "id": 1, "name": location, "modificationDate": now}
    played_before: set[tuple[str, str]] = set()
    for row in sorted(rows, key=by_start):
        began, ended = row_began(row), row_ended(row)
        if not row.get("finished") or began is None or ended is None:
            continue
        game = str(row["game"])
        entry = games.setdefault(game, {
            "uuid": _uid("game", game), "id": len(games) + 1, "name": naming.game(game), "modificationDate": now,
            "cooperative": False, "highestWins": True, "noPoints": True, "usesTeams": False,
            "bggId": int((bgg_ids or {}).get(game, 0))})
        cooperative = row.get("table_won") is not None
        entry["cooperative"] = entry["cooperative"] or cooperative
        scores = row_scores(row)
        entry["noPoints"] = entry["noPoints"] and not scores and row.get("score") is None
        winners = set(json_field(row, "winners", []))
        first = start_seat(row)
        player_scores = []
        for order, seat in enumerate(row_seats(row), start=1):
            person = naming.person(row, seat)
            if person is None:
                ref = anonymous["id"]
                players.setdefault("", anonymous)
                new = False
            else:
                found = players.setdefault(person.id, _player(person.id, 2 + sum(1 for key in players if key),
                                                              person.name, now))
                ref = found["id"]
                new = (person.id, game) not in played_before
                played_before.add((person.id, game))
            won = bool(row["table_won"]) if cooperative else seat in winners
            score = row.get("score") if cooperative else scores.get(seat)
            rank = place_of(row, seat)
            player_scores.append({
                "score": "" if score is None else str(score), "winner": won, "newPlayer": new,
                "startPlayer": seat == first, "playerRefId": ref, "rank": 0 if cooperative or rank is None else rank,
                "seatOrder": order, "role": naming.seat(game, seat)})
        played = row_played(row)
        plays.append({
            "uuid": _uid("play", str(row["journal"]), str(row.get("seed"))),
            "modificationDate": now, "entryDate": _bg_date(ended), "playDate": _bg_date(began),
            "playDateYmd": int(local(began).strftime("%Y%m%d")),
            "durationMin": round(played / 60) if played is not None else 0, "gameRefId": entry["id"],
            "locationRefId": place["id"], "board": naming.variant(game, str(row.get("variant") or "")),
            "rounds": row.get("rounds") or 0, "ignored": False, "manualWinner": False, "usesTeams": False,
            "rating": 0, "bggId": 0, "importPlayId": 0, "nemestatsId": 0, "scoringSetting": 0,
            "expansionPlays": [], "playImages": "[]", "comments": naming.scores(row),
            "playerScores": player_scores})
    person = owner_person(me, rows, naming)
    if person is not None:
        owner = players.setdefault(person.id, _player(person.id, 2 + sum(1 for key in players if key), person.name,
                                                      now))
        listed = sorted(players.values(), key=lambda p: p["id"])
    else:
        owner = _player("owner", 2 + sum(1 for key in players if key), location, now)
        listed = [*sorted(players.values(), key=lambda p: p["id"]), owner]
    document = {"about": ABOUT, "players": listed,
                "locations": [place] if plays else [], "games": list(games.values()), "plays": plays,
                "userInfo": {"meRefId": owner["id"]}}
    return json.dumps(document, ensure_ascii=False, indent=1)
