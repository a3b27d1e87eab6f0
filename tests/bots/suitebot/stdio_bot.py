#!/usr/bin/env python3
"""A SuiteBot II stdio test bot: reads one state line per round, answers one line.

    stdio_bot.py [--record FILE] [--script LETTERS] [--comment] [--stale] [--startup MS]
                 [--slow ROUND:MS] [--hang ROUND] [--crash ROUND] [--pidfile FILE]

  --record FILE     append every line received (state lines and EXIT) to FILE
  --pidfile FILE    write the process id to FILE at start
  --script LETTERS  the replies, one letter per round, repeated (default "H")
  --comment         write "# going left" before every reply
  --stale           write the reply twice in one write: the second line is stale
  --startup MS      sleep before reading anything
  --slow ROUND:MS   sleep MS milliseconds before answering round ROUND
  --hang ROUND      from round ROUND on, never answer
  --crash ROUND     exit with status 3 instead of answering round ROUND
"""
import json
import os
import sys
import time


def main():
    args = sys.argv[1:]
    opt = {}
    i = 0
    while i < len(args):
        if args[i] in ("--comment", "--stale"):
            opt[args[i]] = True
            i += 1
        else:
            opt[args[i]] = args[i + 1]
            i += 2
    script = opt.get("--script", "H")
    if "--pidfile" in opt:
        with open(opt["--pidfile"], "w") as f:
            f.write("%d\n" % os.getpid())
    slow = {}
    if "--slow" in opt:
        r, ms = opt["--slow"].split(":")
        slow[int(r)] = int(ms)
    if "--startup" in opt:
        time.sleep(int(opt["--startup"]) / 1000.0)
    record = open(opt["--record"], "a") if "--record" in opt else None
    k = 0
    for line in sys.stdin:
        if record:
            record.write(line)
            record.flush()
        line = line.strip()
        if line == "EXIT":
            break
        rnd = json.loads(line)["currentRound"]
        if "--crash" in opt and rnd == int(opt["--crash"]):
            sys.exit(3)
        if "--hang" in opt and rnd >= int(opt["--hang"]):
            continue
        if rnd in slow:
            time.sleep(slow[rnd] / 1000.0)
        reply = script[k % len(script)]
        k += 1
        out = ""
        if "--comment" in opt:
            out += "# going left\n"
        out += reply + "\n"
        if "--stale" in opt:
            out += reply + "\n"
        sys.stdout.write(out)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
