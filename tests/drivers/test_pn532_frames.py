"""PN532 frame encoding and decoding as pure functions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drivers.reader.pn532_frames import (
    ACK_FRAME,
    ERROR_FRAME,
    NACK_FRAME,
    PN532_TO_HOST,
    Ack,
    BadFrame,
    DataFrame,
    ErrorFrame,
    Nack,
    checksum,
    encode_command,
    encode_frame,
    parse_frame,
    passive_target_uid,
)


def test_sam_configuration_frame_matches_the_manual() -> None:
    assert encode_command(0x14, b"\x01\x14\x01") == bytes.fromhex("0000FF05FBD414011401" "0200")


def test_in_list_passive_target_frame() -> None:
    assert encode_command(0x4A, b"\x01\x00") == bytes.fromhex("0000FF04FCD44A0100E100")


def test_length_and_data_checksums() -> None:
    frame = encode_frame(b"\x4b\x00", PN532_TO_HOST)
    length, lcs = frame[3], frame[4]
    assert length == 3 and (length + lcs) & 0xFF == 0
    body, dcs = frame[5:8], frame[8]
    assert (sum(body) + dcs) & 0xFF == 0
    assert frame[-1] == 0x00
    assert checksum(b"\xd5\x4b\x00") == 0xE0


def test_encode_refuses_oversized_data_and_bad_tfi() -> None:
    with pytest.raises(ValueError, match="at most 254"):
        encode_frame(bytes(255))
    with pytest.raises(ValueError, match="TFI"):
        encode_frame(b"\x00", tfi=256)


def test_special_frames() -> None:
    assert parse_frame(ACK_FRAME)[0] == Ack()
    assert parse_frame(NACK_FRAME)[0] == Nack()
    assert parse_frame(ERROR_FRAME)[0] == ErrorFrame()


def test_data_frame_decodes_tfi_and_data() -> None:
    frame = encode_frame(b"\x4b\x01\x02", PN532_TO_HOST)
    item, used = parse_frame(frame)
    assert item == DataFrame(PN532_TO_HOST, b"\x4b\x01\x02")
    assert used == len(frame) - 1  # everything but the postamble, skipped as noise next time


def test_garbage_before_a_frame_is_skipped() -> None:
    frame = encode_frame(b"\x15", PN532_TO_HOST)
    buffer = b"\x13\x37\xff\x55" + frame
    item, used = parse_frame(buffer)
    assert item == DataFrame(PN532_TO_HOST, b"\x15")


def test_a_false_start_code_with_a_bad_length_checksum_is_reported_and_skipped() -> None:
    buffer = b"\x00\xff\x05\x05" + ACK_FRAME
    item, used = parse_frame(buffer)
    assert isinstance(item, BadFrame) and not item.garbled_data and "length checksum" in item.reason
    assert parse_frame(buffer[used:])[0] == Ack()


def test_a_bad_data_checksum_is_a_garbled_frame() -> None:
    frame = bytearray(encode_frame(b"\x4b\x00", PN532_TO_HOST))
    frame[-2] ^= 0x01
    item, used = parse_frame(bytes(frame))
    assert isinstance(item, BadFrame) and item.garbled_data and "data checksum" in item.reason
    assert used == len(frame) - 1


def test_incomplete_frames_wait_for_more_bytes() -> None:
    frame = encode_frame(b"\x4b\x00", PN532_TO_HOST)
    for cut in range(1, len(frame) - 1):
        item, used = parse_frame(frame[:cut])
        assert item is None
        assert parse_frame(frame[used:cut] + frame[cut:])[0] == DataFrame(PN532_TO_HOST, b"\x4b\x00")


def test_noise_without_a_start_code_is_dropped_but_a_trailing_zero_kept() -> None:
    assert parse_frame(b"\x13\x37\x42") == (None, 3)
    assert parse_frame(b"\x13\x37\x00") == (None, 2)
    assert parse_frame(b"") == (None, 0)


def test_extended_frames_decode() -> None:
    data = bytes([0xD5]) + bytes(range(256)) + bytes(43)
    length = len(data)
    head = b"\x00\x00\xff\xff\xff" + bytes((length >> 8, length & 0xFF, checksum(bytes((length >> 8, length & 0xFF)))))
    frame = head + data + bytes((checksum(data),)) + b"\x00"
    item, _ = parse_frame(frame)
    assert item == DataFrame(0xD5, data[1:])


def test_passive_target_answers() -> None:
    assert passive_target_uid(b"\x00") is None
    answer = bytes.fromhex("01 01 0044 00 07 04A1B2C3D4E5F6".replace(" ", ""))
    assert passive_target_uid(answer) == bytes.fromhex("04A1B2C3D4E5F6")
    assert passive_target_uid(bytes.fromhex("0101000408" "04" "DEADBEEF")) == bytes.fromhex("DEADBEEF")
    with pytest.raises(ValueError, match="too short"):
        passive_target_uid(b"\x01\x01")
    with pytest.raises(ValueError, match="bad UID length"):
        passive_target_uid(bytes.fromhex("0101004400" "07" "04A1B2"))
    with pytest.raises(ValueError, match="empty"):
        passive_target_uid(b"")


@settings(max_examples=300, deadline=None)
@given(
    payload=st.binary(min_size=0, max_size=254),
    tfi=st.sampled_from([0xD4, 0xD5]),
    noise=st.binary(max_size=20).filter(lambda b: b"\x00\xff" not in b and not b.endswith(b"\x00")),
)
def test_any_frame_survives_noise_before_it(payload: bytes, tfi: int, noise: bytes) -> None:
    buffer = noise + encode_frame(payload, tfi)
    item, used = parse_frame(buffer)
    assert item == DataFrame(tfi, payload)
    assert buffer[used:] == b"\x00"


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=64))
def test_parsing_arbitrary_bytes_never_crashes_and_always_progresses(data: bytes) -> None:
    buffer = data
    for _ in range(len(data) + 2):
        item, used = parse_frame(buffer)
        assert 0 <= used <= len(buffer)
        if item is None and used == 0:
            break
        buffer = buffer[used:]
