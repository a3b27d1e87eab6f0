"""arena_sdk.sim: Arena's batched simulator (libarena.so) from Python, for search and learning.

Standard library only (ctypes). With numpy installed, every buffer is a numpy array the library
writes in place (no copy per step); without it, a memoryview of the same shape (index it with
tuples, m[e, a], or call .tolist()). docs/sim.md is the manual; include/arena.h the C API.

    from arena_sdk.sim import VecEnv
    env = VecEnv("chicken", num_envs=64, seed=1, bots={1: "greedy"}, threads=2)
    obs, infos = env.reset()
    while True:
        env.sample()                      # or write env.actions[e, a] yourself
        obs, rewards, terminated, truncated, infos = env.step()

Shapes (E environments, A agents = the seats without a bot, S seats): obs [E, A, obs_size],
infos["mask"] [E, A, actions], infos["to_act"] [E, A], actions [E, A], rewards [E, A],
terminated and truncated [E], infos["score"], ["result"] and ["rank"] [E, S], infos["seed"] [E],
infos["failed"] [E] (1 where the game could not start or go on: the step raised ArenaError,
whose .failed lists those environments; Env and ParallelEnv tell it only so).
A game that ends restarts at once: its flags, rewards, result and rank come with the next game's
first observation.

Env (one environment, one agent) has Gymnasium's shape: reset(seed) -> (obs, info),
step(action) -> (obs, reward, terminated, truncated, info). ParallelEnv has PettingZoo's parallel
shape: dicts keyed by agent name. Neither package is needed.
"""

import ctypes
import ctypes.util
import math
import mmap
import numbers
import os

try:  # numpy is optional
    import numpy as _np
except ImportError:  # pragma: no cover - depends on the interpreter
    _np = None

__all__ = ["ArenaError", "VecEnv", "Env", "ParallelEnv", "Snapshot", "Bot", "games", "bots", "load_library",
           "have_numpy"]


class ArenaError(Exception):
    """A call into libarena.so failed; the message is the library's (arena_last_error).

    failed: the environments whose game could not start or go on when the error was raised (the
    failed buffer's 1s, as a list), so that Env and ParallelEnv, whose step raises before any info
    is returned, tell it too ([0]); empty for every other error."""

    failed = ()


# arena.h's element types: (struct/memoryview format, numpy dtype name, ctypes type)
_DTYPES = {
    1: ("b", "int8", ctypes.c_int8),
    2: ("B", "uint8", ctypes.c_uint8),
    3: ("h", "int16", ctypes.c_int16),
    4: ("i", "int32", ctypes.c_int32),
    5: ("f", "float32", ctypes.c_float),
    6: ("d", "float64", ctypes.c_double),
    7: ("Q", "uint64", ctypes.c_uint64),
}
_BUFFERS = ("obs", "mask", "to_act", "action", "reward", "terminated", "truncated", "score", "result", "rank",
            "seed", "failed")
_ARENA_MORE, _ARENA_ACT, _ARENA_END, _ARENA_READY = 0, 1, 2, 3

_lib = None


def have_numpy():
    """True when the buffers are numpy arrays."""
    return _np is not None


def _repo_library():
    """lib/libarena.so of the repository this SDK sits in (sdk/python/arena_sdk/ -> ../../../lib)."""
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.normpath(os.path.join(here, "..", "..", "..", "lib", "libarena.so"))


def _library_path():
    """ARENA_LIB, else lib/libarena.so of the repository this SDK sits in, else the system's."""
    env = os.environ.get("ARENA_LIB")
    if env:
        return env
    repo = _repo_library()
    if os.path.exists(repo):
        return repo
    return ctypes.util.find_library("arena") or "libarena.so"


def _load_failure(path, given, error):
    """Why path could not be loaded and what to do, for each way it was chosen: "build it with
    `make`, or set ARENA_LIB" was said alike when ARENA_LIB named a missing file, when the library
    was not built (without the path looked at), and inside an arena seat, whose sandbox lets a bot
    read only its own folder."""
    if given:
        where = f"library={path!r}" if given == "argument" else f"ARENA_LIB={path}"
        if not os.path.exists(path):
            return f"cannot load libarena.so: {where}: no such file (give the path of libarena.so, " \
                   f"which `make` builds in a clone's lib/)"
    elif not os.path.exists(path):  # neither the repository's nor the system's
        repo = _repo_library()
        root = os.path.dirname(os.path.dirname(repo))
        build = f"run `make` in {root}, " if os.path.exists(os.path.join(root, "Makefile")) else ""
        return f"cannot load libarena.so: it is not built ({repo} does not exist) and the system has none: " \
               f"{build}or set ARENA_LIB to the path of a libarena.so"
    try:
        with open(path, "rb"):
            pass
    except PermissionError:
        return f"cannot load {path}: it cannot be read here (permission denied). In a seat of `arena play`, `tourney` or " \
               "`tester` the sandbox lets a bot read its own folder and the Python SDK, not lib/: copy " \
               "libarena.so beside the bot and set ARENA_LIB to the copy before arena_sdk.sim loads it, as the " \
               "folder train_chicken.py saves does (docs/sim.md, \"A process bot with the same encoding\")"
    except OSError:
        pass
    return f"cannot load {path}: {error} (build it with `make`, or set ARENA_LIB to another libarena.so)"


def load_library(path=None):
    """Loads libarena.so once (path, ARENA_LIB, or the repository's lib/) and declares its functions."""
    global _lib
    if _lib is not None and path is None:
        return _lib
    given = "argument" if path else "ARENA_LIB" if os.environ.get("ARENA_LIB") else None
    path = path or _library_path()
    try:
        lib = ctypes.CDLL(path)
    except OSError as e:
        raise ArenaError(_load_failure(path, given, e)) from None
    P, I, S, U64, Z, C = ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint64, ctypes.c_size_t, ctypes.c_char_p
    sig = {
        "arena_api_version": (I, []),
        "arena_last_error": (S, []),
        "arena_game": (S, [I]),
        "arena_game_bot": (S, [S, I]),
        "arena_env_new": (P, [S, I, U64, ctypes.POINTER(ctypes.c_char_p)]),
        "arena_env_free": (None, [P]),
        "arena_num_envs": (I, [P]),
        "arena_num_seats": (I, [P]),
        "arena_num_agents": (I, [P]),
        "arena_agent_seat": (I, [P, I]),
        "arena_obs_size": (I, [P]),
        "arena_obs_dtype": (I, [P]),
        "arena_num_actions": (I, [P]),
        "arena_buffer_info": (I, [P, S, ctypes.POINTER(I), ctypes.POINTER(ctypes.c_int64)]),
        "arena_buffer_bytes": (Z, [P, S]),
        "arena_bind": (I, [P, S, P, Z]),
        "arena_reset": (I, [P, U64]),
        "arena_reset_one": (I, [P, I, U64]),
        "arena_step": (I, [P]),
        "arena_sample": (I, [P]),
        "arena_bot_action": (I, [P, I, I, S, ctypes.POINTER(ctypes.c_int32)]),
        "arena_action_from_json": (I, [P, I, I, S, ctypes.POINTER(ctypes.c_int32)]),
        "arena_snapshot_new": (P, [P, I]),
        "arena_snapshot_free": (None, [P]),
        "arena_save": (I, [P, I, P, I]),
        "arena_restore": (I, [P, I, P, I]),
        "arena_save_all": (I, [P, P]),
        "arena_restore_all": (I, [P, P]),
        "arena_render": (ctypes.c_int64, [P, I, S, C, Z]),
        "arena_bot_new": (P, [S]),
        "arena_bot_free": (None, [P]),
        "arena_bot_feed": (I, [P, C, Z]),
        "arena_bot_message_size": (I, [P]),
        "arena_bot_obs_size": (I, [P]),
        "arena_bot_obs_dtype": (I, [P]),
        "arena_bot_num_actions": (I, [P]),
        "arena_bot_observe": (I, [P, P, P]),
        "arena_bot_reply": (I, [P, ctypes.c_int32, C, Z]),
    }
    for name, (res, args) in sig.items():
        try:
            f = getattr(lib, name)
        except AttributeError:
            # another library (ARENA_LIB=.../libz.so) or an older libarena: it was ctypes' bare
            # AttributeError "undefined symbol: arena_api_version"
            raise ArenaError(f"cannot use {path}: it has no {name}, so it is not the libarena.so this SDK was "
                             f"written for (another library, or an older build: run `make`, or set ARENA_LIB to "
                             f"the libarena.so built with this sdk/python)") from None
        f.restype = res
        f.argtypes = args
    if path is None or _lib is None:
        _lib = lib
    return lib


def _error(lib):
    return ArenaError(lib.arena_last_error().decode("utf-8", "replace"))


def _next_seed(seed):
    """The seed of the next reset without one: splitmix64's mix of the last, so that the batches
    of seeds seed + i of successive resets (and of VecEnvs made with nearby seeds) do not meet."""
    z = (int(seed) + 0x9E3779B97F4A7C15) & (2**64 - 1)
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
    return z ^ (z >> 31)


def _whole(x, what, bits):
    """x as a whole number that fits a signed C integer of `bits` bits, refused (ArenaError)
    otherwise: ctypes passes only the low bits, so environment 2**32 would silently be environment 0."""
    if isinstance(x, (str, bytes)):  # int("7") would take the text for a number
        raise ArenaError(f"{what}: {x!r} is not an integer")
    try:
        v = int(x)
    except (TypeError, ValueError, OverflowError):
        raise ArenaError(f"{what}: {x!r} is not an integer") from None
    if v != x:
        raise ArenaError(f"{what}: {x!r} is not a whole number")
    if not -2**(bits - 1) <= v < 2**(bits - 1):
        raise ArenaError(f"{what}: {v} is out of range (a {bits}-bit int)")
    return v


def _flag(x, what):
    """x as a switch: True or False (numpy's bools, and the whole numbers 1 and 0, too), refused
    (ArenaError) otherwise: a truth test took autoreset="false" or autoreset="0" for autoreset on,
    and use_numpy="no" for numpy, without a word."""
    if isinstance(x, bool) or (_np is not None and isinstance(x, _np.bool_)):
        return bool(x)
    if isinstance(x, numbers.Integral) and int(x) in (0, 1):
        return bool(int(x))
    raise ArenaError(f"{what}: {x!r} is not True or False")


def _one_environment(cls, kwargs):
    """Env and ParallelEnv play one environment: num_envs among their arguments is refused
    (TypeError, as any argument Python refuses), naming what steps several; it was
    "VecEnv.__init__() got multiple values for argument 'num_envs'", a class the caller never named."""
    if "num_envs" in kwargs:
        raise TypeError(f"{cls} plays one environment: num_envs is not one of its arguments "
                        "(VecEnv(game, num_envs, ...) steps several)")


def _int32(x, what):
    """x as a C int (ArenaError when it is not a whole number or does not fit)."""
    return _whole(x, what, 32)


def _int64(x, what):
    """x as an int64 (ArenaError otherwise)."""
    return _whole(x, what, 64)


def _seed64(x, what="seed", allowed="0 to 2^64-1, or None for a random one"):
    """x as a seed: a whole number 0 .. 2^64-1, refused (ArenaError) otherwise, as Gymnasium and
    numpy refuse negative seeds: the library takes a uint64, and masking would make seed -1 the
    seed 2^64-1 and seed 2^64 the games of seed 0 without a word."""
    if isinstance(x, (str, bytes)):  # int("7") would take the text for a number
        raise ArenaError(f"{what}: {x!r} is not an integer (expected {allowed})")
    try:
        v = int(x)
    except (TypeError, ValueError, OverflowError):
        raise ArenaError(f"{what}: {x!r} is not an integer (expected {allowed})") from None
    if v != x:
        raise ArenaError(f"{what}: {x!r} is not a whole number")
    if not 0 <= v < 2**64:
        raise ArenaError(f"{what}: {v} is out of range (expected {allowed})")
    return v


# The library's own settings beside the game's options, each with the argument that gives it.
_SETTINGS = {"seats": "seats=N", "threads": "threads=N", "max_steps": "max_steps=N", "autoreset": "autoreset=False"}


def _option_key(key):
    """key of options={...} as a game option's: refused (ArenaError) when it is one of the library's
    settings, which the dict passed through as such (options={"threads": 4} made four threads and
    options={"bot.1": "greedy"} a bot, overriding the arguments for them), is not a string, or holds
    '=' (options={"moves=10": 5} was the option moves with the value "10=5")."""
    if not isinstance(key, str):
        raise ArenaError(f"options: the key {key!r} is not a string (game options are named, e.g. {{\"rounds\": 50}})")
    if key in _SETTINGS or key.startswith("bot."):
        arg = _SETTINGS.get(key, "bots={SEAT: NAME}")
        raise ArenaError(f"options: '{key}' is a setting of the simulator, not a game option: give it as VecEnv(..., {arg})")
    if "=" in key:
        raise ArenaError(f"options: the key {key!r} holds '=' (give {{KEY: VALUE}})")
    return key


def _option_value(key, value):
    """value of options={key: value} as the text the game reads: a bool as 1 or 0 (the games' switches,
    SuiteBot's extras, take 1 and 0), a whole number in decimal (40.0 as 40, numpy's numbers too); a
    fraction or a float that is not finite is refused (ArenaError) naming the option: str() passed
    True as "True" and 40.0 as "40.0", which every game refused with a message about the text only.
    Strings, and anything else, as str() writes them (the game says what it expects)."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or (_np is not None and isinstance(value, _np.bool_)):
        return "1" if value else "0"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        if not math.isfinite(value) or value != int(value):
            raise ArenaError(f"options: {key}={value!r} is not a whole number (game options take integers or text)")
        return str(int(value))
    return str(value)


def _random_seed():
    """A seed from the operating system's entropy (os.urandom), for seed=None: as numpy's
    default_rng(None) and Gymnasium's reset(seed=None) on a new env, a different one each time."""
    return int.from_bytes(os.urandom(8), "little")


def _text(x, what):
    """x as bytes for a C string, refused (ArenaError) when it is not a str or holds a NUL, where
    the C string would end: "greedy\\0junk" was the bot greedy, "text\\0:bogus" the mode text."""
    if not isinstance(x, str):
        raise ArenaError(f"{what} must be a string, not {type(x).__name__}")
    if "\0" in x:
        raise ArenaError(f"{what} {x!r}: a NUL character cannot be passed (the C string would end there)")
    return x.encode()


def games():
    """The ids of the games the simulator knows."""
    lib = load_library()
    out, i = [], 0
    while True:
        g = lib.arena_game(i)
        if g is None:
            return out
        out.append(g.decode())
        i += 1


def bots(game):
    """The names of a game's built-in bots."""
    lib = load_library()
    name = _text(game, "game")
    out, i = [], 0
    while True:
        b = lib.arena_game_bot(name, i)
        if b is None:
            # past the last bot the library says so too: only an unknown game is an error here
            if i == 0 and game not in games():
                lib.arena_game_bot(name, 0)
                raise _error(lib)
            return out
        out.append(b.decode())
        i += 1


# Buffers of this size and more are mapped on their own and asked for 2 MB pages (as the library's
# block of large states): every step writes them whole, and on 4 KB pages a batch's observations
# cost a TLB miss every few rows (SuiteBot's 10 MB at 4096 environments stepped 5-28% faster).
_HUGE_BUFFER = 4 << 20


def _zeroed_memory(nbytes):
    """A zeroed, writable block of nbytes (mmap: page-aligned, on 2 MB pages where the kernel
    grants them), or None for small buffers."""
    if nbytes < _HUGE_BUFFER:
        return None
    m = mmap.mmap(-1, nbytes)
    if hasattr(m, "madvise") and hasattr(mmap, "MADV_HUGEPAGE"):
        try:
            m.madvise(mmap.MADV_HUGEPAGE)
        except OSError:  # a hint only: small pages work too
            pass
    return m


class _Buffer:
    """One caller-owned buffer: the memory (kept alive here) and the array the user sees."""

    def __init__(self, shape, dtype, use_numpy):
        fmt, npname, ctype = _DTYPES[dtype]
        count = 1
        for d in shape:
            count *= d
        self.nbytes = count * ctypes.sizeof(ctype)
        self.memory = _zeroed_memory(self.nbytes)
        if use_numpy:
            if self.memory is not None:
                self.array = _np.frombuffer(self.memory, dtype=npname, count=count).reshape(shape)
            else:
                self.array = _np.zeros(shape, dtype=npname)
            self.address = self.array.ctypes.data if count else None
        else:
            if self.memory is not None:
                self.raw = (ctype * count).from_buffer(self.memory)
            else:
                self.raw = (ctype * max(count, 1))()
            self.address = ctypes.addressof(self.raw) if count else None
            view = memoryview(self.raw).cast("B")[: self.nbytes]
            self.array = view.cast(fmt, shape) if count else view


class _NotCopied:
    """For objects that own memory of the library's: copy.copy gave a second object with the same
    pointer, and the first of the two to go freed it under the other (then freed it again: a
    crash); deepcopy and pickle failed inside ctypes. Refused with a pointer to what works."""

    def _refuse(self, *args):
        name = type(self).__name__
        raise TypeError(f"{'an' if name[0] in 'AEIOU' else 'a'} {name} holds the library's memory and cannot be "
                        "copied or pickled: copy game states with snapshot() and save()/restore(), or make another one")

    __copy__ = __deepcopy__ = __reduce_ex__ = _refuse

    # as a class attribute too: when Python refuses the call's arguments (a misspelt keyword,
    # VecEnv("chicken", bot={...})), __init__ never runs, and __del__ found no _ptr at all
    _ptr = None


class Snapshot(_NotCopied):
    """Saved environment states (VecEnv.snapshot): slots to save into and restore from."""

    def __init__(self, env, count):
        self._ptr = None  # first: __del__ runs on an object whose __init__ raised too
        self._lib = env._lib
        if not env._ptr:
            raise env._failed()
        self._ptr = self._lib.arena_snapshot_new(env._ptr, _int32(count, "count"))
        if not self._ptr:
            raise _error(self._lib)
        self.count = count

    def close(self):
        """Frees the saved states (also when the Snapshot is garbage-collected); closing twice is fine."""
        if self._ptr:
            self._lib.arena_snapshot_free(self._ptr)
            self._ptr = None

    def __del__(self):
        self.close()


def _snap(snap):
    """The pointer of a Snapshot, refused (ArenaError) for anything else or a closed one (an
    AttributeError came out of the call, or "snapshot is NULL")."""
    if not isinstance(snap, Snapshot):
        raise ArenaError(f"expected a Snapshot (env.snapshot(count)), not {type(snap).__name__}")
    if not snap._ptr:
        raise ArenaError("the snapshot is closed")
    return snap._ptr


class VecEnv(_NotCopied):
    """num_envs environments of one game, stepped together (in C, across `threads`).

    seed: 0 .. 2^64-1, environment i's generator is seeded seed + i; None: a seed from os.urandom
    (as numpy and Gymnasium), readable afterwards in self.seed to replay the games.
    seats: the number of seats (default: the game's smallest); bots: {seat: bot name} for the seats
    built-in bots play (the others are the agents, in seat order); options: {key: value} game
    options as `arena play --option` (the settings above are arguments, refused as keys here); max_steps: turns after which a game is truncated (0: none);
    autoreset=False: a finished game stays over until reset() or reset_one();
    use_numpy: force numpy arrays (True) or memoryviews (False); default: numpy when installed.
    """

    _shape = "VecEnv"  # the class the caller made, for the closed message: Env and ParallelEnv set theirs

    def __init__(self, game, num_envs=1, seed=0, *, seats=None, bots=None, options=None, threads=1, max_steps=0,
                 autoreset=True, use_numpy=None, library=None):
        self._ptr = None  # first: __del__ runs on an object whose __init__ raised too
        seed = _random_seed() if seed is None else _seed64(seed)
        lib = load_library(library)
        self._lib = lib
        if use_numpy is not None:
            use_numpy = _flag(use_numpy, "use_numpy")
        if use_numpy and _np is None:
            raise ArenaError("use_numpy=True but numpy is not installed")
        self.use_numpy = _np is not None if use_numpy is None else use_numpy
        self.autoreset = _flag(autoreset, "autoreset")
        settings = []
        # whole numbers only: int() would make seats=2.5 two seats and threads=1.9 one thread
        if seats is not None:
            settings.append(f"seats={_int32(seats, 'seats')}")
        for what, value in (("bots", bots), ("options", options)):
            if value is not None and not isinstance(value, dict):
                example = '{1: "greedy"}' if what == "bots" else '{"rounds": 50}'
                raise ArenaError(f"{what} must be a dict (e.g. {example}), not {type(value).__name__}")
        for seat, name in (bots or {}).items():
            settings.append(f"bot.{_int32(seat, 'bot seat')}={name}")
        settings.append(f"threads={_int32(threads, 'threads')}")
        if max_steps:
            settings.append(f"max_steps={_int64(max_steps, 'max_steps')}")
        if not self.autoreset:
            settings.append("autoreset=0")
        for key, value in (options or {}).items():
            settings.append(f"{_option_key(key)}={_option_value(key, value)}")
        argv = (ctypes.c_char_p * (len(settings) + 1))(*[_text(s, "setting") for s in settings], None)
        ptr = lib.arena_env_new(_text(game, "game"), _int32(num_envs, "num_envs"), seed, argv)
        if not ptr:
            raise _error(lib)
        self._ptr = ptr
        self.game = game
        self.seed = seed  # the seed of the first reset(); the one drawn when seed=None
        self._was_reset = False
        self.num_envs = lib.arena_num_envs(ptr)
        self.num_seats = lib.arena_num_seats(ptr)
        self.num_agents = lib.arena_num_agents(ptr)
        self.agent_seats = [lib.arena_agent_seat(ptr, a) for a in range(self.num_agents)]
        self.obs_size = lib.arena_obs_size(ptr)
        self.obs_dtype = _DTYPES[lib.arena_obs_dtype(ptr)][1]
        self.num_actions = lib.arena_num_actions(ptr)
        self._buffers = {}
        for name in _BUFFERS:
            dtype = ctypes.c_int()
            dims = (ctypes.c_int64 * 3)()
            rank = lib.arena_buffer_info(ptr, name.encode(), ctypes.byref(dtype), dims)
            shape = tuple(dims[:rank])
            try:
                buf = _Buffer(shape, dtype.value, self.use_numpy)
            except (OSError, MemoryError) as e:
                # mmap's OSError "[Errno 12] Cannot allocate memory" named neither the buffer nor
                # the cure; the environments made so far are freed by close()
                self.close()
                size = ctypes.sizeof(_DTYPES[dtype.value][2])
                for d in shape:
                    size *= d
                raise ArenaError(f"out of memory: the {name!r} buffer of {num_envs} environments of {game} "
                                 f"({' x '.join(map(str, shape))} {_DTYPES[dtype.value][1]}, {size / 2**20:.0f} MB) "
                                 f"could not be allocated ({getattr(e, 'strerror', None) or type(e).__name__}): "
                                 "ask for fewer environments") from None
            if buf.address is not None and lib.arena_bind(ptr, name.encode(), buf.address, buf.nbytes) != 0:
                raise _error(lib)
            self._buffers[name] = buf
        b = {k: v.array for k, v in self._buffers.items()}
        self._obs, self._actions, self._rewards = b["obs"], b["action"], b["reward"]
        self._terminated, self._truncated = b["terminated"], b["truncated"]
        self._infos = {"mask": b["mask"], "to_act": b["to_act"], "score": b["score"], "result": b["result"],
                      "rank": b["rank"], "seed": b["seed"], "failed": b["failed"]}
        self._step_fn = lib.arena_step
        self._sample_fn = lib.arena_sample

    # The arrays are the library's buffers, bound once: assigning another array to the attribute
    # (env.actions = policy(obs)) left the library reading the old one, so that step() played the
    # actions of before. actions takes an assignment as a copy into the buffer (step(actions)'s
    # checks); the arrays the library writes cannot be assigned.
    obs = property(lambda self: self._obs, doc="[E, A, obs_size] observations, rewritten in place")
    rewards = property(lambda self: self._rewards, doc="[E, A] rewards of the last step")
    terminated = property(lambda self: self._terminated, doc="[E] 1 where the game ended in the last step")
    truncated = property(lambda self: self._truncated, doc="[E] 1 where the game was cut at max_steps")
    infos = property(lambda self: self._infos, doc="mask, to_act, score, result, rank, seed and failed arrays")

    @property
    def actions(self):
        """[E, A] int32: the actions step() plays. Write into it (env.actions[e, a] = k), or assign
        any array of its size (env.actions = x), which copies x into it."""
        return self._actions

    @actions.setter
    def actions(self, values):
        if values is not self._actions:
            self._set_actions(values)

    # -- playing --

    def reset(self, seed=None):
        """Environment i's generator is seeded seed + i and every environment starts a game.
        seed=None: the constructor's seed at the first reset, then new games each time (as
        Gymnasium's reset(): the seed moves on to one derived from the last, so a reset without a
        seed never replays the games of the last one)."""
        if seed is not None:
            self.seed = _seed64(seed)
        elif self._was_reset:
            self.seed = _next_seed(self.seed)
        if self._lib.arena_reset(self._ptr, self.seed) != 0:
            raise self._failed()
        self._was_reset = True
        return self.obs, self.infos

    def reset_one(self, i, game_seed):
        """Environment i plays the game `arena play --seed game_seed` would play."""
        # ctypes would keep the low 64 bits of a larger one (another game) and int() drop a fraction
        game_seed = _seed64(game_seed, "game seed", "0 to 2^53-1")
        if self._lib.arena_reset_one(self._ptr, _int32(i, "environment"), game_seed) != 0:
            raise self._failed()

    def step(self, actions=None):
        """One step of every environment with `actions` (default: what is in self.actions already,
        which costs no copy). Returns obs, rewards, terminated, truncated, infos (the same arrays
        every time, rewritten in place)."""
        if actions is not None and actions is not self.actions:
            self._set_actions(actions)
        if self._step_fn(self._ptr):
            raise self._failed()
        return self.obs, self.rewards, self.terminated, self.truncated, self.infos

    def _set_actions(self, actions):
        if self.use_numpy:
            a = _np.asarray(actions)
            if a.size != self.actions.size:
                raise ArenaError(f"actions: {a.size} values given, {self.actions.size} expected "
                                 f"(shape {tuple(self.actions.shape)})")
            self._check_action_shape(a.shape)
            # an assignment into the int32 array would cast silently (2**32 -> 0, 1.7 -> 1); the
            # range is checked on the values as given (uint64 2**64-1 as int64 is -1)
            if a.dtype.kind not in "iubf":
                raise ArenaError(f"actions: not numbers ({a.dtype})")
            if a.dtype.kind == "f" and not (_np.isfinite(a).all() and (_np.round(a) == a).all()):
                raise ArenaError(f"actions: not whole numbers ({a.dtype})")
            if a.size and (a.min() < -2**31 or a.max() >= 2**31):
                raise ArenaError(f"actions: out of range (32-bit ints): {a.min()} to {a.max()}")
            self.actions[...] = a.astype(_np.int64).reshape(self.actions.shape)
            return
        # any nesting of lists, tuples and arrays (memoryviews of any shape: another env's actions)
        nested = actions.tolist() if hasattr(actions, "tolist") else actions
        flat, stack = [], [nested]
        while stack:
            x = stack.pop()
            if isinstance(x, (list, tuple)):
                stack.extend(reversed(x))
            elif hasattr(x, "tolist") and not isinstance(x, (int, float)):
                stack.append(x.tolist())
            else:
                flat.append(x)
        view = self.actions.cast("B").cast("i")
        if len(flat) != len(view):
            raise ArenaError(f"actions: {len(flat)} values given, {len(view)} expected")
        shape, x = [], nested
        while isinstance(x, (list, tuple)) and x:  # the nesting's shape, read down its first items
            shape.append(len(x))
            x = x[0].tolist() if hasattr(x[0], "tolist") and not isinstance(x[0], (int, float)) else x[0]
        self._check_action_shape(tuple(shape))
        for k, x in enumerate(flat):
            view[k] = _int32(x, "action")

    def _check_action_shape(self, shape):
        """Actions of the right count but arranged otherwise than [E, A] (agents by environments,
        [A, E]: a stack of each agent's actions) are refused (ArenaError): they were read in
        row-major order, so environment 0 played agent 0's and agent 1's actions of environments 0
        and 1, without a word. Flat values (E * A in row-major order) and shapes that differ only
        by dimensions of 1 ([E] or [1, E] when A is 1) are the same order, and taken."""
        def sized(dims):
            return tuple(d for d in dims if d != 1)

        want = tuple(self._actions.shape)
        if len(shape) > 1 and sized(shape) != sized(want):
            raise ArenaError(f"actions: shape {tuple(shape)} given, {want} expected ([environment, agent]; "
                             f"or {self.num_envs * self.num_agents} values in that order)")

    def sample(self):
        """Writes a uniformly random legal action of every agent that must act into self.actions."""
        if self._sample_fn(self._ptr):
            raise self._failed()
        return self.actions

    def bot_action(self, i, seat, bot):
        """The flat action built-in `bot` would play now for `seat` of environment i (-1: none), a
        legal one at any point of a game (after reset_one, a restore or a copy too: docs/sim.md).
        The bot keeps its memory from call to call while its answers are played: asked at each of
        an agent's turns, it plays as it would in that seat of its own. ArenaError for a seat that
        is not on move (infos["to_act"]), as the library's -1."""
        out = ctypes.c_int32()
        if self._lib.arena_bot_action(self._ptr, _int32(i, "environment"), _int32(seat, "seat"), _text(bot, "bot"), ctypes.byref(out)) != 0:
            raise self._failed()
        return out.value

    def action_from_json(self, i, seat, action):
        """The flat action of a replay's action (the decoded JSON value of its "action") for `seat`
        of environment i now; -1 when the flat action space has no such action."""
        import json

        text = json.dumps(action)
        out = ctypes.c_int32()
        if self._lib.arena_action_from_json(self._ptr, _int32(i, "environment"), _int32(seat, "seat"), text.encode(), ctypes.byref(out)) != 0:
            raise self._failed()
        return out.value

    # -- search --

    def snapshot(self, count=None):
        """Room for `count` saved states (default: one per environment)."""
        return Snapshot(self, self.num_envs if count is None else count)

    def save(self, i, snap, slot=0):
        """Saves environment i (its game, generators, scores and the bots' memories) into slot `slot`."""
        if self._lib.arena_save(self._ptr, _int32(i, "environment"), _snap(snap), _int32(slot, "slot")) != 0:
            raise self._failed()

    def restore(self, i, snap, slot=0):
        """Puts slot `slot` back into environment i and rewrites its rows of the buffers, as reset() does:
        stepped with the same actions it plays bit for bit as the saved one did. Any environment with
        the same game, seats, bots, options, max_steps and autoreset (ArenaError names a difference)."""
        if self._lib.arena_restore(self._ptr, _int32(i, "environment"), _snap(snap), _int32(slot, "slot")) != 0:
            raise self._failed()

    def save_all(self, snap):
        """Saves every environment e into slot e (the snapshot needs num_envs slots)."""
        if self._lib.arena_save_all(self._ptr, _snap(snap)) != 0:
            raise self._failed()

    def restore_all(self, snap):
        """Restores every environment e from slot e (the snapshot needs num_envs slots)."""
        if self._lib.arena_restore_all(self._ptr, _snap(snap)) != 0:
            raise self._failed()

    # -- looking --

    def render(self, i=0, mode="text"):
        """Environment i as text ("text", or "text:MODE" with one of the game's display modes, as
        `arena play --view`) or as its replay frame ("json", a string). ArenaError for another."""
        i = _int32(i, "environment")
        fmt = _text(mode, "render mode")
        n = self._lib.arena_render(self._ptr, i, fmt, None, 0)
        if n < 0:
            raise self._failed()
        out = ctypes.create_string_buffer(n + 1)
        self._lib.arena_render(self._ptr, i, fmt, out, n + 1)
        return out.value.decode("utf-8", "replace")

    def _failed(self):
        """The error of the call that failed: the library's, with the environments flagged in the
        failed buffer (ArenaError.failed), or that this VecEnv is closed (the library said "env is
        NULL")."""
        if not self._ptr:
            return ArenaError(f"this {self._shape} ({self.game}) is closed")
        e = _error(self._lib)
        e.failed = [i for i, flag in enumerate(self._infos["failed"].tolist()) if flag]
        return e

    def close(self):
        """Frees the environments (also when the VecEnv is garbage-collected); later calls say it is closed."""
        if self._ptr:
            self._lib.arena_env_free(self._ptr)
            self._ptr = None

    def __del__(self):
        self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _row(array, *index):
    """array[index], the caller's own: a copy of the numpy row, or a list from a memoryview (which
    cannot slice several dimensions). A view of the buffer changed under the caller at the next
    step: Env's obs kept from reset() became the obs after step(), a transition (obs, next_obs)
    held one observation twice (and only with numpy: memoryviews gave lists)."""
    if _np is not None and isinstance(array, _np.ndarray):
        return array[index].copy()
    item = array.tolist()
    for k in index:
        item = item[k]
    return item


def _no_reset_options(options):
    """reset(options=...) is in Gymnasium's signature, but the game's options are fixed when the
    environment is made (the buffers' shapes follow them): options given here were ignored."""
    if options:
        raise ArenaError(f"reset(options={options!r}): the game's options are set when the environment is made "
                         "(Env(game, options={...})); reset takes none")


class Env(_NotCopied):
    """One environment with one agent, shaped like a Gymnasium env (without depending on it).

    observations and masks are the caller's own (numpy arrays or lists, copied from the buffers), as
    Gymnasium's: they stay as they are after the next step."""

    def __init__(self, game, seed=0, **kwargs):
        _one_environment(type(self).__name__, kwargs)
        self.vec = VecEnv(game, 1, seed, **kwargs)
        self.vec._shape = type(self).__name__
        if self.vec.num_agents != 1:
            raise ArenaError(f"Env plays one agent; {game} with these seats and bots has {self.vec.num_agents} "
                             "(give bots for the other seats, or use VecEnv / ParallelEnv)")
        self.observation_shape = (self.vec.obs_size,)
        self.observation_dtype = self.vec.obs_dtype
        # autoreset=False: a game that ended stays over, its steps change nothing and said
        # (0.0, False, False) again and again; step() refuses them instead (a loop that missed the
        # end ran for ever)
        self._keeps_over, self._over = not self.vec.autoreset, False
        self.action_count = self.vec.num_actions
        # The buffers, fixed for the VecEnv's life, looked up once: step() is the per-call path (a
        # Python loop over single environments), where every attribute, property and index costs.
        v, i = self.vec, self.vec.infos
        self._actions, self._rewards, self._terminated, self._truncated, self._seed = (
            v.actions, v.rewards, v.terminated, v.truncated, i["seed"])
        if v.use_numpy:
            # numpy: views of environment 0's rows, copied at each call (the caller's own)
            self._rows = (v.obs[0, 0], i["mask"][0, 0], i["score"][0], i["result"][0], i["rank"][0])
            self._flat = None
        else:
            # memoryviews: one environment and one agent, so each buffer is the row; as flat views,
            # whose lists are made without tolist()'s nesting, the uint8 mask as bytes (whose list is
            # made faster than a memoryview's: Rising Tide's 2593 actions cost most of a call)
            self._rows = None
            self._flat = tuple(b.cast("B").cast(b.format) if b.ndim > 1 else b
                               for b in (v.obs, i["score"], i["result"], i["rank"]))
            self._mask_bytes = i["mask"].cast("B")

    def _observe(self):
        """obs and info of the game as it stands: the rows copied (numpy) or made lists
        (memoryviews), the scalars read directly (a numpy scalar's .copy() was needless: reading
        one makes a new object already)."""
        if self._rows is not None:
            obs, mask, score, result, rank = self._rows
            return obs.copy(), {"action_mask": mask.copy(), "score": score.copy(), "result": result.copy(),
                                "rank": rank.copy(), "seed": self._seed[0]}
        obs, score, result, rank = self._flat
        return obs.tolist(), {"action_mask": list(self._mask_bytes.tobytes()), "score": score.tolist(),
                              "result": result.tolist(), "rank": rank.tolist(), "seed": self._seed[0]}

    def _info(self):
        return self._observe()[1]

    def reset(self, seed=None, options=None):
        """Starts a game: seed replays its games, None moves on to new ones (the constructor's seed at
        the first reset). Returns (obs, info), info["action_mask"] the legal actions."""
        _no_reset_options(options)
        self.vec.reset(seed)
        self._over = False
        return self._observe()

    def step(self, action):
        """Plays `action` (a flat action legal in info["action_mask"]), then the bots' turns until the
        agent is on move again. Returns (obs, reward, terminated, truncated, info); a finished game
        restarts at once (obs is the new game's) unless autoreset=False: then a step after the end is
        refused (ArenaError) until reset()."""
        v = self.vec
        if self._over and v._ptr and not v.infos["to_act"][0, 0]:
            raise ArenaError("the game is over (autoreset=False): reset() starts the next one")
        self._actions[0, 0] = _int32(action, "action")
        if v._step_fn(v._ptr):
            raise v._failed()
        obs, info = self._observe()
        terminated, truncated = bool(self._terminated[0]), bool(self._truncated[0])
        self._over = self._keeps_over and (terminated or truncated)
        return obs, float(self._rewards[0, 0]), terminated, truncated, info

    def action_mask(self):
        """The legal actions now (1 where legal), the caller's own copy."""
        return _row(self.vec.infos["mask"], 0, 0)

    def render(self, mode="text"):
        """The game as text ("text", "text:MODE") or its replay frame ("json"): VecEnv.render."""
        return self.vec.render(0, mode)

    def close(self):
        """Frees the environment; later calls say it is closed."""
        self.vec.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class ParallelEnv(_NotCopied):
    """One environment, every agent: shaped like a PettingZoo ParallelEnv (without depending on it).
    Agents are named "seat_S". In turn-based games only the agents in infos[agent]["to_act"] act;
    the others' actions are ignored. As PettingZoo's, `agents` lists the live agents: every one
    from reset(), none after the step that ends the game (a game ends for every seat at once), so
    `while env.agents:` plays one game. With autoreset (the default) the next game has begun by
    then (the observations are its): a step without reset() plays it and lists every agent again."""

    def __init__(self, game, seed=0, **kwargs):
        _one_environment(type(self).__name__, kwargs)
        self.vec = VecEnv(game, 1, seed, **kwargs)
        self.vec._shape = type(self).__name__
        self.possible_agents = [f"seat_{s}" for s in self.vec.agent_seats]
        self.agents = list(self.possible_agents)
        self._keeps_over, self._over = not self.vec.autoreset, False  # as Env's

    def _dicts(self):
        v = self.vec
        obs = {name: _row(v.obs, 0, a) for a, name in enumerate(self.possible_agents)}
        infos = {name: {"action_mask": _row(v.infos["mask"], 0, a), "to_act": bool(_row(v.infos["to_act"], 0, a))}
                 for a, name in enumerate(self.possible_agents)}
        return obs, infos

    def reset(self, seed=None, options=None):
        """Starts a game (seed as Env.reset). Returns (observations, infos), dicts keyed by agent."""
        _no_reset_options(options)
        self.vec.reset(seed)
        self.agents = list(self.possible_agents)
        self._over = False
        return self._dicts()

    def step(self, actions):
        """actions: {agent: flat action} for every agent that must act (infos[agent]["to_act"]);
        the others may be left out (their actions are ignored). A missing one is refused: the
        action buffer still held the agent's action of an earlier turn, which the game played."""
        if not self.vec._ptr:  # the last step's to_act made it "seat_1 must act now" instead
            raise self.vec._failed()
        to_act = self.vec.infos["to_act"]
        if self._over and not any(_row(to_act, 0, a) for a in range(len(self.possible_agents))):  # as Env.step
            raise ArenaError("the game is over (autoreset=False): reset() starts the next one")
        unknown = [name for name in actions if name not in self.possible_agents]
        if unknown:
            raise ArenaError(f"unknown agent {unknown[0]!r} (agents: {', '.join(self.possible_agents)})")
        v = self.vec
        missing = [name for a, name in enumerate(self.possible_agents)
                   if name not in actions and _row(v.infos["to_act"], 0, a)]
        if missing:
            raise ArenaError(f"{', '.join(missing)} must act now but no action was given (infos[agent][\"to_act\"])")
        for a, name in enumerate(self.possible_agents):
            if name in actions:
                v.actions[0, a] = _int32(actions[name], f"action of {name}")
        v.step()
        obs, infos = self._dicts()
        rewards = {name: float(_row(v.rewards, 0, a)) for a, name in enumerate(self.possible_agents)}
        term, trunc = bool(_row(v.terminated, 0)), bool(_row(v.truncated, 0))
        self._over = self._keeps_over and (term or trunc)
        # PettingZoo's contract: an agent that terminated or was truncated is no longer listed
        # (it stayed listed for ever, and `while env.agents:` never ended)
        self.agents = [] if term or trunc else list(self.possible_agents)
        terminations = {name: term for name in self.possible_agents}
        truncations = {name: trunc for name in self.possible_agents}
        return obs, rewards, terminations, truncations, infos

    def render(self, mode="text"):
        """The game as text ("text", "text:MODE") or its replay frame ("json"): VecEnv.render."""
        return self.vec.render(0, mode)

    def close(self):
        """Frees the environment; later calls say it is closed."""
        self.vec.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Bot(_NotCopied):
    """A process bot with the simulator's encoding: feed it the referee's messages, get the same
    observation and mask an environment gives, answer with a flat action.

        bot = Bot("chicken")
        bot.run(lambda obs, mask: best_action(obs, mask))   # speaks the protocol on stdin/stdout
    """

    def __init__(self, game, library=None):
        self._ptr = None  # first: __del__ runs on an object whose __init__ raised too
        self._lib = load_library(library)
        self._ptr = self._lib.arena_bot_new(_text(game, "game"))
        if not self._ptr:
            raise _error(self._lib)
        self.game = game
        self.message_size = self._lib.arena_bot_message_size(self._ptr)
        self._obs = None
        self._reply = ctypes.create_string_buffer(4096)

    def feed(self, data):
        """One line (without its newline) or one record; returns "more", "act", "end" or "ready"."""
        if isinstance(data, str):
            data = data.encode()
        elif isinstance(data, (bytearray, memoryview)):
            data = bytes(data)
        elif not isinstance(data, bytes):  # it was "object of type 'NoneType' has no len()"
            raise ArenaError(f"feed takes a message of the referee as bytes or str, not {type(data).__name__}")
        r = self._lib.arena_bot_feed(self._open(), data, len(data))
        if r < 0:
            raise _error(self._lib)
        return ("more", "act", "end", "ready")[r]

    def observe(self):
        """After "act": (obs, mask) as lists (numpy arrays when numpy is installed)."""
        lib = self._lib
        self._open()
        if self._obs is None:
            n = lib.arena_bot_obs_size(self._ptr)
            if n < 0:
                raise _error(lib)
            fmt, npname, ctype = _DTYPES[lib.arena_bot_obs_dtype(self._ptr)]
            self._obs = (ctype * n)()
            self._mask = (ctypes.c_uint8 * lib.arena_bot_num_actions(self._ptr))()
        if lib.arena_bot_observe(self._ptr, self._obs, self._mask) != 0:
            raise _error(lib)
        if _np is not None:
            return _np.ctypeslib.as_array(self._obs).copy(), _np.ctypeslib.as_array(self._mask).copy()
        return list(self._obs), list(self._mask)

    def reply(self, action):
        """The wire bytes answering the current view with flat action `action`."""
        n = self._lib.arena_bot_reply(self._open(), _int32(action, "action"), self._reply, len(self._reply))
        if n < 0:
            raise _error(self._lib)
        return self._reply.raw[:n]

    def run(self, policy, stdin=None, stdout=None):
        """Plays a whole game on stdin/stdout: policy(obs, mask) -> flat action."""
        import sys

        self._open()
        inp = stdin or sys.stdin.buffer
        out = stdout or sys.stdout.buffer
        while True:
            if self.message_size:
                data = inp.read(self.message_size)
                if len(data) < self.message_size:
                    return
            else:
                line = inp.readline()
                if not line:
                    return
                data = line.rstrip(b"\n")
            what = self.feed(data)
            if what == "end":
                return
            if what == "ready":
                out.write(b"ready\n")
                out.flush()
            elif what == "act":
                obs, mask = self.observe()
                out.write(self.reply(policy(obs, mask)))
                out.flush()

    def _open(self):
        """The bot's pointer; ArenaError once closed (the library said "bot is NULL")."""
        if not self._ptr:
            raise ArenaError(f"this Bot ({self.game}) is closed")
        return self._ptr

    def close(self):
        """Frees the bot; later calls say it is closed."""
        if self._ptr:
            self._lib.arena_bot_free(self._ptr)
            self._ptr = None

    def __del__(self):
        self.close()
