"""One chicken: where it is, its spawn, its colour, its eggs and turds."""
from . import game_map as _game_map
from .enums import _STEP, _dir_index


class Chicken:
    def __init__(self, max_turds=0, copy=False):
        self.loc = None
        self.spawn = None
        self.even_chicken = 0
        if not copy:
            self.turds_left = max_turds
            self.eggs_laid = 0

    def start(self, start_loc, even_chicken):
        self.spawn = tuple(start_loc)
        self.loc = tuple(start_loc)
        self.even_chicken = even_chicken

    def is_player_a(self):
        return self.even_chicken == 0

    def get_spawn(self):
        return self.spawn

    def get_location(self):
        return self.loc

    def get_eggs_laid(self):
        return self.eggs_laid

    def get_turds_left(self):
        return self.turds_left

    def get_turds_placed(self):
        return _game_map.GameMap.MAX_TURDS - self.turds_left

    def has_turds_left(self):
        return self.turds_left > 0

    def increment_eggs_laid(self, eggs=1):
        self.eggs_laid += eggs

    def decrement_turds(self):
        self.turds_left -= 1

    def reset_location(self):
        self.loc = self.spawn

    def can_lay_egg(self, loc):
        return (loc[0] + loc[1]) % 2 == self.even_chicken

    def get_next_loc(self, dir, loc=None):
        d = _dir_index(dir)
        if d is None:
            return None
        if loc is None:
            loc = self.loc
        dx, dy = _STEP[d]
        return (loc[0] + dx, loc[1] + dy)

    def apply_dir(self, dir):
        self.loc = self.get_next_loc(dir)
        return self.loc

    def lay_egg(self):
        self.eggs_laid += 1
        return self.loc

    def drop_turd(self):
        self.turds_left -= 1
        return self.loc

    def prob_senses_if_trapdoor_were_at(self, did_hear, did_feel, x, y):
        dx, dy = abs(self.loc[0] - x), abs(self.loc[1] - y)
        ph, pf = _game_map.prob_hear(dx, dy), _game_map.prob_feel(dx, dy)
        return (ph if did_hear else 1.0 - ph, pf if did_feel else 1.0 - pf)

    def get_copy(self):
        c = Chicken(copy=True)
        c.loc = self.loc
        c.spawn = self.spawn
        c.even_chicken = self.even_chicken
        c.turds_left = self.turds_left
        c.eggs_laid = self.eggs_laid
        return c
