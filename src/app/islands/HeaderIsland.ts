/** The header island (./registry.ts): the whole site header, in the page's store and router. */
export { Header as default } from '../layout/Header';
export { InAppContext as Context } from './appContext';
