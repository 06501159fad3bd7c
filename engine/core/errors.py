"""The one error type a rejected input raises."""


class RuleError(ValueError):
    """An input, setup or data file the rules refuse.

    The message is written for the people at the table ("Defend not allowed:
    Kyuzo already defends a hat"), because the companion shows it as it is.
    Raising it never leaves a half-changed state behind: every check happens
    before anything moves.
    """
