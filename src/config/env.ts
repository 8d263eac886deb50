/**
 * Runtime configuration. Values come from the environment at build time (webpack's
 * DefinePlugin replaces `process.env.X`); `.env.example` documents every variable.
 * Nothing here knows whether it points at the local stack or production.
 */
import { readSetting } from './readSetting';

export const env = {
  /** Base URL of the API: absolute, or a path on this origin (the dev server proxies /api). */
  apiBaseUrl: readSetting(process.env.API_BASE_URL, '/api'),
  /** Cognito region (docs/product.md §9: us-east-1). */
  cognitoRegion: readSetting(process.env.COGNITO_REGION, 'us-east-1'),
  cognitoUserPoolId: readSetting(process.env.COGNITO_USER_POOL_ID, 'us-east-1_localpool'),
  cognitoClientId: readSetting(process.env.COGNITO_CLIENT_ID, 'localclientid000000000000'),
  /** Cognito API endpoint override; empty in production (the regional endpoint is used). */
  cognitoEndpoint: readSetting(process.env.COGNITO_ENDPOINT, ''),
  /** Hosted sign-in domain with scheme (e.g. https://auth.example.com); empty disables Google. */
  cognitoHostedDomain: readSetting(process.env.COGNITO_HOSTED_DOMAIN, ''),
  /** USER_SRP_AUTH in production; USER_PASSWORD_AUTH against cognito-local. */
  authFlow: readSetting(process.env.AUTH_FLOW, 'USER_SRP_AUTH') as
    'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH',
} as const;
