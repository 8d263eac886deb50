/**
 * The user pool the app signs in against, with the settings the API's security relies on:
 * an e-mail change takes effect only once the new address is verified, the app client cannot
 * write `email_verified`, optional MFA (authenticator app, text message, e-mail; the owner's
 * authenticator app is required by the API, not the pool), the hosted
 * sign-in with Google, the callback and sign-out URLs, token lifetimes and revocation, and
 * the `owners` group.
 */
import {
  CfnOutput,
  Duration,
  RemovalPolicy,
  SecretValue,
  Stack,
  Validations,
  type StackProps,
} from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { AuthenticatorEvents } from './authenticatorEvents';
import { hostedDomainUrl, type InfraSettings } from './settings';

/** The group whose members the owner's side of the app admits. */
export const OWNERS_GROUP = 'owners';
/** Access and id tokens live one hour: the API accepts a signed-out user's token at most this long. */
export const TOKEN_VALIDITY = Duration.minutes(60);
export const REFRESH_TOKEN_VALIDITY = Duration.days(30);
/** Where the API server reads the pool's settings at every start (Parameter Store names). */
export const COGNITO_PARAMETERS = {
  issuer: '/shine/cognito/issuer',
  jwksUrl: '/shine/cognito/jwks-url',
  clientId: '/shine/cognito/client-id',
} as const;

export interface IdentityStackProps extends StackProps {
  settings: InfraSettings;
}

export class IdentityStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  /** Cognito's authenticator calls (./authenticatorEvents.ts), delivered to the API. */
  readonly identityEvents: sns.Topic;

  constructor(scope: Construct, id: string, props: IdentityStackProps) {
    super(scope, id, props);
    const { settings } = props;

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: 'shine-customers',
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      // A new e-mail takes effect only after its code is confirmed.
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
        phoneNumber: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(7),
      },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: true, email: true },
      // "Remember this device" (docs/product.md §2, §7): a device is remembered only when the
      // customer ticks it after a second factor; a remembered one is not asked for it again.
      deviceTracking: {
        challengeRequiredOnNewDevice: true,
        deviceOnlyRememberedOnUserPrompt: true,
      },
      // E-mail MFA needs the Essentials plan and SES as the sender.
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      email: cognito.UserPoolEmail.withSES({
        fromEmail: settings.mailFrom,
        fromName: 'Triangle Shine Mobile Detailing',
        sesRegion: settings.region,
        sesVerifiedDomain: settings.mailDomain,
      }),
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'Customers choose a second factor (authenticator, text or e-mail) on Account Security; requiring one at sign-up would turn away customers booking a wash. The owner cannot do without one: the owner console and the API refuse every owner operation until the account has an authenticator app (the API asks Cognito GetUser), and README "Going live", step "Create the owner and their authenticator" adds the owner to the owners group and sets the app up.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Plus plan (threat protection) costs per active user; Essentials gives e-mail MFA and the hosted sign-in. Revisit if account takeover attempts appear in the pool metrics.',
      },
    );
    const smsRole = this.userPool.node.tryFindChild('smsRole');
    if (smsRole) {
      Validations.of(smsRole).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'The role Cognito assumes to send text-message codes: sns:Publish to phone numbers, which have no ARN to name.',
      });
    }

    const google = new cognito.UserPoolIdentityProviderGoogle(this, 'Google', {
      userPool: this.userPool,
      clientId: settings.googleClientId,
      // Read by CloudFormation at deploy time; never in the template or this repository.
      clientSecretValue: SecretValue.secretsManager(settings.googleClientSecretName),
      scopes: ['openid', 'email', 'profile'],
      attributeMapping: {
        email: cognito.ProviderAttribute.GOOGLE_EMAIL,
        emailVerified: cognito.ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
        fullname: cognito.ProviderAttribute.GOOGLE_NAME,
      },
    });

    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: 'shine-web',
      generateSecret: false,
      authFlows: { userSrp: true },
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      accessTokenValidity: TOKEN_VALIDITY,
      idTokenValidity: TOKEN_VALIDITY,
      refreshTokenValidity: REFRESH_TOKEN_VALIDITY,
      // Everything the app edits, and nothing that proves an address: no email_verified.
      readAttributes: new cognito.ClientAttributes().withStandardAttributes({
        email: true,
        emailVerified: true,
        fullname: true,
        phoneNumber: true,
        phoneNumberVerified: true,
      }),
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes({
        email: true,
        fullname: true,
        phoneNumber: true,
      }),
      supportedIdentityProviders: [
        cognito.UserPoolClientIdentityProvider.COGNITO,
        cognito.UserPoolClientIdentityProvider.GOOGLE,
      ],
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
        callbackUrls: [`${settings.siteUrl}/auth-callback`],
        logoutUrls: [`${settings.siteUrl}/auth`],
      },
    });
    this.client.node.addDependency(google);

    this.userPool.addDomain('HostedDomain', {
      cognitoDomain: { domainPrefix: settings.hostedDomainPrefix },
    });

    this.userPool.addGroup('Owners', {
      groupName: OWNERS_GROUP,
      description: 'The business owner and staff: the owner console',
    });

    const issuer = `https://cognito-idp.${settings.region}.amazonaws.com/${this.userPool.userPoolId}`;
    const values = {
      issuer,
      jwksUrl: `${issuer}/.well-known/jwks.json`,
      clientId: this.client.userPoolClientId,
    };
    for (const [key, name] of Object.entries(COGNITO_PARAMETERS)) {
      new ssm.StringParameter(this, `Parameter-${key}`, {
        parameterName: name,
        stringValue: values[key as keyof typeof values],
      });
    }

    this.identityEvents = new AuthenticatorEvents(this, 'AuthenticatorEvents').topic;

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'ClientId', { value: this.client.userPoolClientId });
    new CfnOutput(this, 'HostedDomain', { value: hostedDomainUrl(settings) });
    new CfnOutput(this, 'JwksUrl', { value: values.jwksUrl });
  }
}
