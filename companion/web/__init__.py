"""`companion web`: the table's page on the home network (live table, history, cards and their enrolment, rules, backup, settings).

Importing this package imports no web library: the app reads the PIN
through `companion.web.pin` and the enrolment requests through
`companion.web.enroll_files`; only `companion.web.server` needs Flask.
"""
