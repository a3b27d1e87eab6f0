"""The "Wall Demo" bot of the transcript (Rising Tide P5.5): records what it receives."""
import sys

record = open(sys.argv[1], "wb")
out = sys.stdout
out.write("#name: WD Wall Demo\n")
out.flush()
for raw in sys.stdin.buffer:
    record.write(raw)
    record.flush()
    line = raw.decode().strip()
    if line.startswith("round "):
        rnd = int(line.split()[1])
    if line != "go":
        continue
    if rnd == 0:
        out.write("3 4 4 4\n")
    elif rnd == 1:
        out.write("# raising the wall\n3 5 4 5\n")
    else:
        out.write("pass\n")
    out.flush()
