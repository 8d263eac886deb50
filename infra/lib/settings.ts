/**
 * The owner's choices the cloud set-up needs, read from the CDK context (infra/cdk.json holds
 * example values; override each with `-c name=value` or by editing cdk.json).
 */
import type { Node } from 'constructs';
import {
  IDENTITY_EVENTS_PATH as API_IDENTITY_EVENTS_PATH,
  SES_EVENTS_PATH as API_SES_EVENTS_PATH,
  SMS_EVENTS_PATH as API_SMS_EVENTS_PATH,
} from '../../server/platform/config';

/** The API's path on the site's own domain: CloudFront sends `/api/*` to the server. */
export const API_PATH = '/api';

/**
 * Where Amazon SNS delivers SES's bounce and complaint notices (HTTPS, on the site's domain):
 * the API confirms the subscription, checks each message's signature and stops e-mailing the
 * address. The API's own path (server/platform/config.ts) under the API's path on the site.
 */
export const SES_EVENTS_PATH = `${API_PATH}${API_SES_EVENTS_PATH}`;

/**
 * Where Amazon SNS delivers Cognito's authenticator calls (./authenticatorEvents.ts), likewise:
 * the API e-mails the owner when one is the owner's.
 */
export const IDENTITY_EVENTS_PATH = `${API_PATH}${API_IDENTITY_EVENTS_PATH}`;

/**
 * Where Amazon SNS delivers the texts customers send to the origination number (two-way SMS,
 * ./textStack.ts), likewise: the API applies STOP, HELP and START.
 */
export const SMS_EVENTS_PATH = `${API_PATH}${API_SMS_EVENTS_PATH}`;

/** The only region: CloudFront's certificates, metrics and Route 53 health checks live there. */
export const REGION = 'us-east-1';

export interface InfraSettings {
  /** The site's origin, e.g. https://www.triangleshinedetailing.com (the API is at <siteUrl>/api). */
  siteUrl: string;
  /** AWS region of every stack: must be us-east-1 (REGION). */
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
  /**
   * The registered domain the site lives under (a Route 53 hosted zone is created for it, with
   * the certificate and the site's records); empty: no domain, the site is at the CloudFront
   * address and siteUrl must be that address.
   */
  domain: string;
  /** Where alarms and the budget's warnings are e-mailed (the owner). */
  alarmEmail: string;
  /** The monthly budget in US dollars; the owner is e-mailed at 80% spent and at 100% forecast. */
  monthlyBudgetUsd: string;
  /**
   * The id of the AWS-managed prefix list `com.amazonaws.global.cloudfront.origin-facing` in the
   * region (us-east-1: pl-3b927c52): the only addresses the server admits.
   */
  cloudFrontPrefixListId: string;
  /**
   * The id (`phone-…`) of the origination number texts go from, in AWS End User Messaging SMS:
   * bought by hand under the 10DLC registration (README "Going live"), which code cannot do.
   */
  textOriginationNumberId: string;
  /**
   * The account's monthly limit for texts, in whole US dollars (End User Messaging SMS stops
   * sending past it); the owner is e-mailed at 80% of it.
   */
  textSpendLimitUsd: string;
}

const REQUIRED: (keyof InfraSettings)[] = [
  'siteUrl',
  'region',
  'hostedDomainPrefix',
  'googleClientId',
  'googleClientSecretName',
  'mailDomain',
  'mailFrom',
  'alarmEmail',
  'monthlyBudgetUsd',
  'cloudFrontPrefixListId',
  'textOriginationNumberId',
  'textSpendLimitUsd',
];
const OPTIONAL: (keyof InfraSettings)[] = ['domain'];

export function settingsFromContext(node: Node): InfraSettings {
  const read = (key: keyof InfraSettings, required: boolean) => {
    const value: unknown = node.tryGetContext(key) ?? (required ? undefined : '');
    if (typeof value !== 'string' || (required && value.trim() === '')) {
      throw new Error(`CDK context "${key}" is required (see infra/cdk.json)`);
    }
    return [key, value.trim()] as const;
  };
  const settings = Object.fromEntries([
    ...REQUIRED.map((key) => read(key, true)),
    ...OPTIONAL.map((key) => read(key, false)),
  ]) as unknown as InfraSettings;
  if (settings.region !== REGION) {
    throw new Error(
      `CDK context "region" must be ${REGION}: CloudFront's certificate, its metrics and the health check's live there`,
    );
  }
  if (!/^\d+(\.\d+)?$/.test(settings.monthlyBudgetUsd)) {
    throw new Error('CDK context "monthlyBudgetUsd" must be an amount in US dollars, e.g. 40');
  }
  if (!/^phone-[0-9a-z]+$/.test(settings.textOriginationNumberId)) {
    throw new Error(
      'CDK context "textOriginationNumberId" must be the origination number\'s id in End User Messaging SMS (phone-…), not the number itself',
    );
  }
  if (!/^[1-9]\d*$/.test(settings.textSpendLimitUsd)) {
    throw new Error(
      'CDK context "textSpendLimitUsd" must be whole US dollars, e.g. 10 (the spend limit takes no cents)',
    );
  }
  const host = siteHost(settings);
  if (settings.domain && host !== settings.domain && !host.endsWith(`.${settings.domain}`)) {
    throw new Error(`CDK context "siteUrl" (${host}) must be at "domain" (${settings.domain})`);
  }
  return settings;
}

/** The site's host name, from siteUrl. */
export const siteHost = (settings: InfraSettings) => new URL(settings.siteUrl).host;

/** The API's address as the browser and the e-mails reach it (PUBLIC_API_URL). */
export const apiUrl = (settings: InfraSettings) => `${settings.siteUrl}${API_PATH}`;

/** The hosted sign-in domain with scheme, as the app's COGNITO_HOSTED_DOMAIN. */
export const hostedDomainUrl = (settings: InfraSettings) =>
  `https://${settings.hostedDomainPrefix}.auth.${settings.region}.amazoncognito.com`;
