/**
 * The browser entry of the prerendered public pages (docs/architecture.md, "Public pages:
 * static HTML with islands"): wakes their islands (./wake.ts). Free of React: it is all the
 * JavaScript such a page loads before the visitor does something.
 */
import { islands } from './registry';
import { wakeIslands } from './wake';
import { installErrorReporting } from '../clientErrors';

// Errors nobody caught, and island code that fails to download, are reported (../clientErrors.ts).
installErrorReporting();

wakeIslands(islands, () => import(/* webpackChunkName: "island-runtime" */ './runtime'));
