// keyframes.js: the state of a game whose replay stores full frames only now and then (keyframes) and
// compact diffs in between (Rezzo, docs/games/rezzo.md "Replays"). Seeking loads the nearest keyframe at or before the
// target and applies the recorded diffs forward; playing applies one diff per turn. The rules are
// never re-implemented here: the diffs say what changed.

export class KeyframeCursor {
  // isKey(frame) tells a keyframe; load(frame) resets the state from one; apply(frame) applies a diff.
  constructor(replay, { isKey, load, apply }) {
    this.replay = replay;
    this.isKey = isKey;
    this.load = load;
    this.apply = apply;
    this.keys = [];      // positions of keyframes, increasing
    this.scanned = -1;   // last position scanned for keyframes
    this.pos = -1;       // position of the state held (-1: none yet)
  }

  scan() {
    const last = this.replay.length;
    for (let p = this.scanned + 1; p <= last; p++) if (this.isKey(this.replay.frame(p))) this.keys.push(p);
    this.scanned = last;
  }

  keyAtOrBefore(q) {
    let lo = 0;
    let hi = this.keys.length - 1;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.keys[mid] <= q) { best = this.keys[mid]; lo = mid + 1; } else hi = mid - 1;
    }
    return best;
  }

  // Brings the state to position q; returns false when no keyframe precedes q.
  seek(q) {
    if (q === this.pos) return true;
    this.scan();
    const k = this.keyAtOrBefore(q);
    if (k < 0) return false;
    let from;
    if (this.pos >= 0 && this.pos < q && this.pos >= k) {
      from = this.pos + 1; // forward from where we are: no reload
    } else {
      this.load(this.replay.frame(k));
      from = k + 1;
    }
    for (let p = from; p <= q; p++) {
      const f = this.replay.frame(p);
      if (this.isKey(f)) this.load(f); else this.apply(f);
    }
    this.pos = q;
    return true;
  }
}
