/**
 * The static site: a private S3 bucket behind CloudFront (origin access control), the
 * prerendered pages by path (`/services` → `/services/index.html`), the SPA shell `app.html`
 * with status 200 for every other page path, and the production response headers.
 */
import {
  CfnOutput,
  Duration,
  RemovalPolicy,
  Stack,
  Validations,
  type StackProps,
} from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { securityHeaders } from '../../scripts/lib/securityHeaders';
import { responseHeadersBehavior } from './responseHeaders';
import { hostedDomainUrl, type InfraSettings } from './settings';

/** The SPA shell the build writes (webpack.config.ts SHELL_FILE). */
export const SHELL_PATH = '/app.html';

/** A page path without an extension gets its folder's index.html (a CloudFront Function). */
export const PAGE_REWRITE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.endsWith('/')) {
    request.uri = uri + 'index.html';
  } else if (uri.split('/').pop().indexOf('.') === -1) {
    request.uri = uri + '/index.html';
  }
  return request;
}`;

export interface SiteStackProps extends StackProps {
  settings: InfraSettings;
}

export class SiteStack extends Stack {
  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { settings } = props;

    const logs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it would log the logs.',
    });

    const bucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 's3/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const headers = securityHeaders({
      apiBaseUrl: settings.apiUrl,
      cognitoEndpoint: '',
      cognitoRegion: settings.region,
      cognitoHostedDomain: hostedDomainUrl(settings),
    });
    const responseHeaders = new cloudfront.ResponseHeadersPolicy(this, 'Headers', {
      comment: 'scripts/lib/securityHeaders.ts',
      ...responseHeadersBehavior(headers),
    });

    const distribution = new cloudfront.Distribution(this, 'Cdn', {
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: responseHeaders,
        functionAssociations: [
          {
            eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            function: new cloudfront.Function(this, 'PageRewrite', {
              code: cloudfront.FunctionCode.fromInline(PAGE_REWRITE),
              runtime: cloudfront.FunctionRuntime.JS_2_0,
            }),
          },
        ],
      },
      // A private bucket answers 403 for a missing object: the SPA shell takes the path.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: SHELL_PATH,
        ttl: Duration.seconds(10),
      })),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
    });
    Validations.of(distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'A local business site: customers are in one area, and blocking countries would only stop travellers.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'Static files only, no server code behind CloudFront; a WAF costs more per month than the site. Add one if abuse appears.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'Until the custom domain and its ACM certificate are added (README "Going live"), the default CloudFront certificate (its security policy is fixed at TLSv1) serves the distribution domain; set TLSv1.2_2021 with the certificate.',
      },
    );

    new CfnOutput(this, 'BucketName', { value: bucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: distribution.distributionId });
    new CfnOutput(this, 'DistributionDomain', { value: distribution.distributionDomainName });
  }
}
