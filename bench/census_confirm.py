"""Census: the companion's share of confirming a whole Samurai Spirit deck, one tap and one OK per card.

    .venv/bin/python bench/census_confirm.py

For each of the 66 Raider cards, in a fresh state folder: the entries that
fit what the tag says (`OwnerBox.fitting`, the first offered being the card
itself), then OK (`OwnerBox.confirm`: the rulebook's totals, the game's own
loader on the whole data, the atomic write of the owner file with its fsync,
the tag bound), then the tag map saved as the device does. Prints the time
per card (median and worst) and for the deck, and the time to open the box
again and build the game on the owner's data. The table's own time (picking
up a card, the tap, the OK) is not in it.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from companion.census import game_for, open_box
from companion.runtime.tagmap import TagMap, save_tagmap, virtual_uid

GAME = "samurai-spirit"


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        state = Path(folder)
        box = open_box(state, GAME)
        tags = TagMap(GAME)
        cards = [e for e in box.entries if e.kind == "card"]
        times = []
        whole = time.perf_counter()
        for card in cards:
            start = time.perf_counter()
            first = box.fitting("card", {k: card.attributes[k] for k in ("value", "symbol", "penalties", "flames")})[0]
            assert first.exact and first.entry.id == card.id, card.id
            uid = virtual_uid(f"card:{card.id}")
            assert box.confirm(first.entry.id, uid, tags) is None
            save_tagmap(state, tags)
            times.append(time.perf_counter() - start)
        deck = time.perf_counter() - whole
        start = time.perf_counter()
        again = open_box(state, GAME)
        game = game_for(GAME, state)
        reopen = time.perf_counter() - start
        assert again.progress()[0].complete and game.components_digest == again.digest  # type: ignore[attr-defined]
        print(f"{len(cards)} cards confirmed: median {statistics.median(times) * 1000:.1f} ms, "
              f"worst {max(times) * 1000:.1f} ms a card, {deck:.2f} s for the deck; "
              f"reopening the box and its game: {reopen * 1000:.1f} ms")
        print(again.progress()[0].message.text)


if __name__ == "__main__":
    main()
