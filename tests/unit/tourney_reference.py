#!/usr/bin/env python3
"""tourney_reference.py: an independent implementation (standard library only) of the tournament
statistics, used by test_tourney.c to check src/tourney/rating.c and sprt.c on fixed data.

It shares no code or algorithm with the C side: the Bradley-Terry fit here is cyclic coordinate
ascent with numerical derivatives (the C side runs Newton's method on analytic derivatives), the
covariance comes from a finite-difference Hessian, and the SPRT root is found with a safeguarded
Newton method (the C side bisects).

  tourney_reference.py bt FILE       FILE: "n" then one game per line "i j score first"
                                     prints "rating sd" per player (field mean 1500), then
                                     "advantage sd"
  tourney_reference.py sprt A N E0 E1   A: comma-separated class scores, N: comma-separated counts
                                     prints the generalized log-likelihood ratio
"""
import math
import sys

C = math.log(10) / 400


def loglik(params, games, n):
    # params: ratings of players 1..n-1 (player 0 fixed at 0), then the advantage
    r = [0.0] + params[: n - 1]
    a = params[n - 1]
    total = 0.0
    for i, j, s, first in games:
        d = r[i] - r[j] + a * first
        p = 1 / (1 + math.exp(-C * d))
        total += s * math.log(p) + (1 - s) * math.log(1 - p)
    return total


def fit(games, n):
    k = n  # n-1 ratings + advantage
    x = [0.0] * k
    h = 1e-3
    for sweep in range(5000):
        biggest = 0.0
        for u in range(k):
            # one-dimensional Newton step with central differences
            def f(t):
                y = list(x)
                y[u] = t
                return loglik(y, games, n)
            f0, fp, fm = f(x[u]), f(x[u] + h), f(x[u] - h)
            g = (fp - fm) / (2 * h)
            hh = (fp - 2 * f0 + fm) / (h * h)
            if hh >= 0:
                step = 10.0 if g > 0 else -10.0
            else:
                step = -g / hh
            step = max(-200.0, min(200.0, step))
            x[u] += step
            biggest = max(biggest, abs(step))
        if biggest < 1e-7:
            break
    return x


def hessian(x, games, n):
    k = len(x)
    h = 1e-2
    H = [[0.0] * k for _ in range(k)]
    for u in range(k):
        for v in range(k):
            def f(du, dv):
                y = list(x)
                y[u] += du
                y[v] += dv
                return loglik(y, games, n)
            H[u][v] = (f(h, h) - f(h, -h) - f(-h, h) + f(-h, -h)) / (4 * h * h)
    return H


def inverse(M):
    k = len(M)
    A = [row[:] + [1.0 if i == j else 0.0 for j in range(k)] for i, row in enumerate(M)]
    for col in range(k):
        piv = max(range(col, k), key=lambda r: abs(A[r][col]))
        A[col], A[piv] = A[piv], A[col]
        d = A[col][col]
        A[col] = [v / d for v in A[col]]
        for r in range(k):
            if r != col and A[r][col] != 0:
                f = A[r][col]
                A[r] = [a - f * b for a, b in zip(A[r], A[col])]
    return [row[k:] for row in A]


def bt(path):
    lines = open(path).read().split("\n")
    n = int(lines[0])
    games = []
    for line in lines[1:]:
        if line.strip():
            i, j, s, first = line.split()
            games.append((int(i), int(j), float(s), int(first)))
    x = fit(games, n)
    cov = inverse([[-v for v in row] for row in hessian(x, games, n)])
    r = [0.0] + x[: n - 1]
    mean = sum(r) / n
    # covariance of (r_1..r_{n-1}) with r_0 = 0, then centred: P C P'
    full = [[0.0] * n for _ in range(n)]
    for i in range(1, n):
        for j in range(1, n):
            full[i][j] = cov[i - 1][j - 1]
    rowmean = [sum(full[i]) / n for i in range(n)]
    tot = sum(rowmean) / n
    for i in range(n):
        var = full[i][i] - 2 * rowmean[i] + tot
        print("%.6f %.6f" % (1500 + r[i] - mean, math.sqrt(var)))
    print("%.6f %.6f" % (x[n - 1], math.sqrt(cov[n - 1][n - 1])))


def sprt(a_text, n_text, e0, e1):
    a = [float(v) for v in a_text.split(",")]
    n = [float(v) if float(v) > 0 else 1e-3 for v in n_text.split(",")]
    total = sum(n)
    phat = [v / total for v in n]

    def mle(s):
        def f(t):
            return sum(p * (ai - s) / (1 + t * (ai - s)) for p, ai in zip(phat, a))
        def df(t):
            return -sum(p * (ai - s) ** 2 / (1 + t * (ai - s)) ** 2 for p, ai in zip(phat, a))
        # Newton's method from 0, falling back to the middle of the bracket (f decreases)
        lo, hi = -1 / (a[-1] - s), -1 / (a[0] - s)
        t1 = 0.0
        for _ in range(500):
            v = f(t1)
            if v > 0:
                lo = t1
            else:
                hi = t1
            nxt = t1 - v / df(t1)
            if not (lo < nxt < hi):
                nxt = (lo + hi) / 2
            if abs(nxt - t1) < 1e-15 * max(1.0, abs(t1)):
                t1 = nxt
                break
            t1 = nxt
        return [p / (1 + t1 * (ai - s)) for p, ai in zip(phat, a)]

    s0 = 1 / (1 + 10 ** (-e0 / 400))
    s1 = 1 / (1 + 10 ** (-e1 / 400))
    p0, p1 = mle(s0), mle(s1)
    print("%.9f" % (total * sum(p * (math.log(q1) - math.log(q0)) for p, q0, q1 in zip(phat, p0, p1))))


if __name__ == "__main__":
    if sys.argv[1] == "bt":
        bt(sys.argv[2])
    else:
        sprt(sys.argv[2], sys.argv[3], float(sys.argv[4]), float(sys.argv[5]))
