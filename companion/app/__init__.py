"""The app: driver events in, engine inputs out, a Screen value for the display (see controller)."""

from companion.app.base import Notice, engine_words
from companion.app.controller import App

__all__ = ["App", "Notice", "engine_words"]
