"""Agents trained with sb3-contrib's ``MaskablePPO`` as bots (``pip install
"scopa-rules[train]"``).

:class:`SavedPolicy` is a saved model (``model.save(path)``) as an
:data:`~scopa_rules.adapters.gymnasium.ActionPolicy`, read when it is
made; :func:`load_bot` wraps it in a
:class:`~scopa_rules.adapters.gymnasium.PolicyBot` for
:func:`scopa_rules.match`, a UI or the command line (``scopa-rules
simulate --bots scopa_rules.adapters.sb3:load_bot,greedy --bot-arg
path=policy.zip``).  ``examples/train_maskable_ppo.py`` trains one (see
the "Training an agent" page of the docs).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np

from ..errors import InvalidStateError, shown
from ._arrays import FloatArray, Observation, check_observation
from .gymnasium import PolicyBot

__all__ = ["SavedPolicy", "load_bot"]


def _path(path: str | os.PathLike[str]) -> str:
    return os.fspath(path)


_ACTIVATIONS: dict[str, Callable[[FloatArray], FloatArray]] = {
    "Tanh": np.tanh,
    "ReLU": lambda x: np.maximum(x, 0.0),
}


@attrs.frozen
class SavedPolicy:
    """The ``MaskablePPO`` model saved at ``path`` (an MLP policy), choosing
    the likeliest legal action id for an observation and its action mask.

    The policy's layers are read out of the model when it is made, with
    PyTorch, and the moves worked out with NumPy: a move costs a few matrix
    products, and match workers, forked or sent the policy with its
    layers, never run PyTorch (a process forked from one that did hangs in
    its first parallel step).  A path with no model is an
    :class:`~scopa_rules.InvalidStateError`."""

    path: str = attrs.field(converter=_path)
    """Where the model was saved (``model.save(path)``, a ``.zip``)."""
    _read: list[tuple[list[tuple[FloatArray, FloatArray]], str]] = attrs.field(
        factory=list, init=False, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        self._read.append(_read_layers(self.path))

    def __getstate__(self) -> dict[str, Any]:
        return {"path": self.path, "layers": self.layers()}

    def __setstate__(self, state: dict[str, Any]) -> None:
        object.__setattr__(self, "path", state["path"])
        object.__setattr__(self, "_read", [state["layers"]])

    def layers(self) -> tuple[list[tuple[FloatArray, FloatArray]], str]:
        """The policy's layers (weights and biases, the action layer last)
        and the hidden layers' activation."""
        layers, activation = self._read[0]
        return layers, activation

    def __call__(
        self, observation: Any, mask: np.ndarray[Any, np.dtype[np.bool_]]
    ) -> int:
        layers, activation = self.layers()
        size = layers[0][0].shape[1]
        if np.shape(observation) != (size,):
            raise InvalidStateError(
                f"the policy at {shown(self.path)} reads observations of "
                f"{size} entries, not {np.shape(observation)[0]}: were its rules "
                "or its observation kind ('raw', 'normalized') others?"
            )
        act = _ACTIVATIONS[activation]
        x = np.asarray(observation, np.float32)
        for weights, bias in layers[:-1]:
            x = act(weights @ x + bias)
        weights, bias = layers[-1]
        logits = weights @ x + bias
        return int(np.argmax(np.where(mask, logits, -np.inf)))


def _read_layers(path: str) -> tuple[list[tuple[FloatArray, FloatArray]], str]:
    """The layers of the MLP policy of the model saved at ``path``."""
    if not os.path.exists(path):
        raise InvalidStateError(f"no saved policy at {shown(path)}")
    import torch
    from sb3_contrib import MaskablePPO

    policy = MaskablePPO.load(path, device="cpu").policy
    activation = policy.activation_fn.__name__
    hidden = list(policy.mlp_extractor.policy_net)
    linear = [layer for layer in hidden if isinstance(layer, torch.nn.Linear)]
    others = {type(layer).__name__ for layer in hidden} - {"Linear"}
    action = policy.action_net
    if (
        activation not in _ACTIVATIONS
        or others - {activation}
        or not isinstance(action, torch.nn.Linear)
    ):
        raise InvalidStateError(
            f"the policy at {shown(path)} is not an MLP of Linear and "
            f"{' or '.join(_ACTIVATIONS)} layers (it has {sorted(others)} and "
            f"a {type(action).__name__} action layer)"
        )
    layers = [*linear, action]
    read = []
    for layer in layers:
        weight: torch.Tensor = layer.weight
        bias: torch.Tensor = layer.bias
        read.append(
            (
                weight.detach().numpy().astype(np.float32),
                bias.detach().numpy().astype(np.float32),
            )
        )
    return read, activation


def load_bot(
    path: str | os.PathLike[str], *, observation: Observation = "normalized"
) -> PolicyBot:
    """A bot playing the ``MaskablePPO`` model saved at ``path``, handed
    observations of the kind it was trained on."""
    return PolicyBot(SavedPolicy(path), check_observation(observation))
