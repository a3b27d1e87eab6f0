// notfound.js: what a browser sees at an address that is no page of the site (the server answers 404
// with this page): which address, and where to go instead.
import { el, fill } from '../dom.js';

export default async function notfound(ctx) {
  fill(ctx.main, el('h1', {}, 'No such page'),
    el('p', {}, 'There is no page at ', el('code', {}, location.pathname), '. Check the address, or go on from the links above: ',
      el('a', { href: '/' }, 'the home page'), ', ', el('a', { href: '/ladder' }, 'the ladder'), ', ', el('a', { href: '/games' }, 'the games'), '.'));
}
