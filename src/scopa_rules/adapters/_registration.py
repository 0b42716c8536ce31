"""The Gymnasium ids of the presets, registered without importing the
environment's module (``pip install scopa-rules[gymnasium]``).

:func:`register_envs` registers ``scopa_rules/<Preset>-v0`` for every preset
(``scopa_rules/Scopa-v0``, ``scopa_rules/ScoponeScientifico-v0``, ...).  It
is the package's ``gymnasium.envs`` entry point, which Gymnasium before 1.0
calls when it is imported; Gymnasium 1.0 and later have no plugin loader,
and :mod:`scopa_rules.adapters.gymnasium` calls it when imported, so that
``gymnasium.make("scopa_rules.adapters.gymnasium:scopa_rules/Scopone-v0")``
works in a process that never imported the library.
"""

from __future__ import annotations

from ..rules import PRESETS

__all__ = ["ENV_IDS", "NAMESPACE", "register_envs"]

NAMESPACE = "scopa_rules"
"""The Gymnasium namespace of the ids."""
ENTRY_POINT = "scopa_rules.adapters.gymnasium:ScopaEnv"
WRAPPER = "scopa_rules.adapters.gymnasium:ActionMasks"


def _env_name(preset: str) -> str:
    return "".join(part.capitalize() for part in preset.split("-"))


ENV_IDS: dict[str, str] = {
    f"{NAMESPACE}/{_env_name(preset.name)}-v0": preset.name for preset in PRESETS
}
"""Each registered id and the preset it plays."""


def register_envs() -> None:
    """Register every id of :data:`ENV_IDS` with Gymnasium (those not
    registered yet): ``gymnasium.make(id)`` is then the preset's
    :class:`~scopa_rules.adapters.gymnasium.ScopaEnv` (keywords such as
    ``players=4`` or ``opponents="random"`` pass on to it) in the
    :class:`~scopa_rules.adapters.gymnasium.ActionMasks` wrapper, which keeps
    ``action_masks()`` in reach over the wrappers Gymnasium adds.
    """
    from gymnasium.envs.registration import WrapperSpec, register, registry

    wrapper = WrapperSpec("ActionMasks", WRAPPER, {})
    for env_id, preset in ENV_IDS.items():
        if env_id not in registry:
            register(
                env_id,
                entry_point=ENTRY_POINT,
                kwargs={"rules": preset},
                additional_wrappers=(wrapper,),
            )
