// games/index.js: the renderer of each game, by game id. Adding a game: write games/<id>.js (see
// docs/viewer.md, "Writing a renderer") and add one line here.
export { default as rising_tide } from './rising_tide.js';
export { default as suitebot } from './suitebot.js';
export { default as chicken } from './chicken.js';
export { default as splitter } from './splitter.js';
export { default as rezzo } from './rezzo.js';
