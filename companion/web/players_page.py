"""The Players page of the phone: who is in the player book; add, rename, merge; enroll a personal tag.

Each change needs the device's PIN and the form's CSRF token, as every
other change does (companion.web.guard), and goes through the book's lock
(companion.players.book.change_book), so the device seating someone at the
same moment loses nothing. A name is shown only through Jinja's
autoescape: "<b>" typed as a name is text on the page.

A personal tag is bound on the device, as a card's is (companion.web.enroll):
the page writes a request for the target "player:<id>", the device shows
"Tap your tag now" and answers; the page shows the answer when asked again.
While the device asks who plays each seat of the game being set up, the
page offers the same choice (companion.players.seating_files); the device
takes it and the table starts the game there. Otherwise the page lists the
book only: nothing of a game in progress (who sits in it, its cards) is
read or shown here.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from flask import Flask, Response, render_template_string, request

from companion.games import game_ui, registered_games
from companion.history.naming import Naming
from companion.history.person_stats import games_together, together_refusal
from companion.i18n import Translator
from companion.players import seating_files
from companion.players.book import (
    PLAYER_TARGET,
    Player,
    PlayerBook,
    change_book,
    load_book,
    resolve,
)
from companion.players.seating import seat_words
from companion.players.seating_files import SeatingRequest, read_open
from companion.runtime.enrol_requests import GAME_ON, write_request
from companion.web import enroll
from engine import RuleError
from engine.core.messages import Message, msg

if TYPE_CHECKING:
    from companion.web.server import Site

PLAYERS_GAME = "players"
"""The `game` of such a request: the tag belongs to no game's tag map."""
ACTIONS = ("add", "rename", "merge", "tag", "seat")

PAGE = """{% if message %}<p class="{{ 'error' if error else 'done' }}">{{ message }}</p>{% endif %}
{% if progress %}<p class="big">{{ progress }}</p><p><a href="/players?request={{ ident|urlencode }}">{{
 words.check }}</a></p>{% endif %}
{% if seating and players %}<h2>{{ words.seating }}</h2><p>{{ words.seating_about }}</p>
<form method="post" action="/players"><input type="hidden" name="csrf" value="{{ csrf }}">
<input type="hidden" name="action" value="seat"><input type="hidden" name="game" value="{{ seating.game }}">
{% for seat, label in seating.seats %}<label>{{ label }} <select name="seat:{{ seat }}"><option value="">{{
 words.nobody }}</option>{% for p in players %}<option value="{{ p.id }}">{{ p.name }}</option>{% endfor %}
</select></label>{% endfor %}
<label>{{ words.pin }} <input name="pin" inputmode="numeric" autocomplete="off" maxlength="6" required></label>
<button>{{ words.seat }}</button></form>{% endif %}
<p>{{ words.about }}</p>
{% if players %}<table class="players"><tr><th>{{ words.name }}</th><th>{{ words.tags }}</th></tr>
{% for p in players %}<tr><td>{{ p.name }}</td><td>{{ p.tags|length }}</td></tr>{% endfor %}</table>{% else %}<p>{{ words.none }}</p>{% endif %}
<h2>{{ words.add }}</h2><form method="post" action="/players"><input type="hidden" name="csrf" value="{{ csrf }}">
<input type="hidden" name="action" value="add">
<label>{{ words.name }} <input name="name" maxlength="64" required autocomplete="off"></label>
<label>{{ words.pin }} <input name="pin" inputmode="numeric" autocomplete="off" maxlength="6" required></label>
<button>{{ words.add }}</button></form>
{% if players %}<h2>{{ words.rename }}</h2><form method="post" action="/players">
<input type="hidden" name="csrf" value="{{ csrf }}"><input type="hidden" name="action" value="rename">
<label>{{ words.player }} <select name="player">{% for p in players %}<option value="{{ p.id }}">{{ p.name }}
</option>{% endfor %}</select></label>
<label>{{ words.new_name }} <input name="name" maxlength="64" required autocomplete="off"></label>
<label>{{ words.pin }} <input name="pin" inputmode="numeric" autocomplete="off" maxlength="6" required></label>
<button>{{ words.rename }}</button></form>
<h2>{{ words.tag }}</h2><p>{{ words.tag_about }}</p><form method="post" action="/players">
<input type="hidden" name="csrf" value="{{ csrf }}"><input type="hidden" name="action" value="tag">
<label>{{ words.player }} <select name="player">{% for p in players %}<option value="{{ p.id }}">{{ p.name }}
</option>{% endfor %}</select></label>
<label>{{ words.pin }} <input name="pin" inputmode="numeric" autocomplete="off" maxlength="6" required></label>
<button>{{ words.tag }}</button></form>{% endif %}
{% if players|length > 1 %}<h2>{{ words.merge }}</h2><p>{{ words.merge_about }}</p>
<form method="post" action="/players"><input type="hidden" name="csrf" value="{{ csrf }}">
<input type="hidden" name="action" value="merge">
<label>{{ words.keep }} <select name="player">{% for p in players %}<option value="{{ p.id }}">{{ p.name }}
</option>{% endfor %}</select></label>
<label>{{ words.absorb }} <select name="other">{% for p in players %}<option value="{{ p.id }}">{{ p.name }}
</option>{% endfor %}</select></label>
<label>{{ words.pin }} <input name="pin" inputmode="numeric" autocomplete="off" maxlength="6" required></label>
<button>{{ words.merge }}</button></form>{% endif %}"""


def _words(tr: Callable[[Message], str]) -> dict[str, str]:
    return {
        "about": tr(msg("The people who play at this table. At set-up the device asks who plays each seat; "
                        "nobody has to be named.")),
        "none": tr(msg("No players yet: add the first one here.")),
        "name": tr(msg("Name")), "tags": tr(msg("Personal tags")),
        "player": tr(msg("Player")), "new_name": tr(msg("New name")),
        "add": tr(msg("Add a player")), "rename": tr(msg("Rename")), "merge": tr(msg("Merge two players")),
        "merge_about": tr(msg("One person entered twice: the second is merged into the first, and the games of "
                              "both count for the first.")),
        "keep": tr(msg("Keep")), "absorb": tr(msg("Merge into it")),
        "tag": tr(msg("Enroll a personal tag")),
        "tag_about": tr(msg("A sticker on a meeple or a card that seats its player when tapped at set-up. Send "
                            "this, then tap the tag on the device's reader within a minute; the device must show "
                            "its first menu or the set-up questions.")),
        "pin": tr(msg("PIN shown on the device")), "check": tr(msg("Check again")),
        "seating": tr(msg("Who plays in the game being set up")),
        "seating_about": tr(msg("The device asks who plays each seat now: choose here and send, then check the "
                                "names on its screen and start the game there.")),
        "nobody": tr(msg("Nobody (unnamed)")), "seat": tr(msg("Seat them")),
    }


def _change(book: PlayerBook, action: str, form: dict[str, str], site: Site, tr: Translator) -> Message:
    """Apply one change to the book (RuleError to refuse); what to say when it is done."""
    if action == "add":
        player = book.add(form["name"])
        return msg("{name} was added.", name=player.name)
    if action == "rename":
        before = book.players.get(form["player"])
        player = book.rename(form["player"], form["name"])
        return msg("{old} is now called {name}.", old=before.name if before else "?", name=player.name)
    absorbed = book.players.get(form["other"])
    kept = book.players.get(form["player"])
    if absorbed is not None and kept is not None and absorbed.id != kept.id:
        def now(ident: str) -> tuple[str, str] | None:
            found = resolve(book, ident)
            return (found.id, found.name) if found is not None else None

        together = games_together(site.games(), now, kept.id, absorbed.id)
        if together:
            raise RuleError(together_refusal(together, Naming(tr, now), kept.name, absorbed.name))
    player = book.merge(form["player"], form["other"])
    return msg("{other} was merged into {name}.", other=absorbed.name if absorbed else "?", name=player.name)


def routes(app: Flask, site: Site) -> None:
    """GET /players (the book, and a tag request's answer with ?request=ID) and POST /players (one change)."""
    from companion.web import server as web

    def page(tr: Translator, message: str | None = None, error: bool = False, status: int = 200,
             ident: str = "") -> Response:
        book, problem = load_book(site.state_dir)
        players: list[Player] = sorted(book.players.values(), key=lambda p: p.name.casefold())
        progress = tr(enroll.progress(site.state_dir, ident, time.time()).message) if ident else None
        csrf = web._csrf_token()
        body = render_template_string(PAGE, players=players, words=_words(tr), csrf=csrf, seating=_seating(site, tr),
                                      message=message or (tr(problem) if problem else None),
                                      error=error or problem is not None, progress=progress, ident=ident)
        return web._page(site, "players", msg("Players"), body, tr, status, csrf=csrf)

    @app.get("/players")
    def players_page() -> Response:
        return page(Translator(web._lang(site)), ident=request.args.get("request", "")[:64])

    @app.post("/players")
    def players_change() -> Response:
        tr = Translator(web._lang(site))
        refused = web._change_refused(site)
        if refused is not None:
            return page(tr, tr(refused), error=True, status=403)
        action = request.form.get("action", "")
        form = {key: request.form.get(key, "")[:200] for key in ("name", "player", "other")}
        if action not in ACTIONS:
            return page(tr, tr(msg("Refused: the form has expired. Reload the page and try again.")), error=True,
                        status=400)
        if action == "tag":
            return _send_tag(site, tr, page, form["player"])
        if action == "seat":
            return _send_seating(site, tr, page)
        try:
            done = change_book(site.state_dir, lambda book: _change(book, action, form, site, tr))
        except RuleError as exc:
            return page(tr, tr(exc.message), error=True, status=400)
        except OSError as exc:
            return page(tr, tr(msg("{path} cannot be written ({reason}).", path=str(site.state_dir),
                                   reason=exc.strerror or str(exc))), error=True, status=500)
        return page(tr, tr(done))


def _seating(site: Site, tr: Translator) -> dict[str, Any] | None:
    """The seats the device asks about now, each named in its game's words; None when it asks about none."""
    shown = read_open(site.state_dir)
    if shown is None or shown.game not in registered_games():
        return None
    words = tr.with_namers(game_ui(shown.game).namers())
    return {"game": shown.game, "seats": [(seat, words(seat_words(seat, shown.key))) for seat in shown.seats]}


def _send_seating(site: Site, tr: Translator, page: Callable[..., Response]) -> Response:
    """Send who plays each seat to the device, which takes it within a second while it still asks."""
    shown = read_open(site.state_dir)
    if shown is None or shown.game != request.form.get("game"):
        return page(tr, tr(msg("The device no longer asks who plays each seat: nothing was changed.")), error=True,
                    status=409)
    seats = {seat: request.form.get(f"seat:{seat}", "")[:64] for seat in shown.seats}
    named = [player_id for player_id in seats.values() if player_id]
    if len(set(named)) != len(named):
        return page(tr, tr(msg("Each player sits in one seat only: nothing was changed.")), error=True, status=400)
    try:
        seating_files.write_request(site.state_dir, SeatingRequest(shown.game, seats,
                                                                   time.time() + seating_files.REQUEST_SECONDS))
    except OSError as exc:
        return page(tr, tr(msg("{path} cannot be written ({reason}).", path=str(site.state_dir),
                               reason=exc.strerror or str(exc))), error=True, status=500)
    return page(tr, tr(msg("Sent: the device shows who plays where within a second; start the game there.")))


def _send_tag(site: Site, tr: Translator, page: Callable[..., Response], player_id: str) -> Response:
    """Ask the device to bind the next tag tapped to this player; refused while a game is on the device."""
    book, _ = load_book(site.state_dir)
    if player_id not in book.players:
        return page(tr, tr(msg("No player {id} in the book: reload the page.", id=player_id)), error=True,
                    status=400)
    if site.live.frame(tr.lang).screen is not None:
        return page(tr, tr(GAME_ON), error=True, status=409)
    asked = enroll.new_request(PLAYERS_GAME, PLAYER_TARGET + player_id, False, time.time())
    try:
        write_request(site.state_dir, asked)
    except OSError as exc:
        return page(tr, tr(msg("{path} cannot be written ({reason}).", path=str(site.state_dir),
                               reason=exc.strerror or str(exc))), error=True, status=500)
    return page(tr, tr(msg("Sent: tap {name}'s tag on the device's reader within a minute.",
                           name=book.players[player_id].name)), ident=asked.id)
