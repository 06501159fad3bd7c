"""The running companion's machinery, game-independent: configuration, files that survive a
power cut, the save queue, the state lock, the reader keeper, systemd, the main loop, the tag
map and the remembered set-up. Nothing here knows a game's rules or draws a game; `app/` and
`commands/` build on it, never the other way round.
"""
