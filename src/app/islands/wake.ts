/**
 * Waking the islands of a prerendered public page (docs/architecture.md, "Public pages:
 * static HTML with islands"). The page is HTML that is never hydrated; this finds its islands
 * and wakes each one (loads its code and hydrates it) when it comes near the viewport (watched
 * once the page has loaded and painted), when the visitor reaches for it, or at once
 * (./registry.ts). It must stay small and free of React: with ./entry.ts it is all the
 * JavaScript a page loads before the visitor does something.
 *
 * A tap on an island that has not woken yet is not lost: a click on a button, a menu or a link
 * within the page is held, and given again to the same element once the island has hydrated
 * (or, if its code fails to load, left to the browser's own behaviour).
 */
import { ISLAND_ATTRIBUTE } from '../../../domain/islandMarkers';
import type { IslandSpec } from './registry';
import type { IslandModule } from './runtime';
import { reportClientError } from '../clientErrors';

/** How close to the viewport an island that wakes on sight starts loading. */
const NEAR_VIEWPORT = '300px';
/** The visitor reaching for an island: a pointer over it, a touch, the keyboard focus. */
const REACH_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
/** Elements whose click needs the island's code (links only when they stay on this page). */
const HELD_TARGETS = 'button, summary, [role="button"], a[href]';

const staysOnPage = (link: HTMLAnchorElement) => {
  const url = new URL(link.href, window.location.href);
  const here = window.location;
  return (
    url.origin === here.origin &&
    url.pathname === here.pathname &&
    url.search === here.search &&
    url.hash !== ''
  );
};

/** What hydrates an island (./runtime.tsx, loaded with the first island that wakes). */
export interface IslandRuntime {
  hydrateIsland(root: Element, name: string, module: IslandModule): Promise<void>;
}

function setUp(
  root: HTMLElement,
  name: string,
  spec: IslandSpec,
  runtime: () => Promise<IslandRuntime>,
) {
  let state: 'asleep' | 'waking' | 'done' = 'asleep';
  let held: HTMLElement | null = null;
  const stops: (() => void)[] = [];

  const finish = () => {
    state = 'done';
    for (const stop of stops) stop();
    const target = held;
    held = null;
    if (target?.isConnected) target.click();
  };

  const wake = () => {
    if (state !== 'asleep') return;
    state = 'waking';
    Promise.all([runtime(), spec.load()])
      .then(([{ hydrateIsland }, module]) => hydrateIsland(root, name, module))
      .catch((error: unknown) => {
        console.error(`The ${name} part of the page failed to load.`, error);
        reportClientError(error);
      })
      .finally(finish);
  };

  const hold = (event: Event) => {
    const target = (event.target as Element | null)?.closest<HTMLElement>(HELD_TARGETS);
    if (!target || !root.contains(target)) return;
    if (target instanceof HTMLAnchorElement && !staysOnPage(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = target;
    wake();
  };
  root.addEventListener('click', hold, { capture: true });
  stops.push(() => root.removeEventListener('click', hold, { capture: true }));
  for (const type of REACH_EVENTS) {
    root.addEventListener(type, wake, { capture: true, passive: true });
    stops.push(() => root.removeEventListener(type, wake, { capture: true }));
  }

  // The island's root takes no box (display: contents): its content is what comes into view.
  const content = [...root.children];
  const watch = () => {
    if (state !== 'asleep') return;
    if (content.length > 0 && 'IntersectionObserver' in window) {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) wake();
        },
        { rootMargin: NEAR_VIEWPORT },
      );
      for (const element of content) observer.observe(element);
      stops.push(() => observer.disconnect());
    } else {
      wake();
    }
  };
  if (spec.wake === 'near-viewport') {
    // Watched once the page has loaded and painted: an island in view then does not compete
    // with the page's own images (the largest of which the visitor waits for) for the network
    // and the main thread. A touch before that still wakes it (above).
    const afterPaint = () => requestAnimationFrame(() => setTimeout(watch, 0));
    if (document.readyState === 'complete') afterPaint();
    else {
      window.addEventListener('load', afterPaint, { once: true });
      stops.push(() => window.removeEventListener('load', afterPaint));
    }
  }
  if (spec.wakeAtOnce?.()) wake();
}

/** Sets up every island of the page. */
export function wakeIslands(
  islands: Record<string, IslandSpec>,
  runtime: () => Promise<IslandRuntime>,
): void {
  for (const root of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    const name = root.getAttribute(ISLAND_ATTRIBUTE) ?? '';
    const spec = islands[name];
    if (spec) setUp(root, name, spec, runtime);
    else console.error(`No island named "${name}" (src/app/islands/registry.ts).`);
  }
}
