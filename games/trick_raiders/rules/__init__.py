"""The rules of Trick Raiders, one module per part of a round.

`declare` deals and declares, `tricks` plays one trick and its special
cards, `rounds` strings rounds together and ends the game.
"""
