# The C starter kit: every built-in bot as a standalone program, bin/kits/<game>/<bot>.
kits:
