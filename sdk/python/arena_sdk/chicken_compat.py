"""Runs a Chicken agent written for the CS3600 Fall 2025 engine, unchanged, as an Arena seat.

    python3 -m arena_sdk.chicken_compat [--seed N] PATH/TO/AgentDir

The agent folder holds __init__.py and agent.py defining PlayerAgent(board, time_left) with
play(board, sensor_data, time_left). This adapter puts Arena's compatible `game` package and
`board_utils` first on sys.path, speaks Arena's text protocol (docs/games/chicken.md) on the real
stdin/stdout (moved to private descriptors: fd 0 becomes /dev/null and fd 1 goes to stderr, so that
os.write(1, ...) or a child process cannot touch the protocol), turns the agent's prints (also to
sys.stdout.buffer) into `#` comment lines, and exits 1 on an exception (the
referee then scores FAILED_INIT during start-up, CODE_CRASH during play). Standard library only.
"""
import importlib
import importlib.util
import io
import operator
import os
import random
import signal
import sys
import time
import traceback

from ._stdio import STDOUT_FD, BytesToText, point_fd_at

_LIB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "chicken_lib")
_COMMENT_CHUNK = 4000  # a printed line is split so no comment line nears the referee's line limit


def _protocol_streams():
    """The real stdin and stdout, moved to private descriptors (not inherited by children); fd 0
    becomes /dev/null and fd 1 goes to stderr, so that nothing else in the process (os.write(1, ...),
    sys.__stdout__, a child process's output or input) can touch the protocol: a line a child
    printed was read as the agent's move (INVALID_TURN, the game lost)."""
    in_fd, out_fd = os.dup(0), os.dup(1)
    point_fd_at(0, -1, os.O_RDONLY)
    point_fd_at(1, 2, os.O_WRONLY)
    sys.__stdout__.flush()
    return (io.open(in_fd, "r", encoding="utf-8", errors="replace"),
            io.open(out_fd, "w", encoding="utf-8", errors="backslashreplace"))


class _CommentWriter(io.TextIOBase):
    """sys.stdout for the agent: every printed line becomes a `# text` line on the protocol channel."""

    def __init__(self, out):
        super().__init__()
        self._out = out
        self._pending = ""
        self.buffer = BytesToText(self)

    def writable(self):
        return True

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError("write() argument must be str, not %s" % type(text).__name__)
        self._pending += text
        while "\n" in self._pending:
            line, self._pending = self._pending.split("\n", 1)
            self._emit(line)
        return len(text)

    def _emit(self, line):
        line = line.replace("\r", "")
        for start in range(0, max(len(line), 1), _COMMENT_CHUNK):
            self._out.write("# " + line[start:start + _COMMENT_CHUNK] + "\n")

    def flush(self):
        self._out.flush()

    def end_of_turn(self):
        """A partial line must not run into the reply: it goes out as its own comment."""
        if self._pending:
            self._emit(self._pending)
            self._pending = ""
        self._out.flush()

    @property
    def encoding(self):
        return "utf-8"

    def isatty(self):
        return False

    def fileno(self):
        return STDOUT_FD


class _Protocol:
    """The referee's side of stdin/stdout."""

    def __init__(self, inp, out):
        self.inp = inp
        self.out = out

    def block(self):
        """Lines up to `ready`, `go` or `end`; returns (lines, terminator) or (lines, None) at EOF."""
        lines = []
        while True:
            line = self.inp.readline()
            if not line:
                return lines, None
            words = line.split()
            if not words:
                continue
            if words[0] in ("ready", "go"):
                return lines, words[0]
            if words[0] == "end":
                return lines + [words], "end"
            lines.append(words)

    def send(self, text):
        self.out.write(text + "\n")
        self.out.flush()


def _square(text):
    x, y = text.split(",")
    return (int(x), int(y))


def _squares(words):
    return set(_square(w) for w in words)


def _action_line(result):
    """`<dir> <type>` for a 2-sequence (enum names when in range), else `invalid`."""
    from game.enums import Direction, MoveType

    try:
        if isinstance(result, (str, bytes)) or len(result) != 2:
            return "invalid"
        parts = []
        for value, enum in zip(result, (Direction, MoveType)):
            if isinstance(value, str):
                word = value.strip()
                if not word or any(ch.isspace() for ch in word) or not word.isprintable():
                    return "invalid"
                parts.append(word)
                continue
            number = operator.index(value)
            parts.append(enum(number).name if 0 <= number < len(enum) else str(number))
        return " ".join(parts)
    except Exception:
        return "invalid"


class _Game:
    """What the start-up block told us, and how to build a Board from a turn block."""

    def __init__(self, lines):
        from game import game_map

        self.seat = "A"
        self.spawn = {"A": (0, 1), "B": (7, 1)}
        self.moves, self.turds, self.bank_ms, self.startup_ms = 40, 5, 360000, 10000
        for w in lines:
            if w[0] == "seat" and len(w) == 2:
                self.seat = w[1]
            elif w[0] == "spawn" and len(w) == 3:
                self.spawn = {"A": _square(w[1]), "B": _square(w[2])}
            elif w[0] in ("moves", "turds", "bank", "startup") and len(w) == 2:
                setattr(self, {"moves": "moves", "turds": "turds", "bank": "bank_ms", "startup": "startup_ms"}[w[0]],
                        int(w[1]))
        game_map.GameMap.MAX_TURDS = self.turds
        game_map.GameMap.MAX_TURNS = self.moves
        self.other = "B" if self.seat == "A" else "A"

    def board(self, state):
        """A Board from the seat's own perspective (state: the turn block's fields, or None at ply 0)."""
        from game import board, game_map

        gm = game_map.GameMap()
        b = board.Board(gm, self.bank_ms / 1000.0)
        me, other = self.seat, self.other
        index = {"A": 0, "B": 1}
        b.chicken_player.start(self.spawn[me], index[me])
        b.chicken_enemy.start(self.spawn[other], index[other])
        if state is None:
            return b
        b.turn_count = state["turn"]
        b.is_as_turn = state["turn"] % 2 == 0
        b.chicken_player.loc = state["pos"][index[me]]
        b.chicken_enemy.loc = state["pos"][index[other]]
        b.chicken_player.eggs_laid, b.chicken_enemy.eggs_laid = state["score"][index[me]], state["score"][index[other]]
        b.chicken_player.turds_left = state["turdsleft"][index[me]]
        b.chicken_enemy.turds_left = state["turdsleft"][index[other]]
        b.eggs_player, b.eggs_enemy = state["eggs"][me], state["eggs"][other]
        b.turds_player, b.turds_enemy = state["turds"][me], state["turds"][other]
        b.turns_left_player, b.turns_left_enemy = state["moves"][index[me]], state["moves"][index[other]]
        b.player_time, b.enemy_time = state["time"][0] / 1000.0, state["time"][1] / 1000.0
        b.found_trapdoors = state["found"]
        return b


def _turn_state(lines):
    st = {"turn": 0, "pos": [(0, 0), (0, 0)], "eggs": {"A": set(), "B": set()}, "turds": {"A": set(), "B": set()},
          "turdsleft": [0, 0], "moves": [0, 0], "score": [0, 0], "found": set(), "sense": [0, 0, 0, 0],
          "time": [0, 0]}
    for w in lines:
        key = w[0]
        if key == "turn":
            st["turn"] = int(w[1])
        elif key == "pos":
            st["pos"] = [_square(w[1]), _square(w[2])]
        elif key in ("eggs", "turds") and len(w) >= 2 and w[1] in ("A", "B"):
            st[key][w[1]] = _squares(w[2:])
        elif key in ("turdsleft", "moves", "score", "time"):
            st[key] = [int(v) for v in w[1:3]]
        elif key == "found":
            st["found"] = _squares(w[1:])
        elif key == "sense":
            st["sense"] = [int(v) for v in w[1:5]]
    return st


def main(argv):
    started = time.perf_counter()
    state = {"started": started, "ready": False}

    def on_continue(signum, frame):
        # With pausing on, the referee stops this process until its start-up turn (Chicken D9): the
        # start-up budget runs from the moment it is continued.
        if not state["ready"]:
            state["started"] = time.perf_counter()

    if hasattr(signal, "SIGCONT"):
        signal.signal(signal.SIGCONT, on_continue)
    args = list(argv)
    seed = None
    if len(args) >= 2 and args[0] == "--seed":
        seed = int(args[1])
        args = args[2:]
    if len(args) < 1:
        sys.stderr.write("usage: python3 -m arena_sdk.chicken_compat [--seed N] PATH/TO/AgentDir\n")
        return 2
    if seed is not None:
        random.seed(seed)
    agent_dir = os.path.abspath(args[0].rstrip("/") or "/")
    if os.path.isfile(agent_dir):  # python:AgentDir/agent.py is accepted too
        agent_dir = os.path.dirname(agent_dir)
    parent, name = os.path.dirname(agent_dir), os.path.basename(agent_dir)

    if not os.path.isfile(os.path.join(agent_dir, "agent.py")):
        # (importlib's words for this were "'NoneType' object has no attribute 'loader'")
        print("%s is not an agent package: it has no agent.py (give python:PATH/TO/AgentDir, the folder "
              "holding agent.py and __init__.py)" % args[0], file=sys.stderr)
        return 1
    proto = _Protocol(*_protocol_streams())
    comments = _CommentWriter(proto.out)
    sys.stdout = comments
    sys.stdin = io.StringIO("")
    sys.path.insert(0, _LIB)
    sys.path.insert(1, parent)
    try:
        os.chdir(agent_dir)
        # The package is loaded from its own folder, not found by listing the parent: under the
        # sandbox a seat may read only its agent's folder, not its neighbours'.
        init = os.path.join(agent_dir, "__init__.py")
        spec = importlib.util.spec_from_file_location(
            name, init if os.path.exists(init) else None, submodule_search_locations=[agent_dir])
        package = importlib.util.module_from_spec(spec)
        sys.modules[name] = package
        if spec.loader is not None:
            spec.loader.exec_module(package)
        agent_class = importlib.import_module(name + ".agent").PlayerAgent
    except BaseException:
        traceback.print_exc()
        return 1

    lines, end = proto.block()
    if end != "ready":
        return 0 if end in ("end", None) else 1
    game = _Game(lines)

    def startup_left():
        return game.startup_ms / 1000.0 - (time.perf_counter() - state["started"])

    try:
        agent = agent_class(game.board(None), startup_left)
    except BaseException:
        traceback.print_exc()
        return 1
    comments.end_of_turn()
    state["ready"] = True
    proto.send("ready")
    while True:
        lines, end = proto.block()
        if end != "go":
            return 0
        turn = _turn_state(lines)
        board = game.board(turn)
        s = turn["sense"]
        sensor_data = [(bool(s[0]), bool(s[1])), (bool(s[2]), bool(s[3]))]
        go_at = time.perf_counter()
        mine = turn["time"][0] / 1000.0

        def time_left():
            return mine - (time.perf_counter() - go_at)

        try:
            result = agent.play(board, sensor_data, time_left)
        except BaseException:
            traceback.print_exc()
            return 1
        comments.end_of_turn()
        proto.send(_action_line(result))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
