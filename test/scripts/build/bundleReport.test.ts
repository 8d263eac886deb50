import { modulesLoadedAgain, type ChunkSummary } from '../../../scripts/build/bundleReport';

const mod = (id: string, size = 100) => ({ id, name: `./${id}`, size });

// Two entries: the islands' (entry file + an island's file) and the app's (its files).
const summary = (modules: ChunkSummary['modules'], app: string[]): ChunkSummary => ({
  groups: { islands: ['islands'], 'island-header': ['header', 'shared'], main: app },
  modules,
});

/** What the app ('main') loads again of what the islands' two groups loaded. */
const loadedAgain = (modules: ChunkSummary['modules'], app: string[]) =>
  modulesLoadedAgain(summary(modules, app), ['islands', 'island-header'], 'main');

describe('modulesLoadedAgain', () => {
  it('lists a module the app loads under another file than the one the islands loaded', () => {
    const result = loadedAgain(
      {
        islands: [mod('loader.ts')],
        header: [mod('react-dom.js', 600_000), mod('Header.tsx')],
        app: [mod('react-dom.js', 600_000), mod('router.js', 300_000)],
        main: [mod('main.tsx')],
      },
      ['app', 'main'],
    );
    expect(result).toEqual([{ name: './react-dom.js', size: 600_000 }]);
  });

  it('lists nothing when the app loads the very file the islands loaded', () => {
    const result = loadedAgain(
      {
        islands: [mod('loader.ts')],
        header: [mod('Header.tsx')],
        shared: [mod('react-dom.js', 600_000)],
        main: [mod('main.tsx')],
      },
      ['shared', 'main'],
    );
    expect(result).toEqual([]);
  });

  it('lists a module once when the app holds it in two of its files', () => {
    const result = loadedAgain(
      {
        islands: [mod('tokenStore.ts')],
        header: [],
        app: [mod('tokenStore.ts')],
        main: [mod('tokenStore.ts')],
      },
      ['app', 'main'],
    );
    expect(result).toEqual([{ name: './tokenStore.ts', size: 100 }]);
  });

  it('lists nothing for a group the build does not have', () => {
    expect(modulesLoadedAgain(summary({}, []), ['islands'], 'missing')).toEqual([]);
  });
});
