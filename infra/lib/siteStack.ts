/**
 * The site and its API on one domain: CloudFront serves the build from a private S3 bucket
 * (origin access control) and sends `/api/*` to the API server, so the browser never calls
 * another origin. A path the bucket does not hold (a page path: `/services`, `/dashboard/…`)
 * goes to the server, whose site handler answers the prerendered page or the SPA shell
 * (server/platform/staticSite.ts): CloudFront's error pages would apply to the API's answers too, so
 * there are none. With the `domain` setting, the certificate (ACM, DNS-validated), the
 * distribution's alias, its DNS records and TLS 1.2 as the minimum are here as well; without
 * it, the CloudFront address serves the site. Bounces and complaints from SES reach the API
 * through an HTTPS subscription at SES_EVENTS_PATH, tried again while the API does not take
 * them, then kept in a dead-letter queue.
 */
import {
  ArnFormat,
  type CfnElement,
  CfnOutput,
  Duration,
  RemovalPolicy,
  Stack,
  Validations,
  type StackProps,
} from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import {
  cacheControl,
  SERVICE_WORKER_FILE,
  securityHeaders,
} from '../../scripts/build/securityHeaders';
import { OriginSecret } from './originSecret';
import { responseHeadersBehavior } from './responseHeaders';
import { SERVER_PORT, SITE_PARAMETERS } from './serverBoot';
import {
  API_PATH,
  IDENTITY_EVENTS_PATH,
  SES_EVENTS_PATH,
  SMS_EVENTS_PATH,
  apiUrl,
  hostedDomainUrl,
  siteHost,
  type InfraSettings,
} from './settings';

export interface SiteStackProps extends StackProps {
  settings: InfraSettings;
  /** The API server (CloudFront's origin for `/api/*` and for page paths). */
  server: ec2.IInstance;
  /** The server's role: it writes the public pages into the bucket and invalidates them. */
  serverRole: iam.IRole;
  /** SES's bounce and complaint notices, delivered to the API. */
  sesEvents: sns.ITopic;
  /** Cognito's authenticator calls, delivered to the API. */
  identityEvents: sns.ITopic;
  /** The texts customers send to the origination number, delivered to the API. */
  incomingTexts: sns.ITopic;
  /** The domain's hosted zone, when the `domain` setting names one. */
  zone?: route53.IPublicHostedZone;
}

/** How long the access logs (no path, no query: `accessLogs` below) are kept. */
export const ACCESS_LOG_DAYS = 90;
const ACCESS_LOG_PREFIX = 'cloudfront/';
/**
 * What an access-log line holds: when, where, who (address, agent), what kind of request and
 * how it went. Not `cs-uri-stem`, `cs-uri-query`, `cs(Referer)`, `cs(Cookie)` (secrets and
 * e-mail addresses travel there) nor `x-forwarded-for` (made up by anyone).
 */
const ACCESS_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'sc-bytes',
  'c-ip',
  'cs-method',
  'cs(Host)',
  'sc-status',
  'cs(User-Agent)',
  'x-edge-result-type',
  'x-edge-request-id',
  'x-host-header',
  'cs-protocol',
  'cs-bytes',
  'time-taken',
  'ssl-protocol',
  'x-edge-response-result-type',
  'cs-protocol-version',
  'time-to-first-byte',
  'x-edge-detailed-result-type',
  'sc-content-type',
  'sc-content-len',
];

export class SiteStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  /** The host name the site answers at: the domain's, or the CloudFront address. */
  readonly publicHost: string;
  /**
   * SES's notices and Cognito's authenticator calls SNS could not deliver to the API (the
   * monitoring stack alarms on any).
   */
  readonly sesEventsDeadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { settings } = props;

    const logBucket = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_DAYS) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it would log the logs.',
    });

    const bucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 's3/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const headers = securityHeaders({
      apiBaseUrl: apiUrl(settings),
      cognitoEndpoint: '',
      cognitoRegion: settings.region,
      cognitoHostedDomain: hostedDomainUrl(settings),
    });
    const responseHeaders = new cloudfront.ResponseHeadersPolicy(this, 'Headers', {
      comment: 'scripts/build/securityHeaders.ts',
      ...responseHeadersBehavior(headers),
    });

    // Only our distribution's requests are admitted by the server: it sends this secret header.
    const originSecret = new OriginSecret(this, 'OriginSecret');
    const server = new origins.HttpOrigin(props.server.instancePublicDnsName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTP_ONLY,
      httpPort: SERVER_PORT,
      customHeaders: originSecret.headerValue(),
    });
    const { zone } = props;
    const host = siteHost(settings);
    const certificate = zone
      ? new acm.Certificate(this, 'Certificate', {
          domainName: host,
          validation: acm.CertificateValidation.fromDns(zone),
        })
      : undefined;

    // The bucket's files; a path it does not hold (403 from a private bucket) goes to the server.
    const files = new origins.OriginGroup({
      primaryOrigin: origins.S3BucketOrigin.withOriginAccessControl(bucket),
      fallbackOrigin: server,
      fallbackStatusCodes: [403, 404],
    });
    // The service worker is asked again at every visit: a new release's reaches the browser then
    // (its script names every file of the release). Never kept at the edge, `no-cache` to the
    // browser, as the server and nginx send it (server/platform/staticSite.ts).
    const workerHeaders = new cloudfront.ResponseHeadersPolicy(this, 'WorkerHeaders', {
      comment: 'scripts/build/securityHeaders.ts, and no-cache for the service worker',
      ...responseHeadersBehavior({
        ...headers,
        'Cache-Control': cacheControl(`/${SERVICE_WORKER_FILE}`),
      }),
    });

    const distribution = new cloudfront.Distribution(this, 'Cdn', {
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: files,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: responseHeaders,
      },
      additionalBehaviors: {
        // The gallery's uploaded pictures (GET /gallery-pictures/{file}): public files whose
        // names change with their content, served with a year's immutable Cache-Control, so
        // CloudFront keeps them. Listed before /api/*, which CloudFront would match first.
        [`${API_PATH}/gallery-pictures/*`]: {
          origin: server,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        },
        [`/${SERVICE_WORKER_FILE}`]: {
          origin: files,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          compress: true,
          responseHeadersPolicy: workerHeaders,
        },
        [`${API_PATH}/*`]: {
          origin: server,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      },
      ...(certificate
        ? {
            domainNames: [host],
            certificate,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
    });
    this.accessLogs(distribution, logBucket);
    this.distribution = distribution;
    this.letServerPublishPages(props.serverRole, bucket, distribution);
    originSecret.rotate(distribution, props.server);
    this.publicHost = zone ? host : distribution.distributionDomainName;
    if (zone) {
      const target = route53.RecordTarget.fromAlias(new targets.CloudFrontTarget(distribution));
      new route53.ARecord(this, 'SiteA', { zone, recordName: host, target });
      new route53.AaaaRecord(this, 'SiteAaaa', { zone, recordName: host, target });
    }

    // A notice the API does not take (down longer than the retries last, or a 4xx, which SNS
    // never retries) waits here, 14 days, instead of being dropped. It names the addresses:
    // encrypted with a key of its own that SNS may use to write.
    const deadLetterKey = new kms.Key(this, 'SesEventsDeadLettersKey', {
      description:
        "SES's bounce and complaint notices and Cognito's authenticator calls the API did not take",
      enableKeyRotation: true,
    });
    deadLetterKey.grant(
      new iam.ServicePrincipal('sns.amazonaws.com'),
      'kms:GenerateDataKey*',
      'kms:Decrypt',
    );
    this.sesEventsDeadLetters = new sqs.Queue(this, 'SesEventsDeadLetters', {
      encryption: sqs.QueueEncryption.KMS,
      encryptionMasterKey: deadLetterKey,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.sesEventsDeadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        "It is a dead-letter queue: the SES events subscription's (an SNS redrive policy, which cdk-nag does not look at); nothing reads from it but the owner.",
    });
    const toApi = (subscriptionId: string, topic: sns.ITopic, apiPath: string) =>
      new sns.Subscription(this, subscriptionId, {
        topic,
        protocol: sns.SubscriptionProtocol.HTTPS,
        endpoint: `https://${this.publicHost}${apiPath}`,
        // While the API does not answer or answers 5xx (a restart, a deployment, a certificate
        // SNS could not serve): 3 tries 20 s apart, 13 backing off to 2 minutes, 14 more 2
        // minutes apart; 35 to 55 minutes in all (SNS allows an hour at most).
        deliveryPolicy: {
          healthyRetryPolicy: {
            minDelayTarget: Duration.seconds(20),
            maxDelayTarget: Duration.seconds(120),
            numRetries: 30,
            numNoDelayRetries: 0,
            numMinDelayRetries: 3,
            numMaxDelayRetries: 14,
            backoffFunction: sns.BackoffFunction.EXPONENTIAL,
          },
        },
        deadLetterQueue: this.sesEventsDeadLetters,
      });
    toApi('SesEventsToApi', props.sesEvents, SES_EVENTS_PATH);
    // The owner's authenticator calls, through the same retries and dead-letter queue.
    toApi('IdentityEventsToApi', props.identityEvents, IDENTITY_EVENTS_PATH);
    // The customers' texts (STOP, HELP, START), likewise.
    toApi('IncomingTextsToApi', props.incomingTexts, SMS_EVENTS_PATH);

    Validations.of(distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'A local business site: customers are in one area, and blocking countries would only stop travellers.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'A WAF costs more per month than the server; the API limits its own anonymous operations per client address (quote requests, error reports). Add one if abuse appears.',
      },
    );
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR3',
      reason:
        'Access logging is on, as standard logging v2 (AccessLogDelivery), which this rule does not look for: the legacy logs would keep every path and query, the calendar feed secret and unsubscribe links with them.',
    });
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR5',
      reason:
        'CloudFront reaches the server over plain HTTP on its port: the instance has no certificate of its own (ACM certificates cannot be installed on EC2). Its security group admits only CloudFront, but the hop is not encrypted; a CloudFront VPC origin with the server in a private subnet would remove it, at the price of a NAT gateway.',
    });
    if (!certificate) {
      Validations.of(distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'No "domain" setting: the CloudFront address with its default certificate (security policy fixed at TLSv1) serves the site; setting "domain" adds the certificate and TLSv1.2_2021.',
      });
    }

    new CfnOutput(this, 'BucketName', { value: bucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: distribution.distributionId });
    new CfnOutput(this, 'DistributionDomain', { value: distribution.distributionDomainName });
    new CfnOutput(this, 'SiteAddress', { value: `https://${this.publicHost}` });
    new CfnOutput(this, 'SesEventsDeadLettersUrl', {
      value: this.sesEventsDeadLetters.queueUrl,
      description: "SES's bounces and complaints the API did not take (the SQS console reads them)",
    });
  }

  /**
   * A publish (or a change of the working hours) renders the public pages again on the server
   * (server/site/sitePages.ts), which writes them to the bucket and invalidates their paths: it
   * may put the pages' objects only (`index.html` and `<page>/index.html`) and invalidate this
   * distribution only. It reads where from Parameter Store (SITE_PARAMETERS).
   */
  private letServerPublishPages(
    role: iam.IRole,
    bucket: s3.Bucket,
    distribution: cloudfront.Distribution,
  ): void {
    new ssm.StringParameter(this, 'SiteBucketParameter', {
      parameterName: SITE_PARAMETERS.bucket,
      stringValue: bucket.bucketName,
    });
    new ssm.StringParameter(this, 'SiteDistributionParameter', {
      parameterName: SITE_PARAMETERS.distributionId,
      stringValue: distribution.distributionId,
    });
    const policy = new iam.Policy(this, 'ServerPublishesPages', {
      roles: [role],
      statements: [
        new iam.PolicyStatement({
          actions: ['s3:PutObject'],
          resources: [bucket.arnForObjects('index.html'), bucket.arnForObjects('*/index.html')],
        }),
        new iam.PolicyStatement({
          actions: ['cloudfront:CreateInvalidation'],
          resources: [
            this.formatArn({
              service: 'cloudfront',
              region: '',
              resource: 'distribution',
              resourceName: distribution.distributionId,
            }),
          ],
        }),
      ],
    });
    Validations.of(policy).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>/*/index.html]`,
      reason:
        "The public pages' objects (`<page>/index.html`), written when the owner publishes: the only objects the server may put.",
    });
  }

  /**
   * The distribution's access logs (standard logging v2, delivered by CloudWatch Logs into the
   * log bucket under `cloudfront/`), with the fields chosen: never the path, the query, the
   * referrer or the cookies. The path of the owner's calendar feed is its secret, and an
   * unsubscribe link's query holds the address and its signature; the legacy logs kept both.
   * The service's own log has each request's path without those (server/platform/loggedPath.ts).
   */
  private accessLogs(distribution: cloudfront.Distribution, bucket: s3.Bucket): void {
    bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [bucket.arnForObjects(`${ACCESS_LOG_PREFIX}*`)],
        conditions: {
          StringEquals: {
            's3:x-amz-acl': 'bucket-owner-full-control',
            'aws:SourceAccount': this.account,
          },
          ArnLike: {
            'aws:SourceArn': this.formatArn({
              service: 'logs',
              resource: 'delivery-source',
              resourceName: '*',
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
        },
      }),
    );
    const source = new logs.CfnDeliverySource(this, 'AccessLogSource', {
      name: `${this.stackName}-cdn-access`,
      logType: 'ACCESS_LOGS',
      resourceArn: this.formatArn({
        service: 'cloudfront',
        region: '',
        resource: 'distribution',
        resourceName: distribution.distributionId,
      }),
    });
    const destination = new logs.CfnDeliveryDestination(this, 'AccessLogDestination', {
      name: `${this.stackName}-cdn-access-bucket`,
      destinationResourceArn: bucket.bucketArn,
      outputFormat: 'w3c',
    });
    const delivery = new logs.CfnDelivery(this, 'AccessLogDelivery', {
      deliverySourceName: source.name,
      deliveryDestinationArn: destination.attrArn,
      recordFields: ACCESS_LOG_FIELDS,
      s3SuffixPath: `${ACCESS_LOG_PREFIX}{DistributionId}/{yyyy}/{MM}/{dd}`,
    });
    delivery.addResourceDependency(source);
    delivery.addResourceDependency(destination);
  }
}
