"""arena_sdk: Python side of Arena (standard library only).

Modules:
  rising_tide         a plain wire-protocol loop for Rising Tide bots (``run(bot_fn)``)
  rising_tide_compat  the adapter behind ``python:FILE.py[:NAME]`` seats: runs bots written for
                      the original Python API (``my_bot_fn(terrain, round_num)``) unchanged
  rising_tide_util    the original's ``util`` module, registered as ``util`` by the adapter
  rising_tide_display the ``display`` stub registered by the adapter
  chicken_compat      the adapter behind ``python:AgentDir`` seats of Chicken: runs agents written
                      for the CS3600 engine unchanged (docs/games/chicken.md)
  sim                 the batched simulator (libarena.so) for search and learning: ``VecEnv``,
                      ``Env``, ``ParallelEnv``, state copies, ``Bot`` (docs/sim.md)

See docs/python-sdk.md.
"""

__version__ = "0.1.0"
