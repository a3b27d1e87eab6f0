"""The source tree's own rules (scripts/source_checks.py): which folder may include a game's
internal header, and that every rule ID code and tests cite is defined on its game's page with the
words its evidence comments quote. Each check runs on the repository (it must be clean) and on a
small tree made here with known faults (it must name each), so a check that finds nothing cannot
pass by accident."""
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


class Prefixes(unittest.TestCase):
    def test_repository_names_carry_their_file_or_module(self):
        self.assertEqual(source_checks.prefix_problems(ROOT), [])

    def test_a_name_without_its_file_or_module_prefix_is_named(self):
        with tempfile.TemporaryDirectory() as t:
            # faults: a tourney.h type with a prefix of no file, a function defined in another
            # sink's file, a global of no module
            write(t, "src/tourney/tourney.h", "/* t */\ntypedef struct {\n    int n;\n} tr_config;\n"
                  "typedef enum { FORMAT_A } tourney_format;\ntypedef tourney_format tr_format;\n")
            write(t, "src/match/sinks.h", "typedef struct { int x; } sink_box;\n")
            write(t, "src/match/sink_progress.c", "/* p */\nsink_t *sink_progress_new(FILE *out) {\n}\n"
                  "static void on_turn(void *ctx) {\n}\n/* void other_free(void) { */\n"
                  "void sink_free(sink_t *s) {\n    if (!s) return;\n}\n")
            write(t, "src/match/sinks.c", "void sink_free(sink_t *s,\n               int x) {\n}\n")
            write(t, "src/match/transport_lines.c", "const transport_t transport_lines = {0};\nint lines_count = 0;\n")
            write(t, "src/match/transport.h", "")
            # allowed: the module's other name, a family with its own header, the module's name
            write(t, "src/sandbox/cgroup.c", "bool sbx_cgroup_own(void) {\n}\nint sandbox_detect(void) {\n}\n")
            write(t, "src/store/db.h", "")
            write(t, "src/store/db_engine.h", "typedef struct {\n    int kind;\n} db_value;\n")
            write(t, "src/tourney/runner.h", "typedef struct {\n    int jobs;\n} runner_opts;\n"
                  "typedef void (*tourney_cb)(void);\n")
            problems = source_checks.prefix_problems(t)
        self.assertEqual(len(problems), 4, problems)
        self.assertTrue(problems[0].startswith("src/match/sink_progress.c:7: function sink_free"), problems)
        self.assertTrue(problems[1].startswith("src/match/transport_lines.c:2: global lines_count"), problems)
        self.assertTrue(problems[2].startswith("src/tourney/tourney.h:4: type tr_config"), problems)
        self.assertTrue(problems[3].startswith("src/tourney/tourney.h:6: type tr_format"), problems)


PAGE = """# Splitter

**R7. Dice.** The dice depend only on (S, g), never on the bot.

**R9. Scoring**, summed over the values v = 1..6:

1. **R9.1** A group is a set of orthogonally connected cells holding the same value v.

| # | decision |
|---|---|
| D4 | 1000 ms per move; on timeout the game scores 0. |
"""


def rule_tree(t, files):
    for game_id in source_checks.GAMES.values():
        write(t, f"docs/games/{game_id}.md", PAGE if game_id == "splitter" else "# x\n")
    for rel, text in files.items():
        write(t, rel, text)
    return source_checks.rule_problems(t)


class RuleIds(unittest.TestCase):
    def test_repository_cites_only_ids_its_pages_define_with_their_words(self):
        self.assertEqual(source_checks.rule_problems(ROOT), [])

    def test_a_cited_id_that_no_page_defines_is_named(self):
        with tempfile.TemporaryDirectory() as t:
            problems = rule_tree(t, {"src/a.c": "/* Splitter R7 and R12 */\n/* Splitter R9.1-R9.4 */\n"})
        self.assertEqual(len(problems), 2, problems)
        self.assertIn("src/a.c:1: Splitter R12 is cited", problems[0])
        self.assertIn("src/a.c:2: Splitter R9.4 is cited", problems[1])

    def test_an_id_without_its_game_and_a_spec_section_are_named(self):
        with tempfile.TemporaryDirectory() as t:
            problems = rule_tree(t, {"src/a.c": "x = 1; /* the dice (R7) */\n/* D4: late */\n/* see spec 5.3 */\n"})
        self.assertEqual(len(problems), 3, problems)
        self.assertIn("R7 does not say its game", problems[0])
        self.assertIn("D4 does not say its game", problems[1])
        self.assertIn("developer spec", problems[2])

    def test_a_docs_page_citing_a_spec_section_is_named(self):
        with tempfile.TemporaryDirectory() as t:
            problems = rule_tree(t, {"docs/viewer.md": "**Rezzo** (spec \u00a79.2): the picture.\n"
                                                       "Splitter (Splitter R7, Splitter R9) and the dice (R7).\n"})
        # the second line: the docs pages may use an ID bare (a page names its own rules so)
        self.assertEqual(len(problems), 1, problems)
        self.assertIn("docs/viewer.md:1: cites a section of a developer spec", problems[0])

    def test_ordinary_words_that_look_like_ids_are_not_citations(self):
        with tempfile.TemporaryDirectory() as t:
            problems = rule_tree(t, {
                "src/a.c": '#define W8(y) W(0, y)\nstatic const char *P[] = {"P1", "P2"}; /* H0 and H1 (SPRT) */\n'
                           "/* runtimes reserve more (a JVM, V8) */\n",
                "tests/b.sh": 'cc -O2 x.c\nwant="[R0]\\n[R502]"\n',
                # an ID after a citation in the same comment belongs to the citation's game
                "src/d.c": "/* the dice of Splitter R7,\n * and the score (R9) */\n",
            })
        self.assertEqual(problems, [])

    def test_evidence_must_quote_the_page(self):
        with tempfile.TemporaryDirectory() as t:
            problems = rule_tree(t, {"tests/unit/test_x.c":
                                     "/* Splitter R9.1: A group is a set of orthogonally connected cells\n"
                                     " * holding the same value v. */\nTEST(a) {}\n"
                                     "/* Splitter D4: on timeout the game scores 0. */\nTEST(b) {}\n"
                                     "/* Splitter R7: The dice depend on the bot. */\nTEST(c) {}\n"})
        self.assertEqual(len(problems), 1, problems)
        self.assertIn("tests/unit/test_x.c:6: the evidence for Splitter R7 is not the words", problems[0])

    def test_an_id_defined_twice_on_a_page_is_named(self):
        with tempfile.TemporaryDirectory() as t:
            write(t, "docs/games/splitter.md", PAGE + "\n- **R7.** again\n")
            problems = source_checks.page_rules(t, "splitter")[1]
        self.assertEqual(len(problems), 1, problems)
        self.assertIn("R7 is defined twice", problems[0])


if __name__ == "__main__":
    unittest.main()
