"""The Cards page: each game's cards and boards, which of them have a tag, and the tags' UIDs behind the PIN.

A tag's UID is what any phone that reads NFC gets from a sticker, the
sticker of a face-down card included: with the list of UIDs, a guest could
name that card. So the page shows everyone each card's name and whether it
has a tag (what the enrolment links need), and shows the UIDs only in the
answer to a form sent with the device's PIN, checked as a backup download
is (same origin, the form's CSRF token, wrong PINs counted: see
companion.web.guard). That answer is never cached.

Which cards have a tag is not secret: it is a fact about the box, not about
the game in progress (the same whatever was dealt or hidden, and the
stickers are there to see on the cards), and it does not let anyone tell one
tagged card from another.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Flask, Response, render_template_string

from companion.census import game_ui
from companion.games import registered_games
from companion.i18n import Translator
from companion.runtime.tagmap import parse_tagmap, read_text_file, tag_map_file
from companion.web import pages
from engine import RuleError
from engine.core.messages import msg

if TYPE_CHECKING:
    from companion.web.server import Site


def game_cards(name: str, state_dir: Path, tr: Translator, uids_shown: bool) -> dict[str, Any]:
    """A game's cards and boards, each with whether it has a tag (and, with `uids_shown`, the tag's UID), read from
    its tag map (never moved or changed). Without `uids_shown` no UID is in the answer at all."""
    from companion.web.server import game_title

    ui = game_ui(name, state_dir)
    targets = ui.tag_targets()
    words = tr.with_namers(ui.namers(), name)
    path = tag_map_file(state_dir, name)
    uids: dict[str, str] = {}
    problem = None
    if path.exists():
        try:
            tagmap = parse_tagmap(read_text_file(path, msg("the tag map")), str(path), set(targets))
            uids = {target: uid for uid, target in tagmap.tags.items()}
        except RuleError as exc:
            problem = tr(exc.message)
    cards = [(t, words(ui.describe_target(t)), t in uids, uids.get(t, "") if uids_shown else "") for t in targets]
    count = tr(msg("{enrolled} of {total} enrolled", enrolled=len(uids), total=len(targets)))
    return {"name": name, "title": game_title(name, tr), "cards": cards, "count": count, "problem": problem}


def routes(app: Flask, site: Site) -> None:
    """GET /cards (names and whether each has a tag) and POST /cards (the same with the UIDs, given the PIN)."""
    from companion.web import server as web

    def page(tr: Translator, uids_shown: bool, message: str | None = None, status: int = 200) -> Response:
        games = [game_cards(name, site.state_dir, tr, uids_shown) for name in registered_games()]
        words = {"card": tr(msg("Card")), "tag": tr(msg("Tag")), "no_tag": tr(msg("not enrolled")),
                 "has_tag": tr(msg("enrolled")), "enroll": tr(msg("Enroll")),
                 "enroll_next": tr(msg("Enroll the next card without a tag")),
                 "show": tr(msg("Show the tags' UIDs")), "pin": tr(msg("PIN shown on the device")),
                 "show_about": tr(msg("A phone that reads NFC gets a tag's UID from its sticker, even on a face-down "
                                      "card, so the UIDs are shown only with the PIN."))}
        csrf = web._csrf_token()
        body = render_template_string(pages.CARDS, games=games, words=words, csrf=csrf, uids_shown=uids_shown,
                                      message=message)
        response = web._page(site, "cards", msg("Cards and their tags"), body, tr, status, csrf=csrf)
        response.headers["Cache-Control"] = "no-store"
        return response

    @app.get("/cards")
    def cards() -> Response:
        return page(Translator(web._lang(site)), uids_shown=False)

    @app.post("/cards")
    def cards_with_uids() -> Response:
        tr = Translator(web._lang(site))
        refused = web._change_refused(site)
        if refused is not None:
            return page(tr, uids_shown=False, message=tr(refused), status=403)
        return page(tr, uids_shown=True)
