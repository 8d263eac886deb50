/**
 * Waking islands (./wake.ts): when an island's code loads, and what happens to a tap made
 * before it has arrived.
 */
import { wakeIslands, type IslandRuntime } from './wake';
import type { IslandSpec } from './registry';
import type { IslandModule } from './runtime';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const islandModule: IslandModule = { default: () => null };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const afterNextPaint = () =>
  new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function page(html: string) {
  document.body.innerHTML = html;
}

/** An island whose code arrives when the test says so; `hydrated` lists the roots hydrated. */
function controlledIsland(wake: IslandSpec['wake'], wakeAtOnce?: () => boolean) {
  const code = deferred<IslandModule>();
  const load = jest.fn(() => code.promise);
  const hydrated: Element[] = [];
  const runtime: IslandRuntime = {
    hydrateIsland: (root) => {
      hydrated.push(root);
      return Promise.resolve();
    },
  };
  return {
    spec: { load, wake, wakeAtOnce } satisfies IslandSpec,
    runtime: () => Promise.resolve(runtime),
    code,
    load,
    hydrated,
  };
}

let observed: { element: Element; callback: IntersectionObserverCallback }[] = [];
beforeEach(() => {
  observed = [];
  window.IntersectionObserver = class {
    constructor(private callback: IntersectionObserverCallback) {}
    observe(element: Element) {
      observed.push({ element, callback: this.callback });
    }
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
});

test('an island woken by touch loads nothing until the visitor reaches for it', async () => {
  page('<div data-island="menu"><button>Menu</button></div>');
  const island = controlledIsland('touch');
  wakeIslands({ menu: island.spec }, island.runtime);
  await flush();
  expect(island.load).not.toHaveBeenCalled();

  document.querySelector('button')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
  expect(island.load).toHaveBeenCalledTimes(1);
  island.code.resolve(islandModule);
  await flush();
  expect(island.hydrated).toEqual([document.querySelector('[data-island]')]);
});

test('a tap before the code has arrived reaches its button once the island has hydrated', async () => {
  page('<div data-island="menu"><button>Menu</button></div>');
  const island = controlledIsland('touch');
  wakeIslands({ menu: island.spec }, island.runtime);
  const button = document.querySelector('button')!;
  const clicks = jest.fn();
  button.addEventListener('click', clicks);

  button.click();
  await flush();
  expect(island.load).toHaveBeenCalledTimes(1);
  expect(clicks).not.toHaveBeenCalled();

  island.code.resolve(islandModule);
  await flush();
  expect(clicks).toHaveBeenCalledTimes(1);
  // Awake: taps go straight through.
  button.click();
  expect(clicks).toHaveBeenCalledTimes(2);
});

test('a link to another page is left to the browser; a link within the page is held', async () => {
  page(
    '<div data-island="header"><a id="away" href="/auth">Login</a><a id="within" href="#contact">Contact</a></div>',
  );
  const island = controlledIsland('touch');
  wakeIslands({ header: island.spec }, island.runtime);
  const away = new MouseEvent('click', { bubbles: true, cancelable: true });
  document.getElementById('away')!.dispatchEvent(away);
  expect(away.defaultPrevented).toBe(false);

  const within = new MouseEvent('click', { bubbles: true, cancelable: true });
  document.getElementById('within')!.dispatchEvent(within);
  expect(within.defaultPrevented).toBe(true);
});

test('when the code fails to load, the held tap is given back to the browser', async () => {
  page('<div data-island="menu"><button>Menu</button></div>');
  const island = controlledIsland('touch');
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  wakeIslands({ menu: island.spec }, island.runtime);
  const button = document.querySelector('button')!;
  const clicks = jest.fn();
  button.addEventListener('click', clicks);

  button.click();
  island.code.reject(new Error('ChunkLoadError'));
  await flush();
  expect(clicks).toHaveBeenCalledTimes(1);
  expect(island.hydrated).toEqual([]);
  expect(error).toHaveBeenCalledWith(
    'The menu part of the page failed to load.',
    expect.any(Error),
  );
  error.mockRestore();
});

test('an island woken near the viewport loads when its content comes near it', async () => {
  page(
    '<div data-island="quote" style="display: contents"><link rel="preload"><section>Wizard</section></div>',
  );
  const island = controlledIsland('near-viewport');
  wakeIslands({ quote: island.spec }, island.runtime);
  await afterNextPaint();
  // The root takes no box: its content is what is watched.
  expect(observed.map((o) => o.element)).toContain(document.querySelector('section'));
  expect(island.load).not.toHaveBeenCalled();

  const { callback } = observed[0]!;
  callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
  expect(island.load).toHaveBeenCalledTimes(1);
});

test('an island in view at page load waits until the page has loaded and painted', async () => {
  const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
  try {
    page('<div data-island="gallery"><section>Slideshow</section></div>');
    const island = controlledIsland('near-viewport');
    wakeIslands({ gallery: island.spec }, island.runtime);
    expect(observed).toEqual([]);

    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    expect(observed).toEqual([]);
    await afterNextPaint();
    observed[0]!.callback(
      [{ isIntersecting: true } as IntersectionObserverEntry],
      {} as IntersectionObserver,
    );
    expect(island.load).toHaveBeenCalledTimes(1);
  } finally {
    readyState.mockRestore();
  }
});

test('a touch wakes an island in view before the page has loaded', () => {
  const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
  try {
    page('<div data-island="gallery"><button>Next</button></div>');
    const island = controlledIsland('near-viewport');
    wakeIslands({ gallery: island.spec }, island.runtime);
    document.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(island.load).toHaveBeenCalledTimes(1);
  } finally {
    readyState.mockRestore();
  }
});

test('an island that wakes at once (a signed-in header) loads on page load', () => {
  page('<div data-island="header"><button>Menu</button></div>');
  const island = controlledIsland('touch', () => true);
  wakeIslands({ header: island.spec }, island.runtime);
  expect(island.load).toHaveBeenCalledTimes(1);
});
