// games/generic.js: the view of a game that has no renderer yet: the frame as JSON text, and the
// scores when the frame has a "scores" array.
import { sizeCanvas, centerText } from '../util.js';

export default {
  id: 'generic',
  name: '',
  speed: 10,
  create(view) {
    const ctx = sizeCanvas(view.canvas, 480, 120);
    return {
      draw() {
        ctx.fillStyle = '#111';
        ctx.fillRect(0, 0, 480, 120);
        centerText(ctx, `no picture for game "${view.header.game}"`, 0, 0, 480, 120, '#aaa', '16px sans-serif');
      },
      label: (pos) => `position ${pos}`,
      scores(pos) {
        const f = view.replay.frame(pos);
        return f && Array.isArray(f.scores) ? f.scores : [];
      },
      info(pos) {
        const s = JSON.stringify(view.replay.frame(pos));
        return s.length > 4000 ? `${s.slice(0, 4000)} …` : s;
      },
    };
  },
};
