"""JSON from outside the program, read with limits a crafted file cannot break.

The standard `json.loads` turns hostile but well-formed text into crashes
that are not `json.JSONDecodeError`: nesting a few thousand levels deep
raises RecursionError, an integer of more than 4,300 digits raises
ValueError, and anything but a str/bytes raises TypeError. Journals, tag
maps and protocol lines all come from files or pipes a person can edit, so
every one is read through `load_limited`, which either returns a value or
raises RuleError with a sentence a person can act on.

Nothing the companion writes comes near the limits: a journal record nests
three levels deep and its largest number is a 31-bit seed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.core.errors import RuleError
from engine.core.messages import msg

MAX_DEPTH = 32
MAX_INT_DIGITS = 40


def nesting_depth(text: str) -> int:
    """The deepest nesting of [ and { in `text`, ignoring brackets inside strings.

    Counted by hand (no recursion) so a line nested 100,000 deep is measured,
    not crashed on. Unbalanced text gives whatever depth it reached; the JSON
    parser reports the syntax error afterwards.
    """
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif char in "]}":
            depth -= 1
    return deepest


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise RuleError(msg("a number of {count} digits is far too long (at most {most})",
                            count=len(digits.lstrip("-")), most=MAX_INT_DIGITS))
    return int(digits)


def _parse_constant(name: str) -> Any:
    raise RuleError(msg('{name} is not a number JSON allows', name=name))


def load_limited(text: str, max_depth: int = MAX_DEPTH,
                 object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None) -> Any:
    """Parse one JSON document, refusing what would crash or stall the parser.

    Raises RuleError naming the problem: not JSON (with the column), nested
    deeper than `max_depth`, a number with too many digits, NaN/Infinity.
    `object_pairs_hook` is passed to `json.loads`, for callers that must see
    every key of an object (plain `json.loads` keeps only the last of a
    duplicated key).
    """
    if not isinstance(text, str):
        raise RuleError(msg('the text is not a string'))
    depth = nesting_depth(text)
    if depth > max_depth:
        raise RuleError(msg('nested {depth} levels deep (at most {max_depth})', depth=depth, max_depth=max_depth))
    try:
        return json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant,
                          object_pairs_hook=object_pairs_hook)
    except json.JSONDecodeError as exc:
        raise RuleError(msg('not JSON ({reason} at column {column})', reason=exc.msg, column=exc.colno)) from None
    except RecursionError:
        raise RuleError(msg('nested too deeply to read')) from None
    except ValueError as exc:
        raise RuleError(msg('not readable JSON ({reason})', reason=str(exc))) from None
