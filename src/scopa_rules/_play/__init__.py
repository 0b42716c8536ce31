"""Playing the games: the bots and the bot protocol (``bots``), batch random
playouts (``playouts``), perft, the exact move-sequence counts (``perft``),
the end-of-hand solver and the bot over solved deals (``solver``), and the
bots by name (``lineup``).

A private package: everything public in it is importable from
``scopa_rules`` itself, and the modules' 0.1.0 names (``scopa_rules.bots``,
...) still import, through ``scopa_rules._moved``.
"""
