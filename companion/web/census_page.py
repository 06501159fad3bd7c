"""The census on the phone page: teach the companion your box, and correct a component during a game.

GET /census shows, for each game, what the owner has taught it (the
owner's data in the state folder, companion.census.box): how far the census
has come against the rulebook's totals, and each entry that differs from
the shipped default (what changed, or "as shipped"), marked as checked by
the owner. An owner file that cannot be used is shown with its message (the
shipped data is in force meanwhile). Nothing there depends on the game being
played: it is the box, the same whatever was dealt or hidden.

The census form itself is behind the device's PIN and the form's CSRF token,
as every change is (companion.web.guard): POST /census answers only a form
with both. It asks what is printed in the game's own terms (the questions
come from the game's census data, `box.data.totals.kinds[kind].fields`),
offers first the entries that fit what was said so far (one press for a
right shipped entry), and lets the owner pick another entry to correct, or
declare an extra component (a promo), or go back to the shipped entry. The
web process never writes the owner's files: what the owner sends becomes a
request for the device (companion.runtime.enrol_requests), which waits for
the tap of that component, checks it with the census and answers; the page
follows the answer (/census/status.json, polled by /census.js) and offers
the form again for the next component, the PIN still filled in. A refusal
(a total broken, a penalty the rulebook does not print, a second Kyuzo, a
tag the owner checked as another component) is said in the census's own words
and changes nothing; what the page can check itself (a fourteenth 3, an
unknown penalty) it says before asking the device anything.

While a game is on the device, what the owner sends corrects the
component at once, without a tap ("this card is not what the screen
says"): the device takes it with `correct_during_game` and the page says
whether it counts from the next input or from the next game.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask import Flask, Response, abort, render_template_string, request

from companion.census import OwnerBox, census_namers, game_data, game_ui, open_box
from companion.census.answers import (
    NO,
    NONE,
    YES,
    answer_words,
    choice_words,
    claimed,
    entry_said,
    offered,
    question_words,
    read_answers,
    said,
)
from companion.games import registered_games
from companion.games.base import GameUI
from companion.i18n import Translator
from companion.runtime.enrol_requests import (
    CENSUS_PREFIX,
    REQUEST_SECONDS,
    CensusAsk,
    EnrolRequest,
    write_request,
)
from companion.web import enroll
from companion.web.pages import request_status_script
from engine import RuleError
from engine.core.census import Field, Kind, Named
from engine.core.components import Component
from engine.core.messages import Message, msg

if TYPE_CHECKING:
    from companion.web.server import Site

CORRECT_SECONDS = 600.0
"""How long a correction during a game waits: the device looks for it at the table's next tap or button press."""
FITS_SHOWN = 8
"""The entries that fit what was said, at most, before the nearest ones to correct."""
LABEL_MAX = 60

OVERVIEW = """{% if message %}<p class="{{ 'error' if error else 'done' }}">{{ message }}</p>{% endif %}
<p>{{ words.about }}</p>{% if playing %}<p class="note">{{ playing }}</p>{% endif %}
{% for game in games %}<details class="census-game"{% if game.open %} open{% endif %}><summary><h2>{{ game.title }}</h2>
</summary>
{% if game.problem %}<p class="error">{{ game.problem }}</p>{% endif %}
{% if game.legacy %}<p class="note">{{ game.legacy }}</p>{% endif %}
<ul class="progress">{% for line in game.progress %}<li>{{ line }}</li>{% endfor %}</ul>
<h3>{{ words.yours }}</h3>{% if game.rows %}<table class="census-rows"><tr><th>{{ words.component }}</th>
<th>{{ words.change }}</th><th>{{ words.checked }}</th></tr>
{% for row in game.rows %}<tr class="{{ row.change }}"><td>{{ row.name }}</td><td>{{ row.text }}</td>
<td>{{ words.yes if row.verified else "" }}</td></tr>{% endfor %}</table>
{% else %}<p>{{ words.nothing }}</p>{% endif %}
<form method="post" action="/census" class="census-open"><input type="hidden" name="csrf" value="{{ csrf }}">
<input type="hidden" name="game" value="{{ game.name }}">
<label>{{ words.pin }} <input name="pin" inputmode="numeric" autocomplete="off" maxlength="6" required></label>
<button name="do" value="open">{{ words.open }}</button></form></details>{% endfor %}"""

FORM = """{% if message %}<p class="{{ 'error' if error else 'done' }}">{{ message }}</p>{% endif %}
{% if ident %}<section id="census-status" data-id="{{ ident }}" data-game="{{ game }}" data-lang="{{ lang }}">
<p id="census-answer" class="big {{ 'done' if progress.status == 'ok' else ('error' if progress.final else '') }}"
 data-status="{{ progress.status }}">{{ progress_text }}</p></section>{% endif %}
{% if playing %}<p class="note">{{ playing }}</p>{% endif %}
<form method="post" action="/census" class="census">
<input type="hidden" name="csrf" value="{{ csrf }}"><input type="hidden" name="game" value="{{ game }}">
<input type="hidden" name="kind" value="{{ kind }}">{% if ident %}<input type="hidden" name="id" value="{{ ident }}">{% endif %}
<button name="do" value="find" class="default" tabindex="-1" aria-hidden="true"></button>
<p class="kinds">{% for name, label in kinds %}<button name="kind_to" value="{{ name }}"
{% if name == kind %} class="here" aria-current="true"{% endif %}>{{ label }}</button> {% endfor %}</p>
<p id="census-progress">{{ kind_progress }}</p>
<label>{{ words.pin }} <input name="pin" inputmode="numeric" autocomplete="off" maxlength="6" required
 value="{{ pin }}"></label>
{% if ident %}<p id="census-check"><button name="do" value="check">{{ words.check }}</button></p>{% endif %}
<h2>{{ words.printed }}</h2>
{% for q in questions %}<fieldset class="question"><legend>{{ q.label }}</legend>
{% if q.control == "number" %}<input type="number" name="a:{{ q.name }}" value="{{ q.value }}"{% if q.low is not none
 %} min="{{ q.low }}"{% endif %}{% if q.high is not none %} max="{{ q.high }}"{% endif %} inputmode="numeric">
{% else %}<span class="choices">{% for value, text, on in q.choices %}<label class="choice"><input
 type="{{ 'checkbox' if q.control == 'names' else 'radio' }}" name="a:{{ q.name }}" value="{{ value }}"{% if on
 %} checked{% endif %}> {{ text }}</label>{% endfor %}</span>{% endif %}</fieldset>{% endfor %}
<p><button name="do" value="find">{{ words.find }}</button></p>
<h2>{{ words.fits }}</h2>{% if fits %}<ol class="fits">{% for fit in fits %}<li class="{{ 'exact' if fit.exact
 else 'near' }}"><span class="fit-name">{{ fit.name }}</span> <span class="fit-said">{{ fit.said }}</span>
<span class="fit-note">{{ fit.note }}</span>
<button name="put" value="{{ fit.id }}">{{ words.take if fit.exact else words.correct_it }}</button></li>{% endfor %}
</ol>{% else %}<p>{{ words.no_fits }}</p>{% endif %}
<h2>{{ words.other_title }}</h2><p>{{ words.other_about }}</p>
<label>{{ words.other }} <select name="other">{% for id, text in entries %}<option value="{{ id }}"{% if id == other
 %} selected{% endif %}>{{ text }}</option>{% endfor %}</select></label>
<p><button name="do" value="other">{{ words.correct_other }}</button></p>
{% if extras %}<h2>{{ words.extra_title }}</h2><p>{{ words.extra_about }}</p>
<label>{{ words.label }} <input name="label" maxlength="60" autocomplete="off" value="{{ label }}"></label>
<p><button name="do" value="extra">{{ words.declare }}</button></p>{% endif %}
{% if mine %}<h2>{{ words.mine }}</h2><ul class="mine">{% for row in mine %}<li>{{ row.name }}: {{ row.text }}
{% if not playing %}<button name="drop" value="{{ row.id }}">{{ words.drop_added if row.change == 'added'
 else words.drop }}</button>{% endif %}</li>{% endfor %}</ul>{% endif %}
</form><p><a href="/census">{{ words.back }}</a></p>{% if ident %}<script src="/census.js"></script>{% endif %}"""

SCRIPT = request_status_script("census-status", "census-answer", "census-check", "/census/status.json", """\
    var progress = document.getElementById('census-progress');
    if (progress && d.progress) { progress.textContent = d.progress; }
""")


def _words(tr: Translator, playing: bool, tagged: bool) -> dict[str, str]:
    if playing:
        take, correct_it = msg("This one: correct it now"), msg("This one, corrected to what is printed: now")
    elif tagged:
        take, correct_it = msg("This one: then tap it on the device"), msg("This one, corrected to what is printed: "
                                                                            "then tap it")
    else:
        take, correct_it = msg("This one"), msg("This one, corrected to what is printed")
    return {
        "about": tr(msg("What the companion believes is printed on each component comes from the data it ships, and "
                        "much of it is unverified. Teach it your own box: the rules, the advisor and every screen "
                        "then use what is printed on your components. Each entry is checked against the rulebook's "
                        "totals.")),
        "yours": tr(msg("Your box")), "component": tr(msg("Component")), "change": tr(msg("What you taught it")),
        "checked": tr(msg("Checked by you")), "yes": "✓",
        "nothing": tr(msg("Nothing taught yet: the shipped data is in force.")),
        "pin": tr(msg("PIN shown on the device")), "open": tr(msg("Teach it your box")),
        "check": tr(msg("Check the device's answer")), "printed": tr(msg("What is printed on it?")),
        "find": tr(msg("Find the entries that fit")), "fits": tr(msg("Entries that fit")),
        "no_fits": tr(msg("Answer a question or two: the entries that fit are offered here, the right one first.")),
        "take": tr(take), "correct_it": tr(correct_it),
        "other_title": tr(msg("This card is not what the screen says") if playing else msg("Another entry")),
        "other_about": tr(msg("Choose the component as the companion names it now: it is corrected to what you "
                              "answered above.")),
        "other": tr(msg("The companion calls it")), "correct_other": tr(correct_it),
        "extra_title": tr(msg("An extra component (a promo)")),
        "extra_about": tr(msg("A component the rulebook does not count, such as a promo card handed out with early "
                              "copies: answer every question above, name it, and it takes part as its kind does.")),
        "label": tr(msg("Its name")), "declare": tr(msg("Declare it extra")),
        "mine": tr(msg("What you taught it of these")), "drop": tr(msg("Back to the shipped data")),
        "drop_added": tr(msg("Remove it from the box")), "back": tr(msg("Back to the census")),
    }


def _words_tr(tr: Translator, ui: GameUI) -> Translator:
    """`tr` naming the game's components (on the owner's data) and the census's data words."""
    return tr.with_namers({**ui.namers(), **census_namers()}, ui.name)


def census_games() -> list[str]:
    """The games whose components can be taught (those with census data)."""
    return [name for name in registered_games() if game_data(name) is not None]


def component_name(ui: GameUI, words: Translator, spec: Kind, entry: Component) -> str:
    """A component as the table names it: an extra by its name, a tagged one as the screens say it, else its
    label."""
    if spec.tag is not None and not entry.extra:
        return words(ui.describe_target(f"{spec.tag}:{entry.id}"))
    return entry.label


@dataclass(frozen=True)
class Row:
    """One entry of the owner's data, for the page: what it changes in the shipped default."""

    id: str
    kind: str
    name: str
    change: str
    text: str
    verified: bool


def owner_rows(box: OwnerBox, ui: GameUI, tr: Translator) -> list[Row]:
    """The owner's entries as the page shows them: each difference from the shipped default in words."""
    words = _words_tr(tr, ui)
    rows = []
    for difference in box.differences():
        spec = box.data.totals.kinds.get(difference.kind)
        entry = box.entry(difference.id)
        if spec is None or entry is None:
            continue
        if difference.change == "added":
            text = tr(msg("extra component: {answers}", answers=entry_said(ui, tr, spec, entry)))
        elif difference.change == "checked":
            text = tr(msg("as shipped"))
        else:
            parts = []
            order = [q.name for q in spec.fields]
            for path, old, new in sorted(difference.fields, key=lambda f: order.index(f[0]) if f[0] in order else 99):
                question = spec.field(path)
                if question is None:
                    continue
                parts.append(tr(msg("{question}: {old} → {new}", question=question_words(question, tr),
                                    old=answer_words(ui, tr, question, old) if old is not None else "-",
                                    new=answer_words(ui, tr, question, new) if new is not None else "-")))
            text = ", ".join(parts)
        rows.append(Row(difference.id, difference.kind, component_name(ui, words, spec, entry), difference.change,
                        text, entry.verified))
    return rows


def game_overview(name: str, site: Site, tr: Translator) -> dict[str, Any]:
    """One game's census for everyone: progress, the owner's entries, or why the owner's file cannot be used."""
    from companion.web.server import game_title

    out: dict[str, Any] = {"name": name, "title": game_title(name, tr), "problem": None, "legacy": None,
                           "progress": [], "rows": [], "open": False}
    try:
        box = open_box(site.state_dir, name)
    except RuleError as exc:
        out["problem"] = tr(msg("The owner's component data cannot be used, so the shipped data is in force: "
                                "{reason}", reason=exc.message))
        out["open"] = True
        return out
    ui = game_ui(name, site.state_dir)
    words = _words_tr(tr, ui)
    out["progress"] = [words(p.message) for p in box.progress()]
    out["rows"] = owner_rows(box, ui, tr)
    out["open"] = bool(out["rows"]) or box.legacy is not None
    if box.legacy is not None:
        out["legacy"] = tr(msg("{file} is an edited copy of the components file from an earlier release: it was "
                               "never read. Teach the census what it says, then remove it.", file=box.legacy.name))
    return out


def _playing(site: Site, tr: Translator) -> tuple[str | None, str | None]:
    """The game being played on the device (None: none), and what the page says about it."""
    from companion.web.server import game_title

    frame = site.live.frame(tr.lang)
    if frame.screen is None or frame.game is None:
        return None, None
    return frame.game, tr(msg("A game of {game} is on the device: what you send for it corrects the component at "
                              "once, without a tap, and the device says whether that counts from the next input "
                              "or from the next game. The census of the other games waits until it is over.",
                              game=game_title(frame.game, tr)))


def _question(ui: GameUI, tr: Translator, spec: Field, answers: dict[str, Any], entries: list[Component]
              ) -> dict[str, Any]:
    """One question of the form, its choices in the game's words and what is answered so far."""
    given = answers.get(spec.name)
    base: dict[str, Any] = {"name": spec.name, "label": question_words(spec, tr), "low": spec.low,
                            "high": spec.high}
    if spec.type == "bool":
        return {**base, "control": "radio", "choices": [(YES, answer_words(ui, tr, spec, True), given is True),
                                                         (NO, answer_words(ui, tr, spec, False), given is False)]}
    if spec.type == "int" and spec.choices is None and spec.choices_from is None:
        return {**base, "control": "number", "value": "" if given is None else given}
    choices = offered(spec, entries)
    if spec.type == "int":
        choices = tuple(sorted(choices))
    if spec.type == "names":
        chosen = given if isinstance(given, list) else []
        return {**base, "control": "names",
                "choices": [(NONE, answer_words(ui, tr, spec, []), given == [])] + [
                    (str(c), choice_words(ui, tr, spec, c), c in chosen) for c in choices]}
    return {**base, "control": "radio",
            "choices": [(str(c), choice_words(ui, tr, spec, c), given is not None and str(given) == str(c))
                        for c in choices]}


def _given() -> dict[str, list[str]]:
    """The form's answers: each question's texts by its path ("a:kiai.human")."""
    return {key[2:]: [text[:200] for text in request.form.getlist(key)] for key in request.form
            if key.startswith("a:")}


def routes(app: Flask, site: Site) -> None:
    """GET /census (everyone), POST /census (the form, with the PIN), GET /census/status.json, GET /census.js."""
    from companion.web import server as web

    def overview(tr: Translator, message: str | None = None, error: bool = False, status: int = 200) -> Response:
        games = [game_overview(name, site, tr) for name in census_games()]
        csrf = web._csrf_token()
        body = render_template_string(OVERVIEW, games=games, words=_words(tr, False, True), csrf=csrf,
                                      message=message, error=error, playing=_playing(site, tr)[1])
        response = web._page(site, "census", msg("Teach it your box"), body, tr, status, csrf=csrf)
        response.headers["Cache-Control"] = "no-store"
        return response

    @app.get("/census.js")
    def census_script() -> Response:
        return Response(SCRIPT, mimetype="text/javascript")

    @app.get("/census")
    def census_overview() -> Response:
        return overview(Translator(web._lang(site)))

    @app.post("/census")
    def census_form() -> Response:
        tr = Translator(web._lang(site))
        refused = web._change_refused(site)
        if refused is not None:
            return overview(tr, tr(refused), error=True, status=403)
        name = request.form.get("game", "")
        if name not in census_games():
            return overview(tr, tr(msg("{game} is not a game this companion knows.", game=name[:60])), error=True,
                            status=400)
        try:
            box = open_box(site.state_dir, name)
        except RuleError as exc:
            return overview(tr, tr(exc.message), error=True, status=409)
        return _form(site, tr, box, request.form.get("pin", "").strip())

    @app.get("/census/status.json")
    def census_status() -> Response:
        tr = Translator(web._lang(site))
        name = request.args.get("game", "")
        if name not in census_games():
            abort(404)
        progress, text = _progress(site, tr, name, request.args.get("id", "")[:64])
        kind = request.args.get("kind", "")
        response = Response(json.dumps({"status": progress.status, "final": progress.final, "text": text,
                                        "progress": _kind_progress(site, tr, name, kind) if kind else ""},
                                       ensure_ascii=False), mimetype="application/json")
        response.headers["Cache-Control"] = "no-store"
        return response


def _progress(site: Site, tr: Translator, name: str, ident: str) -> tuple[enroll.Progress, str]:
    """The device's answer to request `ident` so far, and its words."""
    progress = enroll.progress(site.state_dir, ident, time.time())
    if progress.status == "sent" and _playing(site, tr)[0] == name:
        progress = enroll.Progress("sent", msg("Sent: during a game the device takes it at the table's next tap or "
                                               "button press."))
    ui = game_ui(name, site.state_dir)
    return progress, _words_tr(tr, ui)(progress.message)


def _kind_progress(site: Site, tr: Translator, name: str, kind: str) -> str:
    """How far the census of one kind has come, in words ("" when the owner's file cannot be read)."""
    try:
        box = open_box(site.state_dir, name)
    except RuleError:
        return ""
    words = _words_tr(tr, game_ui(name, site.state_dir))
    return next((words(p.message) for p in box.progress() if p.kind == kind), "")


def _form(site: Site, tr: Translator, box: OwnerBox, pin: str) -> Response:
    """The census form for one kind (the PIN was checked): what the owner said, what fits, and what the owner
    chose to send."""
    from companion.web import server as web

    kinds = box.data.totals.kinds
    form = request.form
    kind = form.get("kind_to") or form.get("kind") or next(iter(kinds))
    if kind not in kinds or not kinds[kind].fields:
        kind = next(k for k, spec in kinds.items() if spec.fields)
    spec = kinds[kind]
    ui = game_ui(box.name, site.state_dir)
    words = _words_tr(tr, ui)
    playing, playing_note = _playing(site, tr)
    message: str | None = None
    error = False
    status = 200
    ident = form.get("id", "")[:64] if form.get("do") == "check" else ""
    answers: dict[str, Any] = {}
    if not form.get("kind_to"):
        try:
            answers = read_answers(spec, _given())
        except RuleError as exc:
            message, error, status = words(exc.message), True, 400
    if not error and not form.get("kind_to"):
        sent = _send(site, tr, box, spec, answers, playing)
        if sent is not None:
            message, error, status, ident = sent
    entries = [e for e in box.entries if e.kind == kind]
    fits = []
    if answers:
        found = box.fitting(kind, answers)
        exact = [f for f in found if f.exact][:FITS_SHOWN]
        checked = box.checked()
        # The nearest entries are offered to correct; never another one of a kind whose components exist once
        # (Kikuchiyo's board is not Kyuzo's, corrected).
        for fit in exact + [f for f in found if not f.exact and "id" not in f.differs]:
            note = tr(msg("checked by you")) if fit.entry.id in checked else ""
            if not fit.exact:
                differs = ", ".join(question_words(q, tr) for q in spec.fields if q.name in fit.differs)
                note = tr(msg("differs in: {questions}", questions=differs))
            fits.append({"id": fit.entry.id, "exact": fit.exact, "note": note,
                         "name": component_name(ui, words, spec, fit.entry),
                         "said": entry_said(ui, tr, spec, fit.entry)})
    progress = enroll.progress(site.state_dir, ident, time.time()) if ident else None
    progress_text = _progress(site, tr, box.name, ident)[1] if ident else ""
    box = open_box(site.state_dir, box.name) if ident else box  # the device may have answered already
    csrf = web._csrf_token()
    playing_here = playing == box.name
    body = render_template_string(
        FORM, message=message, error=error, ident=ident, game=box.name, lang=tr.lang, progress=progress,
        progress_text=progress_text, playing=playing_note, csrf=csrf, kind=kind, pin=pin,
        kinds=[(k, Named(None, s.words).text(tr.lang)) for k, s in kinds.items() if s.fields],
        kind_progress=next((words(p.message) for p in box.progress() if p.kind == kind), ""),
        questions=[_question(ui, tr, q, answers, box.entries) for q in spec.fields], fits=fits,
        entries=[(e.id, f"{component_name(ui, words, spec, e)} ({entry_said(ui, tr, spec, e)})") for e in entries],
        other=form.get("other", ""), extras=spec.extras and not playing_here, label=form.get("label", "")[:LABEL_MAX],
        mine=[row for row in owner_rows(box, ui, tr) if row.kind == kind],
        words=_words(tr, playing_here, spec.tag is not None))
    title = msg("Teach it your box: {game}", game=web.game_title(box.name, tr))
    response = web._page(site, "census", title, body, tr, status, csrf=csrf)
    response.headers["Cache-Control"] = "no-store"
    return response


def _send(site: Site, tr: Translator, box: OwnerBox, spec: Kind, answers: dict[str, Any],
          playing: str | None) -> tuple[str, bool, int, str] | None:
    """The request the owner chose to send (None: they only looked): checked here as far as the page can, then
    written for the device. (message, error, status, the request's id when one was sent)."""
    form = request.form
    words = _words_tr(tr, game_ui(box.name, site.state_dir))
    action, base_id, extra, label = "put", "", False, ""
    if form.get("put"):
        base_id = form.get("put", "")
    elif form.get("do") == "other":
        base_id = form.get("other", "")
    elif form.get("do") == "extra" and spec.extras:
        extra, label = True, form.get("label", "").strip()[:LABEL_MAX]
    elif form.get("drop"):
        action, base_id = "drop", form.get("drop", "")
    else:
        return None
    if playing is not None and playing != box.name:
        return words(msg("A game of another kind is on the device: the census of this game waits until it is over "
                         "(finish the game or put it aside with New game).")), True, 409, ""
    if playing is not None:
        if action == "drop" or extra:
            return words(msg("During a game a component can only be corrected: the rest waits until it is over.")), \
                True, 409, ""
        action = "correct"
    base = box.entry(base_id) if base_id else None
    if base_id and (base is None or base.kind != spec.kind):
        return words(msg("Unknown component '{id}'.", id=base_id[:60])), True, 400, ""
    full: dict[str, Any] = {}
    if action != "drop":
        try:
            full = claimed(spec, answers, base)
            trial = box.answer(spec.kind, full, base=base.id if base else None, extra=extra,
                               label=(label or words(msg("Extra {sort}", sort=Named(None, spec.words)))
                                      if extra else None))
        except RuleError as exc:
            return words(exc.message), True, 400, ""
        refusal = box.check(trial)
        if refusal is not None:
            return words(refusal), True, 400, ""
        if extra and not label:
            label = trial.label
    asked = CensusAsk(action, spec.kind, base.id if base else None, full, extra, label)
    seconds = CORRECT_SECONDS if action == "correct" else REQUEST_SECONDS
    request_ = EnrolRequest(secrets.token_urlsafe(12), box.name, CENSUS_PREFIX + spec.kind, False,
                            time.time() + seconds, asked)
    try:
        write_request(site.state_dir, request_)
    except OSError as exc:
        return tr(msg("{path} cannot be written ({reason}).", path=str(site.state_dir),
                      reason=exc.strerror or str(exc))), True, 500, ""
    if action == "correct":
        sent: Message = msg("Sent: the device corrects {answers} during the game.",
                            answers=said(game_ui(box.name, site.state_dir), tr, spec, full))
    elif action == "drop" or spec.tag is None:
        sent = msg("Sent: the device takes it within a second.")
    else:
        sent = msg("Sent: now tap that component on the device's reader, within a minute.")
    return tr(sent), False, 200, request_.id

