#!/usr/bin/env python3
"""gen_rezzo_replay.py: writes a synthetic Rezzo replay of a chosen size, to design and measure the
web viewer against before (and besides) the real game: the replay format of docs/replay.md with
Rezzo's frames (docs/games/rezzo.md "Replays"): a keyframe at tick 0, every KEYFRAME_EVERY ticks and
at the end, and a compact diff of the changed cells at every other tick.

The world is not a real Rezzo game: it is random straight wires, rectangular wire loops with
electrons running round them (3 changed cells per electron per tick, as in Wireworld), agents that
walk, turn and build at random, their bases, geysers and a few flags. Diffs and keyframes are
consistent with each other (applying the diffs from one keyframe gives the next), which the browser
tests check, and state_hash is the real one's (FNV-1a 64 of the view letters then the damage
bytes), so a viewer can check its reconstruction at every recorded hash. type_hash is a stand-in.

Usage: scripts/gen_rezzo_replay.py [--ticks 10000] [--size 320] [--players 2] [--electrons 100]
                                   [--keyframe-every 500] [--seed 1] -o FILE.jsonl
"""
import argparse
import json
import random
import zlib

B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
FWD = [(0, -1), (1, 0), (0, 1), (-1, 0)]
RIGHT = [(1, 0), (0, 1), (-1, 0), (0, -1)]
ACT = {'nop': 32, 'advance': 94, 'left': 92, 'right': 47, 'build': 46, 'hit': 33}


def dumps(o):
    return json.dumps(o, separators=(',', ':'))


class World:
    def __init__(self, a, rng):
        self.W = self.H = a.size
        self.n = self.W * self.H
        self.cells = bytearray(b' ' * self.n)
        self.damage = bytearray(self.n)
        self.changed = set()
        self.rng = rng
        W, H = self.W, self.H
        # substrate: random straight wires
        for _ in range(self.n // 120):
            x, y = rng.randrange(W), rng.randrange(H)
            dx, dy = rng.choice([(1, 0), (0, 1)])
            for k in range(rng.randrange(4, 40)):
                self.cells[self.idx(x + k * dx, y + k * dy)] = ord('.')
        # loops with electrons
        self.electrons = []  # [path, head index]
        loops = max(1, a.electrons // 3)
        for _ in range(loops):
            x0, y0 = rng.randrange(W), rng.randrange(H)
            w, h = rng.randrange(6, 30), rng.randrange(6, 30)
            path = [(x0 + i, y0) for i in range(w)] + [(x0 + w, y0 + j) for j in range(h)] + \
                   [(x0 + w - i, y0 + h) for i in range(w)] + [(x0, y0 + h - j) for j in range(h)]
            path = [self.idx(x, y) for x, y in path]
            for c in path:
                self.cells[c] = ord('.')
            for e in range(3):
                self.electrons.append([path, (e * len(path)) // 3])
        for path, h in self.electrons:
            self.cells[path[h]] = ord('*')
            self.cells[path[h - 1]] = ord(',')
        # agents, their bases (front-left and front-right diagonals), geysers behind, a few flags
        self.agents = []
        for p in range(1, a.players + 1):
            x, y, f = rng.randrange(W), rng.randrange(H), rng.randrange(4)
            fx, fy = FWD[f]
            rx, ry = RIGHT[f]
            self.cells[self.idx(x, y)] = ord('0') + p - 1
            for r in (-1, 1):
                self.cells[self.idx(x + fx + r * rx, y + fy + r * ry)] = ord('n') + p - 1
                self.cells[self.idx(x - 2 * fx + r * rx, y - 2 * fy + r * ry)] = ord('a') + p - 1
            for k in range(6):
                self.cells[self.idx(x - 3 * fx + (k - 3) * rx, y - 3 * fy + (k - 3) * ry)] = ord('A') + p - 1
            self.agents.append({'id': p, 'alive': True, 'x': x, 'y': y, 'f': f, 'home': [x, y]})
        self.changed.clear()

    def idx(self, x, y):
        return (y % self.H) * self.W + (x % self.W)

    def put(self, i, c):
        if self.cells[i] != c:
            self.cells[i] = c
            self.changed.add(i)

    def step(self, tick):
        rng = self.rng
        acts = []
        for a in self.agents:
            if not a['alive']:
                acts.append(None)
                continue
            act = rng.choices(['advance', 'left', 'right', 'build', 'nop', 'hit'], [50, 8, 8, 20, 10, 4])[0]
            fx, fy = FWD[a['f']]
            here = self.idx(a['x'], a['y'])
            front = self.idx(a['x'] + fx, a['y'] + fy)
            if act in ('advance', 'build') and self.cells[front] == ord(' '):
                self.put(front, ord('0') + a['id'] - 1)
                self.put(here, ord(' ') if act == 'advance' else ord('.'))
                for c in (here, front):
                    if self.damage[c]:
                        self.damage[c] = 0
                        self.changed.add(c)
                a['x'], a['y'] = (a['x'] + fx) % self.W, (a['y'] + fy) % self.H
            elif act == 'left':
                a['f'] = (a['f'] + 3) % 4
            elif act == 'right':
                a['f'] = (a['f'] + 1) % 4
            elif act == 'hit' and self.cells[front] in b'.*,~ABCDEFGHIJ':
                self.damage[front] = (self.damage[front] + 1) % 4
                if self.damage[front] == 0:
                    self.put(front, ord(' '))
                self.changed.add(front)
            acts.append(ACT[act])
        for e in self.electrons:
            path, h = e
            nh = (h + 1) % len(path)
            if self.cells[path[nh]] == ord('.'):
                self.put(path[h - 1], ord('.'))
                self.put(path[h], ord(','))
                self.put(path[nh], ord('*'))
                e[1] = nh
        if tick % 50 == 25:  # now and then a flag appears beside a geyser
            a = self.agents[(tick // 50) % len(self.agents)]
            c = self.idx(a['home'][0] + rng.randrange(-8, 9), a['home'][1] + rng.randrange(-8, 9))
            if self.cells[c] == ord(' '):
                self.put(c, ord('A') + a['id'] - 1)
        return acts

    def state_hash(self):
        h = 0xcbf29ce484222325
        for b in self.cells:
            h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
        for b in self.damage:
            h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
        return '%016x' % h

    def keyframe(self, tick):
        return {'tick': tick, 'key': True, 'width': self.W, 'height': self.H,
                'cells': self.cells.decode('ascii'),
                'damage': [[i, d] for i, d in enumerate(self.damage) if d],
                'agents': [{'id': a['id'], 'alive': True, 'x': a['x'], 'y': a['y'], 'facing': 'NESW'[a['f']],
                            'home': a['home']} for a in self.agents],
                'type_hash': '%016x' % zlib.crc32(bytes(self.cells)), 'state_hash': self.state_hash()}

    def diff(self, tick):
        idx = sorted(self.changed)
        out = []
        prev = -1
        for i in idx:
            gap = i - prev - 1
            prev = i
            while gap >= 32:
                out.append(B64[32 + (gap & 31)])
                gap >>= 5
            out.append(B64[gap])
            out.append(chr(self.cells[i]))
        return {'tick': tick, 'diff': ''.join(out),
                'damage': [[i, self.damage[i]] for i in idx if self.damage[i]],
                'agents': [[a['x'], a['y'], a['f']] for a in self.agents]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--ticks', type=int, default=10000)
    ap.add_argument('--size', type=int, default=320)
    ap.add_argument('--players', type=int, default=2)
    ap.add_argument('--electrons', type=int, default=100)
    ap.add_argument('--keyframe-every', type=int, default=500)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('-o', '--output', required=True)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    w = World(a, rng)
    seats = [{'name': f'wander{p}', 'code': f'W{p}', 'kind': 'builtin', 'spec': 'builtin:wander'}
             for p in range(1, a.players + 1)]
    options = {'width': str(a.size), 'height': str(a.size), 'tick_ms': '60', 'quick': 'on',
               'max_ticks': str(a.ticks), 'seed': str(a.seed), 'start_ms': '1000',
               'keyframe_every': str(a.keyframe_every)}
    with open(a.output, 'w') as out:
        out.write(dumps({'type': 'header', 'format': 'arena-replay', 'version': 1, 'arena': '0.1.0',
                         'game': 'rezzo', 'options': options, 'seed': a.seed, 'seats': seats,
                         'clock': {'move_ms': 60, 'hard_ms': 0, 'bank_ms': 0, 'startup_ms': 1000,
                                   'pause_idle': False},
                         'frame': w.keyframe(0)}) + '\n')
        for t in range(a.ticks):
            w.changed = set()
            acts = w.step(t)
            tick = t + 1
            key = tick == a.ticks or (a.keyframe_every and tick % a.keyframe_every == 0)
            events = {'t': t, 'acts': acts, 'multi': [], 'acks': [0 if x is not None else None for x in acts],
                      'elim': []}
            if tick % 100 == 0:
                events['state_hash'] = w.state_hash()
            rec = {'type': 'turn', 'turn': t,
                   'seats': [{'seat': s, 'verdict': 'ok', 'action': acts[s]} for s in range(a.players)],
                   'events': events, 'frame': w.keyframe(tick) if key else w.diff(tick)}
            out.write(dumps(rec) + '\n')
        flags = [w.cells.count(ord('A') + p) for p in range(a.players)]
        ranks = [1 + sum(1 for g in flags if g > f) for f in flags]
        out.write(dumps({'type': 'result', 'turns': a.ticks, 'over': True, 'aborted': False, 'scores': flags,
                         'ranks': ranks, 'verdicts': [{'late': 0, 'down': 0, 'invalid': 0, 'crash': 0}] * a.players,
                         'header_digest': '0' * 16, 'digest': '0' * 16}) + '\n')


if __name__ == '__main__':
    main()
