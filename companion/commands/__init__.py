"""One module per `companion` sub-command that needs more than a few lines (`run`, `enroll`,
`replay`, `advise`, `engine`). `companion.cli` parses the arguments and imports the one it needs,
so a short command does not pay for pygame or the web server.
"""
