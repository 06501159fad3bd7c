"""The table companion: the app that joins the drivers and the rules engine."""
