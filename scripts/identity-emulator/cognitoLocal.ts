/**
 * cognito-local (npm) as the offline user pool: its files, its command line and the reading of
 * its console output. cognito-local keeps everything in `./.cognito` under its working folder;
 * the fixed pool and client are created by writing its database files before it starts
 * (formats: node_modules/cognito-local/lib/services/{cognitoService,userPoolService}.js and
 * dataStore/stormDb.js, where any key ending in "Date" holds an ISO string).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isRecord } from './cognitoClient';

/** The fixed ids the app's defaults use (src/config/env.ts, .env.example). */
export const USER_POOL_ID = 'us-east-1_localpool';
export const CLIENT_ID = 'localclientid000000000000';

export interface CognitoLocalOptions {
  /** cognito-local's working folder; its data lands in `<dir>/.cognito`. */
  dir: string;
  /** The public URL (the proxy) that browsers and the API use; becomes the token issuer domain. */
  publicUrl: string;
  /** Where cognito-local itself listens (127.0.0.1). */
  internalPort: number;
  /** The web app's origin; `<appOrigin>/auth-callback` is the hosted-login callback. */
  appOrigin: string;
  /** Further origins serving the same app (their callback and sign-out URLs are registered). */
  otherOrigins?: string[];
  /** The pool and app client ids; the fixed local ones (above) when omitted. */
  ids?: PoolIds;
}

export interface PoolIds {
  userPoolId: string;
  clientId: string;
}

const LOCAL_IDS: PoolIds = { userPoolId: USER_POOL_ID, clientId: CLIENT_ID };

const iso = (date: Date) => date.toISOString();

/** Callback URLs for the origin, with the localhost / 127.0.0.1 twin so either address works. */
function callbackUrls(appOrigins: string[], suffix: string): string[] {
  return appOrigins.flatMap((appOrigin) => {
    const origin = new URL(appOrigin).origin;
    const twins = [origin];
    if (origin.includes('//localhost')) twins.push(origin.replace('//localhost', '//127.0.0.1'));
    if (origin.includes('//127.0.0.1')) twins.push(origin.replace('//127.0.0.1', '//localhost'));
    return twins.map((o) => `${o}${suffix}`);
  });
}

function poolOptions(userPoolId: string, now: Date) {
  return {
    Id: userPoolId,
    Name: 'triangle-shine-local',
    Arn: `arn:aws:cognito-idp:us-east-1:000000000000:userpool/${userPoolId}`,
    CreationDate: iso(now),
    LastModifiedDate: iso(now),
    UsernameAttributes: ['email'],
    AutoVerifiedAttributes: ['email'],
    // A new e-mail takes effect only once its code is entered (README, "Identity").
    UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    MfaConfiguration: 'OPTIONAL',
    SoftwareTokenMfaConfiguration: { Enabled: true },
    SmsAuthenticationMessage: 'Your Triangle Shine sign-in code is {####}',
    SmsConfiguration: {
      SnsCallerArn: 'arn:aws:iam::000000000000:role/local-sms',
      ExternalId: 'local',
    },
    Policies: {
      PasswordPolicy: {
        MinimumLength: 8,
        RequireUppercase: true,
        RequireLowercase: true,
        RequireNumbers: true,
        RequireSymbols: true,
        TemporaryPasswordValidityDays: 7,
      },
    },
    AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    AdminCreateUserConfig: { AllowAdminCreateUserOnly: false, UnusedAccountValidityDays: 7 },
    VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE' },
    EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    LambdaConfig: {},
  };
}

function appClient(ids: PoolIds, appOrigins: string[], now: Date) {
  return {
    ClientId: ids.clientId,
    ClientName: 'web',
    UserPoolId: ids.userPoolId,
    CreationDate: iso(now),
    LastModifiedDate: iso(now),
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    AllowedOAuthFlows: ['code'],
    AllowedOAuthFlowsUserPoolClient: true,
    AllowedOAuthScopes: ['openid', 'email', 'profile'],
    SupportedIdentityProviders: ['COGNITO', 'Google'],
    CallbackURLs: callbackUrls(appOrigins, '/auth-callback'),
    LogoutURLs: callbackUrls(appOrigins, '/'),
    AccessTokenValidity: 60,
    IdTokenValidity: 60,
    RefreshTokenValidity: 30,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    EnableTokenRevocation: true,
  };
}

function readJson(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return isRecord(parsed) ? parsed : {};
}

const writeJson = (file: string, value: unknown) =>
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

/**
 * Writes cognito-local's configuration, pool and client. Run before every start: settings are
 * refreshed from the code while users (and their tokens) in the pool file are kept.
 */
export function writeCognitoLocalFiles({
  dir,
  publicUrl,
  internalPort,
  appOrigin,
  otherOrigins = [],
  ids = LOCAL_IDS,
}: CognitoLocalOptions) {
  const root = path.join(dir, '.cognito');
  const db = path.join(root, 'db');
  mkdirSync(db, { recursive: true });
  const now = new Date();
  writeJson(path.join(root, 'config.json'), {
    TokenConfig: { IssuerDomain: publicUrl.replace(/\/$/, '') },
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    ServerConfig: { hostname: '127.0.0.1', port: internalPort },
  });
  writeJson(path.join(db, 'clients.json'), {
    Clients: { [ids.clientId]: appClient(ids, [appOrigin, ...otherOrigins], now) },
  });
  const poolFile = cognitoPoolFile(dir, ids.userPoolId);
  const pool = readJson(poolFile);
  const previous = isRecord(pool.Options) ? pool.Options : {};
  const options = poolOptions(ids.userPoolId, now);
  writeJson(poolFile, {
    Users: {},
    ...pool,
    Options: {
      ...options,
      CreationDate:
        typeof previous.CreationDate === 'string' ? previous.CreationDate : options.CreationDate,
    },
  });
}

/** The pool's database file, where cognito-local keeps users and the codes it sends. */
export const cognitoPoolFile = (dir: string, userPoolId = USER_POOL_ID) =>
  path.join(dir, '.cognito', 'db', `${userPoolId}.json`);

/** How to run cognito-local (a plain `node` process; no shell, no npx). */
export function cognitoLocalCommand({ dir, internalPort }: CognitoLocalOptions) {
  const require = createRequire(import.meta.url);
  return {
    command: process.execPath,
    args: [require.resolve('cognito-local/lib/bin/start.js')],
    cwd: dir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(internalPort),
      // Its AWS SDK v2 prints an end-of-support notice on every start.
      NODE_NO_WARNINGS: '1',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    },
  };
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * Reads cognito-local's console line by line and reports its errors (e.g. an action it does not
 * support), without its timestamp and request ids. Codes are not read here: its logger can hold
 * a line back until the next one, so the proxy reads them from the pool file instead.
 */
export function cognitoErrorReader(onError: (message: string) => void): (line: string) => void {
  return (raw) => {
    const line = raw.replace(ANSI, '');
    if (!/^\[\d+\]\s+ERROR:/.test(line)) return;
    onError(
      line
        .replace(/^\[\d+\]\s+ERROR:\s+/, '')
        .replace(/\s*\{"reqId".*$/, '')
        .replace(/^\S+ \S+ /, ''),
    );
  };
}
