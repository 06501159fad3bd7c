"""The game's part of the companion: its words and set-up (ui), the demo script, the web page's rules summary and its screens.

It imports companion and pygame; the rules beside it (the folder above) import neither.
"""
