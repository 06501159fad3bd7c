"""`companion web`: the table's page on the home network (live table, history, cards and their enrolment, rules, backup, settings).

Importing this package imports no web library: the app reads the PIN
through `companion.runtime.web_pin` and the enrolment requests through
`companion.runtime.enrol_requests`; only `companion.web.server` needs Flask.
"""
