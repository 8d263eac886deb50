import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * One-way dependencies (docs/architecture.md): domain -> (src | server | scripts | infra); in src:
 * lib, config, components -> api -> features -> app. A feature does not import another feature.
 * The server's folders and the scripts' programs each follow a map below.
 */
/** Every folder under src/features is a feature: a new one is covered without editing this file. */
const features = readdirSync(path.join(import.meta.dirname, 'src/features'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * The server by resource (docs/architecture.md, "The server by resource"): server/platform imports
 * no resource; a resource folder imports the platform, domain/ and itself, and another resource
 * only where this list names it (a folder, or one file of it); only the entry points at the top
 * of server/ (app.ts, main.ts, serve.ts, cli.ts, seed.ts) import any folder. A folder not listed
 * here may import the platform only.
 */
const serverImports = {
  platform: [],
  // The owner's free times for a request, and a customer's for their own booking (when it is
  // theirs), leave out that booking's own hold (its row).
  // A job's length counts the published offer's minutes per add-on.
  availability: ['bookings/bookingRows.ts', 'offer'],
  offer: [],
  health: [],
  // Opting out is undone when the customer turns the e-mail back on in the profile; the
  // profile's text choices and number are the texts' outbox's (consent, codes, STOP).
  customers: ['mail/optOut.ts', 'mail/textOutbox.ts'],
  vehicles: ['customers'],
  subscriptions: ['customers'],
  calendly: ['customers'],
  // A booking's events are written to the outbox in the booking's own transaction.
  // A quote is priced by the published offer.
  bookings: ['customers', 'availability', 'mail/outbox.ts', 'offer'],
  pictures: ['customers', 'bookings'],
  // The outbox keeps the booking as it was (its row), turns the booking's events into messages
  // and reads the account's e-mail choices and the published offer's contact details.
  mail: ['bookings/bookingRows.ts', 'bookings/events.ts', 'customers/customers.ts', 'offer'],
  // The download and the deletion walk every table that holds something of a customer.
  account: ['customers', 'vehicles', 'bookings', 'calendly', 'subscriptions'],
  // The owner's console reads and changes across the business.
  owner: [
    'customers',
    'vehicles',
    'subscriptions',
    'availability',
    'bookings',
    'pictures',
    'mail',
    'health',
    'offer',
  ],
};
const serverFolders = readdirSync(path.join(import.meta.dirname, 'server'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverZones = serverFolders.map((name) => {
  const allowed = [...(name === 'platform' ? [] : ['platform']), ...(serverImports[name] ?? [])];
  return {
    target: `./server/${name}`,
    from: './server',
    except: [`./${name}`, ...allowed.map((other) => `./${other}`)],
    message: `server/${name} may import ${allowed.length ? allowed.join(', ') : 'no other server folder'} (eslint.config.js, serverImports; docs/architecture.md).`,
  };
});
/**
 * The scripts by program (docs/architecture.md, "The scripts by program"): each folder of
 * scripts/ is one program, and scripts/common holds the few helpers several of them use and
 * imports none of them. A program imports common/ and itself, and another program only where
 * this list names it (a folder, or one file of it), each with its reason. A folder not listed
 * here may import common/ only.
 */
export const scriptImports = {
  common: {},
  'identity-emulator': {},
  'contract-checker': {},
  build: {},
  'local-stack': {
    'identity-emulator': 'the stack runs cognito-local behind the emulator and creates its users',
    'build/images.ts': '`npm start` makes the responsive images before the dev server serves them',
    'build/securityHeaders.ts': 'nginx serves the build with the production headers',
  },
  bench: {
    'local-stack': 'the bench measures the app on the local stack it starts',
    'identity-emulator/cognitoClient.ts': "the owner's bench signs in through the emulator's API",
    'build/securityHeaders.ts': 'the bench serves the build with the production headers',
    'build/bundleReport.ts': "the bench reports the build's bundles",
  },
};
const scriptFolders = readdirSync(path.join(import.meta.dirname, 'scripts'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const scriptZones = scriptFolders.map((name) => {
  const allowed = [
    ...(name === 'common' ? [] : ['common']),
    ...Object.keys(scriptImports[name] ?? {}),
  ];
  return {
    target: `./scripts/${name}`,
    from: './scripts',
    except: [`./${name}`, ...allowed.map((other) => `./${other}`)],
    message: `scripts/${name} may import ${allowed.length ? allowed.join(', ') : 'no other program'} (eslint.config.js, scriptImports; docs/architecture.md).`,
  };
});
const zones = [
  ...serverZones,
  ...scriptZones,
  // domain/ holds what the app, the server and the scripts share (rules, dates, the contract's
  // types and loader): it depends on none of them. The app and the reference server never import
  // each other, and the contract check, meant for any backend, imports neither.
  { target: './domain', from: ['./src', './server', './scripts', './test'] },
  { target: './server', from: ['./src', './scripts'] },
  { target: './src', from: ['./server', './scripts'] },
  { target: './scripts/contract-checker', from: ['./src', './server'] },
  // The identity emulator stands in for Cognito: it knows neither the app nor the API.
  { target: './scripts/identity-emulator', from: ['./src', './server'] },
  // CloudFront sends the security headers the build writes into dist/_headers.
  { target: './infra', from: './scripts', except: ['./build/securityHeaders.ts'] },
  // The contract tests start the reference server to check it, but never lean on the app.
  { target: './test/contract', from: ['./src'] },
  { target: './src/lib', from: ['./src/api', './src/features', './src/app', './src/components'] },
  {
    target: './src/config',
    from: ['./src/api', './src/features', './src/app', './src/components'],
  },
  { target: './src/components', from: ['./src/api', './src/features', './src/app'] },
  { target: './src/api', from: ['./src/features', './src/app'] },
  { target: './src/features', from: ['./src/app'] },
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'infra/cdk.out/**',
      'coverage/**',
      'node_modules/**',
      '.local/**',
      'test-results/**',
      'src/api/generated.ts',
      'src/features/owner/api/generated.ts',
      'scripts/build/codegen.config.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    // Type-aware rules: each file is checked with the TypeScript project of its runtime.
    languageOptions: {
      parserOptions: {
        project: [
          './tsconfig.web.json',
          './tsconfig.web-test.json',
          './tsconfig.server.json',
          './tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    // Without a resolver, extensionless imports resolve to nothing and the zones never match.
    // import-x reads only the extensions listed here (by default JavaScript's): without them it
    // opens no .ts file it resolves, and import-x/no-cycle finds nothing.
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-restricted-paths': ['error', { zones }],
      // A cycle is among the project's own modules (a package never imports them back), so
      // the rule does not walk into node_modules: 113 s of lint became 60 s (2026-11-28).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  // Globals per runtime, as the TypeScript projects' `lib` and `types` (tsconfig.*.json): the
  // app runs in the browser only; the server, the scripts, the contract and the suites in Node.
  { files: ['src/**'], languageOptions: { globals: { ...globals.browser } } },
  {
    // One module per component: the barrel makes every jest suite load all of MUI (about 560
    // modules, seconds per suite), for nothing in the bundle (webpack keeps only what is used).
    files: ['src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mui/material',
              allowTypeImports: true,
              message: "Import the component's own module, e.g. '@mui/material/Box'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**', 'domain/**', 'scripts/**', 'test/**', '*.{js,ts,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // One owner of the session: only src/api/session/session.ts writes the stored tokens and
    // sets the session's status; the identity adapters return tokens, everyone else hands them
    // there (docs/architecture.md). Tests set up tokens directly.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/session/session.ts', 'src/testing/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/tokenStore'],
              importNames: ['setTokens', 'clearTokens', 'clearIdToken', 'clearStorages'],
              message: 'Only src/api/session/session.ts writes the session tokens.',
            },
            {
              group: ['**/sessionSlice'],
              importNames: ['signedIn', 'sessionChecked', 'sessionExpired', 'loggedOut'],
              message: "Only src/api/session/session.ts sets the session's status.",
            },
          ],
        },
      ],
    },
  },
  {
    // What every public page may load at once, and the slideshow, which wakes at load on
    // /gallery: React and react-slick at most, no MUI, Emotion, Redux or router
    // (docs/architecture.md, "Public pages: static HTML with islands").
    files: [
      'src/app/islands/{entry,wake,registry,runtime}.{ts,tsx}',
      'src/features/marketing/components/{GallerySlideshow,Slideshow,ResponsiveImage}.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mui/*', '@emotion/*', 'react-redux', '@reduxjs/*', 'react-router*'],
              message: 'The islands runtime and the slideshow stay plain React (see the comment).',
            },
          ],
        },
      ],
    },
  },
  {
    // The app's unit tests run in jest's jsdom on Node.
    files: ['**/*.test.{ts,tsx}', 'src/testing/**', 'test/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
);
