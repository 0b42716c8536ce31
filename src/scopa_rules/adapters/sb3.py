"""Agents trained with sb3-contrib's ``MaskablePPO`` as bots (``pip install
"scopa-rules[train]"``).

:class:`SavedPolicy` is a saved model (``model.save(path)``) as an
:data:`~scopa_rules.adapters.gymnasium.ActionPolicy`, loaded on its first
move; :func:`load_bot` wraps it in a
:class:`~scopa_rules.adapters.gymnasium.PolicyBot` for
:func:`scopa_rules.match`, the CLI (``module:Class`` bots) or a UI.  Both
pickle as the model's path, so ``match(..., jobs=2)`` loads the model once
in each worker.  ``examples/train_maskable_ppo.py`` trains one (see the
"Training an agent" page of the docs).
"""

from __future__ import annotations

import os
from typing import Any

import attrs
import numpy as np

from ..errors import InvalidStateError, shown
from ._arrays import Observation, check_observation
from .gymnasium import PolicyBot

__all__ = ["SavedPolicy", "load_bot"]


def _path(path: str | os.PathLike[str]) -> str:
    return os.fspath(path)


@attrs.frozen
class SavedPolicy:
    """The ``MaskablePPO`` model saved at ``path``, choosing an action id
    from an observation and its action mask (the likeliest legal action
    with ``deterministic``, else one drawn by the policy's odds from
    NumPy's global generator)."""

    path: str = attrs.field(converter=_path)
    """Where the model was saved (``model.save(path)``, a ``.zip``)."""
    deterministic: bool = True
    """Play the likeliest legal action (else draw one)."""
    _model: list[Any] = attrs.field(factory=list, init=False, eq=False, repr=False)

    def __getstate__(self) -> dict[str, Any]:
        return {"path": self.path, "deterministic": self.deterministic}

    def __setstate__(self, state: dict[str, Any]) -> None:
        object.__setattr__(self, "path", state["path"])
        object.__setattr__(self, "deterministic", state["deterministic"])
        object.__setattr__(self, "_model", [])

    def model(self) -> Any:
        """The loaded model (loaded on the first call)."""
        if not self._model:
            from sb3_contrib import MaskablePPO

            if not os.path.exists(self.path):
                raise InvalidStateError(f"no saved policy at {shown(self.path)}")
            self._model.append(MaskablePPO.load(self.path, device="cpu"))
        return self._model[0]

    def __call__(
        self, observation: Any, mask: np.ndarray[Any, np.dtype[np.bool_]]
    ) -> int:
        model = self.model()
        expected = model.observation_space.shape
        if np.shape(observation) != expected:
            raise InvalidStateError(
                f"the policy at {shown(self.path)} reads observations of "
                f"{expected[0]} entries, not {np.shape(observation)[0]}: were "
                "its rules or its observation kind ('raw', 'normalized') others?"
            )
        action, _ = model.predict(
            observation, action_masks=mask, deterministic=self.deterministic
        )
        return int(action)


def load_bot(
    path: str | os.PathLike[str],
    *,
    observation: Observation = "normalized",
    deterministic: bool = True,
) -> PolicyBot:
    """A bot playing the ``MaskablePPO`` model saved at ``path``, handed
    observations of the kind it was trained on."""
    return PolicyBot(SavedPolicy(path, deterministic), check_observation(observation))
