"""The app: driver events in, engine inputs out, a Screen value for the display.

`App` (companion.app.controller) builds a few parts, each a class readable
alone, given in its constructor what it needs and no more; the state they
all share is one `Table` (companion.app.table):

- input routing, `Router` (router): a driver event -> the part that takes it;
- the steps of each mode, one small interface (`Step`: `tap`, `press`, `menu`):
  `ResumeSteps` (resume_steps: start-up, resume, putting a game aside, the
  owed disk jobs), `FirstMenu` and `SetupSteps` (setup_steps), and the
  game session `Session` (play_steps: inputs, journal, narration, undo);
- what takes every event while it runs: the web page's request `WebBridge`
  (web_requests, with `WebCensus` in web_census), the hardware check
  `CheckSteps` (check_steps), the census `CensusSteps` (census_steps);
- lists over the moment, `Pickers` (pickers); players at set-up,
  `SeatSteps` (seat_steps); the first menu's extras, `MenuExtras`
  (setup_steps); the state folder's refusal, `StateFolder` (state_folder);
- frames, `Frames` and `Pages` (frames): the Table -> a Screen.

A tap during play, in order:

1. `App.handle(CardPlaced)` hands the event to `Router.handle`;
2. `Router.handle` offers it to `WebBridge.takes`, `CheckSteps.takes` and
   `CensusSteps.takes` (each False unless it runs), then calls `Router.card`;
3. `Router.card` looks the tag up in the tag map (`TagMap.target`) and calls
   the current step's `tap`: in play `Session.tap`;
4. `Session.tap` asks the game what the tap means (`GameUI.input_for_tap`) and
   calls `Session.apply_or_say`, which calls `Session.apply`;
5. `Session.apply` applies the inputs to the match (`Match.apply`), then
   `Session.append` writes them to the journal (`JournalFile.append`, fsynced;
   a disk that refuses takes them back), then `Session.narrate` fills the
   Table's to-do and log;
6. the loop then draws `App.screen()`: `Frames.screen` builds the Screen from
   the Table (`Frames._play_screen`).

A press takes the same path through `Router.button` (the Cannot save screen,
a question over the frame, the page button and a list over the moment come
first) to the step's `press`.
"""

from companion.app.base import Notice, engine_words
from companion.app.controller import App

__all__ = ["App", "Notice", "engine_words"]
