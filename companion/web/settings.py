"""The configuration shown on the page, and the few settings a phone may change.

The file stays the companion's TOML configuration: a change reads it,
sets the values, writes it whole through a temporary file that
`load_config` must accept first, and keeps the previous file beside it
(`companion.toml.before-web-<time>`), since comments do not survive.
The companion reads its configuration at start, so a change applies at
its next start.

Each game's BoardGameGeek id ([bgg]) is set here too: the BG Stats play file
names it, so an import links its plays to the game the owner already has
instead of adding an unlinked copy. Nothing ships an id the owner did not
set (0, "not linked"): the page asks for the number in the game's address
on boardgamegeek.com, a whole number from 1; an empty field unlinks it. The
export reads the ids from the configuration when it is made, so a change
applies at once.

So is who the owner is in BG Stats ([bgstats] me, a person of the player
book): the app builds its owner's statistics on the player its file marks
as "me", so the owner chooses themself from the book's people by name
(nobody, the default, leaves the file's "me" the device's own entry, in no
play). A person merged into another since is stored, and shown, as the one
kept; an id the book does not know is refused, unless it is the one the
file already names (a book that cannot be read now does not block saving
the other settings).
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from companion.games.base import Text
from companion.i18n import LANGUAGE_NAMES, LANGUAGES, Translator
from companion.players.book import PlayerBook, resolve
from companion.runtime.config import BGG_MAX, PLAYER_ID_MAX, Config, ConfigError, load_config
from companion.runtime.storage import copy_new, utc_stamp, write_atomic
from engine.core.messages import Message, msg

EDITABLE: dict[str, Message] = {
    "language": msg("Language of the device"),
    "game": msg("Game at start (empty: ask with a menu)"),
    "notice_s": msg("Seconds a note stays on screen"),
    "resume_timeout_s": msg("Seconds before an unfinished game resumes by itself"),
}
"""Keys of the [app] table the page may change, with their label."""


NOT_SET = msg("not set")
BGG_FIELD = "bgg:"
"""The form field of a game's BoardGameGeek id is this and the game's name ("bgg:tenno")."""
BGG_ABOUT = msg("BoardGameGeek ids link each game's plays in the Board Game Stats file to the game in the app: "
                "the number in the game's address on boardgamegeek.com. Empty: not linked.")


ME_FIELD = "bgstats_me"
"""The form field of who the owner is in BG Stats: a player id from the book, empty for nobody."""
ME_LABEL = msg("You in BG Stats")
ME_ABOUT = msg("The person the Board Game Stats file marks as you (its \"me\"): the app builds your own statistics "
               "on that player. Not set: the file names the device instead, in no play.")


def _seconds(value: float) -> Message:
    return msg("{seconds} s", seconds=f"{value:g}")


def _yes(value: bool | None) -> Text:
    return NOT_SET if value is None else msg("yes") if value else msg("no")


def _plain(value: Any) -> str:
    """A configuration value in a few words: nested tables as `key: value`, lists joined, no JSON quoting."""
    if isinstance(value, dict):
        return ", ".join(f"{key}: {_plain(item)}" for key, item in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_plain(item) for item in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def shown(config: Config, state_dir: Path, game_titles: dict[str, str],
          book: PlayerBook | None = None) -> list[tuple[str, Message, Text]]:
    """Every setting as (TOML key, label, value) for the page; `state_dir` is the folder in use (--state-dir wins),
    `book` the player book that names the person who is you in BG Stats.

    A value that is not set says so; tables and lists read as `name: value` lists that wrap.
    """
    folder: Text = str(state_dir)
    if config.state_dir != state_dir:
        folder = msg("{path} (given at start; the configuration says {configured})", path=str(state_dir),
                     configured=str(config.state_dir))
    game: Text = msg("ask with a menu")
    if config.game:
        game = game_titles.get(config.game, config.game)
    return [
        ("reader.backend", msg("Card reader"), config.reader),
        ("reader.options", msg("Card reader options"), _plain(config.reader_options) or NOT_SET),
        ("buttons.backend", msg("Buttons"), config.buttons),
        ("buttons.pins", msg("Button pins (GPIO)"), _plain(config.button_pins) or NOT_SET),
        ("buttons.bounce_s", msg("Button debounce"), _seconds(config.bounce_s)),
        ("buttons.hold_s", msg("Button hold"), _seconds(config.hold_s)),
        ("display.driver", msg("Display driver"), config.display_driver or NOT_SET),
        ("display.width", msg("Screen size"), f"{config.width} × {config.height}"),
        ("display.fullscreen", msg("Full screen"), msg("automatic") if config.fullscreen is None
         else _yes(config.fullscreen)),
        ("display.snapshots", msg("Screenshot folder"), config.snapshot_dir or NOT_SET),
        ("app.state_dir", msg("State folder"), folder),
        ("app.language", msg("Language of the device"), LANGUAGE_NAMES.get(config.language, config.language)),
        ("app.game", msg("Game at start"), game),
        ("app.notice_s", msg("Seconds a note stays on screen"), _seconds(config.notice_s)),
        ("app.resume_timeout_s", msg("Seconds before an unfinished game resumes by itself"),
         _seconds(config.resume_timeout_s)),
        ("advisor.enabled", msg("Advisor"), _yes(config.advisor_enabled)),
        ("advisor.budget_s", msg("Advisor's thinking time"), _seconds(config.advisor_budget_s)),
        *((f"bgg.{name}", bgg_label(title), str(config.bgg_ids[name]) if name in config.bgg_ids else NOT_SET)
          for name, title in game_titles.items()),
        ("bgstats.me", ME_LABEL, _me_name(config.bgstats_me, book or PlayerBook()) if config.bgstats_me else NOT_SET),
    ]


def _me_name(me: str, book: PlayerBook) -> Text:
    """The person `me` names, as the book knows them now (after merges), or the id when the book does not."""
    person = resolve(book, me)
    return person.name if person is not None else msg("{id} (not in the player book)", id=me)


def me_field(config: Config, book: PlayerBook, tr: Translator) -> dict[str, Any]:
    """The form's choice of who is you in BG Stats: its label and note, the book's people by name (value, name),
    the one chosen now (the person kept after merges; "" for nobody), and the words for nobody."""
    people = sorted(book.players.values(), key=lambda p: (p.name.casefold(), p.id))
    options = [(p.id, p.name) for p in people]
    chosen = ""
    if config.bgstats_me:
        person = resolve(book, config.bgstats_me)
        chosen = person.id if person is not None else config.bgstats_me
        if person is None:
            options.append((chosen, tr(_me_name(chosen, book))))
    return {"name": ME_FIELD, "label": tr(ME_LABEL), "about": tr(ME_ABOUT), "options": options, "chosen": chosen,
            "nobody": tr(NOT_SET)}


def bgg_label(title: str) -> Message:
    return msg("BoardGameGeek id of {game}", game=title)


def bgg_fields(config: Config, game_titles: dict[str, str]) -> list[tuple[str, Message, str]]:
    """The form's BoardGameGeek id fields: (field name, label, value now: "" when not linked)."""
    return [(BGG_FIELD + name, bgg_label(title), str(config.bgg_ids.get(name, "")))
            for name, title in game_titles.items()]


def form_values(form: Any) -> dict[str, str]:
    """What a POST of the page may change: the [app] values (empty when missing), the BoardGameGeek ids it
    sends (a game the form leaves out keeps its id) and who is you in BG Stats, when it sends that."""
    values = {key: str(form.get(key, "")) for key in EDITABLE}
    values.update({key: str(form.get(key, "")) for key in form if str(key).startswith(BGG_FIELD)})
    if ME_FIELD in form:
        values[ME_FIELD] = str(form.get(ME_FIELD, ""))
    return values


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise ValueError(f"cannot write {value!r} as TOML")


def toml_text(data: dict[str, Any]) -> str:
    """A configuration as TOML: one [table] per section, nested tables inline."""
    lines = ["# Written by the companion's web page; the previous file is kept beside this one.", ""]
    for section, table in data.items():
        if not isinstance(table, dict):
            lines.append(f"{section} = {_value(table)}")
            continue
        lines.append(f"[{section}]")
        lines.extend(f"{key} = {_value(value)}" for key, value in table.items())
        lines.append("")
    return "\n".join(lines) + "\n"


def _bgg_ids(form: dict[str, str], before: Any, game_titles: dict[str, str]) -> dict[str, int]:
    """The [bgg] table after the form: its ids (a whole number from 1, empty to unlink) over the file's own."""
    ids = {str(name): number for name, number in before.items()} if isinstance(before, dict) else {}
    for key, typed in form.items():
        if not key.startswith(BGG_FIELD):
            continue
        name, text = key[len(BGG_FIELD):], typed.strip()
        if name not in game_titles:
            raise ConfigError(msg("There is no game {game} here: reload the page.", game=name))
        if not text:
            ids.pop(name, None)
            continue
        if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= BGG_MAX:
            raise ConfigError(msg("The BoardGameGeek id of {game} must be a whole number from 1 (the number in "
                                  "the game's address on boardgamegeek.com), or empty.", game=game_titles[name]))
        ids[name] = int(text)
    return ids


def _bgstats_me(form: dict[str, str], before: Any, book: PlayerBook) -> str | None:
    """[bgstats] me after the form: the person chosen, as the book knows them now (the id kept after merges), None
    for nobody; the file's own when the form leaves the field out, or sends it unchanged though the book does not
    know that id (now)."""
    kept = before.get("me") if isinstance(before, dict) else None
    kept = kept if isinstance(kept, str) and kept else None
    if ME_FIELD not in form:
        return kept
    chosen = form[ME_FIELD].strip()
    if not chosen:
        return None
    person = resolve(book, chosen)
    if person is not None:
        return person.id
    if chosen == kept:
        return kept
    raise ConfigError(msg("Nobody with the id {id} is in the player book, so they cannot be you in BG Stats: "
                          "reload the page and choose again.", id=chosen[:PLAYER_ID_MAX]))


def _parsed(form: dict[str, str]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    language = form.get("language", "")
    if language not in LANGUAGES:
        raise ConfigError(msg("The language must be one of {value}.", value=", ".join(LANGUAGES)))
    values["language"] = language
    if form.get("game"):
        values["game"] = form["game"]
    for key in ("notice_s", "resume_timeout_s"):
        try:
            values[key] = float(form.get(key, ""))
        except ValueError:
            raise ConfigError(msg("{name} must be a number of seconds.", name=key)) from None
    return values


def change(path: Path, form: dict[str, str], game_titles: dict[str, str] | None = None,
           book: PlayerBook | None = None) -> Path | None:
    """Set the editable [app] values, the BoardGameGeek ids and who is you in BG Stats from `form` in the file at
    `path`; returns the kept previous file. `game_titles` (game -> title) are the games an id may be set for (the
    registered ones), `book` the people who may be you (none without it).

    Raises ConfigError (nothing written) when a value or the result is refused.
    """
    if game_titles is None:
        from companion.games import registered_games

        game_titles = {name: name for name in registered_games()}
    try:
        data: dict[str, Any] = tomllib.loads(path.read_text("utf-8")) if path.exists() else {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(msg("{path}: cannot be read to change it ({reason}).", path=str(path),
                              reason=str(exc))) from None
    app = dict(data.get("app", {}))
    app.pop("game", None)
    app.update(_parsed(form))
    data["app"] = app
    ids = _bgg_ids(form, data.get("bgg"), game_titles)
    if ids:
        data["bgg"] = dict(sorted(ids.items()))
    else:
        data.pop("bgg", None)
    me = _bgstats_me(form, data.get("bgstats"), book or PlayerBook())
    if me:
        data["bgstats"] = {"me": me}
    else:
        data.pop("bgstats", None)
    text = toml_text(data)
    candidate = path.with_name(f".{path.name}.web")
    try:
        candidate.write_text(text, "utf-8")
        load_config(candidate)
    finally:
        candidate.unlink(missing_ok=True)
    kept = None
    if path.exists():
        # Several saves in one second each keep their own copy (copy_new never writes over a file).
        kept = copy_new(path.read_bytes(), path.with_name(f"{path.name}.before-web-{utc_stamp()}"))
    write_atomic(path, text)
    return kept


def bgg_ids(path: Path | None) -> dict[str, int]:
    """The BoardGameGeek ids the configuration at `path` sets (none when it cannot be read: the export still works,
    unlinked)."""
    try:
        return load_config(path).bgg_ids
    except ConfigError:
        return {}


def bgstats_me(path: Path | None) -> str | None:
    """Who is you in BG Stats as the configuration at `path` sets it (nobody when it cannot be read: the export
    still works, its "me" the device)."""
    try:
        return load_config(path).bgstats_me
    except ConfigError:
        return None
