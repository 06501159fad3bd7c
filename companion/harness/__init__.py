"""Tools that drive the companion from outside as a table would: scripts, trials, the demo's helpers.

Nothing in the running product imports these, except `companion run --script`.
"""
