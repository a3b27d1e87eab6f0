"""Rising Tide's wire protocol (docs/games/rising_tide.md "Protocol") for Python bots, standard library only.

A bot that speaks the protocol itself (run as a command seat, e.g. ``"python3 mybot.py"``):

    from arena_sdk import rising_tide

    def my_bot(view):                 # view.terrain[i][j]: -1 flooded, else 0..8; own city (5, 5)
        moves = rising_tide.legal_moves(view.terrain)
        return moves[0] if moves else None   # ((i1, j1), (i2, j2)), or None to pass

    rising_tide.run(my_bot, name="My Bot", code="MB")

``run`` keeps the real stdin/stdout for the protocol and turns print() into comment lines, so
printing never corrupts the protocol. The same pieces (Channel, CommentStream) carry the
adapter that runs bots written for the original API (rising_tide_compat).
"""

import io
import operator
import os
import sys
import traceback

from ._stdio import STDOUT_FD, BytesToText, point_fd_at

BOARD_SIZE = 18
CITY = (5, 5)
# The longest text put on one comment or #log: line; longer text is split over several lines so
# that no line comes near the referee's 64 KiB line limit.
LINE_CHUNK = 4000


class ProtocolError(Exception):
    """The referee sent something this module does not understand."""


class View:
    """One round as the seat sees it. ``terrain`` is a fresh list of 18 lists of 18 int."""

    __slots__ = ("seat", "rotation", "rounds", "rules", "round", "terrain")

    def __init__(self, seat, rotation, rounds, rules, rnd, terrain):
        self.seat = seat
        self.rotation = rotation
        self.rounds = rounds
        self.rules = rules
        self.round = rnd
        self.terrain = terrain

    def __repr__(self):
        return "View(seat=%d, round=%d, rules=%s)" % (self.seat, self.round, self.rules)


def clean_code(code):
    """A seat code as `#name:` needs it: exactly two printable, non-space ASCII characters."""
    chars = [c if "!" <= c <= "~" else "_" for c in str(code)[:2]]
    return "".join(chars).ljust(2, "_")


def clean_name(name):
    """A seat name as `#name:` needs it: no control characters (C1 ones too, which the referee
    refuses in a name), at most 40 bytes of UTF-8."""
    text = "".join(c if c >= " " and not "\x7f" <= c <= "\x9f" else "?" for c in str(name)).strip()
    data = text.encode("utf-8", "backslashreplace")[:40]
    return data.decode("utf-8", "ignore").strip()


class Channel:
    """The two protocol ends. With isolate=True (the default) the real stdin and stdout move to
    private descriptors, fd 0 becomes /dev/null and fd 1 goes to stderr: nothing else in the
    process (print, input, os.write(1, ...), child processes) can touch the protocol."""

    def __init__(self, in_fd=0, out_fd=1, isolate=True):
        if isolate:
            in_fd, out_fd = os.dup(in_fd), os.dup(out_fd)  # not inherited by children
            point_fd_at(0, -1, os.O_RDONLY)
            point_fd_at(1, 2, os.O_WRONLY)
        self._out = out_fd
        self._in = io.open(in_fd, "rb", buffering=65536, closefd=isolate)
        self.seat = 0
        self.rotation = 0
        self.rounds = 800
        self.rules = "written"
        self.scores = None  # the `end` line's scores, once it came

    # ---- writing ----

    def write_line(self, text):
        """Writes one protocol line (no newline in text) and flushes it."""
        self._write(text.encode("utf-8", "backslashreplace") + b"\n")

    def _write(self, data):
        try:
            while data:
                data = data[os.write(self._out, data):]
        except BrokenPipeError:
            # The referee has gone: there is nobody left to answer.
            os._exit(0)

    def _prefixed(self, prefix, text):
        # All lines of one text go out in one write, so that the referee, which reads the seats
        # in turn, keeps a multi-line entry (a traceback) together in the log.
        out = []
        for line in str(text).split("\n"):
            for k in range(0, max(len(line), 1), LINE_CHUNK):
                out.append(prefix + line[k:k + LINE_CHUNK] + "\n")
        self._write("".join(out).encode("utf-8", "backslashreplace"))

    def comment(self, text):
        """Each line of text as a comment `# text` (logged under the seat's name)."""
        self._prefixed("# ", text)

    def log(self, text):
        """Each line of text as `#log: text` (written to the log as it stands)."""
        self._prefixed("#log: ", text)

    def identify(self, code, name):
        self.write_line(("#name: %s %s" % (clean_code(code), clean_name(name))).rstrip())

    def answer(self, move):
        """None or "pass" -> pass; otherwise ((i1, j1), (i2, j2)) of int."""
        if move is None or move == "pass":
            self.write_line("pass")
            return
        self.write_line(_move_text(move))

    # ---- reading ----

    def messages(self):
        """Yields a View for every `go`; returns at `end` (scores kept in .scores) or at EOF."""
        readline = self._in.readline
        rnd = 0
        rows = None
        while True:
            line = readline()
            if not line:
                return
            words = line.split()
            if not words:
                continue
            key = words[0]
            if key == b"round":
                rnd = int(words[1])
                rows = []
                for _ in range(BOARD_SIZE):
                    row = readline()
                    cells = list(map(int, row.split()))
                    if len(cells) != BOARD_SIZE:
                        raise ProtocolError("round %d: expected %d cells in a view line, got %r"
                                            % (rnd, BOARD_SIZE, row))
                    rows.append(cells)
            elif key == b"go":
                if rows is None:
                    raise ProtocolError("`go` without a view")
                yield View(self.seat, self.rotation, self.rounds, self.rules, rnd, rows)
                rows = None
            elif key == b"end":
                self.scores = [int(x) for x in words[1:]]
                return
            elif key == b"seat":
                self.seat = int(words[1])
            elif key == b"rotation":
                self.rotation = int(words[1])
            elif key == b"rounds":
                self.rounds = int(words[1])
            elif key == b"rules":
                self.rules = words[1].decode("ascii", "replace")
            # Other lines (`rising_tide 1`) carry nothing a bot needs.


REPR_LIMIT = 1000  # the longest repr of a returned value shown in a non-parseable entry


def _short_repr(value):
    try:
        text = repr(value)
    except Exception:
        text = object.__repr__(value)
    if len(text) > REPR_LIMIT:
        text = "%s ... (%d more characters)" % (text[:REPR_LIMIT], len(text) - REPR_LIMIT)
    return text


def _move_text(move):
    """((i1, j1), (i2, j2)) -> "i1 j1 i2 j2". Anything usable as an index counts as an integer
    (int, bool, numpy integers); anything else raises TypeError or ValueError."""
    (a, b), (c, d) = move
    return "%d %d %d %d" % (operator.index(a), operator.index(b), operator.index(c), operator.index(d))


class CommentStream(io.TextIOBase):
    """A stand-in for sys.stdout: each complete line written to it goes out as a comment line
    ``# text``; a partial last line waits for end_call() (the end of a bot call)."""

    encoding = "utf-8"
    errors = "strict"

    def __init__(self, channel):
        super().__init__()
        self._channel = channel
        self._part = []
        self._part_len = 0
        self._held = None
        self._spilled = False  # the current line's text went out in whole chunks
        self.buffer = BytesToText(self)

    def hold(self):
        """Keeps complete lines back until release() (the adapter holds what a bot prints at
        import time until its `#name:` line is out, so the log names the bot right)."""
        if self._held is None:
            self._held = []

    def release(self):
        held, self._held = self._held, None
        for line in held or ():
            self._channel.comment(line)

    def emit(self, line):
        """Sends one line of text as a comment (or holds it)."""
        if self._held is not None:
            self._held.append(line)
        else:
            self._channel.comment(line)

    def writable(self):
        return True

    def isatty(self):
        return False

    def fileno(self):
        return STDOUT_FD

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError("write() argument must be str, not %s" % type(s).__name__)
        if "\n" not in s:
            if s:
                self._part.append(s)
                self._part_len += len(s)
                if self._part_len > LINE_CHUNK:
                    self._spill()
            return len(s)
        lines = s.split("\n")
        if self._part:
            lines[0] = "".join(self._part) + lines[0]
        if self._spilled and not lines[0]:
            lines.pop(0)  # the newline ends a line whose text already went out in pieces
        else:
            self.emit(lines.pop(0))
        self._spilled = False
        rest = lines.pop()
        for line in lines:
            self.emit(line)
        self._part = [rest] if rest else []
        self._part_len = len(rest)
        if self._part_len > LINE_CHUNK:
            self._spill()
        return len(s)

    def _spill(self):
        # A partial line has grown past LINE_CHUNK: its whole chunks go out now, so that memory
        # stays bounded however long a line a bot prints.
        text = "".join(self._part)
        cut = len(text) - len(text) % LINE_CHUNK
        for k in range(0, cut, LINE_CHUNK):
            self.emit(text[k:k + LINE_CHUNK])
        rest = text[cut:]
        self._part = [rest] if rest else []
        self._part_len = len(rest)
        self._spilled = not rest

    def flush(self):
        # Lines go out as they complete; a partial line waits for the end of the call, so that
        # print(..., end="", flush=True) pieces still join into one line.
        pass

    def close(self):
        # A bot that closes sys.stdout keeps printing into the log rather than failing.
        pass

    def end_call(self):
        """Sends a partial last line, if any."""
        self._spilled = False
        if self._part:
            text = "".join(self._part)
            self._part = []
            self._part_len = 0
            self.emit(text)


def legal_moves(terrain, rules="written"):
    """Every legal move of the view, in ascending (i1, j1, i2, j2) order (the built-in bots' list).
    Neighbour moves are legal under both rulesets, so `rules` changes nothing here; it is
    accepted so that a bot can pass view.rules along."""
    from . import rising_tide_util as _u
    return sorted(_u.allowed_moves(terrain))


def run(bot_fn, name=None, code=None, channel=None):
    """Plays a game on stdin/stdout: bot_fn(view) -> ((i1, j1), (i2, j2)) or None (pass).
    print() inside the bot becomes comment lines; an exception is reported in the log and the
    round is a pass. Returns the final scores (seat order), or None at EOF without `end`."""
    ch = channel or Channel()
    capture = CommentStream(ch)
    sys.stdout = capture
    sys.stdin = io.StringIO("")
    if name:
        ch.identify(code or name[:2].upper(), name)
    # The name as the seat shows it: given raw, a newline split the log's entries and an escape
    # reached log.txt.
    label = (clean_name(name) if name else "") or "bot"
    for view in ch.messages():
        try:
            try:
                move = bot_fn(view)
            finally:
                capture.end_call()
            if move is None or move == "pass":
                reply = "pass"
            else:
                try:
                    reply = _move_text(move)
                except (TypeError, ValueError, IndexError, AttributeError) as e:
                    # a returned value that is no move, named as the adapter names it: it was
                    # "has thrown an error" with a traceback of this module's frames
                    ch.log("%s has made a non-parseable move. \nmove: %s\n%s"
                           % (label, _short_repr(move), "".join(traceback.format_exception_only(type(e), e)).rstrip("\n")))
                    reply = "pass"
        except Exception:
            ch.log("%s has thrown an error. \nYour bot will forfeit its turn. \n%s"
                   % (label, traceback.format_exc().rstrip("\n")))
            reply = "pass"
        ch.write_line(reply)
    return ch.scores
