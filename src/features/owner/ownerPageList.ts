/**
 * The owner console's pages, in the order of its navigation: the one list its routes and
 * navigation (./OwnerRoutes.tsx, which gives each entry its component and icon) and the browser
 * tests that visit every page of the console (test/e2e/support/routes.ts) are built from. Plain
 * data, so a test in Node can import it. A new page is one more entry here; an entry without
 * `nav` has no link of its own (it is reached from another page).
 */
import { availabilityTexts } from './availability/messages';
import { businessTexts } from './business/messages';
import { OWNER_TEXT } from './messages';

/** Where the console is mounted in the app's route table (src/app/routes.tsx). */
export const OWNER_BASE = '/owner';

export const ownerPageList = [
  { id: 'inbox', path: '', nav: OWNER_TEXT.nav.inbox },
  { id: 'request', path: 'requests/:id' },
  { id: 'route', path: 'route', nav: OWNER_TEXT.nav.route },
  { id: 'customers', path: 'customers', nav: OWNER_TEXT.nav.customers },
  { id: 'customer', path: 'customers/:userId' },
  { id: 'numbers', path: 'numbers', nav: OWNER_TEXT.nav.numbers },
  { id: 'availability', path: 'availability', nav: availabilityTexts.nav },
  { id: 'business', path: 'business', nav: businessTexts.nav },
  { id: 'health', path: 'health', nav: OWNER_TEXT.nav.health },
] as const satisfies readonly { id: string; path: string; nav?: string }[];

export type OwnerPageEntry = (typeof ownerPageList)[number];
export type OwnerPageId = OwnerPageEntry['id'];
/** The pages with a link in the navigation. */
export type OwnerNavPageId = Extract<OwnerPageEntry, { nav: string }>['id'];

/** A page's address: `/owner` for the inbox, `/owner/route`, `/owner/requests/:id`… */
export const ownerPageUrl = (path: string) => (path ? `${OWNER_BASE}/${path}` : OWNER_BASE);
