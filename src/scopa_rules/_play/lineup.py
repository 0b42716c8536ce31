"""The bundled bots by name, as the command line, the environments' opponents
and the web table name them: :data:`BOT_NAMES` and :func:`make_bot`.

>>> import scopa_rules as sr
>>> sorted(sr.BOT_NAMES)
['expert', 'greedy', 'ismcts', 'pimc', 'random']
>>> sr.make_bot("ismcts", iterations=500, playout_epsilon=0.3).iterations
500
>>> sr.make_bot("minimax")
Traceback (most recent call last):
  ...
scopa_rules.errors.ArgumentError: unknown bot 'minimax'; the bots are expert, greedy, ismcts, pimc, random
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from ..errors import ArgumentError, shown
from ..expert import ExpertBot
from .bots import Bot, GreedyBot, IsmctsBot, RandomBot
from .solver import PimcBot

__all__ = ["BOT_NAMES", "make_bot"]

BOT_NAMES: Mapping[str, Callable[..., Bot]] = MappingProxyType(
    {
        "expert": ExpertBot,
        "greedy": GreedyBot,
        "ismcts": IsmctsBot,
        "pimc": PimcBot,
        "random": RandomBot,
    }
)
"""Each bundled bot's name and class, in alphabetical order: ``random``
(uniform legal moves), ``greedy`` (the best capture, no sweep left open),
``expert`` (the strategy books' principles), ``ismcts`` (tree search over
sampled deals) and ``pimc`` (the end of the hand solved exactly)."""


def make_bot(name: str, **options: object) -> Bot:
    """The bot named ``name`` (:data:`BOT_NAMES`), made with ``options`` as
    its keyword arguments; an :class:`~scopa_rules.ArgumentError` naming the
    bots for an unknown name, or the options for a wrong one.

    >>> make_bot("pimc", deals=5).deals
    5
    >>> make_bot("greedy", depth=2)
    Traceback (most recent call last):
      ...
    scopa_rules.errors.ArgumentError: bot 'greedy' takes no option depth=2
    """
    made = BOT_NAMES.get(name) if isinstance(name, str) else None
    if made is None:
        raise ArgumentError(
            "name",
            f"unknown bot {shown(name)}; the bots are {', '.join(BOT_NAMES)}",
        )
    try:
        return made(**options)
    except TypeError:
        given = ", ".join(f"{key}={value!r}" for key, value in options.items())
        raise ArgumentError(
            "options", f"bot {shown(name)} takes no option {given}"
        ) from None
