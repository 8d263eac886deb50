/** The header island (./registry.ts): the whole site header. */
export { Header as default } from '../layout/Header';
