"""The phone page's History: the last game night, each person, each game, every game, and the downloads.

Everything is made from the history rows in the page's language through
`Naming` (people's names, seats in the games' words, each time as the
table's clock showed it with its offset from UTC), newest game first by
its start, and rendered by the templates of `companion.web.pages`, which
escape every name: a player's name is text anyone typed.
"""

from __future__ import annotations

from typing import Any

from flask import render_template_string

from companion.history.naming import Naming, Resolver, clock_text, zone_name
from companion.history.nights import last_night, night_lines
from companion.history.person_stats import PersonStats, ordered, people_stats, person_lines
from companion.history.stats import GameStats, compute, stat_lines
from companion.history.timing import row_began, row_sessions
from companion.i18n import Translator
from companion.web import pages
from companion.web.charts import Bar, rate_bars, unbroken_ranges
from engine.core.messages import msg


def _chart(title: str, bars: list[Bar]) -> dict[str, str]:
    return {"title": title, "html": rate_bars(bars, title)}


def game_section(name: str, stats: GameStats, naming: Naming) -> dict[str, Any]:
    """One game's counts, charts (by variant and number of seats where the table plays together, by seat) and
    sentences."""
    tr = naming.tr
    charts = []
    if stats.cooperative:
        variants = [Bar(naming.variant(name, v) or "-", r.won, r.of, tr(r.words()))
                    for v, r in sorted(stats.by_variant.items())]
        seats = [Bar(tr(naming.seat_count(name, n)), r.won, r.of, tr(r.words()))
                 for n, r in sorted(stats.by_players.items())]
        charts.append(_chart(tr(msg("Won by variant")), variants))
        charts.append(_chart(tr(msg("Won by number of players")), seats))
    by_seat = [Bar(naming.seat(name, seat), r.won, r.of, tr(r.words())) for seat, r in sorted(stats.by_seat.items())]
    charts.append(_chart(tr(msg("Won by seat")), by_seat))
    lines = [unbroken_ranges(tr(line)) for _, line in stat_lines(stats, naming.game(name), naming)]
    return {"title": naming.game(name), "counts": lines[0], "lines": lines[1:], "charts": charts}


def person_section(person: PersonStats, naming: Naming, people: dict[str, PersonStats]) -> dict[str, Any]:
    """One person: their counts, then each game they played as a labelled bar with its sentences under it
    (streaks, best score, favourite seat, head-to-head)."""
    tr = naming.tr
    lines = person_lines(person, naming, people)
    games = sorted(person.games.items(), key=lambda item: (-item[1].rate.of, item[0]))
    groups: list[dict[str, Any]] = []
    for level, line in lines[1:]:
        if level == 1:
            game, mine = games[len(groups)]
            bar = Bar(naming.game(game), mine.rate.won, mine.rate.of, tr(mine.rate.words()))
            groups.append({"chart": rate_bars([bar], naming.game(game)), "lines": []})
        elif groups:
            groups[-1]["lines"].append(tr(line))
    return {"name": person.person.name, "counts": tr(lines[0][1]), "games": groups}


def _began(row: dict[str, Any]) -> str:
    began = row_began(row)
    return clock_text(began, with_date=True) if began is not None else ""


def history_body(rows: list[dict[str, Any]], tr: Translator, resolve: Resolver | None = None) -> str:
    """The History page's body in `tr`'s language."""
    naming = Naming(tr, resolve)
    night = last_night(rows)
    people = people_stats(rows, naming)
    stats = compute(rows)
    words = {"csv": tr(msg("Every game as CSV")), "players_csv": tr(msg("Every player of every game as CSV")),
             "bgstats": tr(msg("Play file for Board Game Stats")), "downloads": tr(msg("Downloads")),
             "people": tr(msg("Players")), "games": tr(msg("Every game")),
             "zone": tr(msg("Times are the device's local time ({zone}).",
                            zone=zone_name(moment for row in rows for span in row_sessions(row) for moment in span))),
             "none": tr(msg("No games recorded yet.")), "no_people": tr(msg(
                 "Nobody has been named at a game yet: name the players at set-up to see their statistics.")),
             "columns": [tr(m) for m in (msg("Began"), msg("Game"), msg("Players"), msg("Variant"), msg("Result"),
                                         msg("Scores"), msg("Rounds"))]}
    table = [[_began(r), naming.game(str(r["game"])), naming.seats_text(r),
              naming.variant(str(r["game"]), str(r.get("variant") or "")), naming.result(r), naming.scores(r),
              "" if r.get("rounds") is None else str(r["rounds"])]
             for r in reversed(rows)]
    return render_template_string(
        pages.HISTORY, words=words, rows=table,
        night=[(level, tr(line)) for level, line in night_lines(night, naming)] if night is not None else [],
        people=[person_section(p, naming, people) for p in ordered(people)],
        games=[game_section(name, stats[name], naming) for name in sorted(stats)])
