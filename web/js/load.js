// load.js: byte sources for a replay (the copy inlined by `arena view`, a file, a URL) and the
// streaming reader that hands the model one line at a time, so the first turns show while the rest
// of a large replay is still arriving.

// The inlined replay: zlib-compressed, base64 text inside <script id="arena-replay">.
export function inlineStream(b64) {
  const text = b64.replace(/\s+/g, '');
  const STEP = 4 * 65536; // base64 characters per chunk (a multiple of 4)
  let at = 0;
  const raw = new ReadableStream({
    pull(ctrl) {
      if (at >= text.length) { ctrl.close(); return; }
      let bin;
      try {
        bin = atob(text.slice(at, at + STEP));
      } catch (e) {
        ctrl.error(new Error('the inlined replay is not valid base64'));
        return;
      }
      at += STEP;
      const out = new Uint8Array(bin.length);
      for (let k = 0; k < bin.length; k++) out[k] = bin.charCodeAt(k);
      ctrl.enqueue(out);
    },
  });
  return raw.pipeThrough(new DecompressionStream('deflate'));
}

// A file the user opened: plain JSON Lines, or gzip-compressed (.gz), recognised by its magic bytes.
export async function fileStream(blob) {
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  const s = blob.stream();
  return head[0] === 0x1f && head[1] === 0x8b ? s.pipeThrough(new DecompressionStream('gzip')) : s;
}

// Lets the page paint between batches of parsing.
function yieldToPage() {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(0);
  });
}

// Reads a byte stream into the model line by line. onProgress is called after each batch.
export async function readInto(model, stream, onProgress) {
  const reader = stream.getReader();
  const dec = new TextDecoder();
  let rest = '';
  let lineNo = 0;
  let lastYield = performance.now();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      model.bytes += value.length;
      const text = rest + dec.decode(value, { stream: true });
      let start = 0;
      let nl;
      while ((nl = text.indexOf('\n', start)) >= 0) {
        lineNo++;
        if (!model.addLine(text.slice(start, nl), lineNo, false)) {
          reader.cancel().catch(() => {});
          model.finish();
          onProgress && onProgress();
          return;
        }
        start = nl + 1;
      }
      rest = text.slice(start);
      if (performance.now() - lastYield > 30 || lineNo < 3) {
        onProgress && onProgress();
        await yieldToPage();
        lastYield = performance.now();
      }
    }
    rest += dec.decode();
  } catch (e) {
    // Decompression failed or the stream broke: keep what was read, report the damage.
    if (!model.problem) {
      model.problem = { kind: model.header ? 'damaged' : 'invalid', line: lineNo + 1,
        message: `the replay data is damaged after line ${lineNo} (${e.message || e})` };
    }
    model.finish();
    onProgress && onProgress();
    return;
  }
  if (rest.length) model.addLine(rest, lineNo + 1, true);
  model.finish();
  onProgress && onProgress();
}
