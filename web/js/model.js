// model.js: a replay in memory (docs/replay.md): the header, the turn records and the result, filled
// line by line while the file streams in, plus what went wrong with the file, if anything.

const VERDICTS = new Set(['late', 'down', 'invalid', 'crash']);

export class Replay {
  constructor(name) {
    this.name = name || 'replay';
    this.header = null;   // the header record
    this.turns = [];      // turn records; position p (1..turns.length) is the state after turns[p-1]
    this.result = null;   // the result record, once read
    this.marks = [];      // {pos, seat, v}: every non-ok verdict of an asked seat, in order
    this.problem = null;  // {kind: 'damaged'|'truncated'|'invalid', line, message}
    this.done = false;    // the whole file has been read (or reading stopped at damage)
    this.bytes = 0;
  }

  get length() { return this.turns.length; }        // the last position
  get nseats() { return this.header ? this.header.seats.length : 0; }
  frame(pos) { return pos <= 0 ? this.header.frame : this.turns[pos - 1].frame; }
  turn(pos) { return pos <= 0 ? null : this.turns[pos - 1]; }

  // One line of the file. Returns false when reading must stop (the line is damaged).
  addLine(line, lineNo, isLastWithoutNewline) {
    if (line.length === 0 || /^\s*$/.test(line)) return true;
    let rec;
    try {
      rec = JSON.parse(line);
    } catch (e) {
      if (isLastWithoutNewline) {
        this.problem = { kind: 'truncated', line: lineNo,
          message: `the file ends in the middle of line ${lineNo}` };
      } else {
        this.problem = { kind: 'damaged', line: lineNo,
          message: `line ${lineNo} is not valid JSON (${e.message})` };
      }
      return false;
    }
    return this.addRecord(rec, lineNo);
  }

  addRecord(rec, lineNo) {
    const bad = (message) => { this.problem = { kind: this.header ? 'damaged' : 'invalid', line: lineNo, message }; return false; };
    if (rec === null || typeof rec !== 'object' || Array.isArray(rec)) return bad(`line ${lineNo} is not a JSON object`);
    if (!this.header) {
      if (rec.type !== 'header' || rec.format !== 'arena-replay')
        return bad(`line ${lineNo} is not an Arena replay header (expected {"type":"header","format":"arena-replay",...})`);
      if (rec.version !== 1) return bad(`replay format version ${rec.version} is not supported (this viewer reads version 1)`);
      if (!Array.isArray(rec.seats) || typeof rec.game !== 'string' || rec.frame === undefined)
        return bad('the header lacks its game, seats or start frame');
      this.header = rec;
      return true;
    }
    if (this.result) return bad(`line ${lineNo} comes after the result record`);
    if (rec.type === 'turn') {
      if (!('frame' in rec)) return bad(`line ${lineNo} (turn ${rec.turn}) has no frame`);
      this.turns.push(rec);
      const pos = this.turns.length;
      if (Array.isArray(rec.seats)) {
        for (const v of rec.seats) {
          // A seat out of play is listed every turn with the verdict that put it out: count it once.
          if (v.asked === false || !VERDICTS.has(v.verdict)) continue;
          this.marks.push({ pos, seat: v.seat, v });
        }
      }
      return true;
    }
    if (rec.type === 'result') { this.result = rec; return true; }
    return bad(`line ${lineNo} has an unknown record type ${JSON.stringify(rec.type)}`);
  }

  finish() {
    this.done = true;
    if (!this.problem && this.header && !this.result)
      this.problem = { kind: 'truncated', line: null, message: 'the file ends without a result record' };
    if (!this.header && !this.problem)
      this.problem = { kind: 'invalid', line: 1, message: 'the file is empty' };
  }

  // Per seat at a position: counts of late and invalid turns, and the first down or crash.
  seatStatus(pos) {
    const n = this.nseats;
    const st = Array.from({ length: n }, () => ({ late: 0, invalid: 0, out: null }));
    for (const m of this.marks) {
      if (m.pos > pos) break;
      const s = st[m.seat];
      if (!s) continue;
      if (m.v.verdict === 'late') s.late++;
      else if (m.v.verdict === 'invalid') s.invalid++;
      else if (!s.out) s.out = { verdict: m.v.verdict, pos: m.pos, turn: this.turns[m.pos - 1].turn };
    }
    return st;
  }

  // Sum of measured think time per seat up to a position (for chess-clock displays).
  thinkMs(pos) {
    const ms = new Array(this.nseats).fill(0);
    for (let p = 1; p <= pos && p <= this.turns.length; p++) {
      const seats = this.turns[p - 1].seats;
      if (!seats) continue;
      for (const v of seats) if (typeof v.ms === 'number' && v.asked !== false) ms[v.seat] += v.ms;
    }
    return ms;
  }
}
