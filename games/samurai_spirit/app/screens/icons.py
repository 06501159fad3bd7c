"""Samurai Spirit's symbols, drawn with pygame primitives.

Players read shapes faster than words across a table, and a shape survives
a colour-vision deficiency where a colour may not: the hat is a cone, the
farm a house, the doll a figure, a wound a drop. Every icon fills the rect it
is given (kept square and centred) and has a dim, outline-only form for
"missing" or "not yet" (an undefended symbol, a lost Family).
"""

from __future__ import annotations

import math

import pygame

from companion.screens import palette
from companion.screens.painter import IconDrawer
from companion.screens.palette import Colour

INK = palette.BLACK
STRAW = palette.ORANGE
HOUSE = palette.BLUISH_GREEN
DOLL = palette.REDDISH_PURPLE
FIRE = palette.VERMILLION
FIRE_CORE = palette.YELLOW
WOOD: Colour = (176, 120, 64)
CARD_BACK = palette.BLUE
CARD_FACE: Colour = (236, 232, 220)
SKIN: Colour = (246, 214, 170)


def _square(rect: pygame.Rect, inset: float = 0.08) -> pygame.Rect:
    side = min(rect.width, rect.height)
    margin = max(1, round(side * inset))
    box = pygame.Rect(0, 0, side - 2 * margin, side - 2 * margin)
    box.center = rect.center
    return box


def _stroke(box: pygame.Rect) -> int:
    return max(1, box.width // 12)


def _at(box: pygame.Rect, fx: float, fy: float) -> tuple[int, int]:
    """A point `fx`, `fy` of the way across and down `box`."""
    return box.left + round(box.width * fx), box.top + round(box.height * fy)


def _shape(surface: pygame.Surface, points: list[tuple[int, int]], fill: Colour, dim: bool, width: int) -> None:
    """A polygon filled and inked, or only outlined when dim."""
    if dim:
        pygame.draw.polygon(surface, palette.TEXT_DIM, points, max(1, width))
        return
    pygame.draw.polygon(surface, fill, points)
    pygame.draw.polygon(surface, INK, points, max(1, width))


def _disc(surface: pygame.Surface, centre: tuple[int, int], radius: int, fill: Colour, dim: bool, width: int) -> None:
    if dim:
        pygame.draw.circle(surface, palette.TEXT_DIM, centre, radius, max(1, width))
        return
    pygame.draw.circle(surface, fill, centre, radius)
    pygame.draw.circle(surface, INK, centre, radius, max(1, width))


def _slash(surface: pygame.Surface, box: pygame.Rect, dim: bool) -> None:
    """The "not allowed" ring and bar laid over another glyph."""
    colour = palette.TEXT_DIM if dim else FIRE
    width = max(2, box.width // 9)
    pygame.draw.circle(surface, colour, box.center, box.width // 2, width)
    offset = round(box.width / 2 * math.cos(math.pi / 4)) - width // 2
    pygame.draw.line(surface, colour, (box.centerx - offset, box.centery - offset),
                     (box.centerx + offset, box.centery + offset), width)


# --- the three defence symbols -------------------------------------------------


def hat(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A conical straw hat (the peasants)."""
    box = _square(rect)
    width = _stroke(box)
    _shape(surface, [_at(box, 0.02, 0.74), _at(box, 0.5, 0.18), _at(box, 0.98, 0.74)], STRAW, dim, width)
    colour = palette.TEXT_DIM if dim else INK
    pygame.draw.line(surface, colour, _at(box, 0.3, 0.56), _at(box, 0.7, 0.56), width)
    pygame.draw.line(surface, colour, _at(box, 0.38, 0.74), _at(box, 0.5, 0.9), width)
    pygame.draw.line(surface, colour, _at(box, 0.62, 0.74), _at(box, 0.5, 0.9), width)


def farm(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A house with a pitched roof (a Farmstead)."""
    box = _square(rect)
    width = _stroke(box)
    _shape(surface, [_at(box, 0.18, 0.5), _at(box, 0.82, 0.5), _at(box, 0.82, 0.95), _at(box, 0.18, 0.95)],
           HOUSE, dim, width)
    _shape(surface, [_at(box, 0.02, 0.55), _at(box, 0.5, 0.08), _at(box, 0.98, 0.55)], WOOD, dim, width)
    door = pygame.Rect(*_at(box, 0.42, 0.68), max(2, box.width // 6), max(2, round(box.height * 0.27)))
    pygame.draw.rect(surface, palette.TEXT_DIM if dim else INK, door, 0 if not dim else 1)


def doll(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A little kokeshi-like figure (a Family)."""
    box = _square(rect)
    width = _stroke(box)
    _shape(surface, [_at(box, 0.36, 0.48), _at(box, 0.64, 0.48), _at(box, 0.8, 0.96), _at(box, 0.2, 0.96)],
           DOLL, dim, width)
    _disc(surface, _at(box, 0.5, 0.28), max(2, round(box.width * 0.2)), SKIN, dim, width)
    if not dim:
        pygame.draw.arc(surface, INK, pygame.Rect(*_at(box, 0.3, 0.06), round(box.width * 0.4),
                                                  round(box.height * 0.3)), 0.3, 2.85, max(2, width + 1))


SYMBOLS: dict[str, IconDrawer] = {"hat": hat, "farm": farm, "doll": doll}


# --- village and battle ----------------------------------------------------------


def flames(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """Three tongues of fire: past the Kiai, or a card that burns a Barricade."""
    box = _square(rect, 0.04)
    outer = [_at(box, 0.12, 0.95), _at(box, 0.06, 0.55), _at(box, 0.24, 0.3), _at(box, 0.3, 0.55),
             _at(box, 0.44, 0.05), _at(box, 0.62, 0.42), _at(box, 0.72, 0.22), _at(box, 0.94, 0.6),
             _at(box, 0.88, 0.95)]
    _shape(surface, outer, FIRE, dim, _stroke(box))
    if not dim:
        inner = [_at(box, 0.3, 0.92), _at(box, 0.34, 0.68), _at(box, 0.46, 0.45), _at(box, 0.56, 0.66),
                 _at(box, 0.7, 0.56), _at(box, 0.72, 0.92)]
        pygame.draw.polygon(surface, FIRE_CORE, inner)


def barricade(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A wooden fence: two posts and two crossed planks."""
    box = _square(rect)
    width = _stroke(box)
    post_w = max(3, box.width // 5)
    for fx in (0.14, 0.66):
        x, y = _at(box, fx, 0.04)
        post = [(x, y + post_w // 2), (x + post_w // 2, y), (x + post_w, y + post_w // 2), (x + post_w, box.bottom),
                (x, box.bottom)]
        _shape(surface, post, WOOD, dim, width)
    plank = max(3, box.width // 5)
    for start, end in ((_at(box, 0.04, 0.22), _at(box, 0.96, 0.78)), (_at(box, 0.04, 0.78), _at(box, 0.96, 0.22))):
        if dim:
            pygame.draw.line(surface, palette.TEXT_DIM, start, end, max(1, width))
            continue
        pygame.draw.line(surface, INK, start, end, plank + 2 * width)
        pygame.draw.line(surface, WOOD, start, end, plank)


def wound(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A drop of blood (a Wound token): a round bottom drawn out to a point at the top."""
    box = _square(rect)
    radius = box.width * 0.32
    cx, cy = box.centerx, box.top + box.height * 0.66
    points = [(box.centerx, box.top + round(box.height * 0.02))]
    for step in range(13):
        angle = math.radians(-30 + step * 20)
        points.append((round(cx + radius * math.cos(angle + math.pi)), round(cy - radius * math.sin(angle + math.pi))))
    points.reverse()
    _shape(surface, points, FIRE, dim, _stroke(box))
    if not dim:
        pygame.draw.circle(surface, palette.WHITE, _at(box, 0.4, 0.62), max(1, round(radius / 4)))


def card_back(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """One Raider card face down: a blue back with a white diamond."""
    box = _square(rect)
    card = pygame.Rect(0, 0, round(box.width * 0.7), box.height)
    card.center = box.center
    radius = max(1, box.width // 10)
    pygame.draw.rect(surface, palette.TEXT_DIM if dim else CARD_BACK, card, 0, radius)
    pygame.draw.rect(surface, palette.WHITE, card, max(1, box.width // 14), radius)
    inner = card.inflate(-card.width // 2, -card.height // 2)
    pygame.draw.polygon(surface, palette.WHITE, [inner.midtop, inner.midright, inner.midbottom, inner.midleft])


def raider_stack(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """The Raider stack: cards face down, one behind another."""
    box = _square(rect, 0.0)
    shift = max(2, box.width // 8)
    card_back(surface, box.move(shift, -shift // 2), dim)
    card_back(surface, box.move(-shift // 2, shift // 3), dim)


def intruder_stack(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """The Intruder stack by the gate: a face-down card under a gate beam (a torii)."""
    box = _square(rect, 0.0)
    card_back(surface, box.move(0, box.height // 8), dim)
    colour = palette.TEXT_DIM if dim else FIRE
    beam = max(2, box.height // 8)
    pygame.draw.rect(surface, colour, pygame.Rect(box.left, box.top, box.width, beam))
    pygame.draw.rect(surface, colour, pygame.Rect(box.left + box.width // 6, box.top + beam + 1, box.width * 2 // 3,
                                                  max(1, beam // 2)))
    for fx in (0.2, 0.72):
        pygame.draw.rect(surface, colour, pygame.Rect(*_at(box, fx, 0.0), max(2, box.width // 10), box.height))


def discard_pile(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """The discard pile: cards face up, fanned."""
    box = _square(rect)
    card = pygame.Rect(0, 0, round(box.width * 0.62), round(box.height * 0.86))
    for dx, dy in ((-box.width // 6, box.height // 14), (box.width // 6, -box.height // 14)):
        face = card.copy()
        face.center = (box.centerx + dx, box.centery + dy)
        pygame.draw.rect(surface, palette.TEXT_DIM if dim else CARD_FACE, face, 0, max(1, box.width // 10))
        pygame.draw.rect(surface, INK, face, max(1, box.width // 14), max(1, box.width // 10))
    pip = max(2, box.width // 9)
    pygame.draw.circle(surface, INK, (card.centerx + box.width // 6, box.centery - box.height // 14), pip)


def kiai_mark(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A diamond at the Kiai space of a battle track."""
    box = rect
    points = [box.midtop, box.midright, box.midbottom, box.midleft]
    _shape(surface, points, palette.HIGHLIGHT, dim, 1)


def meeple_lying(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A meeple laid down, head to the left: the Samurai has passed."""
    box = _square(rect, 0.02)
    width = _stroke(box)
    body = [_at(box, 0.3, 0.3), _at(box, 0.62, 0.3), _at(box, 0.98, 0.12), _at(box, 0.98, 0.36),
            _at(box, 0.8, 0.5), _at(box, 0.98, 0.64), _at(box, 0.98, 0.88), _at(box, 0.62, 0.7),
            _at(box, 0.3, 0.7)]
    _shape(surface, body, palette.WHITE, dim, width)
    _disc(surface, _at(box, 0.2, 0.5), max(2, round(box.width * 0.18)), palette.WHITE, dim, width)


def human_face(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """The human side of a Samurai board: a round face with a topknot."""
    box = _square(rect)
    width = _stroke(box)
    knot = pygame.Rect(*_at(box, 0.4, 0.02), max(2, round(box.width * 0.2)), max(2, round(box.height * 0.24)))
    if dim:
        pygame.draw.rect(surface, palette.TEXT_DIM, knot, 1)
    else:
        pygame.draw.rect(surface, INK, knot)
    _disc(surface, _at(box, 0.5, 0.58), round(box.width * 0.4), SKIN, dim, width)
    colour = palette.TEXT_DIM if dim else INK
    eye = max(1, box.width // 14)
    for fx in (0.36, 0.64):
        pygame.draw.circle(surface, colour, _at(box, fx, 0.52), eye)
    pygame.draw.line(surface, colour, _at(box, 0.38, 0.74), _at(box, 0.62, 0.74), max(1, width))


def animal_face(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """The animal side: a snarling head with pointed ears and fangs."""
    box = _square(rect)
    width = _stroke(box)
    for ear in ([_at(box, 0.08, 0.5), _at(box, 0.14, 0.02), _at(box, 0.44, 0.3)],
                [_at(box, 0.92, 0.5), _at(box, 0.86, 0.02), _at(box, 0.56, 0.3)]):
        _shape(surface, ear, STRAW, dim, width)
    _disc(surface, _at(box, 0.5, 0.58), round(box.width * 0.4), STRAW, dim, width)
    colour = palette.TEXT_DIM if dim else INK
    for left, right in (((0.26, 0.44), (0.42, 0.52)), ((0.74, 0.44), (0.58, 0.52))):
        pygame.draw.line(surface, colour, _at(box, *left), _at(box, *right), max(2, width + 1))
    fangs = [_at(box, 0.36, 0.72), _at(box, 0.42, 0.9), _at(box, 0.5, 0.74), _at(box, 0.58, 0.9), _at(box, 0.64, 0.72)]
    pygame.draw.polygon(surface, palette.WHITE if not dim else colour, fangs, 0 if not dim else 1)
    if not dim:
        pygame.draw.polygon(surface, INK, fangs, 1)


FACES: dict[str, IconDrawer] = {"human": human_face, "animal": animal_face}


def support_token(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A round support token: a disc with a ring."""
    box = _square(rect)
    width = _stroke(box)
    _disc(surface, box.center, box.width // 2, palette.SKY_BLUE, dim, width)
    pygame.draw.circle(surface, palette.TEXT_DIM if dim else INK, box.center, max(2, box.width // 4), max(1, width))


# --- penalties ---------------------------------------------------------------------


def _arrow(surface: pygame.Surface, box: pygame.Rect, left: bool, dim: bool) -> None:
    shaft_y = box.centery
    head = box.width // 3
    colour = palette.TEXT_DIM if dim else palette.WHITE
    width = max(2, box.height // 6)
    tip_x = box.left if left else box.right
    tail_x = box.right if left else box.left
    back = tip_x + head if left else tip_x - head
    pygame.draw.line(surface, colour, (tail_x, shaft_y), (back, shaft_y), width)
    points = [(tip_x, shaft_y), (back, shaft_y - head), (back, shaft_y + head)]
    pygame.draw.polygon(surface, colour, points)
    if not dim:
        pygame.draw.polygon(surface, INK, points, 1)


def left_draws(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """An arrow to the left over a card: the left neighbour draws a Raider."""
    box = _square(rect)
    card_back(surface, box.inflate(-box.width // 3, -box.height // 3).move(box.width // 6, box.height // 6), dim)
    _arrow(surface, pygame.Rect(box.left, box.top, box.width, box.height // 2), True, dim)


def right_draws(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """An arrow to the right over a card: the right neighbour draws a Raider."""
    box = _square(rect)
    card_back(surface, box.inflate(-box.width // 3, -box.height // 3).move(-box.width // 6, box.height // 6), dim)
    _arrow(surface, pygame.Rect(box.left, box.top, box.width, box.height // 2), False, dim)


def to_intruder(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A card going unseen onto the Intruder stack: a face-down card and a down arrow."""
    box = _square(rect)
    card_back(surface, pygame.Rect(box.left, box.top + box.height // 3, box.width, box.height * 2 // 3), dim)
    colour = palette.TEXT_DIM if dim else palette.WHITE
    head = box.width // 4
    points = [(box.centerx - head, box.top), (box.centerx + head, box.top), (box.centerx, box.top + head)]
    pygame.draw.polygon(surface, colour, points)


def no_defend(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A shield struck through: no Defend this turn."""
    box = _square(rect)
    inner = box.inflate(-box.width // 3, -box.height // 3)
    shield = [inner.topleft, inner.topright, _at(inner, 1.0, 0.55), inner.midbottom, _at(inner, 0.0, 0.55)]
    _shape(surface, shield, palette.SKY_BLUE, dim, _stroke(box))
    _slash(surface, box, dim)


def no_support(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A support token struck through: no Support this turn."""
    box = _square(rect)
    support_token(surface, box.inflate(-box.width // 3, -box.height // 3), dim)
    _slash(surface, box, dim)


def no_talent(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A star struck through: no talent and no support tokens this turn."""
    box = _square(rect)
    inner = box.inflate(-box.width // 3, -box.height // 3)
    radius_out, radius_in = inner.width / 2, inner.width / 5
    points = []
    for n in range(10):
        angle = -math.pi / 2 + n * math.pi / 5
        radius = radius_out if n % 2 == 0 else radius_in
        points.append((round(inner.centerx + radius * math.cos(angle)), round(inner.centery + radius * math.sin(angle))))
    _shape(surface, points, palette.YELLOW, dim, 1)
    _slash(surface, box, dim)


def must_pass(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A meeple laid down in a ring: this Samurai must Pass."""
    box = _square(rect)
    meeple_lying(surface, box.inflate(-box.width // 4, -box.height // 4), dim)
    pygame.draw.circle(surface, palette.TEXT_DIM if dim else FIRE, box.center, box.width // 2, max(2, box.width // 10))


def shuffle_discard(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """Two arrows chasing each other around a card: a discard goes back into the Raider stack."""
    box = _square(rect)
    colour = palette.TEXT_DIM if dim else palette.WHITE
    width = max(2, box.width // 10)
    ring = box.inflate(-width, -width)
    pygame.draw.arc(surface, colour, ring, 0.3, 2.8, width)
    pygame.draw.arc(surface, colour, ring, 3.45, 5.95, width)
    head = max(3, box.width // 5)
    for (x, y), dy in ((_at(ring, 0.97, 0.4), 1), (_at(ring, 0.03, 0.6), -1)):
        pygame.draw.polygon(surface, colour, [(x - head // 2 - 1, y), (x + head // 2 + 1, y), (x, y + dy * head)])
    card_back(surface, box.inflate(-box.width // 2, -box.height // 2), dim)


def discard_defence(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A defence card with a cross: discard a card from the defence side."""
    box = _square(rect)
    card = pygame.Rect(0, 0, round(box.width * 0.62), box.height)
    card.center = box.center
    pygame.draw.rect(surface, palette.TEXT_DIM if dim else CARD_FACE, card, 0, max(1, box.width // 10))
    pygame.draw.rect(surface, INK, card, max(1, box.width // 14), max(1, box.width // 10))
    hat(surface, card.inflate(-card.width // 5, -card.height // 3).move(0, -card.height // 8), dim)
    width = max(2, box.width // 9)
    colour = palette.TEXT_DIM if dim else FIRE
    pygame.draw.line(surface, colour, box.topleft, box.bottomright, width)
    pygame.draw.line(surface, colour, box.bottomleft, box.topright, width)


PENALTIES: dict[str, IconDrawer] = {
    "barricade": barricade,
    "wound": wound,
    "intruder": to_intruder,
    "no-defend": no_defend,
    "no-support": no_support,
    "left-draws": left_draws,
    "right-draws": right_draws,
    "must-pass": must_pass,
    "shuffle-discard": shuffle_discard,
    "no-talent": no_talent,
    "discard-defence": discard_defence,
}


# --- outcomes and steps --------------------------------------------------------------


def check(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A tick in a disc: done, or won."""
    box = _square(rect)
    _disc(surface, box.center, box.width // 2, palette.GOOD, dim, _stroke(box))
    colour = palette.TEXT_DIM if dim else palette.WHITE
    pygame.draw.lines(surface, colour, False, [_at(box, 0.24, 0.52), _at(box, 0.44, 0.72), _at(box, 0.78, 0.3)],
                      max(2, box.width // 8))


def cross(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A cross in a disc: lost."""
    box = _square(rect)
    _disc(surface, box.center, box.width // 2, FIRE, dim, _stroke(box))
    colour = palette.TEXT_DIM if dim else palette.BLACK
    width = max(2, box.width // 8)
    pygame.draw.line(surface, colour, _at(box, 0.3, 0.3), _at(box, 0.7, 0.7), width)
    pygame.draw.line(surface, colour, _at(box, 0.3, 0.7), _at(box, 0.7, 0.3), width)
