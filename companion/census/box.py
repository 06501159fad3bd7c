"""One game's owner data: the components of this box, as the owner taught them, in the state folder.

The file is `box-<game>.toml` in the state folder, in the shared component
format (engine.core.components) with the game named at the top:

    format = 1
    game = "samurai-spirit"
    components = [
      { id = "6-doll-must-pass", kind = "card", label = "...", attributes = { ... }, verified = true },
      { id = "extra-card-1", kind = "card", label = "Promo Boss", attributes = { ... }, verified = true, extra = true },
    ]

It holds only what the owner said: each entry replaces the shipped entry of
its id (a confirmed one repeats the shipped values, so a later release that
changes its default never changes what the owner checked), and an extra
entry adds a component (a promo). `verified = true` marks an entry the
owner checked against the physical component. The data the games use is
the shipped default with these entries over it (engine.core.census.effective);
it is checked whole (the rulebook's totals and the game's own loader)
before it is written, atomically, so the file on disk always makes a game.

A file that cannot be read is never taken for an empty one: `open_box`
raises RuleError naming it, and the caller says so (the one place,
companion.census.game_for, falls back to the shipped default and says so).

An earlier release told owners to put an edited copy of the whole
components file in the state folder as `<game>-components.toml`; nothing
ever read it. It is not used silently now either: `legacy` names it,
`import_legacy` takes its differences as owner entries (keeping the file's
own `verified` flags) and renames it `<name>.imported`.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.runtime import component_store
from companion.runtime.storage import REAL_DISK, FileSystem, fsync_dir, write_atomic
from companion.runtime.tagmap import TagMap, read_text_file, renamed_target
from engine import RuleError, get_game
from engine.core.census import Census, Difference, Fit, KindProgress, Totals, answered, parse_totals
from engine.core.components import Component, digest, parse_components, renamed, render
from engine.core.game import COMPONENTS_FILE, FlowGame, Game, packaged_data
from engine.core.messages import Message, msg

CENSUS_FILE = "census.toml"
"""A game's totals, beside its components.toml."""
HEAD = ("The components of this box, as its owner taught them to the companion (its census).\n"
        "Each entry replaces the shipped entry of its id; extra = true adds a component (a promo).\n"
        "verified = true: checked by the owner against the physical component.\n"
        "Written by the companion; an edit by hand is checked whole when it is read.")


def box_path(state_dir: Path, game: str) -> Path:
    """Where `game`'s owner data lives."""
    return state_dir / f"box-{game}.toml"


def legacy_path(state_dir: Path, game: str) -> Path:
    """Where an earlier release told owners to put an edited copy of the components file."""
    return state_dir / f"{game}-components.toml"


@dataclass(frozen=True)
class GameData:
    """What one game ships for the census: its default game, totals and entries."""

    name: str
    game: FlowGame[Any, Any, Any]
    totals: Totals
    shipped: tuple[Component, ...]

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset(self.totals.kinds)

    @property
    def extra_kinds(self) -> frozenset[str]:
        return frozenset(name for name, kind in self.totals.kinds.items() if kind.extras)

    def parse(self, text: str, source: str) -> list[Component]:
        return parse_components(text, source, set(self.kinds), self.extra_kinds)


@lru_cache(maxsize=16)
def game_data(name: str) -> GameData | None:
    """The census data game `name` ships, None for a game with none (no census.toml)."""
    game = get_game(name)
    if not isinstance(game, FlowGame) or not game.data_package or game.components_text is None:
        return None
    try:
        text = packaged_data(game.data_package, CENSUS_FILE)
    except FileNotFoundError:
        return None
    totals = parse_totals(text, f"{game.data_package.rsplit('.', 1)[-1]}/data/{CENSUS_FILE}")
    shipped = parse_components(game.components_text, COMPONENTS_FILE, set(totals.kinds),
                               {k for k, v in totals.kinds.items() if v.extras})
    return GameData(name, game, totals, tuple(shipped))


class OwnerBox:
    """The owner's data of one game, the census over it, and the game it makes.

    Everything the census screens and the phone page change goes through
    here: `answer` makes an entry from the owner's answers, `check` says why
    it may not be taken, `put` takes it (checked again, written atomically,
    its tag bound), `confirm` takes a shipped entry as it is (one tap and
    OK), `drop` goes back to the shipped entry. Nothing is written when a
    check fails.
    """

    def __init__(self, state_dir: Path, data: GameData, owner: list[Component], fs: FileSystem = REAL_DISK) -> None:
        self.state_dir = state_dir
        self.data = data
        self.census = Census(data.totals, list(data.shipped), owner)
        self.fs = fs

    @property
    def name(self) -> str:
        return self.data.name

    @property
    def path(self) -> Path:
        return box_path(self.state_dir, self.name)

    @property
    def owner(self) -> list[Component]:
        """The owner's entries, as the file holds them."""
        return list(self.census.owner)

    @property
    def entries(self) -> list[Component]:
        """The data in force: the shipped entries with the owner's over them, extras after."""
        return self.census.entries

    @property
    def text(self) -> str:
        """The data in force as a components file (what a game plays with and a journal names by digest)."""
        return effective_text(self.data, self.census.owner)

    @property
    def digest(self) -> str:
        return digest(self.text)

    @property
    def legacy(self) -> Path | None:
        """An earlier release's edited copy of the whole components file, never read: import it or remove it."""
        path = legacy_path(self.state_dir, self.name)
        return path if path.exists() else None

    def game(self) -> Game:
        """The game on the data in force."""
        if not self.census.owner:
            return self.data.game
        return component_store.game_on(self.name, self.text)

    def entry(self, cid: str) -> Component | None:
        """The entry in force with id `cid` (an earlier id is read as the id it became)."""
        cid = renamed(self.data.shipped).get(cid, cid)
        return next((e for e in self.entries if e.id == cid), None)

    def checked(self) -> set[str]:
        """The ids the owner has verified."""
        return self.census.checked()

    def believed(self, uid: str, tags: TagMap) -> Component | None:
        """What the companion believes the component with tag `uid` is (None for a tag it does not know): a
        known tag's entry in force, shown for the owner's OK."""
        target = tags.target(uid)
        if target is None:
            return None
        prefix, _, cid = renamed_target(self.name, target).partition(":")
        found = self.entry(cid)
        spec = self.data.totals.kinds.get(found.kind) if found is not None else None
        return found if spec is not None and spec.tag == prefix else None

    def progress(self) -> list[KindProgress]:
        return self.census.progress()

    def differences(self) -> list[Difference]:
        """What the owner's data changes in the shipped default (the phone page shows these)."""
        return self.census.differences()

    def fitting(self, kind: str, answers: Mapping[str, Any], nearest: int = 3) -> list[Fit]:
        """The entries that fit what the owner said so far, the right shipped one first (engine.core.census.fitting)."""
        from engine.core.census import fitting

        return fitting(self.data.totals, self.entries, kind, answers, self.checked(), nearest)

    def answer(self, kind: str, answers: Mapping[str, Any], base: str | None = None, extra: bool = False,
               label: str | None = None) -> Component:
        """The owner's entry for `answers`: the entry `base` (an id in force) corrected, or a new extra one.

        An answer to "id" that names an entry is that entry (a Samurai board
        named by its Samurai). RuleError when the kind is unknown or `base`
        names no entry. A new extra entry gets the next free id
        "extra-<kind>-<n>".
        """
        spec = self.data.totals.kinds.get(kind)
        if spec is None:
            raise RuleError(msg("{value} is not a kind of component this game has.", value=repr(kind)))
        if base is None and not extra and "id" in answers and self.entry(str(answers["id"])) is not None:
            base = str(answers["id"])  # a Samurai board named by its Samurai
        found = self.entry(base) if base is not None else None
        if base is not None and found is None:
            raise RuleError(msg("Unknown component '{id}'.", id=base))
        cid = None
        if found is None:
            taken = {e.id for e in self.entries}
            cid = next(f"extra-{kind}-{n}" for n in range(1, len(taken) + 2) if f"extra-{kind}-{n}" not in taken)
        entry = answered(spec, found, answers, cid, label, extra or found is None)
        if found is not None and found.extra:
            entry = replace(entry, extra=True)
        return entry

    def _taken(self, entry: Component, uid: str | None, tags: TagMap | None) -> set[str]:
        """Ids already checked against another physical component: bound to another tag, or checked with no tag
        while this one has a tag."""
        spec = self.data.totals.kinds.get(entry.kind)
        if spec is None or tags is None or spec.tag is None:
            return set()
        out = set()
        for cid in self.checked():
            bound = tags.uid_for(f"{spec.tag}:{cid}")
            if bound is not None and bound != uid:
                out.add(cid)
        return out

    def check(self, entry: Component, uid: str | None = None, tags: TagMap | None = None) -> Message | None:
        """None when `entry` may be taken (from the tag `uid`, if given); else why not, changing nothing.

        The rulebook's totals first (a fourteenth 3, an unknown penalty, a
        second Kyuzo), then the tag (bound to another component), then the
        game's own loader on the whole data.
        """
        refusal = self.census.check(entry, self._taken(entry, uid, tags))
        if refusal is not None:
            return refusal
        spec = self.data.totals.kinds[entry.kind]
        if uid is not None and tags is not None:
            if spec.tag is None:
                return msg("A {sort} carries no tag.", sort=_sort(spec))
            bound = tags.target(uid)
            mine = f"{spec.tag}:{entry.id}"
            if bound is not None and renamed_target(self.name, bound) != mine:
                return msg("This tag is already enrolled as {target}: correct that component, or free the tag "
                           "first.", target=bound)
        trial = Census(self.census.totals, self.census.shipped, self.census.owner)
        trial.put(entry)
        try:
            component_store.game_on(self.name, effective_text(self.data, trial.owner))
        except RuleError as exc:
            return exc.message
        return None

    def put(self, entry: Component, uid: str | None = None, tags: TagMap | None = None) -> Message | None:
        """Take `entry` (checked again) and write the owner data; bind `uid` to it in `tags` when both are given
        (the caller saves the tag map). Returns the refusal and changes nothing when it is refused.
        OSError when the disk refuses the write (nothing is changed then either)."""
        refusal = self.check(entry, uid, tags)
        if refusal is not None:
            return refusal
        before = self.census.owner
        self.census.put(entry)
        try:
            self.save()
        except OSError:
            self.census.owner = before
            raise
        spec = self.data.totals.kinds[entry.kind]
        if uid is not None and tags is not None and spec.tag is not None:
            tags.bind(uid, f"{spec.tag}:{entry.id}")
        return None

    def confirm(self, cid: str, uid: str | None = None, tags: TagMap | None = None) -> Message | None:
        """The owner checked component `cid` and it is what the companion believes (one tap and OK)."""
        found = self.entry(cid)
        if found is None:
            return msg("Unknown component '{id}'.", id=cid)
        spec = self.data.totals.kinds.get(found.kind)
        if spec is None:
            return msg("{value} is not a kind of component this game has.", value=repr(found.kind))
        return self.put(answered(spec, found, {}, None, None, found.extra), uid, tags)

    def drop(self, cid: str) -> bool:
        """Forget the owner's entry `cid`: the shipped one is in force again (an extra one is gone)."""
        before = self.census.owner
        if not self.census.drop(renamed(self.data.shipped).get(cid, cid)):
            return False
        try:
            trial = effective_text(self.data, self.census.owner)
            component_store.game_on(self.name, trial)
            self.save()
        except (OSError, RuleError):
            self.census.owner = before
            raise
        return True

    def save(self) -> None:
        """Write the owner's entries, atomically."""
        write_atomic(self.path, owner_text(self.name, self.census.owner), self.fs)


def _sort(spec: Any) -> Any:
    from engine.core.census import Named

    return Named(None, spec.words)


def owner_text(name: str, owner: Collection[Component]) -> str:
    """An owner file's text."""
    return render(owner, HEAD, {"game": name})


def effective_text(data: GameData, owner: Collection[Component]) -> str:
    """The data in force as a components file; the shipped text itself when the owner has said nothing."""
    if not owner:
        assert data.game.components_text is not None
        return data.game.components_text
    from engine.core.census import effective

    return render(effective(list(data.shipped), owner),
                  "The data this game plays with: the shipped default and the owner's census.")


def read_owner(state_dir: Path, data: GameData) -> list[Component]:
    """The owner's entries of a game (none without a file); RuleError names the file and what is wrong."""
    path = box_path(state_dir, data.name)
    if not os.path.lexists(path):
        return []
    text = read_text_file(path, msg("the owner's component data"))
    entries = data.parse(text, str(path))
    import tomllib

    game = tomllib.loads(text).get("game")
    if game != data.name:
        raise RuleError(msg("{path}: the components are for {value}, not {game}", path=str(path), value=repr(game),
                            game=repr(data.name)))
    try:
        component_store.game_on(data.name, effective_text(data, entries))
    except RuleError as exc:
        raise RuleError(msg("{path}: {reason}", path=str(path), reason=exc.message)) from None
    return entries


def open_box(state_dir: Path, name: str, fs: FileSystem = REAL_DISK) -> OwnerBox:
    """Game `name`'s owner data in `state_dir` (an empty box: the shipped default in force).

    RuleError when the game has no census data, or the file cannot be used
    (named, with the entry at fault): the file is left as it is.
    """
    data = game_data(name)
    if data is None:
        raise RuleError(msg("{game} has no census: its components are all the rulebook prints.", game=name))
    return OwnerBox(state_dir, data, read_owner(state_dir, data), fs)


def import_legacy(box: OwnerBox) -> list[Difference]:
    """Take an earlier release's `<game>-components.toml` as owner entries: every entry that differs from the
    shipped one (or is new), with the file's own `verified` flags; the file is then renamed `<name>.imported`.

    RuleError (nothing changed) when it cannot be read or its data would not
    make a game; returns the differences taken.
    """
    path = box.legacy
    if path is None:
        return []
    text = read_text_file(path, msg("the edited components file"))
    entries = box.data.parse(text, str(path))
    names = renamed(box.data.shipped)
    shipped = {e.id: e for e in box.data.shipped}
    taken = []
    for entry in entries:
        cid = names.get(entry.id, entry.id)
        base = shipped.get(cid)
        if base is not None and (base.attributes, base.verified, base.extra) == (
                entry.attributes, entry.verified, entry.extra):
            continue
        taken.append(replace(entry, id=cid, where=""))
    trial = Census(box.census.totals, box.census.shipped, box.census.owner)
    for entry in taken:
        trial.put(entry)
    try:
        component_store.game_on(box.name, effective_text(box.data, trial.owner))
    except RuleError as exc:
        raise RuleError(msg("{path}: {reason}", path=str(path), reason=exc.message)) from None
    before = box.census.owner
    box.census.owner = trial.owner
    try:
        box.save()
    except OSError:
        box.census.owner = before
        raise
    # Taken: a refused rename leaves the old file, and importing it again changes nothing.
    box.fs.replace(path, path.with_name(path.name + ".imported"))
    fsync_dir(path.parent, box.fs)
    return [d for d in box.differences() if d.id in {e.id for e in taken}]
