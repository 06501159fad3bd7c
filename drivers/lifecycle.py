"""`with` support shared by every device object: leaving the block closes it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from types import TracebackType
from typing import Self


class ClosesOnExit(ABC):
    """Mix-in for objects with an idempotent `close()`."""

    @abstractmethod
    def close(self) -> None:
        """Release the device; calling it again does nothing."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
