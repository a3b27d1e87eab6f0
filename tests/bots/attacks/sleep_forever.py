#!/usr/bin/env python3
"""Sleep forever instead of answering the first question: down at the hard limit, then killed."""
import time

import attacklib


def sleep(n):
    time.sleep(3600)


attacklib.play(attacklib.context(), on_question=sleep)
