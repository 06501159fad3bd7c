"""Shared vocabulary of the rule modules: a rule waits for input by yielding a Prompt."""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

from engine.core.inputs import Input
from engine.core.prompt import Prompt

T = TypeVar("T")
Flow = Generator[Prompt, Input, T]
