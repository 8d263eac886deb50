import type { ReactNode } from 'react';
import { createPath, Router, type Navigator, type To } from 'react-router-dom';

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * A move within the page (only the #section changes) updates the address bar; any other is a
 * page load: the public pages are separate HTML documents, not one app.
 */
function go(to: To, replace: boolean) {
  const url = new URL(href(to), window.location.href);
  const here = window.location;
  if (url.origin === here.origin && url.pathname === here.pathname && url.search === here.search) {
    if (replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
  } else if (replace) window.location.replace(url);
  else window.location.assign(url);
}

const navigator: Navigator = {
  createHref: href,
  push: (to) => go(to, false),
  replace: (to) => go(to, true),
  go: (delta) => window.history.go(delta),
};

/** The router an island runs in: the page's own address, links that load the page they name. */
export function IslandRouter({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = window.location;
  return (
    <Router location={{ pathname, search, hash }} navigator={navigator}>
      {children}
    </Router>
  );
}
