/**
 * The production set-up beyond the site and the user pool: the API server, one
 * domain with its certificate, off-machine backups, logs, the alarms that e-mail the owner, the
 * budget, and SES's bounces and complaints delivered to the API. Each is read from the
 * synthesized CloudFormation templates, as CloudFormation would receive it. cdk-nag is left out
 * here so that each test shows its own setting (test/infra/infra.test.ts runs it).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { repoRoot } from '../../domain/paths';
import { BACKUP_RETENTION_DAYS } from '../../server/platform/config';
import { buildApp } from '../../infra/lib/app';
import { COGNITO_PARAMETERS } from '../../infra/lib/identityStack';
import { HEALTH_PATH, MAIL_FAILED_LINES, TEXT_FAILED_LINES } from '../../infra/lib/monitoringStack';
import {
  DATA_MOUNT,
  ERASURE_LIST_OBJECT,
  EXAMPLE_ENV,
  SERVER_PORT,
  SITE_PARAMETERS,
} from '../../infra/lib/serverBoot';
import { ORIGIN_SECRET_NAME } from '../../infra/lib/originSecret';
import { ACCESS_LOG_DAYS } from '../../infra/lib/siteStack';
import {
  IDENTITY_EVENTS_PATH,
  SES_EVENTS_PATH,
  SMS_EVENTS_PATH,
  type InfraSettings,
} from '../../infra/lib/settings';
import { TRAIL_LOG_DAYS } from '../../infra/lib/authenticatorEvents';
import { ORIGIN_SECRET_HEADER } from '../../server/platform/originSecret';

const context = (
  JSON.parse(readFileSync(path.join(repoRoot, 'infra', 'cdk.json'), 'utf8')) as {
    context: InfraSettings;
  }
).context;

const build = (overrides: Partial<InfraSettings> = {}) =>
  buildApp(new App({ context: { ...context, ...overrides } }), { checks: false });
const built = build();
const server = Template.fromStack(built.server);
const site = Template.fromStack(built.site);
const mail = Template.fromStack(built.mail);
const monitoring = Template.fromStack(built.monitoring);
const identity = Template.fromStack(built.identity);
const host = new URL(context.siteUrl).host;

type Resource = { Type: string; Properties: Record<string, unknown> };
const only = (template: Template, type: string): Resource => {
  const found = Object.values(template.findResources(type)) as Resource[];
  expect(found).toHaveLength(1);
  return found[0]!;
};
const resolved = (stack: Stack, value: unknown) => JSON.stringify(stack.resolve(value));

/** A topic policy's statement refusing every request not made over TLS. */
const DENY_INSECURE = expect.objectContaining({
  Effect: 'Deny',
  Principal: '*',
  Condition: { Bool: { 'aws:SecureTransport': 'false' } },
}) as unknown;

/** The statements of the template's one KMS key that let an AWS service use it. */
const serviceKeyStatements = (template: Template) =>
  (
    only(template, 'AWS::KMS::Key').Properties.KeyPolicy as {
      Statement: { Principal: unknown; Action: unknown }[];
    }
  ).Statement.filter((statement) => JSON.stringify(statement.Principal).includes('Service'));

/** The instance's user data as the instance receives it (CloudFormation references as «ref»). */
function userData(template: Template): string {
  const instance = only(template, 'AWS::EC2::Instance');
  const join = (
    instance.Properties.UserData as { 'Fn::Base64': { 'Fn::Join': [string, unknown[]] } }
  )['Fn::Base64']['Fn::Join'];
  return join[1].map((part) => (typeof part === 'string' ? part : '«ref»')).join(join[0]);
}
/** The text a user-data heredoc writes to `file`. */
function written(script: string, file: string): string {
  const start = script.indexOf(`cat > ${file} <<'SHINE_FILE_END'\n`);
  expect({ file, found: start >= 0 }).toEqual({ file, found: true });
  const body = script.slice(script.indexOf('\n', start) + 1);
  return body.slice(0, body.indexOf('\nSHINE_FILE_END'));
}
const boot = userData(server);

describe('the API server', () => {
  it('has encrypted disks and no key pair (Session Manager instead of SSH)', () => {
    const instance = only(server, 'AWS::EC2::Instance');
    expect(instance.Properties.KeyName).toBeUndefined();
    expect(instance.Properties.BlockDeviceMappings).toEqual([
      expect.objectContaining({ Ebs: expect.objectContaining({ Encrypted: true }) }),
    ]);
    server.hasResourceProperties('AWS::EC2::Volume', { Encrypted: true });
    server.hasResourceProperties('AWS::EC2::LaunchTemplate', {
      LaunchTemplateData: { MetadataOptions: { HttpTokens: 'required' } },
    });
    server.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: [Match.objectLike({ Principal: { Service: 'ec2.amazonaws.com' } })],
      }),
      ManagedPolicyArns: [
        {
          'Fn::Join': [
            '',
            ['arn:', { Ref: 'AWS::Partition' }, ':iam::aws:policy/AmazonSSMManagedInstanceCore'],
          ],
        },
      ],
    });
  });

  it("admits CloudFront's origin-facing addresses on the service's port, and nothing else", () => {
    const groups = Object.values(server.findResources('AWS::EC2::SecurityGroup')) as Resource[];
    const ingress = [
      ...groups.flatMap((group) => (group.Properties.SecurityGroupIngress ?? []) as unknown[]),
      ...(Object.values(server.findResources('AWS::EC2::SecurityGroupIngress')) as Resource[]).map(
        (rule) => rule.Properties,
      ),
    ];
    expect(ingress).toEqual([
      expect.objectContaining({
        SourcePrefixListId: context.cloudFrontPrefixListId,
        IpProtocol: 'tcp',
        FromPort: SERVER_PORT,
        ToPort: SERVER_PORT,
      }),
    ]);
  });

  it('runs the systemd unit of infra/systemd, and writes the env file from Secrets Manager and Parameter Store before each start', () => {
    const unit = readFileSync(path.join(repoRoot, 'infra', 'systemd', 'shine.service'), 'utf8');
    expect(written(boot, '/etc/systemd/system/shine.service')).toBe(unit.replace(/\n$/, ''));
    const dropIn = written(boot, '/etc/systemd/system/shine.service.d/cloud.conf');
    expect(dropIn).toContain('Requires=shine-env.service');
    expect(dropIn).toContain('After=shine-env.service');
    const writer = written(boot, '/usr/local/lib/shine/write-env.cjs');
    expect(writer).toContain("'secretsmanager', 'get-secret-value'");
    expect(writer).toContain("'ssm', 'get-parameter'");
    expect(writer).toContain("'/etc/shine/shine.env.new', text, { mode: 0o600 }");
    const settings = JSON.parse(
      written(boot, '/etc/shine/boot.json').replaceAll('«ref»', 'ref'),
    ) as {
      parameters: unknown;
      env: Record<string, string>;
    };
    expect(settings.parameters).toEqual(COGNITO_PARAMETERS);
    expect(settings.env).toMatchObject({
      API_PORT: String(SERVER_PORT),
      PUBLIC_API_URL: `${context.siteUrl}/api`,
      CORS_ORIGINS: context.siteUrl,
      TRUST_PROXY: '1',
    });
    expect(Object.keys(settings.env)).not.toContain('SIGNED_URL_SECRET');
    // The SES bounces' topic: the API accepts notifications from that topic only.
    expect(Object.keys(settings.env)).toContain('SES_EVENTS_TOPIC_ARN');
    expect(boot).toContain('systemctl enable shine.service shine-backup.timer shine-metrics.timer');
    server.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ GenerateStringKey: 'SIGNED_URL_SECRET' }),
    });
  });

  it("sends the service's log to CloudWatch Logs, kept 30 days", () => {
    server.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: 'shine/api',
      RetentionInDays: 30,
    });
    const agent = JSON.parse(written(boot, '/opt/aws/amazon-cloudwatch-agent/etc/shine.json')) as {
      logs: {
        logs_collected: {
          files: { collect_list: { file_path: string; log_group_name: string }[] };
        };
      };
    };
    const [collected] = agent.logs.logs_collected.files.collect_list;
    expect(collected?.log_group_name).toBe('«ref»');
    expect(written(boot, '/etc/systemd/system/shine.service.d/cloud.conf')).toContain(
      `StandardOutput=append:${collected?.file_path}`,
    );
    expect(boot).toContain('amazon-cloudwatch-agent-ctl -a fetch-config');
  });
});

describe('backups off the machine', () => {
  it(`AWS Backup copies the data volume daily and keeps each copy ${BACKUP_RETENTION_DAYS} days (the privacy text's period)`, () => {
    server.hasResourceProperties('AWS::Backup::BackupPlan', {
      BackupPlan: Match.objectLike({
        BackupPlanRule: [
          Match.objectLike({
            ScheduleExpression: 'cron(0 5 * * ? *)',
            Lifecycle: { DeleteAfterDays: BACKUP_RETENTION_DAYS },
          }),
        ],
      }),
    });
    const selection = only(server, 'AWS::Backup::BackupSelection');
    const volume = Object.keys(server.findResources('AWS::EC2::Volume'))[0]!;
    expect(JSON.stringify(selection.Properties)).toContain(`{"Ref":"${volume}"}`);
    expect(JSON.stringify(selection.Properties)).toContain(':volume/');
  });

  it("the app's consistent backup runs before each copy, onto the copied volume, alone there", () => {
    expect(written(boot, '/etc/systemd/system/shine-backup.timer')).toContain(
      'OnCalendar=*-*-* 04:30:00 UTC',
    );
    const job = written(boot, '/etc/systemd/system/shine-backup.service');
    expect(job).toContain(
      'ExecStart=/usr/bin/node dist-server/cli.cjs backup --dir /var/lib/shine/data/backup-for-copy',
    );
    expect(job).toMatch(/ExecStartPost=.*head -n -1 \| xargs -r rm -rf/);
    expect(boot).toContain('/var/lib/shine/data xfs defaults,nofail');
  });
});

describe("the distribution's access logs", () => {
  it(`keep no path, query, referrer or cookie (the calendar feed's secret, unsubscribe links' addresses and signatures), and are deleted after ${ACCESS_LOG_DAYS} days`, () => {
    const config = only(site, 'AWS::CloudFront::Distribution').Properties.DistributionConfig as {
      Logging?: unknown;
    };
    // Not the legacy logs, which always hold the whole address.
    expect(config.Logging).toBeUndefined();
    const source = only(site, 'AWS::Logs::DeliverySource').Properties;
    expect(source.LogType).toBe('ACCESS_LOGS');
    const distributionId = Object.keys(site.findResources('AWS::CloudFront::Distribution'))[0]!;
    expect(JSON.stringify(source.ResourceArn)).toContain(`{"Ref":"${distributionId}"}`);
    const fields = only(site, 'AWS::Logs::Delivery').Properties.RecordFields as string[];
    expect(fields).toEqual(
      expect.arrayContaining(['date', 'time', 'sc-status', 'cs-method', 'c-ip']),
    );
    for (const secretive of [
      'cs-uri-stem',
      'cs-uri-query',
      'cs(Referer)',
      'cs(Cookie)',
      'x-forwarded-for',
    ])
      expect(fields).not.toContain(secretive);
    const logBucket = Object.entries(site.findResources('AWS::S3::Bucket')).find(([id]) =>
      id.startsWith('AccessLogs'),
    )![1];
    expect(logBucket.Properties.LifecycleConfiguration).toEqual({
      Rules: [{ ExpirationInDays: ACCESS_LOG_DAYS, Status: 'Enabled' }],
    });
    const destination = only(site, 'AWS::Logs::DeliveryDestination').Properties;
    expect(JSON.stringify(destination.DestinationResourceArn)).toContain('AccessLogs');
  });
});

describe('deleted accounts', () => {
  it('are listed off the data volume AWS Backup copies, and mirrored to a versioned S3 object the server may only read and write', () => {
    const settings = JSON.parse(
      written(boot, '/etc/shine/boot.json').replaceAll('«ref»', 'ref'),
    ) as {
      env: Record<string, string>;
    };
    const list = settings.env.ERASURE_LIST_PATH!;
    expect(list).toBe(EXAMPLE_ENV.ERASURE_LIST_PATH);
    expect(list.startsWith(`${DATA_MOUNT}/`)).toBe(false);

    const buckets = Object.entries(server.findResources('AWS::S3::Bucket')).filter(([id]) =>
      id.startsWith('DeletedAccounts'),
    );
    expect(buckets).toHaveLength(1);
    const [bucketId, bucket] = buckets[0]!;
    expect(bucket.Properties).toMatchObject({
      VersioningConfiguration: { Status: 'Enabled' },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, RestrictPublicBuckets: true },
    });
    expect(bucket.DeletionPolicy).toBe('Retain');
    // The server's role: this one object, read and written (no delete, no list, no versions).
    const statements = Object.values(server.findResources('AWS::IAM::Policy')).flatMap(
      (policy) =>
        (
          policy.Properties.PolicyDocument as {
            Statement: { Action: unknown; Resource: unknown }[];
          }
        ).Statement,
    );
    const touching = statements.filter((statement) =>
      JSON.stringify(statement.Resource).includes(bucketId),
    );
    expect(touching).toEqual([
      {
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:PutObject'],
        Resource: {
          'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, `/${ERASURE_LIST_OBJECT}`]],
        },
      },
    ]);

    // Before every start the S3 copy is merged into the list (the API then erases them all
    // again); every change of the list is copied back to S3.
    const dropIn = written(boot, '/etc/systemd/system/shine.service.d/cloud.conf');
    expect(dropIn).toContain('ExecStartPre=/usr/local/bin/shine-erasure-pull');
    const pull = written(boot, '/usr/local/bin/shine-erasure-pull');
    expect(pull).toContain(`s3://«ref»/${ERASURE_LIST_OBJECT}`);
    expect(pull).toContain(`mv "$merged" ${list}`);
    expect(written(boot, '/etc/systemd/system/shine-erasure-push.path')).toContain(
      `PathChanged=${list}`,
    );
    expect(written(boot, '/etc/systemd/system/shine-erasure-push.service')).toContain(
      `aws s3 cp --region ${context.region} ${list} s3://«ref»/${ERASURE_LIST_OBJECT}`,
    );
    expect(boot).toMatch(/systemctl enable .*shine-erasure-push\.path/);
  });
});

describe('one domain', () => {
  const distribution = () =>
    only(site, 'AWS::CloudFront::Distribution').Properties.DistributionConfig as Record<
      string,
      unknown
    >;

  it('sends /api/* to the server, uncached with every method, and has no error pages to swallow its answers', () => {
    expect(distribution().CacheBehaviors).toEqual([
      // The gallery's uploaded pictures: immutable files, cached as their Cache-Control says.
      expect.objectContaining({
        PathPattern: '/api/gallery-pictures/*',
        AllowedMethods: ['GET', 'HEAD'],
        CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6',
        ViewerProtocolPolicy: 'https-only',
      }),
      // The service worker: never kept at the edge (its own test in infra.test.ts).
      expect.objectContaining({ PathPattern: '/sw.js' }),
      expect.objectContaining({
        PathPattern: '/api/*',
        AllowedMethods: expect.arrayContaining(['POST', 'PUT', 'PATCH', 'DELETE']),
        CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
      }),
    ]);
    expect(distribution().CustomErrorResponses).toBeUndefined();
    const origins = distribution().Origins as {
      DomainName: unknown;
      CustomOriginConfig?: unknown;
    }[];
    expect(origins).toContainEqual(
      expect.objectContaining({
        CustomOriginConfig: expect.objectContaining({
          HTTPPort: SERVER_PORT,
          OriginProtocolPolicy: 'http-only',
        }),
      }),
    );
  });

  it('sends the server a secret header from Secrets Manager, rotated every 30 days, that the server reads at each start', () => {
    const secrets = site.findResources('AWS::SecretsManager::Secret', {
      Properties: { Name: ORIGIN_SECRET_NAME },
    });
    const [secretId] = Object.keys(secrets);
    expect(Object.keys(secrets)).toHaveLength(1);
    const origins = distribution().Origins as {
      CustomOriginConfig?: unknown;
      OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
    }[];
    const toServer = origins.filter((origin) => origin.CustomOriginConfig);
    expect(toServer.length).toBeGreaterThan(0);
    for (const origin of toServer) {
      expect(origin.OriginCustomHeaders).toEqual([
        {
          HeaderName: ORIGIN_SECRET_HEADER,
          HeaderValue: {
            'Fn::Join': [
              '',
              ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}'],
            ],
          },
        },
      ]);
    }
    site.hasResourceProperties('AWS::SecretsManager::RotationSchedule', {
      SecretId: { Ref: secretId },
      RotationRules: { ScheduleExpression: 'rate(30 days)' },
    });
    // The rotation: a new value the server accepts (restarted: current, pending and previous),
    // then sent by the distribution, then made current.
    const rotation = only(site, 'AWS::Lambda::Function');
    const code = JSON.stringify(rotation.Properties.Code);
    for (const step of [
      "'AWS-RunShellScript'",
      'systemctl restart shine',
      'UpdateDistributionCommand',
      'UpdateSecretVersionStageCommand',
    ])
      expect({ step, found: code.includes(step) }).toEqual({ step, found: true });
    const rotationPolicy = JSON.stringify(site.findResources('AWS::IAM::Policy'));
    expect(rotationPolicy).toContain('cloudfront:UpdateDistribution');
    expect(rotationPolicy).toContain('ssm:SendCommand');

    // The server reads all three stages and nothing else of the secret.
    const writer = written(boot, '/usr/local/lib/shine/write-env.cjs');
    expect(writer).toContain('ORIGIN_SECRETS');
    for (const stage of ['AWSCURRENT', 'AWSPENDING', 'AWSPREVIOUS'])
      expect(writer).toContain(stage);
    const statements = Object.values(server.findResources('AWS::IAM::Policy')).flatMap(
      (policy) =>
        (
          policy.Properties.PolicyDocument as {
            Statement: { Action: unknown; Resource: unknown }[];
          }
        ).Statement,
    );
    expect(
      statements.filter((statement) =>
        JSON.stringify(statement.Resource).includes(ORIGIN_SECRET_NAME),
      ),
    ).toEqual([
      {
        Effect: 'Allow',
        Action: 'secretsmanager:GetSecretValue',
        Resource: {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':secretsmanager:us-east-1:',
              { Ref: 'AWS::AccountId' },
              `:secret:${ORIGIN_SECRET_NAME}-??????`,
            ],
          ],
        },
      },
    ]);
  });

  it('with a domain: its certificate (DNS-validated), the alias, TLS 1.2 at least and the DNS records', () => {
    site.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: host,
      ValidationMethod: 'DNS',
    });
    expect(distribution()).toMatchObject({
      Aliases: [host],
      ViewerCertificate: { MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
    });
    for (const type of ['A', 'AAAA']) {
      site.hasResourceProperties('AWS::Route53::RecordSet', { Name: `${host}.`, Type: type });
    }
    mail.hasResourceProperties('AWS::Route53::HostedZone', { Name: `${context.domain}.` });
  });

  it('without a domain: the CloudFront address, and no certificate', () => {
    const bare = build({ domain: '' });
    const template = Template.fromStack(bare.site);
    template.resourceCountIs('AWS::CertificateManager::Certificate', 0);
    template.resourceCountIs('AWS::Route53::RecordSet', 0);
    const config = only(template, 'AWS::CloudFront::Distribution').Properties
      .DistributionConfig as Record<string, unknown>;
    expect(config.Aliases).toBeUndefined();
    expect(resolved(bare.site, bare.site.publicHost)).toContain('DomainName');
  });
});

describe('the owner is told', () => {
  const topicArn = () => ({ Ref: Object.keys(monitoring.findResources('AWS::SNS::Topic'))[0]! });
  const alarm = (metricName: string) => {
    const found = (
      Object.values(monitoring.findResources('AWS::CloudWatch::Alarm')) as Resource[]
    ).filter((each) => each.Properties.MetricName === metricName);
    expect({ metricName, alarmed: found.length > 0 }).toEqual({ metricName, alarmed: true });
    for (const each of found) {
      expect(each.Properties.AlarmActions).toEqual([topicArn()]);
    }
    return found.map((each) => each.Properties);
  };

  it('by e-mail, on an SNS topic', () => {
    monitoring.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: context.alarmEmail,
      TopicArn: topicArn(),
    });
  });

  it('when the health check fails', () => {
    monitoring.hasResourceProperties('AWS::Route53::HealthCheck', {
      HealthCheckConfig: Match.objectLike({
        Type: 'HTTPS',
        FullyQualifiedDomainName: host,
        ResourcePath: HEALTH_PATH,
      }),
    });
    expect(alarm('HealthCheckStatus')).toEqual([
      expect.objectContaining({ ComparisonOperator: 'LessThanThreshold', Threshold: 1 }),
    ]);
  });

  it('when answers are 5xx errors', () => {
    expect(alarm('5xxErrorRate')).toEqual([
      expect.objectContaining({ Namespace: 'AWS/CloudFront', Threshold: 5 }),
    ]);
  });

  it('when a disk is over 80% full', () => {
    const disks = alarm('disk_used_percent');
    expect(disks.map((each) => each.Dimensions)).toEqual(
      expect.arrayContaining([
        expect.arrayContaining([{ Name: 'path', Value: '/' }]),
        expect.arrayContaining([{ Name: 'path', Value: '/var/lib/shine/data' }]),
      ]),
    );
    for (const each of disks) expect(each.Threshold).toBe(80);
    const agent = written(boot, '/opt/aws/amazon-cloudwatch-agent/etc/shine.json');
    expect(agent).toContain('"used_percent"');
  });

  it('when e-mails wait in the outbox, or fail', () => {
    expect(alarm('OutboxWaiting')).toHaveLength(1);
    expect(written(boot, '/usr/local/bin/shine-outbox-metric')).toContain(
      '--metric-name OutboxWaiting',
    );
    expect(alarm('MailFailed')).toHaveLength(1);
    monitoring.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: MAIL_FAILED_LINES.map((line) => `?"${line}"`).join(' '),
    });
    // The lines the filter looks for are the ones the worker writes.
    const worker = readFileSync(path.join(repoRoot, 'server', 'mail', 'worker.ts'), 'utf8');
    for (const line of MAIL_FAILED_LINES) expect(worker).toContain(line);
  });

  it("when SES's bounce rate reaches 5% or its complaint rate 0.1% (before SES pauses sending)", () => {
    expect(alarm('Reputation.BounceRate')).toEqual([
      expect.objectContaining({
        Namespace: 'AWS/SES',
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        Threshold: 0.05,
      }),
    ]);
    expect(alarm('Reputation.ComplaintRate')).toEqual([
      expect.objectContaining({
        Namespace: 'AWS/SES',
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        Threshold: 0.001,
      }),
    ]);
  });

  it('when a bounce or complaint could not be delivered to the API (its dead-letter queue)', () => {
    const queue = Object.keys(site.findResources('AWS::SQS::Queue'))[0]!;
    const [deadLetters] = alarm('ApproximateNumberOfMessagesVisible');
    expect(deadLetters).toEqual(
      expect.objectContaining({
        Namespace: 'AWS/SQS',
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        Threshold: 1,
      }),
    );
    expect(JSON.stringify(deadLetters?.Dimensions)).toContain(`${queue}QueueName`);
  });

  it("once when the server's mail alarm opens, through SNS rather than the mail server", () => {
    const [mailAlarm, ...more] = alarm('MailAlarm');
    expect(more).toEqual([]);
    expect(mailAlarm).toEqual(
      expect.objectContaining({
        Namespace: 'Shine',
        Statistic: 'Maximum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 1,
        TreatMissingData: 'notBreaching',
        // One e-mail when it opens, one when it clears: a state, not a count of messages.
        OKActions: [topicArn()],
      }),
    );
    const script = written(boot, '/usr/local/bin/shine-outbox-metric');
    expect(script).toContain('--metric-name MailAlarm');
    // The metric reads the table the server's alarm writes.
    expect(script).toContain('FROM mail_alarms WHERE cleared_at IS NULL');
    const migrations = readFileSync(path.join(repoRoot, 'server', 'platform', 'db.ts'), 'utf8');
    expect(migrations).toMatch(/CREATE TABLE mail_alarms \([^)]*cleared_at TEXT/s);
  });

  it('when the month costs more than the budget', () => {
    monitoring.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: Match.objectLike({
        TimeUnit: 'MONTHLY',
        BudgetLimit: { Amount: Number(context.monthlyBudgetUsd), Unit: 'USD' },
      }),
      NotificationsWithSubscribers: Match.arrayWith([
        Match.objectLike({
          Notification: Match.objectLike({ NotificationType: 'ACTUAL', Threshold: 80 }),
          Subscribers: [{ SubscriptionType: 'SNS', Address: topicArn() }],
        }),
      ]),
    });
  });
});

/** The site's SNS subscription that delivers to `apiPath` (one per topic). */
const subscriptionTo = (apiPath: string): Resource => {
  const found = (Object.values(site.findResources('AWS::SNS::Subscription')) as Resource[]).filter(
    (subscription) => subscription.Properties.Endpoint === `https://${host}${apiPath}`,
  );
  expect(found).toHaveLength(1);
  return found[0]!;
};
const sesSubscription = () => subscriptionTo(SES_EVENTS_PATH);

describe("SES's bounces and complaints", () => {
  it('go from the configuration set every message uses to an SNS topic', () => {
    only(mail, 'AWS::SES::ConfigurationSet');
    const set = Object.keys(mail.findResources('AWS::SES::ConfigurationSet'))[0]!;
    mail.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        SnsDestination: {
          TopicARN: { Ref: Object.keys(mail.findResources('AWS::SNS::Topic'))[0] },
        },
      }),
    });
    mail.hasResourceProperties('AWS::SES::EmailIdentity', {
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: set } },
    });
  });

  it('reach the API over HTTPS on the site’s domain', () => {
    expect(sesSubscription().Properties.Endpoint).toBe(`https://${host}${SES_EVENTS_PATH}`);
    site.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'https',
      Endpoint: `https://${host}${SES_EVENTS_PATH}`,
    });
  });

  it('are tried again for most of an hour while the API does not answer (SNS allows an hour at most)', () => {
    const policy = (
      sesSubscription().Properties.DeliveryPolicy as {
        healthyRetryPolicy: Record<string, number>;
      }
    ).healthyRetryPolicy;
    const {
      minDelayTarget: min = 20,
      maxDelayTarget: max = 20,
      numRetries = 3,
      numNoDelayRetries = 0,
      numMinDelayRetries = 0,
      numMaxDelayRetries = 0,
    } = policy;
    const backoff = numRetries - numNoDelayRetries - numMinDelayRetries - numMaxDelayRetries;
    expect(backoff).toBeGreaterThanOrEqual(0);
    // The longest the retries can take, and the shortest.
    const longest = numMinDelayRetries * min + (backoff + numMaxDelayRetries) * max;
    const shortest = (numMinDelayRetries + backoff) * min + numMaxDelayRetries * max;
    expect(longest).toBeLessThanOrEqual(3600);
    expect(shortest).toBeGreaterThanOrEqual(30 * 60);
  });

  it('that still fail are kept in an encrypted dead-letter queue only the topic may write to', () => {
    const queues = site.findResources('AWS::SQS::Queue');
    const queue = Object.keys(queues)[0]!;
    const subscription = sesSubscription();
    expect(subscription.Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [queue, 'Arn'] },
    });
    const key = Object.keys(site.findResources('AWS::KMS::Key'))[0]!;
    expect(only(site, 'AWS::SQS::Queue').Properties).toEqual(
      expect.objectContaining({
        KmsMasterKeyId: { 'Fn::GetAtt': [key, 'Arn'] },
        MessageRetentionPeriod: 14 * 86_400,
      }),
    );
    // SNS may use the key (to write to the queue), and send to the queue for this topic only.
    site.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'sns.amazonaws.com' },
            Action: Match.arrayWith(['kms:Decrypt']),
          }),
        ]),
      }),
    });
    site.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'sqs:SendMessage',
            Principal: { Service: 'sns.amazonaws.com' },
            Condition: { ArnEquals: { 'aws:SourceArn': Match.anyValue() } },
          }),
        ]),
      }),
    });
  });
});

describe("Cognito's record of the authenticator calls", () => {
  const logicalIdOf = (template: Template, type: string) => {
    const ids = Object.keys(template.findResources(type));
    expect(ids).toHaveLength(1);
    return ids[0]!;
  };

  it(`a trail logs this region's write management events (EventBridge gets CloudTrail's records only with one), kept ${TRAIL_LOG_DAYS} days`, () => {
    const trail = only(identity, 'AWS::CloudTrail::Trail').Properties;
    expect(trail).toEqual(
      expect.objectContaining({
        IsLogging: true,
        IsMultiRegionTrail: false,
        IncludeGlobalServiceEvents: false,
        EnableLogFileValidation: true,
        EventSelectors: [{ IncludeManagementEvents: true, ReadWriteType: 'WriteOnly' }],
      }),
    );
    const bucket = logicalIdOf(identity, 'AWS::S3::Bucket');
    expect(trail.S3BucketName).toEqual({ Ref: bucket });
    identity.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicAcls: true }),
      LifecycleConfiguration: {
        Rules: [Match.objectLike({ ExpirationInDays: TRAIL_LOG_DAYS, Status: 'Enabled' })],
      },
    });
  });

  it("a rule sends Cognito's VerifySoftwareToken and SetUserMFAPreference calls, and nothing else, to an encrypted topic", () => {
    const topic = logicalIdOf(identity, 'AWS::SNS::Topic');
    const rule = only(identity, 'AWS::Events::Rule').Properties;
    expect(rule.EventPattern).toEqual({
      source: ['aws.cognito-idp'],
      'detail-type': ['AWS API Call via CloudTrail'],
      detail: {
        eventSource: ['cognito-idp.amazonaws.com'],
        eventName: ['VerifySoftwareToken', 'SetUserMFAPreference'],
      },
    });
    expect(rule.State).toBe('ENABLED');
    expect(rule.Targets).toEqual([expect.objectContaining({ Arn: { Ref: topic } })]);
    const key = logicalIdOf(identity, 'AWS::KMS::Key');
    identity.hasResourceProperties('AWS::SNS::Topic', {
      KmsMasterKeyId: { 'Fn::GetAtt': [key, 'Arn'] },
    });
  });

  it('only EventBridge, for that rule, may publish to the topic, and only over TLS; EventBridge may only use the key', () => {
    const topic = logicalIdOf(identity, 'AWS::SNS::Topic');
    const rule = logicalIdOf(identity, 'AWS::Events::Rule');
    const statements = (
      only(identity, 'AWS::SNS::TopicPolicy').Properties.PolicyDocument as {
        Statement: Record<string, unknown>[];
      }
    ).Statement;
    const allows = statements.filter((statement) => statement.Effect === 'Allow');
    expect(allows).toEqual([
      expect.objectContaining({
        Action: 'sns:Publish',
        Principal: { Service: 'events.amazonaws.com' },
        Resource: { Ref: topic },
      }),
    ]);
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 'sns:Publish',
        Principal: { Service: 'events.amazonaws.com' },
        Condition: { ArnNotEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [rule, 'Arn'] } } },
      }),
    );
    expect(statements).toContainEqual(DENY_INSECURE);
    expect(serviceKeyStatements(identity)).toEqual([
      expect.objectContaining({
        Principal: { Service: 'events.amazonaws.com' },
        Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      }),
    ]);
  });

  it("reach the API over HTTPS on the site's domain, with the SES feed's retries and dead-letter queue, and the server takes that topic only", () => {
    const identityEvents = subscriptionTo(IDENTITY_EVENTS_PATH).Properties;
    const ses = sesSubscription().Properties;
    expect(identityEvents.Protocol).toBe('https');
    expect(identityEvents.DeliveryPolicy).toEqual(ses.DeliveryPolicy);
    expect(identityEvents.RedrivePolicy).toEqual(ses.RedrivePolicy);
    expect(userData(server)).toMatch(/IDENTITY_EVENTS_TOPIC_ARN/);
  });
});

describe('texts (AWS End User Messaging SMS)', () => {
  const texts = Template.fromStack(built.texts);
  const numberArn = `arn:aws:sms-voice:${context.region}:«account»:phone-number/${context.textOriginationNumberId}`;
  /** A template value as text: pseudo-parameters by name, other references as «logical id». */
  const flat = (value: unknown): string => {
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.map(flat).join('');
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if ('Fn::Join' in record) {
        const [separator, parts] = record['Fn::Join'] as [string, unknown[]];
        return parts.map(flat).join(separator);
      }
      if (record.Ref === 'AWS::AccountId') return '«account»';
      if (record.Ref === 'AWS::Partition') return 'aws';
      if (record.Ref === 'AWS::Region') return context.region;
      if (typeof record.Ref === 'string') return `«${record.Ref}»`;
      if ('Fn::GetAtt' in record) return `«${(record['Fn::GetAtt'] as string[]).join('.')}»`;
    }
    return JSON.stringify(value);
  };
  const topicId = () => Object.keys(texts.findResources('AWS::SNS::Topic'))[0]!;
  /** The SDK calls the stack's custom resources make, with their parameters. */
  const calls = () =>
    (Object.values(texts.findResources('Custom::AWS')) as Resource[]).map((each) => ({
      create: JSON.parse(flat(each.Properties.Create)) as {
        action: string;
        parameters: Record<string, unknown>;
      },
      delete: each.Properties.Delete
        ? (JSON.parse(flat(each.Properties.Delete)) as {
            action: string;
            parameters: Record<string, unknown>;
          })
        : undefined,
    }));

  it('the server may send texts from the registered origination number and nothing else of the service', () => {
    const statements = Object.values(server.findResources('AWS::IAM::Policy')).flatMap(
      (policy) =>
        (policy as { Properties: { PolicyDocument: { Statement: Record<string, unknown>[] } } })
          .Properties.PolicyDocument.Statement,
    );
    const sms = statements.filter((statement) =>
      JSON.stringify(statement.Action).includes('sms-voice'),
    );
    expect(sms).toHaveLength(1);
    expect(sms[0]!.Action).toBe('sms-voice:SendTextMessage');
    expect(flat(sms[0]!.Resource)).toBe(numberArn);
  });

  it('the server sends through AWS from that number and takes incoming texts from the texts topic only', () => {
    const env = boot.slice(boot.indexOf('/etc/shine/boot.json'));
    expect(env).toMatch(/"TEXT_SINK":"aws"/);
    expect(env).toMatch(/"TEXT_ORIGINATION_NUMBER":"arn:«ref»/);
    expect(env).toMatch(/"SMS_EVENTS_TOPIC_ARN":"«ref»"/);
    expect(env).toContain(`"AWS_REGION":"${context.region}"`);
  });

  it('incoming texts go to an encrypted topic only End User Messaging, for this number in this account, may publish to', () => {
    const key = Object.keys(texts.findResources('AWS::KMS::Key'))[0]!;
    texts.hasResourceProperties('AWS::SNS::Topic', {
      KmsMasterKeyId: { 'Fn::GetAtt': [key, 'Arn'] },
    });
    const statements = (
      only(texts, 'AWS::SNS::TopicPolicy').Properties.PolicyDocument as {
        Statement: Record<string, unknown>[];
      }
    ).Statement;
    const allows = statements.filter((statement) => statement.Effect === 'Allow');
    expect(allows).toHaveLength(1);
    expect(allows[0]).toEqual(
      expect.objectContaining({
        Action: 'sns:Publish',
        Principal: { Service: 'sms-voice.amazonaws.com' },
        Resource: { Ref: topicId() },
      }),
    );
    const condition = allows[0]!.Condition as Record<string, Record<string, unknown>>;
    expect(flat(condition.StringEquals!['aws:SourceAccount'])).toBe('«account»');
    expect(flat(condition.ArnEquals!['aws:SourceArn'])).toBe(numberArn);
    expect(statements).toContainEqual(DENY_INSECURE);
    expect(serviceKeyStatements(texts)).toEqual([
      expect.objectContaining({
        Principal: { Service: 'sms-voice.amazonaws.com' },
        Action: ['kms:GenerateDataKey*', 'kms:Decrypt'],
      }),
    ]);
  });

  it("two-way SMS is turned on for the number, to that topic, with the opt-outs the server keeps itself (STOP, HELP and START are answered in the business's words)", () => {
    const twoWay = calls().find((call) => call.create.action === 'UpdatePhoneNumber');
    expect(twoWay?.create.parameters).toEqual({
      PhoneNumberId: context.textOriginationNumberId,
      TwoWayEnabled: true,
      TwoWayChannelArn: `«${topicId()}»`,
      SelfManagedOptOutsEnabled: true,
    });
    expect(twoWay?.delete?.parameters).toEqual({
      PhoneNumberId: context.textOriginationNumberId,
      TwoWayEnabled: false,
    });
  });

  it("incoming texts reach the API over HTTPS on the site's domain, with the SES feed's retries and dead-letter queue", () => {
    const incoming = subscriptionTo(SMS_EVENTS_PATH).Properties;
    const ses = sesSubscription().Properties;
    expect(incoming.Protocol).toBe('https');
    expect(incoming.DeliveryPolicy).toEqual(ses.DeliveryPolicy);
    expect(incoming.RedrivePolicy).toEqual(ses.RedrivePolicy);
  });

  it("the account's monthly text spend is limited to the textSpendLimitUsd setting", () => {
    const limit = calls().find((call) => call.create.action === 'SetTextMessageSpendLimitOverride');
    expect(limit?.create.parameters).toEqual({ MonthlyLimit: Number(context.textSpendLimitUsd) });
    expect(limit?.delete?.action).toBe('DeleteTextMessageSpendLimitOverride');
  });

  it('the owner is told when the month’s text spend nears the limit, and when a text fails for good', () => {
    const alarms = Object.values(monitoring.findResources('AWS::CloudWatch::Alarm')) as Resource[];
    const alarmTopic = { Ref: Object.keys(monitoring.findResources('AWS::SNS::Topic'))[0]! };
    const spend = alarms.filter(
      (each) =>
        each.Properties.Namespace === 'AWS/SMSVoice' &&
        each.Properties.MetricName === 'TextMessageMonthlySpend',
    );
    expect(spend).toHaveLength(1);
    expect(spend[0]!.Properties).toEqual(
      expect.objectContaining({
        Statistic: 'Maximum',
        Threshold: Number(context.textSpendLimitUsd) * 0.8,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmActions: [alarmTopic],
      }),
    );
    const failed = alarms.filter((each) => each.Properties.MetricName === 'TextFailed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.Properties.AlarmActions).toEqual([alarmTopic]);
    monitoring.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: TEXT_FAILED_LINES.map((line) => `?"${line}"`).join(' '),
      MetricTransformations: [Match.objectLike({ MetricName: 'TextFailed' })],
    });
    // The lines the filter looks for are the ones the text worker writes.
    const worker = readFileSync(path.join(repoRoot, 'server', 'mail', 'textWorker.ts'), 'utf8');
    for (const line of TEXT_FAILED_LINES) expect(worker).toContain(line);
  });

  it('refuses an origination number that is not a phone number id, and a spend limit that is not whole dollars', () => {
    expect(() => build({ textOriginationNumberId: '+19195550123' })).toThrow(
      /textOriginationNumberId/,
    );
    expect(() => build({ textSpendLimitUsd: '10.50' })).toThrow(/textSpendLimitUsd/);
  });
});

describe('the server updates the public pages on a publish', () => {
  type Statement = { Effect: string; Action: string | string[]; Resource: unknown };
  const policies = () =>
    (Object.values(site.findResources('AWS::IAM::Policy')) as Resource[]).filter((policy) =>
      JSON.stringify(policy.Properties.Roles).includes('ShineServer'),
    );

  it("may put the pages' objects of the site's bucket and invalidate that distribution, nothing else", () => {
    const [policy] = policies();
    expect(policies()).toHaveLength(1);
    const statements = (policy!.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
    const bucket = site.getResourceId('AWS::S3::Bucket', {
      Properties: { VersioningConfiguration: { Status: 'Enabled' } },
    });
    const distribution = site.getResourceId('AWS::CloudFront::Distribution');
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: 's3:PutObject',
        Resource: [
          { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, '/index.html']] },
          { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, '/*/index.html']] },
        ],
      },
      {
        Effect: 'Allow',
        Action: 'cloudfront:CreateInvalidation',
        Resource: {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':cloudfront::',
              { Ref: 'AWS::AccountId' },
              ':distribution/',
              { Ref: distribution },
            ],
          ],
        },
      },
    ]);
  });

  it('tells the server the bucket and the distribution through Parameter Store, read at each start with the region', () => {
    site.hasResourceProperties('AWS::SSM::Parameter', {
      Name: SITE_PARAMETERS.bucket,
      Value: {
        Ref: site.getResourceId('AWS::S3::Bucket', {
          Properties: { VersioningConfiguration: { Status: 'Enabled' } },
        }),
      },
    });
    site.hasResourceProperties('AWS::SSM::Parameter', {
      Name: SITE_PARAMETERS.distributionId,
      Value: { Ref: site.getResourceId('AWS::CloudFront::Distribution') },
    });
    const boot = userData(server);
    const settings = JSON.parse(
      written(boot, '/etc/shine/boot.json').replaceAll('«ref»', 'ref'),
    ) as { siteParameters: unknown; env: Record<string, string> };
    expect(settings.siteParameters).toEqual(SITE_PARAMETERS);
    expect(settings.env.AWS_REGION).toBe(context.region);
    const writer = written(boot, '/usr/local/lib/shine/write-env.cjs');
    expect(writer).toContain('env.SITE_BUCKET = site[0];');
    expect(writer).toContain('env.SITE_DISTRIBUTION_ID = site[1];');
    // The server's role may read those two parameters (beside the pool's).
    const role = JSON.stringify(server.findResources('AWS::IAM::Policy'));
    for (const name of Object.values(SITE_PARAMETERS)) expect(role).toContain(`parameter${name}`);
  });
});
