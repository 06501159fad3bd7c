"""One package per game; each builds on `engine.core`."""
