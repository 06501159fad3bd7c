"""Enrolment from the web page: which card comes next, sending the request, and how far the device got.

The page never binds a tag itself: it writes a request for the device
(companion.runtime.enrol_requests) and reads the device's answer. The words come
back as catalogue keys, so every visitor reads them in their own language.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path

from companion.runtime.enrol_requests import (
    FINAL,
    REQUEST_SECONDS,
    EnrolRequest,
    read_request,
    read_result,
    request_path,
    taken_path,
)
from companion.runtime.tagmap import parse_tagmap, read_text_file, tag_map_file
from engine import RuleError
from engine.core.messages import Message, msg

GRACE_SECONDS = 5.0
"""How long past its expiry a request the device never took still counts as on its way."""


@dataclass(frozen=True)
class Progress:
    """How far the request got: a status (the device's, or sent / gone), its sentence, and whether it is over."""

    status: str
    message: Message

    @property
    def final(self) -> bool:
        return self.status in FINAL or self.status == "gone"


def tagged(state_dir: Path, game: str, targets: list[str]) -> set[str]:
    """The targets that have a tag now, read from the game's tag map (an unreadable map counts as none)."""
    path = tag_map_file(state_dir, game)
    try:
        tagmap = parse_tagmap(read_text_file(path, msg("the tag map")), str(path), set(targets))
    except RuleError:
        return set()
    return set(tagmap.tags.values())


def next_untagged(targets: list[str], have_tags: set[str], after: str | None = None) -> str | None:
    """The first target without a tag, starting after `after` (and never `after` itself); None when all have one."""
    start = targets.index(after) + 1 if after in targets else 0
    for target in targets[start:] + targets[:start]:
        if target != after and target not in have_tags:
            return target
    return None


def new_request(game: str, target: str, replace: bool, now: float) -> EnrolRequest:
    return EnrolRequest(secrets.token_urlsafe(12), game, target, replace, now + REQUEST_SECONDS)


def progress(state_dir: Path, ident: str, now: float) -> Progress:
    """The device's answer to request `ident`, else whether it is still on its way."""
    answered = _answer(state_dir, ident)
    if answered is not None:
        return answered
    for path in (request_path(state_dir), taken_path(state_dir)):
        try:
            waiting = read_request(path)
        except RuleError:
            waiting = None
        if waiting is not None and waiting.id == ident:
            if now > waiting.expires + GRACE_SECONDS:
                return Progress("expired", msg("The device did not answer within a minute: is the companion "
                                               "running and showing its first menu or set-up? Send the request "
                                               "again."))
            return Progress("sent", msg("Sent: waiting for the device to show it."))
    answered = _answer(state_dir, ident)
    return answered or Progress("gone", msg("A newer request (from this page or another phone) replaced this one."))


def _answer(state_dir: Path, ident: str) -> Progress | None:
    result = read_result(state_dir)
    if result is None or result.id != ident:
        return None
    return Progress(result.status, result.message)
