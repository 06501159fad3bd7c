"""The game-independent core: what every game shares.

Inputs, prompts, events, the error type, the journal format and the match
(state = replay of accepted inputs) live here; rules live in each game's folder under `games/`.
"""
