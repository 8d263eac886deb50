/**
 * CloudFront's response headers policy from the same header list the build writes to
 * dist/_headers (scripts/build/securityHeaders.ts): the headers CloudFront models are set in its
 * security-headers block, every other one as a custom header. Nothing is typed twice.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';

export function responseHeadersBehavior(headers: Record<string, string>) {
  const security: cloudfront.ResponseSecurityHeadersBehavior = {};
  const custom: cloudfront.ResponseCustomHeader[] = [];
  const mutable = security as Record<string, unknown>;
  for (const [header, value] of Object.entries(headers)) {
    switch (header.toLowerCase()) {
      case 'content-security-policy':
        mutable.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'strict-transport-security': {
        const maxAge = Number(/max-age=(\d+)/i.exec(value)?.[1] ?? 0);
        mutable.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(maxAge),
          includeSubdomains: /includeSubDomains/i.test(value),
          preload: /preload/i.test(value),
          override: true,
        };
        break;
      }
      case 'x-content-type-options':
        if (value !== 'nosniff')
          throw new Error(`X-Content-Type-Options ${value} is not supported`);
        mutable.contentTypeOptions = { override: true };
        break;
      case 'referrer-policy':
        mutable.referrerPolicy = {
          referrerPolicy: value as cloudfront.HeadersReferrerPolicy,
          override: true,
        };
        break;
      default:
        custom.push({ header, value, override: true });
    }
  }
  return {
    securityHeadersBehavior: security,
    customHeadersBehavior: { customHeaders: custom },
  };
}
