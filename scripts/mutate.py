#!/usr/bin/env python3
"""mutate.py: mutation testing for Arena (make mutate; docs/testing.md).

No C mutation tool is packaged in Debian, so this is a small one. It makes mutants mechanically
from the source, one change each:

  ROR  a relational operator flipped:  <  <=  >  >=  ==  !=  (each to its neighbour or opposite)
  LCR  && and || swapped
  CRP  an integer constant moved by one (n+1, and n-1 when n > 0)
  SDL  a statement deleted (a call, an assignment, an increment)
  RET  an early return at the top of a function (void, bool, int or pointer)

It draws a seeded sample (equal shares per folder, and within a folder per kind of mutation;
array sizes in declarations are left alone), builds each mutant in a scratch copy of the
repository (build-mut/work, incremental: one object and the programs the tests need), and runs the
tests that run the mutated line, fastest first, until one fails: `make coverage` records what
each test program covers and how long it takes (build-cov/per-test); a line no test record
names (a declaration, a table) gets the tests that together cover its file at the least cost.
A mutant is

  killed     a test failed (a "not ok" line or a non-zero exit)
  timed out  a test ran past max(--min-timeout, --timeout-factor x its normal time)
  survived   every test passed (also: no test runs the mutated line at all)
  stillborn  it did not compile (not counted)

The score is (killed + timed out) / (killed + timed out + survived). Results go to
build-mut/results.jsonl (a run resumes where it stopped: mutants already there are skipped) and
the table per file and folder to build-mut/report.md.

usage: scripts/mutate.py [--seed N] [--sample N] [--folders F,F] [--files PATH,PATH]
                         [--timeout-factor X] [--min-timeout S] [--max-seconds S] [--retry-survived]
                         [--tests T,T [--only-tests]] [--list] [--report]
  --seed N          the sample's seed (default 1): the same seed and source give the same mutants
  --sample N        how many mutants (default 300), split equally over the folders
  --folders F,F     default src/games,src/match,src/sandbox,src/tourney
  --files P,P       only these source files (their share of the sample is all of it)
  --max-seconds S   a test slower than S seconds (default 300) runs only when no faster test runs
                    the mutated line (then the fastest of them alone)
  --retry-survived  run the survivors of build-mut/results.jsonl again (after new tests): each is
                    found by its line's text (the source may have moved on since the run; a
                    survivor whose line is gone is reported and left as it is), run against the
                    tests that cover its file now and those of --tests, and its result replaces the
                    survivor's in the report; --files and --folders narrow which survivors
  --tests T,T       with --retry-survived: also these test programs (test_tourney, test_x.sh, ...)
  --only-tests      with --tests: only those (a quick check of new tests against the survivors)
  --list            print the sampled mutants and the tests each would run; build nothing
  --report          only rewrite the report from build-mut/results.jsonl
Runs niced, one mutant at a time (the machine is shared).
"""
import difflib
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
COV = os.path.join(ROOT, "build-cov", "per-test")
OUT = os.path.join(ROOT, "build-mut")
WORK = os.path.join(OUT, "work")

# ---------------------------------------------------------------- the source, as code

def code_mask(text):
    """For each character of text: True when it is code (not a comment, string, char literal or
    preprocessor line)."""
    mask = [True] * len(text)
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and text[i:].lstrip(" \t").startswith("#"):
            j = i
            while j < n:  # a preprocessor line, with its continuations
                if text[j] == "\n" and text[j - 1] != "\\":
                    break
                j += 1
            for k in range(i, j):
                mask[k] = False
            i = j
            continue
        line_start = c == "\n"
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            j += 1
        else:
            i += 1
            continue
        for k in range(i, min(j, n)):
            mask[k] = False
        i = j
    return mask


ROR = {"<": ["<="], "<=": ["<"], ">": [">="], ">=": [">"], "==": ["!="], "!=": ["=="]}
TYPE_WORDS = ("int", "char", "bool", "size_t", "ssize_t", "const", "static", "unsigned", "long", "double",
              "float", "struct", "uint64_t", "int64_t", "uint32_t", "int32_t", "uint8_t", "uint16_t",
              "int16_t", "short", "void", "pid_t", "uid_t", "gid_t", "FILE", "DIR", "va_list", "enum",
              "union", "extern", "register", "volatile", "signed")
STATEMENT = re.compile(r"^[A-Za-z_][\w.\->\[\]*()]*\s*(\(.*\)|[-+*/|&^%]?=[^=].*|\+\+|--)\s*;$")
FUNC_DEF = re.compile(r"^(?:static\s+)?(?:inline\s+)?(?:const\s+)?([A-Za-z_][\w\s]*?[\w*])\s*\**\s*([A-Za-z_]\w*)\([^;]*\)\s*\{$")


def mutants_of(path):
    """Every mutant of one file: dicts with file, line (1-based), op, old, new (the whole line)."""
    text = open(os.path.join(ROOT, path)).read()
    mask = code_mask(text)
    lines = text.split("\n")
    out = []
    offset = 0
    for no, line in enumerate(lines, 1):
        m = mask[offset:offset + len(line)]
        code = "".join(ch if ok else " " for ch, ok in zip(line, m))

        def add(op, start, end, repl, what):
            out.append({"file": path, "line": no, "op": op, "old": line,
                        "new": line[:start] + repl + line[end:], "what": what})

        for mo in re.finditer(r"<<=|>>=|<<|>>|->|<=|>=|==|!=|<|>", code):
            tok = mo.group()
            for repl in ROR.get(tok, []):
                add("ROR", mo.start(), mo.end(), repl, "%s -> %s" % (tok, repl))
        for mo in re.finditer(r"&&|\|\|", code):
            repl = "||" if mo.group() == "&&" else "&&"
            add("LCR", mo.start(), mo.end(), repl, "%s -> %s" % (mo.group(), repl))
        decl = code.strip().split(" ")[0] in TYPE_WORDS
        for mo in re.finditer(r"(?<![\w.])(\d+)(?![\w.])", code):
            v = int(mo.group(1))
            if decl and re.search(r"\[[^\]]*$", code[:mo.start()]):
                continue  # an array's size in a declaration: a buffer one larger or smaller is no test's business
            for w in ([v + 1, v - 1] if v > 0 else [v + 1]):
                add("CRP", mo.start(), mo.end(), str(w), "%d -> %d" % (v, w))
        stripped = code.strip()
        if STATEMENT.match(stripped) and not stripped.split()[0].rstrip("*") in TYPE_WORDS and \
                not re.match(r"^(return|break|continue|goto|case|default)\b", stripped) and line.strip().endswith(";"):
            indent = line[:len(line) - len(line.lstrip())]
            out.append({"file": path, "line": no, "op": "SDL", "old": line, "new": indent + ";",
                        "what": "deleted: %s" % line.strip()[:60]})
        fd = FUNC_DEF.match(code.rstrip()) if not line.startswith((" ", "\t")) else None
        if fd and not re.search(r"\b(if|for|while|switch)\b", fd.group(1)):
            rtype, star = fd.group(1).split()[-1], "*" in code.split("(")[0]
            ret = "return NULL;" if star else {"void": "return;", "bool": "return false;", "int": "return 0;",
                                                "size_t": "return 0;", "int64_t": "return 0;",
                                                "double": "return 0;"}.get(rtype)
            if ret:
                out.append({"file": path, "line": no, "op": "RET", "old": line, "new": line + " " + ret,
                            "what": "early %s in %s()" % (ret, fd.group(2))})
        offset += len(line) + 1
    for i, mu in enumerate(out):
        mu["id"] = "%s:%d:%s:%d" % (path, mu["line"], mu["op"], i)
    return out


# ---------------------------------------------------------------- which tests cover what

def source_path(path):
    """src/... for a tracefile's source path, also when the tracefile was made in another copy of
    the repository (a worktree at the same commit); None for files outside src/."""
    p = os.path.relpath(path, ROOT)
    if p.startswith("src/"):
        return p
    parts = path.split("/")
    for i in range(len(parts) - 1, -1, -1):
        if parts[i] == "src" and os.path.exists(os.path.join(ROOT, *parts[i:])):
            return "/".join(parts[i:])
    return None


def load_coverage():
    """{test: (seconds, {file: {line: hits}})} from make coverage's per-test tracefiles."""
    if not os.path.isdir(COV):
        sys.exit("mutate: no per-test coverage in %s: run `make coverage` first" % COV)
    tests = {}
    for name in sorted(os.listdir(COV)):
        if not name.endswith(".info"):
            continue
        test = name[:-5]
        try:
            seconds = float(open(os.path.join(COV, test + ".seconds")).read())
        except (OSError, ValueError):
            seconds = 60.0
        files, cur = {}, None
        for line in open(os.path.join(COV, name)):
            if line.startswith("SF:"):
                p = source_path(line[3:].strip())
                cur = files.setdefault(p, {}) if p else None
            elif line.startswith("DA:") and cur is not None:
                no, hits = line[3:].split(",")[:2]
                cur[int(no)] = cur.get(int(no), 0) + int(hits)
        tests[test] = (seconds, files)
    return tests


def file_subset(cov, path):
    """The cheapest tests that together run every line of path that any test runs (greedy)."""
    lines_by = {t: {l for l, h in files.get(path, {}).items() if h} for t, (_, files) in cov.items()}
    want = set().union(*lines_by.values()) if lines_by else set()
    chosen = []
    while want:
        best = max((t for t in lines_by if lines_by[t] & want),
                   key=lambda t: (len(lines_by[t] & want) / (cov[t][0] + 1.0), -cov[t][0], t), default=None)
        if best is None:
            break
        chosen.append(best)
        want -= lines_by[best]
    return sorted(chosen, key=lambda t: (cov[t][0], t))


def tests_for(cov, subsets, mu, skip=(), max_seconds=300.0):
    """The tests to run on mutant mu (fastest first), or [] when no test runs its line."""
    path, no = mu["file"], mu["line"]
    known = any(no in files.get(path, {}) for _, files in cov.values())
    sub = [t for t in subsets.setdefault(path, file_subset(cov, path)) if t not in skip]
    if not known:  # not an executable line (a table's initializer, a declaration): the file's tests
        runs = sub
    else:  # every test that runs the line (the file's cheapest cover alone missed killers)
        runs = sorted((t for t, (_, files) in cov.items() if files.get(path, {}).get(no) and t not in skip),
                      key=lambda t: (cov[t][0], t))
    fast = [t for t in runs if cov[t][0] <= max_seconds]
    return fast or runs[:1]


# ---------------------------------------------------------------- building and running

def sh(cmd, cwd=WORK, timeout=None, env=None):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env,
                          preexec_fn=lambda: os.nice(10))


def prepare_work():
    """The scratch copy: the repository's files, built once."""
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    os.makedirs(WORK, exist_ok=True)
    for f in files:
        src, dst = os.path.join(ROOT, f), os.path.join(WORK, f)
        if not os.path.isfile(src):
            continue
        if os.path.exists(dst) and open(src, "rb").read() == open(dst, "rb").read():
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        # A copy dated now, not the source's date (copy2): an object the scratch copy built after
        # the source was edited (a mutant's, of the older text) would otherwise look up to date.
        shutil.copy(src, dst)
    for d in ("tests/browser/node_modules",):  # installed, not tracked
        if os.path.isdir(os.path.join(ROOT, d)) and not os.path.exists(os.path.join(WORK, d)):
            os.symlink(os.path.join(ROOT, d), os.path.join(WORK, d))
    r = sh(["make", "-s", "-j2", "all", "unit-bins"])
    if r.returncode:
        sys.exit("mutate: the scratch copy does not build:\n" + r.stdout[-2000:] + r.stderr[-2000:])


def command(test):
    if test.endswith(".py"):
        return ["python3", "tests/python/tap.py", "tests/python/" + test]
    if test.endswith(".sh"):
        return ["sh", "tests/e2e/" + test]
    if test == "browser":
        return ["sh", "tests/browser/run.sh"]
    return ["build/tests/unit/" + test]


def targets(tests):
    t = ["bin/arena", "bin/arena-kit"]
    t += ["build/tests/unit/" + x for x in tests if not x.endswith((".py", ".sh")) and x != "browser"]
    if any(x == "test_fuzz_corpus.sh" for x in tests):
        t.append("fuzz-corpus-bins")
    return t


def run_test(test, limit):
    """'pass', 'fail' or 'timeout' (the whole process group is killed on a timeout)."""
    env = dict(os.environ, ARENA=os.path.join(WORK, "bin", "arena"), UNIT_DIR="build/tests/unit")
    p = subprocess.Popen(command(test), cwd=WORK, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         env=env, start_new_session=True, preexec_fn=lambda: os.nice(10))
    try:
        out, _ = p.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return "timeout", ""
    bad = [l for l in out.splitlines() if l.startswith("not ok")]
    return ("fail" if p.returncode or bad else "pass"), (bad[0] if bad else "exit %d" % p.returncode)


# ---------------------------------------------------------------- the run

def sample(args):
    rng = random.Random(args["seed"])
    chosen = []
    if args["files"]:
        groups = [sorted(args["files"])]
    else:
        groups = [sorted(os.path.relpath(os.path.join(d, f), ROOT)
                         for d, _, fs in os.walk(os.path.join(ROOT, folder)) for f in fs if f.endswith(".c"))
                  for folder in args["folders"]]
    share = [args["sample"] // len(groups) + (1 if i < args["sample"] % len(groups) else 0) for i in range(len(groups))]
    for files, k in zip(groups, share):
        # equal shares per kind of mutation where the folder has enough of each (constants
        # outnumber every other kind in the source; the sample should not be mostly them)
        by_op = {}
        for f in files:
            for mu in mutants_of(f):
                by_op.setdefault(mu["op"], []).append(mu)
        pools = [rng.sample(v, len(v)) for _, v in sorted(by_op.items())]
        picked = []
        while len(picked) < k and any(pools):
            for pool in pools:
                if pool and len(picked) < k:
                    picked.append(pool.pop())
        chosen += picked
    return chosen


def source_hash(path):
    return hashlib.sha1(open(os.path.join(ROOT, path), "rb").read()).hexdigest()[:12]


def report(results, path):
    rows = {}
    for r in results:
        for key in (r["file"], os.path.dirname(r["file"]) if not r["file"].startswith("src/games/")
                    else "/".join(r["file"].split("/")[:3]), "all"):
            c = rows.setdefault(key, {"killed": 0, "timeout": 0, "survived": 0, "stillborn": 0})
            c[r["result"]] += 1
    def line(k, c):
        n = c["killed"] + c["timeout"] + c["survived"]
        score = "%.1f%%" % (100.0 * (c["killed"] + c["timeout"]) / n) if n else "-"
        return "| `%s` | %d | %d | %d | %d | %d | %s |" % (k, n + c["stillborn"], c["killed"], c["timeout"],
                                                          c["survived"], c["stillborn"], score)
    text = ["| file or folder | mutants | killed | timed out | survived | stillborn | score |", "|---|---|---|---|---|---|---|"]
    folders = sorted(k for k in rows if k != "all" and not k.endswith(".c"))
    for f in folders:
        text.append(line(f, rows[f]))
    text.append(line("all", rows["all"]).replace("`all`", "**all**"))
    text += ["", "| file | mutants | killed | timed out | survived | stillborn | score |", "|---|---|---|---|---|---|---|"]
    text += [line(k, rows[k]) for k in sorted(k for k in rows if k.endswith(".c"))]
    surv = [r for r in results if r["result"] == "survived"]
    text += ["", "Survivors (%d):" % len(surv), ""]
    text += ["- `%s:%d` %s: %s%s" % (r["file"], r["line"], r["op"], r["what"],
                                     "" if r.get("tests") else " (no test runs this line)") for r in surv]
    open(path, "w").write("\n".join(text) + "\n")
    return "\n".join(text)


def main(argv):
    args = {"seed": 1, "sample": 300, "folders": ["src/games", "src/match", "src/sandbox", "src/tourney"],
            "files": None, "tests": [], "factor": 5.0, "min_timeout": 20.0, "max_seconds": 300.0, "list": False, "report": False,
            "retry": False, "only": False}
    i = 1
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(__doc__)
            return 0
        if a == "--list":
            args["list"] = True
        elif a == "--report":
            args["report"] = True
        elif a == "--retry-survived":
            args["retry"] = True
        elif a == "--only-tests":
            args["only"] = True
        elif i + 1 < len(argv) and a in ("--seed", "--sample", "--folders", "--files", "--timeout-factor", "--min-timeout",
                                         "--max-seconds", "--tests"):
            v = argv[i + 1]
            i += 1
            if a == "--seed":
                args["seed"] = int(v)
            elif a == "--sample":
                args["sample"] = int(v)
            elif a == "--folders":
                args["folders"] = v.split(",")
            elif a == "--files":
                args["files"] = v.split(",")
            elif a == "--tests":
                args["tests"] = v.split(",")
            elif a == "--timeout-factor":
                args["factor"] = float(v)
            elif a == "--max-seconds":
                args["max_seconds"] = float(v)
            else:
                args["min_timeout"] = float(v)
        else:
            print("mutate: unknown argument %s (see --help)" % a, file=sys.stderr)
            return 2
        i += 1
    os.makedirs(OUT, exist_ok=True)
    results_path = os.path.join(OUT, "results.jsonl")
    done = {}
    if os.path.exists(results_path):
        for line in open(results_path):
            r = json.loads(line)
            done[(r["id"], r["hash"])] = r
    if args["report"]:
        print(report(list(done.values()), os.path.join(OUT, "report.md")))
        return 0
    cov = load_coverage()
    subsets = {}
    if args["retry"]:
        return retry(args, cov, subsets, done, results_path)
    mutants = sample(args)
    if args["list"]:
        for mu in mutants:
            print("%s:%d %s %s  [%s]" % (mu["file"], mu["line"], mu["op"], mu["what"],
                                         " ".join(tests_for(cov, subsets, mu, (), args["max_seconds"])) or "no test runs it"))
        return 0
    prepare_work()
    baseline = {}  # test -> seconds on the unmutated copy, or None when it fails there
    results = []
    t_start = time.time()
    for k, mu in enumerate(mutants, 1):
        h = source_hash(mu["file"])
        if (mu["id"], h) in done:
            results.append(done[(mu["id"], h)])
            continue
        tests = passing(tests_for(cov, subsets, mu, failing(baseline), args["max_seconds"]), baseline, args)
        r = dict(mu, hash=h, tests=tests)
        r["result"], r["by"] = try_mutant(mu, mu["line"], tests, baseline, args)
        results.append(r)
        with open(results_path, "a") as f:
            f.write(json.dumps(r) + "\n")
        print("[%d/%d %.0f min] %s:%d %s %s -> %s %s" % (k, len(mutants), (time.time() - t_start) / 60, mu["file"],
                                                        mu["line"], mu["op"], mu["what"], r["result"], r["by"]),
              flush=True)
    print(report(results, os.path.join(OUT, "report.md")))
    return 0


def failing(baseline):
    return {t for t, s in baseline.items() if s is None}


def passing(tests, baseline, args):
    """tests, less those that fail on the unmutated copy (each is run there once, first)."""
    for t in tests:
        if t not in baseline:
            sh(["make", "-s", "-j2"] + targets([t]))
            t0 = time.time()
            ok, _ = run_test(t, max(args["min_timeout"] * 10, 600))
            baseline[t] = time.time() - t0 if ok == "pass" else None
            if baseline[t] is None:
                print("mutate: %s fails on the unmutated copy; not used" % t, file=sys.stderr)
    return [t for t in tests if baseline.get(t) is not None]


def try_mutant(mu, no, tests, baseline, args):
    """Builds mutant mu at line no of the scratch copy and runs tests on it, the first failure
    ending the run; (result, by). The scratch copy's file is restored in any case."""
    if not tests:
        return "survived", ""
    src = os.path.join(WORK, mu["file"])
    original = open(src).read()
    lines = original.split("\n")
    assert lines[no - 1] == mu["old"], mu["id"]
    lines[no - 1] = mu["new"]
    open(src, "w").write("\n".join(lines))
    try:
        try:
            b = sh(["make", "-s", "-j2"] + targets(tests), timeout=1800)
        except subprocess.TimeoutExpired:
            return "stillborn", "the build took over 30 minutes"
        if b.returncode:
            return "stillborn", ""
        for t in tests:
            res, why = run_test(t, max(args["min_timeout"], args["factor"] * baseline[t]))
            if res != "pass":
                return ("killed" if res == "fail" else "timeout"), "%s: %s" % (t, why)
        return "survived", ""
    finally:
        open(src, "w").write(original)


def locate(r, lines):
    """Where mutant r (recorded on an older source) is in lines now: (line number, line, mutated
    line), or None. The same line nearest to where it was; else the most similar line nearby (an
    identifier renamed, an argument added), with the same change made to it."""
    at = [i + 1 for i, l in enumerate(lines) if l == r["old"]]
    if at:
        no = min(at, key=lambda n: abs(n - r["line"]))
        return no, r["old"], r["new"]
    near = range(max(0, r["line"] - 150), min(len(lines), r["line"] + 150))
    ratio = lambda i: difflib.SequenceMatcher(None, r["old"].strip(), lines[i].strip()).ratio()
    best = max(near, key=lambda i: (ratio(i), -abs(i + 1 - r["line"])), default=None)
    if best is None or ratio(best) < 0.8:
        return None
    line, old, new = lines[best], r["old"], r["new"]
    if r["op"] == "SDL":
        return best + 1, line, line[:len(line) - len(line.lstrip())] + ";"
    if r["op"] == "RET":
        return best + 1, line, line + new[len(old):]
    p = 0
    while p < min(len(old), len(new)) and old[p] == new[p]:
        p += 1
    q = 0
    while q < min(len(old), len(new)) - p and old[-1 - q] == new[-1 - q]:
        q += 1
    removed, inserted = old[p:len(old) - q], new[p:len(new) - q]
    for c in (12, 8, 4, 2, 1):  # the change with as much of its context as the line still has
        left, right = old[max(0, p - c):p], old[len(old) - q:len(old) - q + c]
        pat = left + removed + right
        if line.count(pat) == 1:
            i = line.index(pat) + len(left)
            return best + 1, line, line[:i] + inserted + line[i + len(removed):]
    return None


def retry(args, cov, subsets, done, results_path):
    """--retry-survived: each survivor of the results, found again by its line's text in today's
    source, against the tests that cover its file now and --tests; the result replaces it."""
    prepare_work()
    keep = args["files"] or [f.rstrip("/") + "/" for f in args["folders"]]
    survivors = [r for r in done.values() if r["result"] == "survived" and
                 any(r["file"] == k or r["file"].startswith(k) for k in keep)]
    survivors.sort(key=lambda r: (r["file"], r["line"]))
    baseline = {}
    for k, r in enumerate(survivors, 1):
        lines = open(os.path.join(WORK, r["file"])).read().split("\n")
        found = locate(r, lines)
        if not found:
            print("[%d/%d] %s:%d %s: its line is no longer in the source; left as it was" % (
                k, len(survivors), r["file"], r["line"], r["what"]), flush=True)
            continue
        no, old, new = found
        now = dict(r, line=no, old=old, new=new)
        tests = list(args["tests"])
        if not args["only"]:
            tests += [t for t in tests_for(cov, subsets, now, failing(baseline), args["max_seconds"]) if t not in tests]
        tests = passing(tests, baseline, args)
        result, by = try_mutant(now, no, tests, baseline, args)
        n = dict(r, tests=tests, result=result, by=by, retried_at_line=no)
        done[(r["id"], r["hash"])] = n
        with open(results_path, "a") as f:
            f.write(json.dumps(n) + "\n")
        print("[%d/%d retried] %s:%d (now line %d) %s %s -> %s %s" % (k, len(survivors), r["file"], r["line"], no,
                                                                      r["op"], r["what"], result, by), flush=True)
    print(report(list(done.values()), os.path.join(OUT, "report.md")))
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv))
