"""The rules of Knizia's Samurai, one module per part of the game.

`turns` strings turns together (tiles, Move, Pass, the end), `captures`
resolves a surrounded settlement, `reckoning` finds the winner.
"""
