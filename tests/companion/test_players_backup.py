"""The player book is in the backup and comes back with a restore; a damaged one is refused whole."""

from __future__ import annotations

import gzip
import io
import tarfile
from pathlib import Path

import pytest

from companion.players.book import BOOK_NAME, change_book, load_book
from companion.web import backup
from engine import RuleError


def _book(state: Path) -> None:
    def add(book):  # type: ignore[no-untyped-def]
        book.add("Zoë", new_id=lambda: "p-zoe")
        book.add_tag("p-zoe", "04AB")
    change_book(state, add)


def test_the_player_book_is_backed_up_and_restored(tmp_path: Path) -> None:
    source, target = tmp_path / "a", tmp_path / "b"
    _book(source)
    data = backup.make_backup(source, None)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        assert BOOK_NAME in tar.getnames()
    target.mkdir()
    backup.restore(target, io.BytesIO(data), None)
    book, note = load_book(target)
    assert note is None and book.players["p-zoe"].name == "Zoë" and book.by_tag("04AB") is not None


def test_a_damaged_player_book_in_a_backup_stops_the_restore(tmp_path: Path) -> None:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        data = b'{"players": [{"id": "p1", "name": "=cmd|\\u0007"}]}'
        info = tarfile.TarInfo(BOOK_NAME)
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    state = tmp_path / "state"
    state.mkdir()
    with pytest.raises(RuleError) as refused:
        backup.restore(state, io.BytesIO(gzip.compress(out.getvalue(), mtime=0)), None)
    assert "players.json" in refused.value.message.text
    assert "control character" in str(refused.value)
    assert not (state / BOOK_NAME).exists()
