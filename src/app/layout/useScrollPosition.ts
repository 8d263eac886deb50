/**
 * Where the window scrolls when the route changes (docs/product.md §2): a new page starts at its
 * top, Back and Forward return to where the reader was on that entry, and /#section scrolls to
 * its section once it exists (its code may arrive late on a slow phone).
 */
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { scrollToSection } from '../../components/SectionLink';
import { SECTION_WAIT_MS } from '../../config/timing';

/** Scroll positions by history entry (the router's location key). */
const positions = new Map<string, number>();

/**
 * Calls `then` as soon as `ready()` holds, checking again whenever the page's content changes;
 * after `ms` it stops waiting (calling `onTimeout`, if given). Returns a function that cancels.
 */
function whenReady(
  ready: () => boolean,
  ms: number,
  then: () => void,
  onTimeout?: () => void,
): () => void {
  if (ready()) {
    then();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    stop();
    then();
  });
  const timer = window.setTimeout(() => {
    stop();
    onTimeout?.();
  }, ms);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

export function useScrollPosition() {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();

  // The browser's own restoration would fight this one (and knows nothing of late content).
  useEffect(() => {
    if (!('scrollRestoration' in window.history)) return;
    const before = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = before;
    };
  }, []);

  // Remembers where the reader is on this entry.
  useEffect(() => {
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  useLayoutEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (id)
      return whenReady(
        () => document.getElementById(id) !== null,
        SECTION_WAIT_MS,
        () => scrollToSection(id),
      );
    if (navigationType === 'POP') {
      // Back / Forward: as soon as the page is tall enough again (or as close as it gets).
      const top = positions.get(key) ?? 0;
      const restore = () => window.scrollTo(0, top);
      // The top needs no height, and measuring would lay the page out mid-render: the first
      // page of a visit (a POP too) and any entry left at its top go there at once.
      if (top === 0) {
        restore();
        return undefined;
      }
      const tallEnough = () => document.documentElement.scrollHeight - window.innerHeight >= top;
      return whenReady(tallEnough, SECTION_WAIT_MS, restore, restore);
    }
    window.scrollTo(0, 0);
    return undefined;
    // A new entry (or the same path with another hash) decides the position once.
  }, [key, pathname, hash, navigationType]);
}
