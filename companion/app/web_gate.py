"""When the device takes a request from the web page (an enrolment, a census) and when it refuses it, in a sentence.

A request is honoured only in the first menu and the set-up questions, with
no game on the device, nothing over the menu and a disk that saves
(companion.app.web_requests, companion.app.web_census).
"""

from __future__ import annotations

from companion.app.table import Table
from companion.games.registry import game_title, registered_games
from companion.players.book import PLAYER_TARGET
from companion.runtime.enrol_requests import GAME_ON, EnrolRequest
from engine.core.messages import Message, msg

QUIET_MODES = ("game", "setup")
"""Where a request is honoured: the first menu and the set-up questions, when no game is on the table."""
CENSUS_GAME_ON = msg("A game is on the device: the census waits until it is over (finish the game or put it aside "
                     "with New game). A component the screen names wrongly is corrected during the game with "
                     "\"This card is not what the screen says\".")
"""Why the device refuses a census request (one that waits for a tap) during a game."""
LIST_SHOWN = msg("The device shows a list or a question: close it, then send the request again.")
CANNOT_SAVE = msg("The device cannot save now: see its screen, then send the request again.")


def player_of(request: EnrolRequest) -> str | None:
    """The player whose personal tag the request asks for, or None for a card or board."""
    return request.target[len(PLAYER_TARGET):] if request.target.startswith(PLAYER_TARGET) else None


def wrong_game(table: Table, request: EnrolRequest) -> tuple[str, Message] | None:
    """Why the request's game is not the device's (a status and a sentence), or None."""
    if request.game not in registered_games():
        return "refused", msg("{game} is not a game this companion knows.", game=request.game)
    if request.game != table.ui.name:
        return "wrong-game", msg("The device is set to {game}: choose {wanted} in its first menu (New game), "
                                 "then send the request again.", game=game_title(table.ui.name),
                                 wanted=game_title(request.game))
    return None


def busy(table: Table, census_runs: bool, personal: bool = False,
         game_on: Message = GAME_ON) -> tuple[str, Message] | None:
    """Why the device cannot take a request now (a status and a sentence), or None: it cannot save, a game is
    on it, a list or a question (or the census, `census_runs`) is over the menu, or it keeps no new tags (not
    asked of a `personal` tag, which goes to the player book)."""
    if table.saving.blocked():
        return "refused", CANNOT_SAVE
    if table.mode not in QUIET_MODES:
        return "refused", game_on
    if table.picker is not None or table.confirm is not None or census_runs:
        return "refused", LIST_SHOWN
    if not table.save_tags and not personal:
        return "refused", msg("The device cannot keep new tags now (laptop mode, or its tag map file is "
                              "damaged): see its screen, or use companion enroll.")
    return None
