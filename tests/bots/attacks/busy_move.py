#!/usr/bin/env python3
"""CPU spin on its own move: instead of answering question 2 it computes forever. The referee's
hard limit puts the seat down and kills it; nothing of it may run on afterwards."""
import attacklib


def spin(n):
    if n == 2:
        while True:
            pass


attacklib.play(attacklib.context(), on_question=spin)
