"""The source tree's own rules (scripts/source_checks.py): which folder may include a game's
internal header. Each check runs on the repository (it must be clean) and on a small tree made
here with a known fault (it must name it), so a check that finds nothing cannot pass by accident."""
import os
import sys
import tempfile
import unittest

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import source_checks  # noqa: E402


def write(root, rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


class Includes(unittest.TestCase):
    def test_repository_includes_game_internals_only_from_the_game_and_compat(self):
        self.assertEqual(source_checks.include_problems(ROOT), [])

    def test_an_include_from_cli_is_named_with_its_line(self):
        with tempfile.TemporaryDirectory() as t:
            write(t, "src/games/rezzo/rz.h", "")
            write(t, "src/games/registry.h", "")
            write(t, "src/games/rezzo/rz_rules.c", '#include "rz.h"\n')
            write(t, "src/games/registry.c", '#include "rezzo/rz.h"\n')
            write(t, "src/compat/trace_rezzo.c", '#include "../games/rezzo/rz.h"\n')
            write(t, "src/cli/cmd_list.c", '#include "../games/registry.h"\n')
            write(t, "src/cli/cmd_bench.c", '/* bench */\n#include "../games/rezzo/rz.h"\n')
            problems = source_checks.include_problems(t)
        self.assertEqual(len(problems), 1, problems)
        self.assertTrue(problems[0].startswith("src/cli/cmd_bench.c:2: includes src/games/rezzo/rz.h"), problems)


if __name__ == "__main__":
    unittest.main()
