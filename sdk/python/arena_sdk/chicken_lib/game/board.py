"""The board as an agent sees it, with Arena's rules (docs/games/chicken.md, Chicken R11 and R13).

The board does not know where the hidden trapdoors are: apply_move and forecast_move never
simulate a fall. Coordinates are (x, y) tuples, x the column and y the row, (0, 0) upper-left.
"""
from . import game_map as _game_map
from .chicken import Chicken
from .enums import Direction, MoveType, Result, WinReason, _STEP, _dir_index
from .history import History

_DIRECTIONS = tuple(Direction)
_MOVE_TYPES = tuple(MoveType)
_ALL_MOVES = tuple((d, t) for d in _DIRECTIONS for t in _MOVE_TYPES)


def manhattan_distance(p1, p2):
    return abs(p1[0] - p2[0]) + abs(p1[1] - p2[1])


def _type_index(move_type):
    if isinstance(move_type, bool):
        return None
    try:
        value = int(move_type)
    except (TypeError, ValueError):
        return None
    if value != move_type or value not in (0, 1, 2):
        return None
    return value


def _corner(loc, size):
    return loc[0] in (0, size - 1) and loc[1] in (0, size - 1)


class Board:
    def __init__(self, game_map, time_to_play=20, build_history=False, copy=False):
        self.game_map = game_map
        self.MAX_TURNS = getattr(game_map, "MAX_TURNS", 40)
        self.time_to_play = time_to_play
        self.build_history = build_history
        self.history = History() if build_history else None
        if copy:
            return
        self.eggs_player = set()
        self.eggs_enemy = set()
        self.turds_player = set()
        self.turds_enemy = set()
        self.found_trapdoors = set()
        self.chicken_player = Chicken(game_map.MAX_TURDS)
        self.chicken_enemy = Chicken(game_map.MAX_TURDS)
        self.turn_count = 0
        self.turns_left_player = self.MAX_TURNS
        self.turns_left_enemy = self.MAX_TURNS
        self.player_time = time_to_play
        self.enemy_time = time_to_play
        self.is_as_turn = True
        self.winner = None
        self.win_reason = None
        self.chicken_blocked = False

    # ----- cells -----

    def is_valid_cell(self, loc):
        size = self.game_map.MAP_SIZE
        return 0 <= loc[0] < size and 0 <= loc[1] < size

    def _sides(self, enemy):
        if enemy:
            return (self.chicken_enemy, self.chicken_player, self.eggs_enemy, self.turds_enemy, self.eggs_player,
                    self.turds_player)
        return (self.chicken_player, self.chicken_enemy, self.eggs_player, self.turds_player, self.eggs_enemy,
                self.turds_enemy)

    @staticmethod
    def _in_zone(loc, turds):
        x, y = loc
        return (loc in turds or (x, y - 1) in turds or (x + 1, y) in turds or (x, y + 1) in turds
                or (x - 1, y) in turds)

    def is_cell_in_enemy_turd_zone(self, loc):
        return self._in_zone(tuple(loc), self.turds_enemy)

    def is_cell_blocked(self, loc):
        loc = tuple(loc)
        return (not self.is_valid_cell(loc) or loc == self.chicken_enemy.get_location() or loc in self.eggs_enemy
                or self._in_zone(loc, self.turds_enemy))

    def is_valid_direction(self, dir):
        d = _dir_index(dir)
        if d is None:
            return False
        return not self.is_cell_blocked(self.chicken_player.get_next_loc(d))

    # ----- legality (Chicken R11) -----

    def _why(self, d, t, enemy):
        """The first failing check of Chicken R11 (its label), or None when the move is legal."""
        me, opp, my_eggs, my_turds, opp_eggs, opp_turds = self._sides(enemy)
        p, q = me.get_location(), opp.get_location()
        if t == 2 and me.get_turds_left() < 1:
            return "no_turds_left"
        if t == 1 and (p[0] + p[1]) % 2 != me.even_chicken:
            return "egg_wrong_parity"
        dx, dy = _STEP[d]
        dest = (p[0] + dx, p[1] + dy)
        if dest == q:
            return "onto_opponent"
        if not self.is_valid_cell(dest):
            return "off_board"
        if dest in opp_eggs:
            return "opponent_egg"
        if dest in opp_turds:
            return "onto_opponent_turd"
        if self._in_zone(dest, opp_turds):
            return "next_to_opponent_turd"
        if t == 0:
            return None
        if p in my_eggs or p in my_turds:
            return "own_item_here"
        if t == 1:
            return None
        if manhattan_distance(p, q) < 2:
            return "turd_next_to_opponent"
        return None

    def is_valid_move(self, dir, move_type, enemy=False):
        d, t = _dir_index(dir), _type_index(move_type)
        if d is None or t is None:
            return False
        return self._why(d, t, enemy) is None

    def get_valid_moves(self, enemy=False):
        return [(d, t) for (d, t) in _ALL_MOVES if self._why(int(d), int(t), enemy) is None]

    def has_moves_left(self, enemy=False):
        return any(self._why(int(d), int(t), enemy) is None for (d, t) in _ALL_MOVES)

    def can_lay_egg(self):
        return self.can_lay_egg_at_loc(self.chicken_player.get_location())

    def can_lay_egg_at_loc(self, loc):
        loc = tuple(loc)
        return (self.chicken_player.can_lay_egg(loc) and loc not in self.eggs_player and loc not in self.turds_player
                and loc not in self.turds_enemy)

    def can_lay_turd(self):
        return self.can_lay_turd_at_loc(self.chicken_player.get_location())

    def can_lay_turd_at_loc(self, loc):
        loc = tuple(loc)
        return (self.chicken_player.has_turds_left()
                and manhattan_distance(loc, self.chicken_enemy.get_location()) > 1
                and loc not in self.eggs_player and loc not in self.eggs_enemy and loc not in self.turds_player
                and loc not in self.turds_enemy)

    # ----- moves (Chicken R13 without trapdoors) -----

    def apply_move(self, dir, move_type, timer=0, check_ok=True):
        d, t = _dir_index(dir), _type_index(move_type)
        if d is None or t is None:
            return False
        if check_ok and self._why(d, t, False) is not None:
            return False
        me = self.chicken_player
        loc = me.get_location()
        if t == 1:
            self.eggs_player.add(loc)
            me.increment_eggs_laid(self.game_map.CORNER_REWARD if _corner(loc, self.game_map.MAP_SIZE) else 1)
        elif t == 2:
            self.turds_player.add(loc)
            me.decrement_turds()
        me.apply_dir(d)
        self.end_turn(MoveType(t), timer)
        return True

    def end_turn(self, move_type, timer=0):
        self.turn_count += 1
        self.turns_left_player -= 1
        self.player_time -= timer
        if self.turns_left_enemy > 0 and not self.has_moves_left(enemy=True):
            self.chicken_player.increment_eggs_laid(5)
            self.chicken_blocked = True
        if self.history is not None:
            a, b = ((self.chicken_player, self.chicken_enemy) if self.is_as_turn
                    else (self.chicken_enemy, self.chicken_player))
            ta, tb = ((self.player_time, self.enemy_time) if self.is_as_turn else (self.enemy_time, self.player_time))
            ma, mb = ((self.turns_left_player, self.turns_left_enemy) if self.is_as_turn
                      else (self.turns_left_enemy, self.turns_left_player))
            self.history.record_round_update(self.chicken_player.get_location(), move_type, a.eggs_laid, b.eggs_laid,
                                             a.turds_left, b.turds_left, ta, tb, ma, mb, self.is_as_turn)
        self.check_win()
        self.is_as_turn = not self.is_as_turn

    def _by_eggs(self, reason):
        mine, theirs = self.chicken_player.get_eggs_laid(), self.chicken_enemy.get_eggs_laid()
        result = Result.PLAYER if mine > theirs else Result.ENEMY if theirs > mine else Result.TIE
        self.set_winner(result, reason)

    def check_win(self, timeout_bounds=0.5):
        """Sets the winner when the game is over; timeout_bounds is accepted and ignored (no tie branch)."""
        if self.player_time <= 0:
            self.set_winner(Result.ENEMY, WinReason.TIMEOUT)
        elif self.enemy_time <= 0:
            self.set_winner(Result.PLAYER, WinReason.TIMEOUT)
        elif (self.turns_left_player <= 0 and self.turns_left_enemy <= 0) or self.turn_count >= 2 * self.MAX_TURNS:
            self._by_eggs(WinReason.EGGS_LAID)
        elif self.chicken_blocked:
            self._by_eggs(WinReason.BLOCKING_END)
        return self.winner is not None

    def forecast_move(self, dir, move_type, check_ok=True):
        """The board after the move (on a copy), or None if it is illegal. Charges no time."""
        board = self.get_copy()
        if not board.apply_move(dir, move_type, timer=0, check_ok=check_ok):
            return None
        return board

    def reverse_perspective(self):
        self.eggs_player, self.eggs_enemy = self.eggs_enemy, self.eggs_player
        self.turds_player, self.turds_enemy = self.turds_enemy, self.turds_player
        self.chicken_player, self.chicken_enemy = self.chicken_enemy, self.chicken_player
        self.player_time, self.enemy_time = self.enemy_time, self.player_time
        self.turns_left_player, self.turns_left_enemy = self.turns_left_enemy, self.turns_left_player

    def get_copy(self, build_history=False, asymmetric=False):
        b = Board(self.game_map, self.time_to_play, build_history=False, copy=True)
        b.MAX_TURNS = self.MAX_TURNS
        b.eggs_player = set(self.eggs_player)
        b.eggs_enemy = set(self.eggs_enemy)
        b.turds_player = set(self.turds_player)
        b.turds_enemy = set(self.turds_enemy)
        b.found_trapdoors = set(self.found_trapdoors)
        b.chicken_player = self.chicken_player.get_copy()
        b.chicken_enemy = self.chicken_enemy.get_copy()
        b.turn_count = self.turn_count
        b.turns_left_player = self.turns_left_player
        b.turns_left_enemy = self.turns_left_enemy
        b.player_time = self.player_time
        b.enemy_time = self.enemy_time
        b.is_as_turn = self.is_as_turn
        b.winner = self.winner
        b.win_reason = self.win_reason
        b.chicken_blocked = self.chicken_blocked
        b.build_history = build_history
        b.history = History() if build_history else None
        return b

    # ----- results and bookkeeping -----

    def is_game_over(self):
        return self.winner is not None

    def get_winner(self):
        return self.winner

    def get_win_reason(self):
        return self.win_reason

    def set_winner(self, result, reason):
        self.winner = result
        self.win_reason = reason

    def set_found_trapdoors(self, trapdoors):
        self.found_trapdoors = set(tuple(t) for t in trapdoors)

    def set_build_history(self, flag):
        self.build_history = flag
        if flag and self.history is None:
            self.history = History()

    def get_history(self):
        return self.history if self.build_history else None
