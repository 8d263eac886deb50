import type { ChunkSummary } from '../../../scripts/build/bundleReport';
import { ownerModulesOutside, reportOwnerIsolation } from '../../../scripts/build/ownerIsolation';

const mod = (id: string) => ({ id: `/repo/${id}`, name: `./${id}`, size: 100 });
const inbox = mod('src/features/owner/inbox/InboxPage.tsx');
const texts = mod('src/features/owner/messages.ts');
const dashboard = mod('src/features/dashboard/DashboardLayout.tsx');
const react = mod('node_modules/react/index.js');

/** A build: the islands' and the app's entries, the dashboard, and the owner console. */
function build(modules: ChunkSummary['modules'], extraGroups: ChunkSummary['groups'] = {}) {
  return {
    groups: {
      islands: ['islands'],
      main: ['vendor', 'main'],
      'route-home': ['home'],
      dashboard: ['dashboard'],
      owner: ['owner'],
      ...extraGroups,
    },
    modules: {
      islands: [],
      vendor: [react],
      main: [],
      home: [],
      dashboard: [dashboard],
      ...modules,
    },
  };
}

describe('ownerModulesOutside', () => {
  it('finds nothing when the owner modules are only in the owner chunk', () => {
    expect(ownerModulesOutside(build({ owner: [inbox, texts, react] }))).toEqual([]);
  });

  it("finds an owner module the dashboard's chunk holds (a customer page imports it)", () => {
    const leaks = ownerModulesOutside(build({ owner: [inbox], dashboard: [dashboard, texts] }));
    expect(leaks).toEqual([{ where: 'dashboard', module: './src/features/owner/messages.ts' }]);
  });

  it("finds an owner module in the app's entry or a public page's chunk", () => {
    expect(ownerModulesOutside(build({ owner: [inbox], main: [texts] }))).toEqual([
      { where: 'main', module: './src/features/owner/messages.ts' },
    ]);
    expect(ownerModulesOutside(build({ owner: [inbox], home: [inbox] }))).toEqual([
      { where: 'route-home', module: './src/features/owner/inbox/InboxPage.tsx' },
    ]);
  });

  it('finds an owner module in a lazy chunk no owner group loads, and allows owner-* parts', () => {
    expect(ownerModulesOutside(build({ owner: [inbox], 'auth-lazy': [texts] }))).toEqual([
      { where: 'file auth-lazy', module: './src/features/owner/messages.ts' },
    ]);
    const numbers = mod('src/features/owner/numbers/NumbersPage.tsx');
    expect(
      ownerModulesOutside(
        build({ owner: [inbox], charts: [numbers] }, { 'owner-numbers': ['charts'] }),
      ),
    ).toEqual([]);
  });

  it('fails the build when the console has no chunk group of its own', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const { owner: _owner, ...groups } = build({}).groups;
      expect(reportOwnerIsolation({ groups, modules: { main: [inbox] } })).toBe(false);
      expect(reportOwnerIsolation(build({ owner: [inbox], dashboard: [texts] }))).toBe(false);
      expect(reportOwnerIsolation(build({ owner: [inbox] }))).toBe(true);
    } finally {
      error.mockRestore();
      log.mockRestore();
    }
  });
});
