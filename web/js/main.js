// main.js: starts the viewer on the replay inlined by `arena view`, on ?replay=URL (or the page's
// <body data-replay=URL>: `arena serve`'s /watch/ID page), or on a file the user opens or drops on
// the page.
import { Replay } from './model.js';
import { inlineStream, fileStream, readInto } from './load.js';
import { Viewer } from './viewer.js';
import * as GAMES from './games/index.js';
import generic from './games/generic.js';

// The renderer for a game id; games without one get the generic view (the frame as text).
function rendererFor(id) {
  return Object.prototype.hasOwnProperty.call(GAMES, id) ? GAMES[id] : generic;
}

const $ = (id) => document.getElementById(id);
let viewer = null;
let generation = 0;

function setState(s) { document.body.dataset.state = s; }

function showFatal(text, isError) {
  const f = $('fatal');
  f.textContent = text;
  f.className = isError ? 'error' : '';
  f.hidden = false;
  document.body.classList.add('empty');
}

async function open(makeStream, name) {
  const gen = ++generation;
  if (viewer) { viewer.destroy(); viewer = null; }
  const model = new Replay(name);
  window.arena = { model, viewer: null };
  setState('loading');
  showFatal(`Loading ${name} …`, false);
  $('banner').hidden = true;
  let stream;
  try {
    stream = await makeStream();
  } catch (e) {
    showFatal(`Cannot read ${name}: ${e.message || e}`, true);
    setState('error');
    return;
  }
  const progress = () => {
    if (gen !== generation) return;
    if (!viewer && model.header) {
      $('fatal').hidden = true;
      document.body.classList.remove('empty');
      const game = rendererFor(model.header.game);
      document.title = `${game.name || model.header.game} · seed ${model.header.seed} · Arena replay`;
      viewer = new Viewer(model, game);
      window.arena.viewer = viewer;
    }
    if (viewer) viewer.loaded();
  };
  try {
    await readInto(model, stream, progress);
  } catch (e) {
    if (!model.problem) model.problem = { kind: 'damaged', line: null, message: String(e.message || e) };
    model.finish();
    progress();
  }
  if (gen !== generation) return;
  if (!model.header) {
    const why = model.problem ? model.problem.message : 'no header';
    showFatal(`This file is not an Arena replay: ${why}.\n\nAn Arena replay is the JSON Lines file ` +
      'written by `arena play ... --replay FILE` (docs/replay.md).', true);
    setState('error');
    return;
  }
  setState(model.problem ? 'problem' : 'ready');
}

function openFile(file) {
  open(() => fileStream(file), file.name);
}

function boot() {
  if (typeof DecompressionStream === 'undefined' || typeof ReadableStream === 'undefined') {
    showFatal('This browser is too old for the viewer (it lacks DecompressionStream). Use a recent ' +
      'Chromium, Chrome, Edge, Firefox (113+) or Safari (16.4+).', true);
    setState('error');
    return;
  }
  // A real button (Tab reaches it, Enter and Space press it) opens the hidden file input's chooser.
  $('open').addEventListener('click', () => $('file').click());
  $('file').addEventListener('change', (e) => { if (e.target.files[0]) openFile(e.target.files[0]); });
  document.addEventListener('dragover', (e) => e.preventDefault());
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    if (e.dataTransfer.files[0]) openFile(e.dataTransfer.files[0]);
  });
  const inline = $('arena-replay');
  const url = new URLSearchParams(location.search).get('replay') || document.body.dataset.replay;
  if (inline && inline.textContent.trim()) {
    open(async () => inlineStream(inline.textContent), inline.dataset.name || 'replay');
  } else if (url) {
    open(async () => {
      const r = await fetch(url);
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return /\.gz$/.test(url) ? r.body.pipeThrough(new DecompressionStream('gzip')) : r.body;
    }, url.split('/').pop());
  } else {
    showFatal('Open a replay (.jsonl or .jsonl.gz) with "open replay…" above, or drop the file on this page.\n\n' +
      'Replays are written by `arena play GAME SEATS... --replay FILE`; `arena view FILE` makes a ' +
      'single HTML file that opens anywhere.', false);
    setState('empty');
  }
}

boot();
