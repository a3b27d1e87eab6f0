"""The adapter behind ``python:FILE.py[:NAME]`` seats of Rising Tide (docs/python-sdk.md).

    python3 -m arena_sdk.rising_tide_compat [--seed N] PATH.py [NAME]

Runs a bot written for the original Python API -- ``my_bot_fn(terrain, round_num)`` returning
``((i1, j1), (i2, j2))`` or None, usually wrapped with ``util.make_bot`` -- unchanged, and speaks
the wire protocol for it. The start-up steps below are numbered as in docs/python-sdk.md "What the
adapter does at start-up".
"""

import importlib.machinery
import importlib.util
import io
import os
import random
import sys
import traceback

from . import rising_tide as _wire
from . import rising_tide_display as _display
from . import rising_tide_util as _util

USAGE = "usage: python3 -m arena_sdk.rising_tide_compat [--seed N] PATH.py [NAME]"
# The longest repr of a returned value shown in a non-parseable entry (shared with run()).
REPR_LIMIT = _wire.REPR_LIMIT

_ADAPTER_FILES = {os.path.normcase(os.path.abspath(f)) for f in (__file__, _wire.__file__)}


def _parse_args(argv):
    seed = None
    args = list(argv)
    if len(args) >= 2 and args[0] == "--seed":
        try:
            seed = int(args[1])
        except ValueError:
            return None
        args = args[2:]
    if len(args) not in (1, 2) or args[0].startswith("-"):
        return None
    return seed, args[0], (args[1] if len(args) == 2 else None)


def _own_frame(tb):
    filename = tb.tb_frame.f_code.co_filename
    return filename.startswith("<frozen importlib") or \
        os.path.normcase(os.path.abspath(filename)) in _ADAPTER_FILES


def _traceback_text(exc_type, exc, tb):
    # The leading frames of the adapter (and of importlib, when loading) say nothing to the
    # bot's author: the traceback starts at the bot's own code.
    while tb is not None and _own_frame(tb):
        tb = tb.tb_next
    return "".join(traceback.format_exception(exc_type, exc, tb)).rstrip("\n")


_short_repr = _wire._short_repr


def _type_name(x):
    t = type(x)
    return t.__qualname__ if t.__module__ == "builtins" else "%s.%s" % (t.__module__, t.__qualname__)


class _NotParseable(Exception):
    pass


def _reply_text(value):
    """The original's rules (docs/python-sdk.md "Errors and what a return value must be"). Raises
    _NotParseable (with the cause chained) when the value is not two pairs of Python int; other
    exceptions propagate as the bot's own."""
    if value is None:
        return "pass"
    try:
        (a, b), (c, d) = value
        for x in (a, b, c, d):
            if not isinstance(x, int):
                raise TypeError("a move holds four Python int (bool counts); got %r of type %s"
                                % (x, _type_name(x)))
    except (TypeError, ValueError, IndexError, AttributeError) as e:
        raise _NotParseable() from e
    # int.__repr__ writes the plain decimal value whatever the subclass: True -> 1.
    return "%s %s %s %s" % (int.__repr__(a), int.__repr__(b), int.__repr__(c), int.__repr__(d))


def _bot_objects(module):
    """(attribute name, Bot) for each distinct util.Bot at the module's top level, in order."""
    seen = set()
    found = []
    for attr, value in list(vars(module).items()):
        if isinstance(value, _util.Bot) and id(value) not in seen:
            seen.add(id(value))
            found.append((attr, value))
    return found


def _select(module, path, stem, name):
    """Start-up step 6 (docs/python-sdk.md "Which bot a file gives"). Returns (bot name, code,
    function) or (None, message, None)."""
    bots = _bot_objects(module)
    listing = ", ".join(attr for attr, _ in bots) or "none"
    if name is not None:
        value = getattr(module, name, None)
        if isinstance(value, _util.Bot):
            return value.name, value.code, value.func
        if value is not None and callable(value):
            return name, name[:2].upper(), value
        return None, "no bot named %s in %s; Bot objects: %s" % (name, path, listing), None
    if len(bots) == 1:
        bot = bots[0][1]
        return bot.name, bot.code, bot.func
    fn = getattr(module, "my_bot_fn", None)
    if fn is not None and callable(fn):
        return stem, stem[:2].upper(), fn
    return None, "no bot found in %s; Bot objects: %s" % (path, listing), None


def _load(path, stem):
    loader = importlib.machinery.SourceFileLoader(stem, path)
    spec = importlib.util.spec_from_file_location(stem, path, loader=loader)
    module = importlib.util.module_from_spec(spec)
    if stem not in sys.modules:  # never shadow a module already loaded (util, random, ...)
        sys.modules[stem] = module
    loader.exec_module(module)
    return module


def main(argv=None):
    parsed = _parse_args(sys.argv[1:] if argv is None else argv)
    if parsed is None:
        sys.stderr.write(USAGE + "\n")
        return 2
    seed, path, name = parsed

    # 1. The real stdin/stdout stay for the protocol, written line by line.
    ch = _wire.Channel()
    # 2. print() is captured into comment lines; input() sees an empty stream.
    capture = _wire.CommentStream(ch)
    sys.stdout = capture
    sys.stdin = io.StringIO("")

    def notice(text):
        capture.end_call()
        capture.emit(text)

    # 3. Our util and display stand in for the original's; theirs are never imported.
    _display._notice = notice
    sys.modules["util"] = _util
    sys.modules["display"] = _display
    # 4. The bot's folder comes first on the path; the seed makes random bots reproducible.
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    sys.argv = [path]
    if seed is not None:
        random.seed(seed)
    # 5. Load the file as a module named after its stem, not as __main__.
    #    What it prints meanwhile is held until the seat has its name (step 7).
    stem = os.path.splitext(os.path.basename(path))[0] or "bot"
    capture.hold()
    try:
        module = _load(path, stem)
    except BaseException as e:
        capture.end_call()
        capture.release()  # what it printed before failing still reaches the log
        if not isinstance(e, Exception):
            raise  # SystemExit and the like end the adapter, as in the original
        ch.log("%s could not be loaded; the seat stops.\n%s" % (path, _traceback_text(*sys.exc_info())))
        return 1
    capture.end_call()
    # 6. Select the bot.
    bot_name, code, func = _select(module, path, stem, name)
    if bot_name is None:
        capture.release()
        # the listing's line last when a NAME was given: the referee shows a crashed seat's last
        # log line, and "name one as python:FILE:NAME" is what was done
        ch.log(code if name is not None else
               "%s\nname one as python:%s:NAME, or define my_bot_fn(terrain, round_num)" % (code, path))
        return 1
    bot_name = _wire.clean_name(bot_name) or _wire.clean_name(stem)
    # 7. Identify the seat.
    ch.identify(code, bot_name)
    capture.release()
    # 8. Serve rounds until `end` or the end of input.
    for view in ch.messages():
        try:
            try:
                value = func(view.terrain, view.round)
            finally:
                capture.end_call()  # a partial last line goes out with the call's end
            reply = _reply_text(value)
        except _NotParseable as e:
            cause = e.__cause__
            ch.log("%s has made a non-parseable move. \nmove: %s\n%s"
                   % (bot_name, _short_repr(value), _traceback_text(type(cause), cause, cause.__traceback__)))
            reply = "pass"
        except Exception:
            ch.log("%s has thrown an error. \nYour bot will forfeit its turn. \n%s"
                   % (bot_name, _traceback_text(*sys.exc_info())))
            reply = "pass"
        ch.write_line(reply)
    return 0


if __name__ == "__main__":
    sys.exit(main())
