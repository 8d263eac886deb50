/**
 * The API server: one small EC2 instance (Graviton t4g.small, Amazon Linux 2023) in a public
 * subnet of its own VPC, reached without SSH (Session Manager; no key pair, no port 22), that
 * admits only CloudFront's origin-facing addresses on the service's port. Its root disk and the
 * data volume (database and pictures) are encrypted; AWS Backup copies the data volume daily,
 * kept BACKUP_RETENTION_DAYS, after the app's own consistent backup. The service's secrets come
 * from Secrets Manager and its user-pool settings from Parameter Store at every start; its log
 * goes to CloudWatch Logs.
 */
import {
  ArnFormat,
  type CfnElement,
  CfnOutput,
  Duration,
  RemovalPolicy,
  SecretValue,
  Size,
  Stack,
  Validations,
  type StackProps,
} from 'aws-cdk-lib';
import * as backup from 'aws-cdk-lib/aws-backup';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { BACKUP_RETENTION_DAYS } from '../../server/platform/config';
import { COGNITO_PARAMETERS } from './identityStack';
import { CONFIGURATION_SET } from './mailStack';
import { ORIGIN_SECRET_NAME } from './originSecret';
import {
  AWS_BACKUP_HOUR_UTC,
  DATA_MOUNT,
  ERASURE_LIST_OBJECT,
  EXAMPLE_ENV,
  METRIC_NAMESPACE,
  SERVER_PORT,
  SITE_PARAMETERS,
  bootFiles,
} from './serverBoot';
import { apiUrl, type InfraSettings } from './settings';

/** How long the service's log lines are kept in CloudWatch Logs. */
export const LOG_RETENTION = logs.RetentionDays.ONE_MONTH;
export const INSTANCE_TYPE = 't4g.small';

/** A resource's logical id in its stack's template (cdk-nag names resources by it). */
const logicalId = (construct: Construct) =>
  Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);

export interface ServerStackProps extends StackProps {
  settings: InfraSettings;
  /** SES's bounces and complaints: the API accepts notifications from this topic only. */
  sesEvents: sns.ITopic;
  /** Cognito's authenticator calls: the API accepts notifications from this topic only. */
  identityEvents: sns.ITopic;
  /** The texts customers send (two-way SMS): the API accepts notifications from this topic only. */
  incomingTexts: sns.ITopic;
  /** The origination number's ARN (./textStack.ts): the only one the server may text from. */
  textOriginationArn: string;
}

export class ServerStack extends Stack {
  readonly instance: ec2.Instance;
  /** The server's role (the site stack lets it write the public pages and invalidate them). */
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  readonly dataVolume: ec2.Volume;

  constructor(scope: Construct, id: string, props: ServerStackProps) {
    super(scope, id, props);
    const { settings } = props;

    const flowLogs = new logs.LogGroup(this, 'FlowLogs', {
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Public subnet only: no NAT gateway (it would cost more than the server).
    const vpc = new ec2.Vpc(this, 'Vpc', {
      maxAzs: 1,
      natGateways: 0,
      subnetConfiguration: [{ name: 'public', subnetType: ec2.SubnetType.PUBLIC }],
      flowLogs: {
        rejected: {
          destination: ec2.FlowLogDestination.toCloudWatchLogs(flowLogs),
          trafficType: ec2.FlowLogTrafficType.REJECT,
        },
      },
    });

    const securityGroup = new ec2.SecurityGroup(this, 'Server', {
      vpc,
      description: 'The API server: CloudFront origin-facing addresses on the service port only',
      allowAllOutbound: true,
    });
    securityGroup.addIngressRule(
      ec2.Peer.prefixList(settings.cloudFrontPrefixListId),
      ec2.Port.tcp(SERVER_PORT),
      'CloudFront (managed prefix list com.amazonaws.global.cloudfront.origin-facing)',
    );

    this.logGroup = new logs.LogGroup(this, 'ServiceLog', {
      logGroupName: 'shine/api',
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const releases = new s3.Bucket(this, 'Releases', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(releases).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Holds only the build archive the deploy uploads and the server downloads (no customer data); CloudTrail records who wrote it.',
    });

    // The erasure list's copy off the machine (server/platform/erasureList.ts): deleted accounts'
    // digests only. Versioned, so an overwrite never loses an earlier list; the server may only
    // read and write this one object.
    const deletedAccounts = new s3.Bucket(this, 'DeletedAccounts', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(deletedAccounts).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        "Holds one object, the deleted accounts' one-way digests, written only by the server's role; versioning keeps every earlier list.",
    });

    // SIGNED_URL_SECRET is generated here; CALENDLY_WEBHOOK_SIGNING_KEY may be added to it.
    const appSecret = new secretsmanager.Secret(this, 'AppSecrets', {
      description: 'The API service: SIGNED_URL_SECRET (and CALENDLY_WEBHOOK_SIGNING_KEY if used)',
      generateSecretString: {
        secretStringTemplate: '{}',
        generateStringKey: 'SIGNED_URL_SECRET',
        passwordLength: 64,
        excludePunctuation: true,
      },
    });
    Validations.of(appSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'SIGNED_URL_SECRET signs the picture links in pages already sent; rotating it breaks them all at once, so it is changed by hand (put-secret-value, restart) if it leaks.',
    });

    // The API sends e-mail over SES SMTP: an IAM user that may only send from the domain.
    const smtpUser = new iam.User(this, 'SmtpUser');
    smtpUser.addToPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendRawEmail'],
        resources: [
          this.formatArn({
            service: 'ses',
            resource: 'identity',
            resourceName: settings.mailDomain,
          }),
          this.formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: CONFIGURATION_SET,
          }),
        ],
      }),
    );
    const smtpKey = new iam.AccessKey(this, 'SmtpKey', { user: smtpUser });
    const smtpSecret = new secretsmanager.Secret(this, 'SmtpCredentials', {
      description: "The SES SMTP user's access key; the server derives the SMTP password from it",
      secretObjectValue: {
        username: SecretValue.unsafePlainText(smtpKey.accessKeyId),
        password: smtpKey.secretAccessKey,
      },
    });
    Validations.of(smtpSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'An IAM access key cannot be rotated by Secrets Manager alone; replacing the AccessKey resource (a new serial) and restarting the service rotates it.',
    });

    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('ec2.amazonaws.com'),
      description:
        'The API server: Session Manager, its secrets and parameters, logs and metrics, texts',
    });
    appSecret.grantRead(role);
    smtpSecret.grantRead(role);
    releases.grantRead(role);
    // The secret header CloudFront sends (the site stack's secret, named: ./originSecret.ts).
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [
          this.formatArn({
            service: 'secretsmanager',
            resource: 'secret',
            resourceName: `${ORIGIN_SECRET_NAME}-??????`,
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        ],
      }),
    );
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject'],
        resources: [deletedAccounts.arnForObjects(ERASURE_LIST_OBJECT)],
      }),
    );
    this.logGroup.grantWrite(role);
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['logs:DescribeLogStreams', 'logs:DescribeLogGroups'],
        resources: [this.logGroup.logGroupArn],
      }),
    );
    this.role = role;
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['ssm:GetParameter'],
        resources: [...Object.values(COGNITO_PARAMETERS), ...Object.values(SITE_PARAMETERS)].map(
          (name) =>
            this.formatArn({ service: 'ssm', resource: 'parameter', resourceName: name.slice(1) }),
        ),
      }),
    );
    // Texts to customers, from the registered origination number only.
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['sms-voice:SendTextMessage'],
        resources: [props.textOriginationArn],
      }),
    );
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['cloudwatch:PutMetricData'],
        resources: ['*'],
        conditions: { StringEquals: { 'cloudwatch:namespace': METRIC_NAMESPACE } },
      }),
    );
    Validations.of(role).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/AmazonSSMManagedInstanceCore]',
        reason:
          "Session Manager's own policy for a managed instance: the way in without SSH or an open port.",
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'cloudwatch:PutMetricData has no resource to name; the statement is limited to the Shine namespace by a condition.',
      },
    );
    Validations.of(role).acknowledge(
      ...['Action::s3:GetBucket*', 'Action::s3:GetObject*', 'Action::s3:List*'].map((action) => ({
        id: `AwsSolutions-IAM5[${action}]`,
        reason: 'Read-only access to the release bucket, from grantRead.',
      })),
      {
        id: `AwsSolutions-IAM5[Resource::<${logicalId(releases)}.Arn>/*]`,
        reason: 'Every object of the release bucket: the build archives.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::<${logicalId(this.logGroup)}.Arn>:*]`,
        reason: "The log streams of the service's own log group.",
      },
    );

    const subnet = vpc.publicSubnets[0]!;
    this.instance = new ec2.Instance(this, 'Instance', {
      vpc,
      vpcSubnets: { subnets: [subnet] },
      instanceType: new ec2.InstanceType(INSTANCE_TYPE),
      machineImage: ec2.MachineImage.latestAmazonLinux2023({
        cpuType: ec2.AmazonLinuxCpuType.ARM_64,
      }),
      securityGroup,
      role,
      ssmSessionPermissions: true,
      requireImdsv2: true,
      disableApiTermination: true,
      associatePublicIpAddress: true,
      blockDevices: [
        {
          deviceName: '/dev/xvda',
          volume: ec2.BlockDeviceVolume.ebs(20, {
            encrypted: true,
            volumeType: ec2.EbsDeviceVolumeType.GP3,
          }),
        },
      ],
    });
    Validations.of(this.instance).acknowledge({
      id: 'AwsSolutions-EC28',
      reason:
        "Basic 5-minute EC2 metrics are enough for one server; the alarms watch the CloudWatch agent's disk metric, the health check and CloudFront's 5xx rate.",
    });

    this.dataVolume = new ec2.Volume(this, 'Data', {
      availabilityZone: subnet.availabilityZone,
      size: Size.gibibytes(10),
      volumeType: ec2.EbsDeviceVolumeType.GP3,
      encrypted: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    new ec2.CfnVolumeAttachment(this, 'DataAttachment', {
      instanceId: this.instance.instanceId,
      volumeId: this.dataVolume.volumeId,
      device: '/dev/sdf',
    });

    const boot = this.toJsonString({
      region: this.region,
      appSecret: appSecret.secretArn,
      smtpSecret: smtpSecret.secretArn,
      originSecret: ORIGIN_SECRET_NAME,
      parameters: COGNITO_PARAMETERS,
      siteParameters: SITE_PARAMETERS,
      env: {
        // Where the data lives, as the example env file (and the unit's state folder) say.
        ...Object.fromEntries(
          [
            'DATABASE_PATH',
            'PICTURES_DIR',
            'ERASURE_LIST_PATH',
            'BACKUP_DIR',
            'BACKUP_INTERVAL_HOURS',
          ].map((key) => [key, EXAMPLE_ENV[key]]),
        ),
        API_HOST: '0.0.0.0',
        API_PORT: String(SERVER_PORT),
        SITE_URL: settings.siteUrl,
        CORS_ORIGINS: settings.siteUrl,
        PUBLIC_API_URL: apiUrl(settings),
        MAIL_FROM: settings.mailFrom,
        SES_EVENTS_TOPIC_ARN: props.sesEvents.topicArn,
        IDENTITY_EVENTS_TOPIC_ARN: props.identityEvents.topicArn,
        TEXT_SINK: 'aws',
        TEXT_ORIGINATION_NUMBER: props.textOriginationArn,
        SMS_EVENTS_TOPIC_ARN: props.incomingTexts.topicArn,
        TRUST_PROXY: '1',
        // The AWS clients' region (texts, the site's bucket; CloudFront is global).
        AWS_REGION: this.region,
      },
    });
    const files = bootFiles({
      region: this.region,
      logGroupName: this.logGroup.logGroupName,
      releaseBucket: releases.bucketName,
      erasureBucket: deletedAccounts.bucketName,
    });
    const userData = this.instance.userData;
    userData.addCommands(
      'set -euxo pipefail',
      'dnf install -y amazon-cloudwatch-agent sqlite tar xz logrotate',
      // Node 24 LTS, checked against the release's published checksums.
      'base=https://nodejs.org/dist/latest-v24.x',
      "file=$(curl -fsSL $base/SHASUMS256.txt | awk '/linux-arm64\\.tar\\.xz$/ {print $2}')",
      'curl -fsSLo /tmp/$file $base/$file',
      '(cd /tmp && curl -fsSL $base/SHASUMS256.txt | grep " $file$" | sha256sum -c -)',
      'tar -xJf /tmp/$file -C /usr/local --strip-components=1',
      'ln -sf /usr/local/bin/node /usr/bin/node',
      'id shine || useradd --system --home-dir /var/lib/shine --shell /sbin/nologin shine',
      // The data volume (attached once the instance exists): formatted once, then mounted.
      `volume=${this.dataVolume.volumeId}`,
      'disk=/dev/disk/by-id/nvme-Amazon_Elastic_Block_Store_${volume/-/}',
      'for i in $(seq 120); do [ -e $disk ] && break; sleep 5; done',
      'blkid $disk || mkfs.xfs $disk',
      `mkdir -p ${DATA_MOUNT}`,
      `grep -q ${DATA_MOUNT} /etc/fstab || echo "$disk ${DATA_MOUNT} xfs defaults,nofail 0 2" >> /etc/fstab`,
      'mount -a',
      'chown -R shine:shine /var/lib/shine && chmod 700 /var/lib/shine',
      'mkdir -p /etc/shine /usr/local/lib/shine /etc/systemd/system/shine.service.d',
      'chmod 700 /etc/shine',
      `cat > /etc/shine/boot.json <<'SHINE_FILE_END'`,
      boot,
      'SHINE_FILE_END',
      ...Object.entries(files).flatMap(([file, text]) => [
        `cat > ${file} <<'SHINE_FILE_END'`,
        text.replace(/\n$/, ''),
        'SHINE_FILE_END',
      ]),
      'chmod 755 /usr/local/bin/shine-install /usr/local/bin/shine-outbox-metric /usr/local/bin/shine-erasure-pull',
      'amazon-cloudwatch-agent-ctl -a fetch-config -m ec2 -s -c file:/opt/aws/amazon-cloudwatch-agent/etc/shine.json',
      'systemctl daemon-reload',
      'systemctl enable shine.service shine-backup.timer shine-metrics.timer shine-erasure-push.path',
      'systemctl start shine-backup.timer shine-metrics.timer shine-erasure-push.path',
      // The first release, if the deploy has uploaded one already (otherwise its upload installs it).
      '/usr/local/bin/shine-install || echo "No release in the bucket yet: upload one (README)."',
    );

    // Off the machine: AWS Backup's daily copy of the data volume, kept as long as the
    // privacy text says backups are (server/platform/config.ts).
    const vault = new backup.BackupVault(this, 'Vault', { removalPolicy: RemovalPolicy.RETAIN });
    const plan = new backup.BackupPlan(this, 'Backups', { backupVault: vault });
    plan.addRule(
      new backup.BackupPlanRule({
        ruleName: 'Daily',
        scheduleExpression: events.Schedule.cron({
          minute: '0',
          hour: String(AWS_BACKUP_HOUR_UTC),
        }),
        startWindow: Duration.hours(1),
        completionWindow: Duration.hours(3),
        deleteAfter: Duration.days(BACKUP_RETENTION_DAYS),
      }),
    );
    const selection = plan.addSelection('DataVolume', {
      resources: [
        backup.BackupResource.fromArn(
          this.formatArn({
            service: 'ec2',
            resource: 'volume',
            resourceName: this.dataVolume.volumeId,
          }),
        ),
      ],
    });

    Validations.of(selection).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      reason: "AWS Backup's own policy for the role it takes the volume's snapshots with.",
    });

    new CfnOutput(this, 'InstanceId', { value: this.instance.instanceId });
    new CfnOutput(this, 'ReleaseBucket', { value: releases.bucketName });
    new CfnOutput(this, 'AppSecretArn', { value: appSecret.secretArn });
  }
}
