# A Python file with helpers but no bot: no util.Bot and no my_bot_fn.
import util


def helper(terrain):
    return len(util.allowed_moves(terrain))
