"""One module per subcommand, each exposing `command` (a click command)."""
