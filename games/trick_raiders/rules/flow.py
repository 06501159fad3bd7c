"""Shared vocabulary of the rule modules: a rule waits for input by yielding a Prompt (engine.core.flow)."""

from engine.core.flow import Flow

__all__ = ["Flow"]
