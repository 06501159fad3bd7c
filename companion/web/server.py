"""The Flask application of `companion web`: pages, the live table's JSON and picture, backup, settings.

Every page is in the device's four languages (`?lang=de`, remembered in a
cookie) through the same catalogue as the screens. Reading never writes
the state folder; the changes (restore, settings, a request to enroll a
card) and the backup download need the device's PIN and a CSRF token this
server signed (companion.web.guard): a backup holds every tag and every
archived game. Wrong PINs are counted in the state folder. A restore's
upload is read as it arrives, its PIN checked before its file is read
(companion.web.upload); a page that carries a token is never cached.
Only requests naming this machine are answered
(companion.runtime.addresses), and no request body may be longer than a
backup upload (`SERVER_OPTIONS`). Enrolment writes only a
request file the device answers (companion.runtime.enrol_requests): the reader
and the tag map stay the device's.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import (
    Flask,
    Response,
    abort,
    current_app,
    make_response,
    render_template_string,
    request,
)
from werkzeug.exceptions import RequestEntityTooLarge

from companion.census import game_ui
from companion.games import registered_games, registration
from companion.history.db import History, memory_history
from companion.history.export import bgstats_json, games_csv, players_csv
from companion.history.naming import Naming
from companion.history.nights import copy_device_starts
from companion.i18n import LANGUAGE_NAMES, LANGUAGES, Translator
from companion.players.book import book_resolver, load_book
from companion.runtime.addresses import AllowedHosts
from companion.runtime.config import ConfigError, load_config
from companion.runtime.enrol_requests import GAME_ON, write_request
from companion.runtime.storage import utc_stamp
from companion.web import backup, cards_page, census_page, enroll, pages, players_page, settings
from companion.web.guard import CSRF_COOKIE, FormTokens, HostCheck, PinGuard, same_origin
from companion.web.history_page import history_body
from companion.web.live import LiveTable
from companion.web.upload import MultipartUpload
from engine import RuleError
from engine.core.messages import Message, msg

LANG_COOKIE = "companion_lang"
SITE = "companion.site"
"""Where the application keeps its Site (`app.extensions`), for the helpers the page modules share."""
SERVER_OPTIONS: dict[str, Any] = {"max_request_body_size": backup.BODY_LIMIT}
"""waitress's settings for this application (`companion web` and the tests' server).

waitress refuses a body longer than `max_request_body_size` from its
Content-Length header, before reading it; its default, 1 GiB, let three
parallel requests hold 3 GiB in the temporary folder on the journals' disk."""
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; "
                               "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    # Not no-referrer: under it a browser sends `Origin: null` with the page's own forms, which is refused.
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


@dataclass
class Site:
    """What every page needs: where the state and the configuration are, and the default language."""

    state_dir: Path
    config: Path | None
    default_lang: str
    live: LiveTable
    guard: PinGuard
    history: History
    history_lock: threading.Lock
    hosts: AllowedHosts
    tokens: FormTokens = field(default_factory=FormTokens)

    def games(self) -> list[dict[str, Any]]:
        """Every game, caught up with the journals archived since the last look (nothing is written)."""
        with self.history_lock:
            self.history.import_journals()
            copy_device_starts(self.history, self.state_dir)
            return self.history.games()


def game_title(name: str, tr: Translator) -> str:
    if name not in registered_games():
        return name
    title = registration(name).title
    return title if isinstance(title, str) else tr(title)


def rules_summary(name: str) -> tuple[Message, ...]:
    """A game's rules in a few sentences: the summary its registration names (`rules=`)."""
    return registration(name).rules


def create_app(state_dir: Path, config: Path | None = None, default_lang: str = "en",
               clock: Callable[[], float] = time.time, hosts: AllowedHosts | None = None) -> Flask:
    """The web application for `state_dir` (read-only but for restore, enrolment requests and the PIN tries) and
    `config`, answering only to `hosts` (default: this machine's names and addresses)."""
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = backup.BODY_LIMIT
    hosts = hosts if hosts is not None else AllowedHosts()
    site = Site(state_dir, config, default_lang, LiveTable(state_dir), PinGuard(state_dir, clock),
                memory_history(state_dir), threading.Lock(), hosts)
    app.wsgi_app = HostCheck(app.wsgi_app, hosts)  # type: ignore[method-assign]
    app.extensions[SITE] = site
    _routes(app, site)
    _enroll_routes(app, site)
    players_page.routes(app, site)
    cards_page.routes(app, site)
    census_page.routes(app, site)
    return app


def _lang(site: Site) -> str:
    asked = request.args.get("lang") or request.cookies.get(LANG_COOKIE) or site.default_lang
    return asked if asked in LANGUAGES else "en"


def _page(site: Site, page: str, title: Message, body: str, tr: Translator, status: int = 200,
          csrf: str | None = None) -> Response:
    nav = [("/", tr(msg("Live table"))), ("/history", tr(msg("History"))), ("/players", tr(msg("Players"))),
           ("/cards", tr(msg("Cards"))), ("/census", tr(msg("Your box"))),
           ("/rules", tr(msg("Rules"))), ("/backup", tr(msg("Backup"))), ("/settings", tr(msg("Settings")))]
    html = render_template_string(pages.BASE, lang=tr.lang, title=tr(title), page=page, nav=nav,
                                  here=request.path, languages=[(c, LANGUAGE_NAMES[c]) for c in LANGUAGES],
                                  body=body)
    response = make_response(html, status)
    response.set_cookie(LANG_COOKIE, tr.lang, samesite="Strict", max_age=365 * 86400)
    if csrf is not None:
        response.set_cookie(CSRF_COOKIE, csrf, samesite="Strict", httponly=True)
        # A page with a form token is never kept: not by the browser's back button, not by a proxy.
        response.headers["Cache-Control"] = "no-store"
    return response


def _csrf_token() -> str:
    """The browser's form token when this server made it, else a new one (the page sets it as the cookie)."""
    tokens: FormTokens = current_app.extensions[SITE].tokens
    cookie = request.cookies.get(CSRF_COOKIE)
    return cookie if cookie is not None and tokens.made_here(cookie) else tokens.new()


def _foreign(site: Site) -> bool:
    """Whether this POST comes from another site's page (its Origin, or without one its Referer)."""
    return not same_origin(request.headers.get("Origin"), request.headers.get("Referer"), site.hosts,
                           request.environ.get("SERVER_PORT"))


def _change_refused(site: Site, form: dict[str, str] | None = None) -> Message | None:
    """Why this POST may not change anything, or None: same origin, a token this server made and the browser
    holds, the device's PIN. `form`: the fields when they were read apart (a restore's upload), else the form's."""
    if _foreign(site):
        return msg("Refused: the form was not sent from this page.")
    fields = form if form is not None else request.form
    if not site.tokens.matches(request.cookies.get(CSRF_COOKIE), fields.get("csrf")):
        return msg("Refused: the form has expired. Reload the page and try again.")
    return site.guard.check(fields.get("pin", ""), request.remote_addr)


def _routes(app: Flask, site: Site) -> None:
    @app.after_request
    def _headers(response: Response) -> Response:
        response.headers.update(SECURITY_HEADERS)
        return response

    @app.get("/style.css")
    def style() -> Response:
        return Response(pages.STYLE, mimetype="text/css")

    @app.get("/live.js")
    def script() -> Response:
        return Response(pages.SCRIPT, mimetype="text/javascript")

    @app.get("/")
    def live() -> Response:
        tr = Translator(_lang(site))
        frame = site.live.frame(tr.lang).public()
        words = {"waiting": tr(msg("No game is being played.")), "picture": tr(msg("The device's screen")),
                 "lately": tr(msg("What happened lately")), "over": tr(msg("The game is over."))}
        body = render_template_string(pages.LIVE, lang=tr.lang, frame=frame, words=words)
        return _page(site, "live", msg("Live table"), body, tr)

    @app.get("/live.json")
    def live_json() -> Response:
        frame = site.live.frame(_lang(site))
        response = Response(json.dumps(frame.public(), ensure_ascii=False), mimetype="application/json")
        response.headers["Cache-Control"] = "no-store"
        return response

    @app.get("/live.png")
    def live_png() -> Response:
        version, image = site.live.image(_lang(site))
        if image is None:
            abort(404)
        response = Response(image, mimetype="image/png")
        response.headers["Cache-Control"] = "no-store"
        response.set_etag(version)  # a digest of the public frame (companion.web.live), quoted
        return response

    @app.get("/history")
    def history() -> Response:
        tr = Translator(_lang(site))
        body = history_body(site.games(), tr, book_resolver(site.state_dir))
        return _page(site, "history", msg("History and statistics"), body, tr)

    def naming(site: Site) -> Naming:
        """The page's words, with the people as the player book knows them now (merges joined, renames shown)."""
        return Naming(Translator(_lang(site)), book_resolver(site.state_dir))

    def download(text: str, mimetype: str, name: str) -> Response:
        response = Response(text, mimetype=mimetype)
        response.headers["Content-Disposition"] = f"attachment; filename={name}"
        return response

    @app.get("/history.csv")
    def history_csv() -> Response:
        return download(games_csv(site.games(), naming(site)), "text/csv",
                        "companion-history.csv")

    @app.get("/history-players.csv")
    def history_players_csv() -> Response:
        return download(players_csv(site.games(), naming(site)), "text/csv",
                        "companion-players.csv")

    @app.get("/history.bgsplay")
    def history_bgstats() -> Response:
        return download(bgstats_json(site.games(), naming(site), bgg_ids=settings.bgg_ids(site.config),
                                     me=settings.bgstats_me(site.config)),
                        "application/json",
                        "companion-plays.bgsplay")

    @app.get("/rules")
    def rules() -> Response:
        tr = Translator(_lang(site))
        games = []
        for name in registered_games():
            namers = game_ui(name).namers()
            words_tr = tr.with_namers(namers, name)
            games.append({"title": game_title(name, tr), "lines": [words_tr(m) for m in rules_summary(name)]})
        body = render_template_string(pages.RULES, games=games,
                                      words={"none": tr(msg("No summary of this game's rules yet."))})
        return _page(site, "rules", msg("Rules in short"), body, tr)

    @app.get("/backup")
    def backup_page() -> Response:
        return _backup_page(site, Translator(_lang(site)))

    @app.post("/backup")
    def backup_download() -> Response:
        tr = Translator(_lang(site))
        refused = _change_refused(site)
        if refused is not None:
            return _backup_page(site, tr, tr(refused), error=True, status=403)
        data = backup.make_backup(site.state_dir, site.config)
        response = Response(data, mimetype="application/gzip")
        response.headers["Content-Disposition"] = f"attachment; filename=companion-backup-{utc_stamp()}.tar.gz"
        response.headers["Cache-Control"] = "no-store"
        return response

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(exc: RequestEntityTooLarge) -> Response | RequestEntityTooLarge:
        if request.path != "/restore":
            return exc
        tr = Translator(_lang(site))
        return _backup_page(site, tr, tr(msg("The backup is larger than {limit} MB; this is not a companion backup.",
                                             limit=backup.BODY_LIMIT // backup.MIB)), error=True, status=413)

    @app.post("/restore")
    def restore() -> Response:
        """The upload is read as it arrives (companion.web.upload): the token and the PIN are checked before a
        byte of the file is read, and the file goes to the restore as a stream, never to a temporary file."""
        tr = Translator(_lang(site))
        if (request.content_length or 0) > backup.BODY_LIMIT:
            raise RequestEntityTooLarge()
        if _foreign(site):
            return _backup_page(site, tr, tr(msg("Refused: the form was not sent from this page.")), error=True,
                                status=403)
        try:
            upload = MultipartUpload(request.stream, request.content_type)
            fields = upload.fields()
        except RuleError as exc:
            return _backup_page(site, tr, tr(exc.message), error=True, status=400)
        refused = _change_refused(site, fields)
        if refused is not None:
            return _backup_page(site, tr, tr(refused), error=True, status=403)
        if upload.file_field != "backup":
            return _backup_page(site, tr, tr(msg("Choose the backup file first.")), error=True, status=400)
        try:
            report = backup.restore(site.state_dir, upload.file(), site.config)
        except RuleError as exc:
            return _backup_page(site, tr, tr(exc.message), error=True, status=400)
        lines = [tr(msg("Restored: {file}", file=name)) for name in report.written]
        lines += [tr(msg("Already there, unchanged: {file}", file=name)) for name in report.unchanged]
        lines += [tr(note) for note in report.left_out]
        if report.replaced is not None:
            lines.append(tr(msg("The files it replaced are kept in {path}.", path=str(report.replaced))))
        done = msg("The backup was restored. Restart the companion for restored tag maps and settings to apply.")
        return _backup_page(site, tr, tr(done), report=lines)

    @app.get("/settings")
    def settings_page() -> Response:
        return _settings_page(site, Translator(_lang(site)))

    @app.post("/settings")
    def settings_change() -> Response:
        tr = Translator(_lang(site))
        refused = _change_refused(site)
        if refused is not None:
            return _settings_page(site, tr, tr(refused), error=True, status=403)
        if site.config is None:
            return _settings_page(site, tr, tr(msg("There is no configuration file to change.")), error=True,
                                  status=400)
        form = settings.form_values(request.form)
        try:
            settings.change(site.config, form, {name: game_title(name, tr) for name in registered_games()},
                            load_book(site.state_dir)[0])
        except ConfigError as exc:
            return _settings_page(site, tr, tr(exc.message), error=True, status=400)
        except OSError as exc:
            return _settings_page(site, tr, tr(msg("{path} cannot be written ({reason}).", path=str(site.config),
                                                   reason=exc.strerror or str(exc))), error=True, status=500)
        return _settings_page(site, tr, tr(msg("Saved. The companion uses the new settings from its next start.")))


def _backup_page(site: Site, tr: Translator, message: str | None = None, error: bool = False,
                 report: list[str] | None = None, status: int = 200) -> Response:
    words = {"about": tr(msg("One archive with the saved games, the tag maps, the configuration and the "
                             "history database.")),
             "in_progress": tr(msg("A game is in progress: the backup leaves it out, since its journal holds the "
                                   "face-down cards. It is in the next backup once it is over.")),
             "download": tr(msg("Download a backup")), "restore": tr(msg("Restore a backup")),
             "restore_about": tr(msg("The whole backup is checked first: if any file in it is refused, nothing "
                                     "changes. Saved games are added (none is replaced); tag maps, the last set-up "
                                     "and the configuration are replaced, and the files they replace are kept in a "
                                     "folder named here. The history is rebuilt from the saved games.")),
             "pin": tr(msg("PIN shown on the device")), "file": tr(msg("Backup file"))}
    csrf = _csrf_token()
    body = render_template_string(pages.BACKUP, words=words, csrf=csrf, message=message, error=error,
                                  report=report, in_progress=backup.game_in_progress(site.state_dir))
    return _page(site, "backup", msg("Backup and restore"), body, tr, status, csrf=csrf)


def _settings_page(site: Site, tr: Translator, message: str | None = None, error: bool = False,
                   status: int = 200) -> Response:
    try:
        config = load_config(site.config) if site.config is not None else load_config(None)
        problem = None
    except ConfigError as exc:
        config, problem = None, tr(exc.message)
    source = (tr(msg("Configuration file: {path}", path=str(site.config))) if site.config is not None
              else tr(msg("No configuration file: the built-in defaults are used.")))
    words = {"source": source, "change": tr(msg("Change")), "save": tr(msg("Save")),
             "change_about": tr(msg("Changes need the PIN shown on the device and apply at the companion's "
                                    "next start.")),
             "read_only": tr(msg("Start the web page with --config FILE to change settings here.")),
             "pin": tr(msg("PIN shown on the device"))}
    csrf = _csrf_token()
    titles = {name: game_title(name, tr) for name in registered_games()}
    book, _ = load_book(site.state_dir)
    shown = [(key, tr(label), tr(value) if isinstance(value, Message) else value)
             for key, label, value in (settings.shown(config, site.state_dir, titles, book) if config is not None
                                       else [])]
    body = render_template_string(
        pages.SETTINGS, words=words, csrf=csrf, message=message or problem, error=error or problem is not None,
        shown=shown, editable=site.config is not None and config is not None, current=config,
        labels={key: tr(label) for key, label in settings.EDITABLE.items()},
        languages=[(c, LANGUAGE_NAMES[c]) for c in LANGUAGES], game_titles=list(titles.items()),
        bgg=[(name, tr(label), value) for name, label, value in settings.bgg_fields(config, titles)] if config else [],
        bgg_about=tr(settings.BGG_ABOUT), me=settings.me_field(config, book, tr) if config else None)
    return _page(site, "settings", msg("Settings"), body, tr, status, csrf=csrf)


def _enroll_words(tr: Translator) -> dict[str, str]:
    return {"pin": tr(msg("PIN shown on the device")),
            "about": tr(msg("Send this, then tap the card on the device's reader within a minute. The device must "
                            "show its first menu or the set-up questions, not a game.")),
            "replace": tr(msg("If the tag already stands for another card, move it to this card")),
            "send": tr(msg("Enroll this card")), "again": tr(msg("Try this card again")),
            "send_next": tr(msg("Enroll the next card without a tag")), "check": tr(msg("Check again")),
            "back": tr(msg("Back to the card list")), "all_done": tr(msg("Every card and board has a tag."))}


def _enroll_target(state_dir: Path) -> tuple[str, list[str]]:
    """The game asked for and its targets (on the owner's component data: a promo card has a tag too); 404 for a
    game this companion does not have."""
    game = request.values.get("game", "")
    if game not in registered_games():
        abort(404)
    return game, game_ui(game, state_dir).tag_targets()


def _enroll_routes(app: Flask, site: Site) -> None:
    """Enrolment: a card's form, the request to the device, and the device's answer (companion.web.enroll)."""

    @app.get("/enroll.js")
    def enroll_script() -> Response:
        return Response(pages.ENROLL_SCRIPT, mimetype="text/javascript")

    @app.get("/enroll")
    def enroll_page() -> Response:
        tr = Translator(_lang(site))
        game, targets = _enroll_target(site.state_dir)
        target = request.args.get("target") or enroll.next_untagged(targets, enroll.tagged(site.state_dir, game,
                                                                                            targets))
        if target is not None and target not in targets:
            abort(404)
        return _enroll_form(site, tr, game, target)

    @app.post("/enroll")
    def enroll_send() -> Response:
        tr = Translator(_lang(site))
        game, targets = _enroll_target(site.state_dir)
        target = request.form.get("target", "")
        if target not in targets:
            abort(404)
        refused = _change_refused(site)
        if refused is None and site.live.frame(tr.lang).screen is not None:
            refused = GAME_ON
        if refused is not None:
            return _enroll_form(site, tr, game, target, tr(refused), status=403 if refused is not GAME_ON else 409)
        asked = enroll.new_request(game, target, request.form.get("replace") == "yes", time.time())
        try:
            write_request(site.state_dir, asked)
        except OSError as exc:
            return _enroll_form(site, tr, game, target, tr(msg("{path} cannot be written ({reason}).",
                                                               path=str(site.state_dir),
                                                               reason=exc.strerror or str(exc))), status=500)
        response = _enroll_follow(site, tr, game, target, asked.id, request.form.get("csrf", ""),
                                  request.form.get("pin", "").strip())
        response.headers["Cache-Control"] = "no-store"
        return response

    @app.get("/enroll/status.json")
    def enroll_status() -> Response:
        tr = Translator(_lang(site))
        game, _ = _enroll_target(site.state_dir)
        progress = enroll.progress(site.state_dir, request.args.get("id", ""), time.time())
        text = tr.with_namers(game_ui(game).namers(), game)(progress.message)
        response = Response(json.dumps({"status": progress.status, "final": progress.final, "text": text},
                                       ensure_ascii=False), mimetype="application/json")
        response.headers["Cache-Control"] = "no-store"
        return response

    @app.get("/enroll/result")
    def enroll_result() -> Response:
        tr = Translator(_lang(site))
        game, targets = _enroll_target(site.state_dir)
        target = request.args.get("target", "")
        if target not in targets:
            abort(404)
        return _enroll_follow(site, tr, game, target, request.args.get("id", ""), _csrf_token(), "")


def _enroll_follow(site: Site, tr: Translator, game: str, target: str, ident: str, csrf: str,
                   pin: str) -> Response:
    """The page that follows request `ident`: the device's answer so far (updated by /enroll.js), then the forms
    to try again or go on with the next card without a tag (`pin` filled in when it was just checked)."""
    ui = game_ui(game)
    words_tr = tr.with_namers(ui.namers(), game)
    targets = ui.tag_targets()
    following = enroll.next_untagged(targets, enroll.tagged(site.state_dir, game, targets), target)
    progress = enroll.progress(site.state_dir, ident, time.time())
    body = render_template_string(
        pages.ENROLL_SENT, ident=ident, game=game, lang=tr.lang, target=target, progress=progress,
        card=words_tr(ui.describe_target(target)), text=words_tr(progress.message), next_target=following,
        next_card=words_tr(ui.describe_target(following)) if following else "", csrf=csrf, pin=pin,
        words=_enroll_words(tr))
    return _page(site, "enroll", msg("Enroll a card"), body, tr, csrf=csrf)


def _enroll_form(site: Site, tr: Translator, game: str, target: str | None, message: str | None = None,
                 status: int = 200) -> Response:
    words_tr = tr.with_namers(game_ui(game).namers(), game)
    csrf = _csrf_token()
    body = render_template_string(pages.ENROLL, game=game, target=target or "", csrf=csrf, message=message,
                                  error=message is not None, words=_enroll_words(tr),
                                  card=words_tr(game_ui(game).describe_target(target)) if target else None)
    return _page(site, "enroll", msg("Enroll a card"), body, tr, status, csrf=csrf)
