"""A whole Samurai Spirit box taught from a phone: the page's requests and the time each component takes.

    .venv/bin/python bench/census_phone.py [--box shipped|other]

`companion web`'s application runs under waitress on 127.0.0.1 with a
scratch state folder; the device is the real App (mock tags, a hand-moved
clock) taking the page's requests from `tick` as it does on the table. For
each of the box's 82 components (66 Raider cards, 7 boards, 6 Farmsteads,
3 Families) the phone does what an owner does: sends what is printed
(**Find the entries that fit**), presses the entry offered first (**This
one**), and the device gets the component's tap (none for a token without a
tag); then the phone reads the device's answer. `--box other` teaches a box
whose every Raider card shows one more or one less flame than the shipped
data says (the first entry offered is then the one to correct).

It prints the HTTP requests per component, the median and worst time of one
component (the page's two answers, the device's work, the answer read back)
and the whole box's time, and checks that the owner's data holds every
component as taught.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import waitress  # type: ignore[import-untyped]  # noqa: E402

from companion.app import App  # noqa: E402
from companion.census import open_box  # noqa: E402
from companion.games import game_ui  # noqa: E402
from companion.runtime.tagmap import TagMap, save_tagmap  # noqa: E402
from companion.runtime.web_pin import device_pin  # noqa: E402
from companion.web.server import SERVER_OPTIONS, create_app  # noqa: E402
from drivers.events import CardPlaced  # noqa: E402
from engine.core.census import value_at  # noqa: E402

GAME = "samurai-spirit"


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--box", choices=("shipped", "other"), default="shipped")
    args = parser.parse_args()
    state = Path(tempfile.mkdtemp(prefix="census-phone-"))
    save_tagmap(state, TagMap(GAME, {}))
    pin = str(device_pin(state))
    server = waitress.create_server(create_app(state, None, "en"), host="127.0.0.1", port=0, threads=4,
                                    **SERVER_OPTIONS)
    base = f"http://127.0.0.1:{server.effective_port}"
    threading.Thread(target=server.run, daemon=True).start()
    clock = Clock()
    app = App(game_ui(GAME), TagMap(GAME, {}), state, clock, new_seed=lambda: 1)
    app.start()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    requests = 0

    def ask(path: str, form: list[tuple[str, str]] | None = None) -> str:
        nonlocal requests
        requests += 1
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        headers = {"Origin": base, "Content-Type": "application/x-www-form-urlencoded"} if data else {}
        with opener.open(urllib.request.Request(base + path, data=data, headers=headers), timeout=30) as reply:
            text: str = reply.read().decode()
            return text

    token = re.search(r'name="csrf" value="([^"]+)"', ask("/census"))
    assert token is not None
    box = open_box(state, GAME)
    kinds = box.data.totals.kinds
    times: list[float] = []
    started = time.perf_counter()
    for n, entry in enumerate(box.data.shipped):
        spec = kinds.get(entry.kind)
        if spec is None or not spec.fields:
            continue
        said = {q.name: value_at(entry, q.name) for q in spec.fields}
        if args.box == "other" and entry.kind == "card":
            said["flames"] = not said["flames"]
        form = [("csrf", token.group(1)), ("pin", pin), ("game", GAME), ("kind", entry.kind)]
        for path, value in said.items():
            values = value if isinstance(value, list) else [value]
            form += [(f"a:{path}", "yes" if v is True else "no" if v is False else str(v)) for v in values or ["-"]]
        begun = time.perf_counter()
        found = ask("/census", [*form, ("do", "find")])
        first = re.search(r'<button name="put" value="([^"]+)">', found)
        assert first is not None, f"nothing offered for {entry.id}"
        sent = ask("/census", [*form, ("put", first.group(1))])
        ident = re.search(r'id="census-status" data-id="([^"]+)"', sent)
        assert ident is not None, sent[:500]
        clock.now += 1
        app.tick()
        if app.web_request is not None:
            app.handle(CardPlaced(f"04C0FFEE{n:06X}", "mock", clock.now))
        answer = json.loads(ask(f"/census/status.json?game={GAME}&id={ident.group(1)}"))
        assert answer["status"] == "ok", (entry.id, answer)
        times.append(time.perf_counter() - begun)
    whole = time.perf_counter() - started
    box = open_box(state, GAME)
    progress = [p.message.text for p in box.progress()]
    changed = sum(1 for d in box.differences() if d.change == "changed")
    print(f"box: {args.box}; {len(times)} components taught through the phone page, {changed} of them corrected")
    print(f"HTTP requests: {requests / len(times):.1f} per component (find, this one, the device's answer)")
    print(f"one component: median {statistics.median(times) * 1000:.1f} ms, worst {max(times) * 1000:.1f} ms; "
          f"the whole box {whole:.1f} s")
    for line in progress:
        print(f"  {line}")
    ok = all("all there" in line for line in progress)
    server.close()
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
