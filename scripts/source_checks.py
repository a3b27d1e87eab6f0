#!/usr/bin/env python3
"""source_checks.py: checks of the source tree that no compiler makes (run by tests/python/test_source_checks.py).

  includes   a game's internal header (src/games/<id>/*.h) is included only from the game's own
             folder, src/compat/ and the list of games src/games/registry.c (docs/development.md
             "Layout")
  prefixes   in src/match, src/sandbox, src/tourney, src/store and src/serve, every function and
             global a .c file defines and every type a .h file declares carries a prefix that names
             its file or its module (docs/development.md "Layout")
  rules      every rule ID that code, tests, the SDKs, the viewer and the docs cite is defined on
             its game's page, and every evidence comment above a test quotes the page's words
             (docs/development.md "Rule IDs")

A citation names the game, then the ID: `Rezzo D6`, `Rising Tide R5.5`, `Splitter R7/R8`,
`Rezzo D4, D5 and W4`, `SuiteBot S2-S4` (a range: both ends must be defined). A page defines an ID
by writing it in bold at the start of a rule (`**R5.5**`, `**D6.**`) or as the first cell of a
table row (`| D6 |`). An evidence comment, in a test file, is a comment that starts with a
citation and a colon: `/* Rising Tide R5.5: <the page's sentence> */`; its text after the colon
must be found word for word in the rule on the page.

Usage: scripts/source_checks.py [ROOT]   prints each problem as "path:line: message"; exit 1 if any.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')

# The name a citation uses for each game, and its page.
GAMES = {
    "Rising Tide": "rising_tide",
    "Chicken": "chicken",
    "Rezzo": "rezzo",
    "SuiteBot": "suitebot",
    "Splitter": "splitter",
}
ID = r"[A-Z][1-9][0-9]*(?:\.[0-9]+)*[a-z]?"
SEP = r"(?:\s*[,/]\s*|-|\s+and\s+|\s+or\s+)"
CITATION = re.compile(r"\b(" + "|".join(GAMES) + r")(?:'s)?\s+(" + ID + r"(?:" + SEP + ID + r")*)\b")
ONE_ID = re.compile(ID)
# A rule defined on a page: **ID** / **ID.** / **ID:** / **ID. Title.** ..., or | ID | (a table row).
DEFINITION = re.compile(r"\*\*(" + ID + r")(?=[.:]|\*\*|\s)|^\s*\|\s*(?:\*\*)?(" + ID + r")(?:\*\*)?\s*\|")
# What ends a rule's text on its page: a blank line, the next list item, table row or heading.
BLOCK_END = re.compile(r"^\s*$|^\s*(?:[-*] |\d+\. |\||#|```)")

# Citations that cannot be followed inside the repository: the developer specs' sections and an
# ID that does not say its game.
SPEC_SECTION = re.compile(r"\b[Ss]pecs?(?:/[\w.]+)?(?:'s)?\s+(?:sections?\s+|§\s*)?(?:\d|[A-Z]\d)|§\s*\d|\bsections?\s+\d")
GAME_WORDS = "|".join(GAMES)


def bare_patterns(letters):
    """Citation-shaped IDs that do not say their game, for IDs starting with one of `letters`
    (the letters the pages use, so that H0/H1 of the SPRT or an -O2 are not taken for rules)."""
    one = "[" + "".join(sorted(letters)) + r"][1-9][0-9]*(?:\.[0-9]+)*[a-z]?"
    return (
        # "(D6)", "(R7/R8)", "(D4, D5, W4)" without a game inside the brackets
        re.compile(r"\((" + one + r"(?:" + SEP + one + r")*)\)"),
        # a comment or a test name that starts with an ID: "/* D6: ...", "# D13 ...", t_step "D4 ..."
        re.compile(r"(?:/\*+|//|^\s*\*|#|t_step\s+\")\s*(" + one + r"(?:" + SEP + one + r")*)(?=[\s:,]|$)"),
    )
# Evidence: a comment (in a test file) that starts with a citation and a colon.
EVIDENCE_START = re.compile(r"(/\*+|//|#)\s*(" + "|".join(GAMES) + r")\s+(" + ID + r"):\s*(.*)$")

CODE_FOLDERS = ["src", "tests", "sdk", "web", "scripts"]
CODE_EXTS = (".c", ".h", ".sh", ".py", ".js", ".mjs")
SKIP_DIRS = {"vectors", "node_modules", "__pycache__", "testdata"}


def _files(root, folders, exts):
    for folder in folders:
        base = os.path.join(root, folder)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
            for name in sorted(filenames):
                if name.endswith(exts):
                    yield os.path.relpath(os.path.join(dirpath, name), root)


def _read_lines(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
        return f.read().split("\n")


def include_problems(root):
    """Includes of a game's internal header from outside the game's folder and src/compat/."""
    problems = []
    for rel in _files(root, ["src"], (".c", ".h")):
        here = os.path.dirname(rel)
        for n, line in enumerate(_read_lines(root, rel), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            target = os.path.normpath(os.path.join(here, m.group(1)))
            parts = target.split(os.sep)
            if len(parts) < 4 or parts[:2] != ["src", "games"]:
                continue  # not inside a game's folder (registry.h and the like are public)
            game_dir = os.path.join("src", "games", parts[2])
            if here == game_dir or here.startswith(game_dir + os.sep) or here == os.path.join("src", "compat"):
                continue
            if rel == os.path.join("src", "games", "registry.c"):
                continue  # the list of games names every game's table
            problems.append(f"{rel}:{n}: includes {target}, a game's internal header; only "
                            f"{game_dir}/ and src/compat/ may (docs/development.md)")
    return problems


# The folders whose names must carry their file's or module's prefix (Lua's habit: ltable.c
# exports only luaH_). A name in FILE.c / FILE.h of FOLDER may start with: FILE (or its singular:
# sinks.h declares sink_*), FOLDER (the module: match_*, tourney_*), the module's other name
# (sbx_, the sandbox's internal header sbx.h), or the family FILE belongs to when the family has a
# header of its own (db_engine.h is part of db.h: db_value).
PREFIX_FOLDERS = ["src/match", "src/sandbox", "src/tourney", "src/store", "src/serve"]
PREFIX_ALIASES = {"sandbox": ["sbx"]}
# Names that predate the check, each with why it stays; no new name may join them.
PREFIX_KNOWN = {
    # the referee's vocabulary, shared by match.c, seat.c and the transports; they are common
    # words (a rename would rewrite every comment that says "question" or "reply")
    "src/match/referee.h": {"question", "seat_rt", "seat_paths"},
    "src/match/reply_queue.h": {"reply", "reply_kind"},
    "src/match/seatspec.h": {"seat_spec", "seat_kind"},
    # the sink interface lives with the match that holds its sinks by value (match_t.sinks)
    "src/match/match.h": {"sink_t"},
}
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_DEFINED_FUNCTION = re.compile(r"^(?!static\b|typedef\b|extern\b|struct\b|enum\b|union\b|return\b|else\b|if\b)"
                               r"[A-Za-z_][\w ]*[\s*]\**\s*([A-Za-z_]\w*)\s*\([^;{}]*\)\s*\{", re.M)
_DEFINED_GLOBAL = re.compile(r"^(?!static\b|typedef\b|extern\b|return\b)(?:const\s+)?[A-Za-z_]\w*(?:\s+const)?"
                             r"[\s*]+([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*=", re.M)
_DECLARED_TYPES = [
    re.compile(r"^\}\s*(\w+)\s*;", re.M),                                     # } name; closing a typedef
    re.compile(r"^typedef\s+(?:struct|enum|union)\s*\w*\s*\{[^{}\n]*\}\s*(\w+)\s*;", re.M),  # on one line
    re.compile(r"^typedef\s+[^{;(]*?\b(\w+)\s*;", re.M),                        # typedef T name;
    re.compile(r"^typedef\s+[^{;(]*\(\s*\*\s*(\w+)\s*\)", re.M),              # typedef R (*name)(...)
]


def _allowed_prefixes(folder_path, stem):
    folder = os.path.basename(folder_path)
    allowed = [stem, folder] + PREFIX_ALIASES.get(folder, [])
    if stem.endswith("s"):
        allowed.append(stem[:-1])
    family = stem.split("_")[0]
    if family != stem and os.path.exists(os.path.join(folder_path, family + ".h")):
        allowed.append(family)
    return allowed


def prefix_problems(root):
    """Functions and globals (.c) and types (.h) whose prefix names neither their file nor their
    module, in PREFIX_FOLDERS."""
    problems = []
    for rel in _files(root, PREFIX_FOLDERS, (".c", ".h")):
        folder_path = os.path.join(root, os.path.dirname(rel))
        stem, ext = os.path.splitext(os.path.basename(rel))
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            # comments become blanks of the same shape, so positions keep their line numbers
            text = _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), f.read())
        found = []
        if ext == ".c":
            found += [("function", m) for m in _DEFINED_FUNCTION.finditer(text)]
            found += [("global", m) for m in _DEFINED_GLOBAL.finditer(text)]
        else:
            found += [("type", m) for p in _DECLARED_TYPES for m in p.finditer(text)]
        allowed = _allowed_prefixes(folder_path, stem)
        known = PREFIX_KNOWN.get(rel.replace(os.sep, "/"), set())
        for kind, m in sorted(found, key=lambda km: km[1].start()):
            name = m.group(1)
            if name == "main" or name in known or any(name == a or name.startswith(a + "_") for a in allowed):
                continue
            line = text.count("\n", 0, m.start(1)) + 1
            problems.append(f"{rel}:{line}: {kind} {name} does not carry its file's or module's prefix "
                            f"({', '.join(a + '_' for a in allowed)}); rename it or move it to the file "
                            f"it belongs to (docs/development.md)")
    return problems


def normalize(text):
    """Words as a reader sees them: no markdown emphasis, code marks or comment leaders."""
    text = text.replace("\\|", "|").replace("**", "").replace("`", "")
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # [link](target) -> link
    return " ".join(text.split())


def page_rules(root, game_id):
    """{ID: (line, text)} of a game's page, and the problems of the page itself."""
    rel = os.path.join("docs", "games", game_id + ".md")
    rules, problems = {}, []
    if not os.path.exists(os.path.join(root, rel)):
        return rules, [f"{rel}:1: missing (the page of the game cited as {game_id})"]
    lines = _read_lines(root, rel)
    fence = False
    for n, line in enumerate(lines, 1):
        if line.lstrip().startswith("```"):
            fence = not fence
        if fence:
            continue
        for m in DEFINITION.finditer(line):
            rid = m.group(1) or m.group(2)
            if rid in rules:
                problems.append(f"{rel}:{n}: {rid} is defined twice on this page (also line {rules[rid][0]})")
                continue
            text = [line[m.start():]]
            k = n
            if not line.lstrip().startswith("|"):
                while k < len(lines) and not BLOCK_END.match(lines[k]):
                    text.append(lines[k])
                    k += 1
            # A rule that ends with a colon introduces the list or table that follows: its text.
            if text[-1].rstrip().endswith(":"):
                while k < len(lines) and not lines[k].strip():
                    k += 1
                while k < len(lines) and lines[k].strip() and not lines[k].lstrip().startswith("#"):
                    text.append(lines[k])
                    k += 1
            rules[rid] = (n, normalize(" ".join(text)))
    return rules, problems


def _cited_ids(ids_text):
    """The IDs of a citation's list; a range A-B yields both ends."""
    return ONE_ID.findall(ids_text)


def _comment_text(lines, n, start_col, rest):
    """The text of an evidence comment from its first line on: to */ for C, over the following
    comment lines for # and //."""
    first = lines[n - 1]
    if first[start_col:].lstrip().startswith("/*"):
        parts = [rest]
        k = n
        while "*/" not in parts[-1] and k < len(lines):
            parts.append(re.sub(r"^\s*\*(?!/)\s?", "", lines[k]))
            k += 1
        return " ".join(parts).split("*/")[0]
    leader = "#" if first[start_col:].lstrip().startswith("#") else "//"
    parts = [rest]
    for more in lines[n:]:
        s = more.strip()
        if not s.startswith(leader) or EVIDENCE_START.match(s):
            break
        parts.append(s[len(leader):])
    return " ".join(parts)


def rule_problems(root):
    """Citations of IDs no page defines, citations that do not say their game or cite the
    developer specs, and evidence comments whose words are not the page's."""
    problems, pages = [], {}
    for name, game_id in GAMES.items():
        pages[name], page_problems = page_rules(root, game_id)
        problems += page_problems
    bare = bare_patterns({rid[0] for rules in pages.values() for rid in rules})
    # the checker and its test quote citations as data
    own = {os.path.join("scripts", "source_checks.py"), os.path.join("tests", "python", "test_source_checks.py")}
    code = [rel for rel in _files(root, CODE_FOLDERS, CODE_EXTS) if rel not in own]
    docs = [rel for rel in _files(root, ["docs"], (".md",))]
    # the developers' guide shows the forms of citation it forbids
    quotes_forms = {os.path.join("docs", "development.md")}
    for rel in code + docs:
        is_doc = rel.endswith(".md")
        is_test = rel.startswith("tests" + os.sep)
        lines = _read_lines(root, rel)
        in_block = False       # inside a /* */ comment
        block_cited = False    # a citation earlier in the same comment names the game
        prev_line_comment = False
        for n, line in enumerate(lines, 1):
            stripped = line.strip()
            line_comment = stripped.startswith(("#", "//"))
            if not in_block and not (line_comment and prev_line_comment):
                block_cited = False
            prev_line_comment = line_comment
            for m in CITATION.finditer(line):
                for rid in _cited_ids(m.group(2)):
                    if rid not in pages[m.group(1)]:
                        problems.append(f"{rel}:{n}: {m.group(1)} {rid} is cited but docs/games/"
                                        f"{GAMES[m.group(1)]}.md defines no {rid}")
            if SPEC_SECTION.search(line) and rel not in quotes_forms:
                problems.append(f"{rel}:{n}: cites a section of a developer spec the repository does not "
                                f"hold; cite the rule as <Game> <ID> or name the docs page: {line.strip()[:100]}")
            if is_doc:
                continue
            cited = [m.start(2) for m in CITATION.finditer(line)]
            for pattern in bare:
                for m in pattern.finditer(line):
                    # an ID after a citation in the same comment belongs to that citation's game
                    if block_cited or any(c <= m.start(1) for c in cited):
                        continue
                    problems.append(f"{rel}:{n}: {m.group(1)} does not say its game; write "
                                    f"'<Game> {m.group(1)}' (e.g. Splitter R7): {line.strip()[:100]}")
            if is_test:
                e = EVIDENCE_START.search(line)
                if e and e.group(3) in pages[e.group(2)]:
                    said = normalize(_comment_text(lines, n, e.start(1), e.group(4)))
                    page_text = pages[e.group(2)][e.group(3)][1]
                    if said and said not in page_text:
                        problems.append(f"{rel}:{n}: the evidence for {e.group(2)} {e.group(3)} is not the words "
                                        f"of docs/games/{GAMES[e.group(2)]}.md line {pages[e.group(2)][e.group(3)][0]}: "
                                        f"'{said[:80]}'")
            block_cited = block_cited or bool(cited)
            opens, closes = line.rfind("/*"), line.rfind("*/")
            if opens > closes:
                in_block = True
            elif closes >= 0:
                in_block = False
    return problems


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    problems = include_problems(root) + prefix_problems(root) + rule_problems(root)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
