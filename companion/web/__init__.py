"""`companion web`: the table's page on the home network (live table, history, cards, rules, backup, settings).

Importing this package imports no web library: the app reads the PIN
through `companion.web.pin`, and only `companion.web.server` needs Flask.
"""
