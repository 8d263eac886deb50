/**
 * The owner's choices the cloud set-up needs, read from the CDK context (infra/cdk.json holds
 * example values; override each with `-c name=value` or by editing cdk.json).
 */
import type { Node } from 'constructs';

export interface InfraSettings {
  /** The site's origin, e.g. https://www.triangleshinedetailing.com */
  siteUrl: string;
  /** The API's origin as the browser reaches it (API_BASE_URL), e.g. https://api.example.com */
  apiUrl: string;
  /** AWS region of the user pool and SES. */
  region: string;
  /** Prefix of the hosted sign-in domain: <prefix>.auth.<region>.amazoncognito.com */
  hostedDomainPrefix: string;
  /** The Google OAuth client id (public). */
  googleClientId: string;
  /** Name of the Secrets Manager secret holding the Google OAuth client secret (plain text). */
  googleClientSecretName: string;
  /** The domain e-mail is sent from (an SES domain identity). */
  mailDomain: string;
  /** The sender address, at mailDomain. */
  mailFrom: string;
}

const KEYS: (keyof InfraSettings)[] = [
  'siteUrl',
  'apiUrl',
  'region',
  'hostedDomainPrefix',
  'googleClientId',
  'googleClientSecretName',
  'mailDomain',
  'mailFrom',
];

export function settingsFromContext(node: Node): InfraSettings {
  const entries = KEYS.map((key) => {
    const value: unknown = node.tryGetContext(key);
    if (typeof value !== 'string' || value.trim() === '') {
      throw new Error(`CDK context "${key}" is required (see infra/cdk.json)`);
    }
    return [key, value.trim()] as const;
  });
  return Object.fromEntries(entries) as unknown as InfraSettings;
}

/** The hosted sign-in domain with scheme, as the app's COGNITO_HOSTED_DOMAIN. */
export const hostedDomainUrl = (settings: InfraSettings) =>
  `https://${settings.hostedDomainPrefix}.auth.${settings.region}.amazoncognito.com`;
