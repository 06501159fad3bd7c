"""Counts read right in every language: a message with a count has gettext plural forms, and each
language picks the right one ("1 Farmstead", "2 Farmsteads"; French "0 partie", "2 parties").

The rule for "a message with a count": a field that holds a count (`{n}`, `{count}`, `{won}`,
`{played}`, `{lives}`, `{games}`, `{seconds}`, `{total}`, `{left}`, ...) followed by a noun in the
plural ("{n} tiles", "{n} life chips", "{played} games"), or one of the fields that only ever count
(`{won}`, `{played}`). Such a message must be a `msg_n`, except the few listed in NEVER_ONE, whose
count can never be 1 (each with the reason).
"""

from __future__ import annotations

import re

import pytest

from companion import i18n
from companion.i18n import LANGUAGES, PLURAL_FORMS, PLURAL_SEP, Translator
from companion.i18n_extract import extract
from engine.core.messages import Message, message_from_json, msg, msg_n

COUNTED = re.compile(r"\{(?:n|count|won|played|lives|games|seconds|total|left|steps|have)\} (?:[A-Za-z-]+ )?"
                     r"(?!is\b|has\b|was\b|does\b)[A-Za-z]+s\b|\{(?:won|played)\}")
"""A count followed by a plural noun (an optional word between: "{n} life chips", "{n} lead cards")."""

NEVER_ONE = {
    "Advice: {options} (+-{margin}%, {games} games each; best: {best}).": "the advisor plays hundreds of games",
    "Lay out the map for {n} players and put {figures} figures of each caste beside it; return the rest to "
    "the box.": "2 to 4 players",
    "Lives: {lives}.": "a list of every player's lives, not a count",
    "Re-deal: gather every card, set these {n} Plunderers aside (out of this game), put back the Barricades, "
    "Farmsteads, Families and tokens as at set-up, and start again.": "a deck of at least 20 Plunderers",
    "Set up: {barricades} Barricades, 6 Farmsteads and 3 Families on the village; count out {n} Plunderers face "
    "down as the Raider stack. {samurai} begins.": "a deck of at least 20 Plunderers",
    "The backup holds more than {count} files; a companion backup has fewer.": "a limit in the thousands",
    "Two-player rule broken at set-up: the family symbol must be present at least twice among the {n} Plunderer "
    "cards kept, the rulebook says, but these show it {family} times, with {unseen} still unseen. Re-deal (set "
    "these {n} aside, draw {n} new ones and start again), or play on with this deal?": "a deck of Plunderers",
    "a number of {count} digits is far too long (at most {most})": "more digits than the limit of thousands",
    "deck: {difficulty} with {n} Samurai uses {want} Plunderers, not {count}": "2 to 7 Samurai",
    "expected {n} colours, one set each; found {found}": "the shipped data has 7 colours",
    "the line is too long (more than {n} bytes): send one JSON object per line, such as {example}": "a limit of kilobytes",
    "the {n} Plunderers show the family symbol {count} times; the two-player rules need it at least twice: set "
    "them aside and count out {n} new ones": "a deck of Plunderers",
    "The book already holds {count} players; merge or rename some instead.": "the book's limit (500)",
    "it holds more than {count} players": "the book's limit (500)",
    "{name} already has {count} personal tags; that is the most.": "the limit of tags per player (8)",
    "{count} players": "2 to 7 players", "{n} players": "2 to 4 players",
    "{count} players in seat order, clockwise: {players}.": "2 to 4 players",
    "{count} players, clockwise: {players}. Each takes the 11 cards of that colour.": "2 to 7 players",
    "{difficulty} with {n} Samurai needs more than the {tokens} Barricade tokens": "2 to 7 Samurai",
    "{n} of {count} tags enrolled; map saved in {path}": "a game has dozens of tags to enrol",
    "{n} of {total} decisions differ from the advisor's choice.": "English 'of N decisions' reads for any N",
    "{path}: nested too deeply (more than {n} levels of tables or lists)": "a limit of dozens",
    "{player} declares aggressively with {n} lead cards: take a bonus declaration token.":
        "aggressive means more lead cards than were dealt (3 or 4)",
    "{player}: tap each further tile you play, then press Pass ({n} played this turn). A settlement surrounded? "
    "Press its castes.": "'played' is not a noun; the translations say it without agreement",
}


def test_every_message_with_a_count_has_plural_forms() -> None:
    found = extract()
    missing = sorted(key for key in found if PLURAL_SEP not in key and COUNTED.search(key) and key not in NEVER_ONE)
    assert not missing, "count messages without plural forms (use msg_n):\n" + "\n".join(missing)
    assert not set(NEVER_ONE) - set(found), f"NEVER_ONE names messages the code no longer has: {set(NEVER_ONE) - set(found)}"


def test_the_rule_catches_the_counts_a_table_saw() -> None:
    for template in ("{game}: {played} games, {finished} finished", "{won} of {of} won ({percent}%)",
                     "{n} Farmsteads: +{n}", "Each player takes {n} life chips.", "{tile} is next to the settlement ({n} tiles)."):
        assert COUNTED.search(template), template
    for template in ("Round {n}", "{card} has two penalties: which does {samurai} apply first?", "Turn {n}: {player}"):
        assert not COUNTED.search(template), template


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_says_one_and_two_right(lang: str) -> None:
    samples = {
        "en": ("1 Farmstead: +1", "2 Farmsteads: +2", "0 Farmsteads: +0"),
        "de": ("1 Bauernhof: +1", "2 Bauernhöfe: +2", "0 Bauernhöfe: +0"),
        "fr": ("1 Ferme : +1", "2 Fermes : +2", "0 Ferme : +0"),
        "nl": ("1 Boerderij: +1", "2 Boerderijen: +2", "0 Boerderijen: +0"),
    }
    tr = Translator(lang, game="samurai-spirit")
    said = tuple(tr(msg_n("{n} Farmstead: +{n}", "{n} Farmsteads: +{n}", n=n)) for n in (1, 2, 0))
    assert said == samples[lang]
    won = {"en": ("1 of 3 won (33%)", "2 of 3 won (67%)"), "de": ("1 von 3 gewonnen (33%)", "2 von 3 gewonnen (67%)"),
           "fr": ("1 gagnée sur 3 (33 %)", "2 gagnées sur 3 (67 %)"),
           "nl": ("1 van 3 gewonnen (33%)", "2 van 3 gewonnen (67%)")}
    plain = Translator(lang)
    assert tuple(plain(msg_n("{n} of {of} won ({percent}%)", "{n} of {of} won ({percent}%)", n=n, of=3,
                             percent=round(100 * n / 3))) for n in (1, 2)) == won[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_message_renders_for_one_and_two(lang: str) -> None:
    """Every msg_n of the code, in every language: the form for 1 differs from the form for 2 wherever the
    catalogue's forms differ, and nothing falls back to English."""
    tr = Translator(lang)
    rule = i18n.plural_rule(PLURAL_FORMS[lang])
    assert (rule(0), rule(1), rule(2)) == ((0, 0, 1) if lang == "fr" else (1, 0, 1))
    for key in (k for k in extract() if PLURAL_SEP in k):
        singular, plural = key.split(PLURAL_SEP)
        params = {name: "X" for name in i18n.fields(singular) | i18n.fields(plural) if name != "n"}
        one, two = (tr(msg_n(singular, plural, n=n, **params)) for n in (1, 2))
        if lang != "en":
            forms = tr.template(key).split(PLURAL_SEP)
            assert len(forms) == 2, f"{lang}: no plural forms for {singular!r}"
            assert one == forms[0].format(n=1, **params) and two == forms[1].format(n=2, **params)
        else:
            assert one == singular.format(n=1, **params) and two == plural.format(n=2, **params)


def test_a_plural_message_compares_and_stores_as_before() -> None:
    one = msg_n("{n} tile", "{n} tiles", n=1)
    assert one.text == "1 tile" and msg_n("{n} tile", "{n} tiles", n=3).text == "3 tiles"
    assert one == msg_n("{n} tile", "{n} tiles", n=1) and one != msg("{n} tile", n=1)
    stored = msg("Nested: {what}", what=msg_n("{n} tile", "{n} tiles", n=2)).to_json()
    assert stored == {"key": "Nested: {what}", "params": {"what": {"key": "{n} tile", "params": {"n": 2},
                                                                   "plural": "{n} tiles"}}}
    again = message_from_json(stored)
    assert again == msg("Nested: {what}", what=msg_n("{n} tile", "{n} tiles", n=2)) and again.text == "Nested: 2 tiles"
    assert msg("Round {n}", n=2).to_json() == {"key": "Round {n}", "params": {"n": 2}}, "a plain message as before"
    assert Message("x", {"n": "0.5"}, "y").count == 2 and Message("x", {"n": "2"}, "y").count == 2
    assert Message("x", {"n": 1.0}, "y").count == 1 and Message("x", {"n": "one"}, "y").count == 2


def test_a_count_message_stored_before_it_had_plural_forms_still_reads_translated() -> None:
    """A history row keeps its summary as {"key", "params"}; one saved with the old, plural-only key is
    found as the plural entry's English plural and gets the form for its count."""
    old = message_from_json({"key": "Game over. {players} with {n} points of prisoners.",
                             "params": {"players": ["red"], "n": 1}})
    assert old.plural is None
    assert Translator("de")(old) == "Partie vorbei. red mit 1 Gefangenenpunkt."
    assert Translator("fr", game="tenno")(message_from_json({**old.to_json(), "params": {"players": ["red"], "n": 5}})) \
        == "Partie terminée. red avec 5 points de prisonniers."
    assert Translator("en")(old) == "Game over. red with 1 points of prisoners.", "English: the text as it was stored"
