"""The original's text picture of a board."""


def get_board_string(board, trapdoors=set()):
    """(text, a_eggs, b_eggs, a_turds_left, b_turds_left); symbols by priority: @ chicken A,
    % chicken B, a A egg, A A turd, b B egg, B B turd, T trapdoor, blank."""
    size = board.game_map.MAP_SIZE
    if board.chicken_player.is_player_a():
        a, b = board.chicken_player, board.chicken_enemy
        a_eggs, a_turds, b_eggs, b_turds = board.eggs_player, board.turds_player, board.eggs_enemy, board.turds_enemy
    else:
        a, b = board.chicken_enemy, board.chicken_player
        a_eggs, a_turds, b_eggs, b_turds = board.eggs_enemy, board.turds_enemy, board.eggs_player, board.turds_player
    traps = set(tuple(t) for t in trapdoors) | set(board.found_trapdoors)
    lines = ["  " + " ".join(str(x) for x in range(size))]
    for y in range(size):
        row = []
        for x in range(size):
            loc = (x, y)
            if loc == a.get_location():
                ch = "@"
            elif loc == b.get_location():
                ch = "%"
            elif loc in a_eggs:
                ch = "a"
            elif loc in a_turds:
                ch = "A"
            elif loc in b_eggs:
                ch = "b"
            elif loc in b_turds:
                ch = "B"
            elif loc in traps:
                ch = "T"
            else:
                ch = " "
            row.append(ch)
        lines.append("%d " % y + " ".join(row))
    return ("\n".join(lines) + "\n", a.get_eggs_laid(), b.get_eggs_laid(), a.get_turds_left(), b.get_turds_left())
