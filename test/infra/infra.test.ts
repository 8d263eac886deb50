/**
 * The cloud set-up's security-critical settings, pinned on the synthesized templates, and
 * cdk-nag's AWS Solutions rules with no finding left unacknowledged.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { repoRoot } from '../../domain/paths';
import { SERVICE_WORKER_FILE, securityHeaders } from '../../scripts/build/securityHeaders';
import { buildApp } from '../../infra/lib/app';
import { apiUrl, hostedDomainUrl, type InfraSettings } from '../../infra/lib/settings';

const context = (
  JSON.parse(readFileSync(path.join(repoRoot, 'infra', 'cdk.json'), 'utf8')) as {
    context: InfraSettings;
  }
).context;

const built = buildApp(new App({ context }));
const identity = Template.fromStack(built.identity);
const site = Template.fromStack(built.site);

describe('the user pool', () => {
  it('applies a new e-mail only once it is verified', () => {
    identity.hasResourceProperties('AWS::Cognito::UserPool', {
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
      AutoVerifiedAttributes: ['email'],
    });
  });

  it('offers MFA (authenticator, text, e-mail) and sends mail through SES', () => {
    identity.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: Match.arrayWith(['SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'EMAIL_OTP']),
      UserPoolTier: 'ESSENTIALS',
      EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER' }),
    });
  });

  it('tracks devices and remembers one only when the customer asks ("Remember this device")', () => {
    identity.hasResourceProperties('AWS::Cognito::UserPool', {
      DeviceConfiguration: {
        ChallengeRequiredOnNewDevice: true,
        DeviceOnlyRememberedOnUserPrompt: true,
      },
    });
  });

  it('has the owners group', () => {
    identity.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'owners' });
  });

  it('has the hosted domain and the Google provider, its secret read by name', () => {
    identity.hasResourceProperties('AWS::Cognito::UserPoolDomain', {
      Domain: context.hostedDomainPrefix,
    });
    const google = identity.findResources('AWS::Cognito::UserPoolIdentityProvider');
    const [provider] = Object.values(google) as { Properties: Record<string, unknown> }[];
    expect(provider?.Properties.ProviderName).toBe('Google');
    expect(JSON.stringify(provider?.Properties.ProviderDetails)).toContain(
      `{{resolve:secretsmanager:${context.googleClientSecretName}:SecretString:::}}`,
    );
  });
});

describe('the app client', () => {
  const client = () =>
    (
      Object.values(identity.findResources('AWS::Cognito::UserPoolClient'))[0] as {
        Properties: Record<string, unknown>;
      }
    ).Properties;

  it('signs in with SRP and the hosted code flow, back to the site', () => {
    expect(client()).toMatchObject({
      GenerateSecret: false,
      ExplicitAuthFlows: expect.arrayContaining([
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['openid', 'email', 'profile'],
      CallbackURLs: [`${context.siteUrl}/auth-callback`],
      LogoutURLs: [`${context.siteUrl}/auth`],
      SupportedIdentityProviders: expect.arrayContaining(['COGNITO', 'Google']),
    });
  });

  it('keeps tokens short and revocable', () => {
    expect(client()).toMatchObject({
      EnableTokenRevocation: true,
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes' },
    });
  });

  it('may not write email_verified', () => {
    const writable = client().WriteAttributes as string[];
    expect(writable).toEqual(expect.arrayContaining(['email', 'name', 'phone_number']));
    expect(writable).not.toContain('email_verified');
  });
});

describe('the static site', () => {
  it('sends the response headers the build writes, from the same source', () => {
    const expected = securityHeaders({
      apiBaseUrl: apiUrl(context),
      cognitoEndpoint: '',
      cognitoRegion: context.region,
      cognitoHostedDomain: hostedDomainUrl(context),
    });
    const policy = (
      Object.values(site.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0] as {
        Properties: { ResponseHeadersPolicyConfig: Record<string, Record<string, unknown>> };
      }
    ).Properties.ResponseHeadersPolicyConfig;
    const sec = policy.SecurityHeadersConfig as Record<string, Record<string, unknown>>;
    const hsts = sec.StrictTransportSecurity!;
    const sent: Record<string, string> = {
      'Content-Security-Policy': String(sec.ContentSecurityPolicy?.ContentSecurityPolicy),
      'Strict-Transport-Security': [
        `max-age=${String(hsts.AccessControlMaxAgeSec)}`,
        hsts.IncludeSubdomains ? 'includeSubDomains' : '',
        hsts.Preload ? 'preload' : '',
      ]
        .filter(Boolean)
        .join('; '),
      'X-Content-Type-Options': sec.ContentTypeOptions ? 'nosniff' : '',
      'Referrer-Policy': String(sec.ReferrerPolicy?.ReferrerPolicy),
    };
    const custom = (policy.CustomHeadersConfig?.Items ?? []) as { Header: string; Value: string }[];
    for (const item of custom) sent[item.Header] = item.Value;
    expect(sent).toEqual(expected);
  });

  it('sends the service worker with no-cache, never kept at the edge without asking the bucket', () => {
    const distribution = Object.values(site.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: {
        DistributionConfig: {
          CacheBehaviors: {
            PathPattern: string;
            CachePolicyId: unknown;
            ResponseHeadersPolicyId: { Ref: string };
          }[];
        };
      };
    };
    const worker = distribution.Properties.DistributionConfig.CacheBehaviors.find(
      (behavior) => behavior.PathPattern === `/${SERVICE_WORKER_FILE}`,
    );
    expect(worker).toBeDefined();
    // CloudFront's managed CachingDisabled policy: every request goes to the bucket.
    expect(worker!.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
    const headers = site.toJSON().Resources[worker!.ResponseHeadersPolicyId.Ref] as {
      Properties: {
        ResponseHeadersPolicyConfig: {
          CustomHeadersConfig: { Items: { Header: string; Value: string; Override: boolean }[] };
          SecurityHeadersConfig: Record<string, unknown>;
        };
      };
    };
    const config = headers.Properties.ResponseHeadersPolicyConfig;
    expect(config.CustomHeadersConfig.Items).toContainEqual({
      Header: 'Cache-Control',
      Value: 'no-cache',
      Override: true,
    });
    // The same security headers as every other file.
    expect(config.SecurityHeadersConfig.ContentSecurityPolicy).toBeDefined();
  });

  it('keeps the bucket private', () => {
    site.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
    });
  });
});

/** The findings acknowledged, each with its reason beside it in infra/lib (construct, rule). */
const WAIVED = [
  'ShineIdentity/UserPool AwsSolutions-COG2',
  'ShineIdentity/UserPool AwsSolutions-COG8',
  'ShineIdentity/UserPool/smsRole AwsSolutions-IAM5',
  'ShineIdentity/AuthenticatorEvents/TrailLogs AwsSolutions-S1',
  'ShineTexts/TextSpendLimit AwsSolutions-IAM5',
  'ShineTexts/AWS679f53fac002430cb0da5b7982bd2287 AwsSolutions-IAM4',
  'ShineServer/Releases AwsSolutions-S1',
  'ShineServer/DeletedAccounts AwsSolutions-S1',
  'ShineServer/AppSecrets AwsSolutions-SMG4',
  'ShineServer/SmtpCredentials AwsSolutions-SMG4',
  'ShineServer/Role AwsSolutions-IAM4',
  'ShineServer/Role AwsSolutions-IAM5',
  'ShineServer/Role AwsSolutions-IAM5',
  'ShineServer/Role AwsSolutions-IAM5',
  'ShineServer/Role AwsSolutions-IAM5',
  'ShineServer/Role AwsSolutions-IAM5',
  'ShineServer/Role AwsSolutions-IAM5',
  'ShineServer/Instance AwsSolutions-EC28',
  'ShineServer/Backups/DataVolume AwsSolutions-IAM4',
  'ShineSite/AccessLogs AwsSolutions-S1',
  'ShineSite/Cdn AwsSolutions-CFR1',
  'ShineSite/Cdn AwsSolutions-CFR2',
  'ShineSite/Cdn AwsSolutions-CFR3',
  'ShineSite/Cdn AwsSolutions-CFR5',
  'ShineSite/SesEventsDeadLetters AwsSolutions-SQS3',
  'ShineSite/ServerPublishesPages AwsSolutions-IAM5',
  'ShineSite/OriginSecret/Rotation AwsSolutions-IAM4',
  'ShineSite/OriginSecret/Rotation AwsSolutions-IAM5',
  'ShineMonitoring/Alarms AwsSolutions-SNS2',
];

/** Every cdk-nag acknowledgment in an app: "<construct path> <rule>" → reason. */
function acknowledgments(app: App): Map<string, string> {
  const reasons = new Map<string, string>();
  for (const node of app.node.findAll()) {
    for (const entry of node.node.metadata) {
      if (entry.type !== 'aws:cdk:acknowledged-rules') continue;
      for (const [rule, reason] of Object.entries(entry.data as Record<string, string>)) {
        if (rule.includes('AwsSolutions-')) reasons.set(`${node.node.path} ${rule}`, reason);
      }
    }
  }
  return reasons;
}

it('cdk-nag (AWS Solutions) finds nothing unacknowledged, with or without a domain, and every acknowledgment has a reason', () => {
  const bare = buildApp(new App({ context: { ...context, domain: '' } }));
  for (const app of [built.app, bare.app]) {
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(report.violations.map((v) => `${v.ruleName}: ${v.description}`)).toEqual([]);
    expect(report.success).toBe(true);
  }
  const rules = (app: App) =>
    [...acknowledgments(app).keys()].map((key) =>
      key.replace(/\[.*\]$/, '').replace(' Annotation::', ' '),
    );
  expect(rules(built.app).sort()).toEqual([...WAIVED].sort());
  // Without a domain, the default certificate's TLSv1 is the one more waiver.
  expect(rules(bare.app).sort()).toEqual([...WAIVED, 'ShineSite/Cdn AwsSolutions-CFR4'].sort());
  for (const reason of acknowledgments(bare.app).values())
    expect(reason.length).toBeGreaterThan(30);
});

it("every acknowledgment that names a README step names one it has; the owner's is adding the owner with an authenticator", () => {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const goingLive = readme.slice(
    readme.indexOf('## Going live'),
    readme.indexOf('### Followed here'),
  );
  const named = [...acknowledgments(built.app).values()].flatMap((reason) =>
    [...reason.matchAll(/README "Going live", step "([^"]+)"/g)].map((match) => match[1]),
  );
  for (const step of named) expect(goingLive).toContain(`**${step}`);
  const mfa = [...acknowledgments(built.app)].find(([key]) => key.endsWith('AwsSolutions-COG2'));
  expect(mfa?.[1]).toMatch(/README "Going live", step "([^"]+)"/);
  // The step says how the owner gets into `owners` and how the authenticator is set up.
  const step = goingLive.slice(goingLive.indexOf(`**${named.at(-1) ?? '?'}`));
  expect(step).toMatch(/admin-add-user-to-group[^\n]*--group-name owners/);
  expect(step).toMatch(/authenticator app/);
});
