"""The rules of Samurai Spirit, one module per part of the rulebook.

Rules are generator functions: they `yield` a Prompt whenever the table must
decide or reveal something and receive the accepted input back. `yield from`
lets a penalty, a wound, a Kiai or a round end nest inside one another the
way the rulebook chains them, without a hand-written state machine.
"""
