import {
  cacheControl,
  connectOrigins,
  contentSecurityPolicy,
  headersFile,
} from '../../../scripts/build/securityHeaders';

describe('security headers', () => {
  const production = {
    apiBaseUrl: 'https://api.triangleshinedetailing.com/v1',
    cognitoEndpoint: '',
    cognitoRegion: 'us-east-1',
    cognitoHostedDomain: 'https://auth.triangleshinedetailing.com',
  };

  it('allows only the configured API and identity origins to be called', () => {
    expect(connectOrigins(production)).toEqual([
      'https://api.triangleshinedetailing.com',
      'https://cognito-idp.us-east-1.amazonaws.com',
      'https://auth.triangleshinedetailing.com',
    ]);
    const csp = contentSecurityPolicy(production);
    expect(csp).toContain(
      "connect-src 'self' https://api.triangleshinedetailing.com https://cognito-idp.us-east-1.amazonaws.com https://auth.triangleshinedetailing.com",
    );
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('uses the local endpoints when configured and the site origin for a relative API base', () => {
    const local = {
      apiBaseUrl: '/api',
      cognitoEndpoint: 'http://localhost:9229',
      cognitoRegion: 'us-east-1',
      cognitoHostedDomain: 'http://localhost:9229',
    };
    expect(connectOrigins(local)).toEqual(['http://localhost:9229']);
    expect(contentSecurityPolicy(local)).toContain("img-src 'self' data: blob:;");
  });

  it('caches hashed assets for a year and revalidates pages', () => {
    expect(cacheControl('/assets/main.abc123.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('/services/')).toBe('no-cache');
    expect(headersFile(production)).toContain(
      '/assets/*\n  Cache-Control: public, max-age=31536000, immutable',
    );
  });
});
