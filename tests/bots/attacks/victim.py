#!/usr/bin/env python3
"""The other seat of every attack game: plays quietly (pass / H) so the test can check that the
attacker did not harm it.   victim.py TRANSPORT MARKER [PORT]"""
import attacklib

attacklib.play(attacklib.context())
