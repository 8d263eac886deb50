/** Packages that ship ES modules only and must be transformed for jest. */
const esmPackages = [
  'msw',
  '@mswjs',
  'rettime',
  'until-async',
  '@open-draft',
  'headers-polyfill',
  'outvariant',
  'strict-event-emitter',
  'is-node-process',
  '@bundled-es-modules',
  'jose',
  'http-proxy-middleware',
  'httpxy',
  'is-plain-obj',
];

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** Every project compiles TypeScript and the ES-module-only packages with SWC. */
const transformed = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
};

/** @type {import('jest').Config} */
const config = {
  testTimeout: 20000,
  // One worker per core. Jest's default keeps a core for itself (one worker on a two-core
  // machine), but its main process mostly waits: with two workers here, `npm test` took 191 s
  // at 183% CPU, against 322 s at 116% with one (2026-11-28).
  maxWorkers: '100%',
  projects: [
    // The app's and the domain's tests. A `.test.ts` file tests logic and runs in Node, without
    // the document, test server and React that every web test file sets up first; a `.test.tsx`
    // file, or a `.dom.test.ts` one, needs the browser's APIs and runs in the web project.
    {
      displayName: 'logic',
      testEnvironment: 'node',
      roots: ['<rootDir>/src', '<rootDir>/domain'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '\\.dom\\.test\\.ts$'],
      ...transformed,
    },
    {
      displayName: 'web',
      testEnvironment: '<rootDir>/src/testing/jsdomEnvironment.ts',
      testEnvironmentOptions: { url: 'http://localhost:3000/' },
      roots: ['<rootDir>/src', '<rootDir>/domain'],
      testMatch: ['**/*.test.tsx', '**/*.dom.test.ts'],
      setupFiles: ['<rootDir>/src/testing/setupEnv.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setupTests.ts'],
      ...transformed,
      moduleNameMapper: {
        '\\.(css)$': '<rootDir>/src/testing/styleMock.ts',
        '\\.(png|jpe?g|webp|avif|svg)$': '<rootDir>/src/testing/fileMock.ts',
      },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: [
        '<rootDir>/test/server',
        '<rootDir>/test/contract',
        '<rootDir>/test/scripts',
        '<rootDir>/test/infra',
      ],
      testMatch: ['**/*.test.ts'],
      ...transformed,
    },
  ],
};

export default config;
