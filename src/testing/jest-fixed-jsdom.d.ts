/** jest-fixed-jsdom ships no types: it is jest-environment-jsdom's class, extended. */
declare module 'jest-fixed-jsdom' {
  import JSDOMEnvironment from 'jest-environment-jsdom';

  export default JSDOMEnvironment;
}
