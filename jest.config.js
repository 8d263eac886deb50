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

/** @type {import('jest').Config} */
const config = {
  testTimeout: 20000,
  projects: [
    {
      displayName: 'web',
      testEnvironment: '<rootDir>/src/testing/jsdomEnvironment.ts',
      testEnvironmentOptions: { url: 'http://localhost:3000/' },
      roots: ['<rootDir>/src', '<rootDir>/domain'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFiles: ['<rootDir>/src/testing/setupEnv.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setupTests.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
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
      transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
    },
  ],
};

export default config;
