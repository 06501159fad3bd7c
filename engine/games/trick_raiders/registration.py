"""Trick Raiders's one registration: every part the engine, the app, the screens and the web page use.

Read by engine.core.registry without importing the game (docs/developers/adding-a-game.md).
"""

from engine.core.registry import register_game

register_game("trick-raiders", "engine.games.trick_raiders:TrickRaiders", title="Trick Raiders",
              testing="engine.games.trick_raiders.testing", advisor="engine.games.trick_raiders.advice",
              app="companion.games.trick_raiders:APP", screens="companion.screens.trick_raiders:SCREENS",
              rules="companion.games.trick_raiders_rules:SUMMARY")
