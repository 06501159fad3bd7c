"""Draw hardware/wiring.png and print the README's wiring tables from the default pin map.

The pin numbers come from `drivers.config`, the same table the drivers use
as defaults, and the buttons' places and cap colours from
`companion.buttons_layout`, the table the screen's strip and the label
sheets use, so the picture, the README and the code cannot drift apart
(tests/drivers/test_hardware_docs.py checks the README against it).

Run from the repository root with the project installed:

    python hardware/draw_wiring.py            # writes hardware/wiring.png
    python hardware/draw_wiring.py --markdown # prints the wiring tables
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from companion.buttons_layout import CAP_BY_NAME, DEFAULT_ORDER
from drivers.config import (
    BUTTON_GROUND_PINS,
    DEFAULT_BUTTON_PINS,
    HEADER_PINS,
    PN532_WIRING,
    RC522_WIRING,
    Connection,
    button_ground_pin,
    button_wiring,
)

RC522_COLOUR = (214, 39, 40)
PN532_COLOUR = (31, 119, 180)
BUTTON_COLOUR = (44, 160, 44)
GROUND_COLOUR = (40, 40, 40)
POWER_COLOUR = (255, 127, 14)
FREE_COLOUR = (200, 200, 200)
INK = (20, 20, 20)
PAPER = (250, 250, 245)

WIDTH, HEIGHT = 1200, 1060
PIN_SPACING = 38
HEADER_TOP = 130


def _fmt(value: int | None) -> str:
    return "-" if value is None else str(value)


def markdown_tables() -> str:
    """The three wiring tables exactly as hardware/README.md shows them."""
    lines = ["| RC522 pin | Raspberry Pi signal | BCM | Header pin |", "| --- | --- | --- | --- |"]
    lines += [f"| {c.module_pin} | {c.signal} | {_fmt(c.bcm)} | {_fmt(c.header_pin)} |" for c in RC522_WIRING]
    lines += ["", "| PN532 pin | Raspberry Pi signal | BCM | Header pin |", "| --- | --- | --- | --- |"]
    lines += [f"| {c.module_pin} | {c.signal} | {_fmt(c.bcm)} | {_fmt(c.header_pin)} |" for c in PN532_WIRING]
    lines += ["", "| Button | Place (from the left) | Cap colour | BCM | Header pin | Other leg to GND pin |",
              "| --- | --- | --- | --- | --- | --- |"]
    lines += [
        f"| {c.module_pin} | {DEFAULT_ORDER.index(c.module_pin) + 1} | {CAP_BY_NAME[c.module_pin].colour} | {c.bcm} "
        f"| {c.header_pin} | {button_ground_pin(c.header_pin or 0)} |"
        for c in button_wiring(DEFAULT_BUTTON_PINS)
    ]
    return "\n".join(lines)


def _labels() -> dict[int, list[tuple[str, tuple[int, int, int]]]]:
    """Header pin -> the annotations to write beside it."""
    labels: dict[int, list[tuple[str, tuple[int, int, int]]]] = {}

    def add(pin: int | None, text: str, colour: tuple[int, int, int]) -> None:
        if pin is not None:
            labels.setdefault(pin, []).append((text, colour))

    for c in RC522_WIRING:
        add(c.header_pin, f"RC522 {c.module_pin}", RC522_COLOUR)
    for c in PN532_WIRING:
        add(c.header_pin, f"PN532 {c.module_pin}", PN532_COLOUR)
    for c in button_wiring(DEFAULT_BUTTON_PINS):
        add(c.header_pin, f"button {c.module_pin}", BUTTON_COLOUR)
    for pin in BUTTON_GROUND_PINS:
        add(pin, "buttons' other legs", BUTTON_COLOUR)
    return labels


def _pin_colour(label: str) -> tuple[int, int, int]:
    if label == "GND":
        return GROUND_COLOUR
    if label in ("3V3", "5V"):
        return POWER_COLOUR
    return FREE_COLOUR


def draw(path: Path) -> Path:
    """Render the annotated 40-pin header to a PNG at `path`."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    # Leave the font module as it was found: quitting it frees every Font made before (a process
    # that already draws text, such as the test run, would crash at its next line of text).
    was_up = pygame.font.get_init()
    pygame.font.init()
    try:
        title_font = pygame.font.Font(None, 40)
        font = pygame.font.Font(None, 24)
        small = pygame.font.Font(None, 20)
        surface = pygame.Surface((WIDTH, HEIGHT))
        surface.fill(PAPER)
        surface.blit(title_font.render("Table companion: default wiring (Raspberry Pi 40-pin header)", True, INK), (30, 24))
        surface.blit(
            font.render("Header seen from above, pin 1 top left (next to the SD card end). BCM numbers in brackets.", True, INK),
            (30, 66),
        )
        centre = WIDTH // 2
        labels = _labels()
        pygame.draw.rect(surface, (30, 30, 30), (centre - 50, HEADER_TOP - 20, 100, 20 * PIN_SPACING + 2), border_radius=8)
        for pin, name in HEADER_PINS.items():
            row, column = (pin - 1) // 2, (pin - 1) % 2
            x = centre - 25 + column * 50
            y = HEADER_TOP + row * PIN_SPACING
            used = labels.get(pin)
            colour = used[0][1] if used and name.startswith("GPIO") else _pin_colour(name)
            pygame.draw.circle(surface, colour, (x, y), 13)
            number = small.render(str(pin), True, PAPER if colour in (GROUND_COLOUR, RC522_COLOUR, PN532_COLOUR) else INK)
            surface.blit(number, number.get_rect(center=(x, y)))
            caption = small.render(f"({name[4:]})" if name.startswith("GPIO") else name, True, INK)
            caption_x = x - 38 - caption.get_width() if column == 0 else x + 38
            surface.blit(caption, (caption_x, y - caption.get_height() // 2))
            if used:
                annotation = font.render("  /  ".join(label for label, _ in used), True, used[0][1])
                if column == 0:
                    ax = caption_x - 20 - annotation.get_width()
                    pygame.draw.line(surface, used[0][1], (ax + annotation.get_width() + 4, y), (caption_x - 4, y), 2)
                else:
                    ax = caption_x + caption.get_width() + 20
                    pygame.draw.line(surface, used[0][1], (caption_x + caption.get_width() + 4, y), (ax - 4, y), 2)
                surface.blit(annotation, (ax, y - annotation.get_height() // 2))
        legend_y = HEADER_TOP + 20 * PIN_SPACING + 20
        legend = [
            (RC522_COLOUR, "RC522 on SPI0 CE0 (/dev/spidev0.0), RST on BCM 25: power from 3.3 V only"),
            (PN532_COLOUR, "PN532 on the UART (/dev/serial0, 115200 baud), mode switches set to HSU: TX to RX crossed"),
            (BUTTON_COLOUR, "Buttons: GPIO to GND, internal pull-ups (pressed = low), debounced in software"),
            (POWER_COLOUR, "power pins (3V3 / 5V)     dark: GND     grey: free"),
        ]
        for index, (colour, text) in enumerate(legend):
            y = legend_y + index * 28
            pygame.draw.rect(surface, colour, (30, y, 18, 18))
            surface.blit(font.render(text, True, INK), (58, y))
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(path))
    finally:
        if not was_up:
            pygame.font.quit()
    return path


def _connections_used() -> list[Connection]:
    return [*RC522_WIRING, *PN532_WIRING, *button_wiring(DEFAULT_BUTTON_PINS)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="print the README wiring tables instead")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("wiring.png"))
    args = parser.parse_args(argv)
    if args.markdown:
        print(markdown_tables())
        return 0
    used = {c.header_pin for c in _connections_used() if c.header_pin is not None}
    print(f"wrote {draw(args.out)} ({len(used)} header pins used)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
