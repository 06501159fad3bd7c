"""Trick Raiders's one registration: every part the engine, the app, the screens and the web page use.

Read by engine.core.registry without importing the game (docs/developers/adding-a-game.md).
"""

from engine.core.registry import register_game

register_game("trick-raiders", "games.trick_raiders:TrickRaiders", title="Trick Raiders",
              testing="games.trick_raiders.testing", advisor="games.trick_raiders.advice",
              app="games.trick_raiders.app.ui:APP", screens="games.trick_raiders.app.screens:SCREENS",
              rules="games.trick_raiders.app.summary:SUMMARY")
