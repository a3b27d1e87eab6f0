"""The original's per-ply record. Kept so that agents importing it load; the referee never uses it."""


class History:
    def __init__(self):
        self.pos = []
        self.left_behind_enums = []
        self.a_eggs_laid = []
        self.b_eggs_laid = []
        self.a_turds_left = []
        self.b_turds_left = []
        self.a_time_left = []
        self.b_time_left = []
        self.a_moves_left = []
        self.b_moves_left = []
        self.trapdoor_triggered = []

    def record_trapdoor(self, trigger_trap, loc=None):
        self.trapdoor_triggered.append(int(trigger_trap))
        if loc is not None and self.pos:
            self.pos[-1] = loc

    def record_round_update(self, loc, move_type, eggs_laid_a, eggs_laid_b, turds_left_a, turds_left_b,
                            time_left_a, time_left_b, moves_left_a, moves_left_b, is_as_turn):
        """Appends one ply; the arguments are always in A/B order (is_as_turn names the mover)."""
        self.pos.append(loc)
        self.left_behind_enums.append(int(move_type))
        self.a_eggs_laid.append(eggs_laid_a)
        self.b_eggs_laid.append(eggs_laid_b)
        self.a_turds_left.append(turds_left_a)
        self.b_turds_left.append(turds_left_b)
        self.a_time_left.append(time_left_a)
        self.b_time_left.append(time_left_b)
        self.a_moves_left.append(moves_left_a)
        self.b_moves_left.append(moves_left_b)
