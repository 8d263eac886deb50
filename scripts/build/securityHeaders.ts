/**
 * The production response headers, computed from the same configuration the app is built
 * with. The build writes them to dist/_headers (Netlify / Cloudflare Pages format); the
 * local static servers (bench, e2e) send the same headers, so the browser suites prove the
 * app satisfies its own Content-Security-Policy.
 */

export interface HeaderConfig {
  /** API_BASE_URL: absolute, or a path on the site's own origin. */
  apiBaseUrl: string;
  /** COGNITO_ENDPOINT, or empty for the regional endpoint. */
  cognitoEndpoint: string;
  cognitoRegion: string;
  /** COGNITO_HOSTED_DOMAIN, with scheme, or empty. */
  cognitoHostedDomain: string;
}

function originOf(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The origins the app talks to besides its own. */
export function connectOrigins(config: HeaderConfig): string[] {
  const origins = [
    originOf(config.apiBaseUrl),
    originOf(config.cognitoEndpoint) ??
      `https://cognito-idp.${config.cognitoRegion || 'us-east-1'}.amazonaws.com`,
    originOf(config.cognitoHostedDomain),
  ].filter((o): o is string => Boolean(o));
  return [...new Set(origins)];
}

export function contentSecurityPolicy(config: HeaderConfig): string {
  const connect = ["'self'", ...connectOrigins(config)].join(' ');
  const api = originOf(config.apiBaseUrl);
  // Service pictures are served through signed URLs on the API's origin.
  const img = ["'self'", 'data:', 'blob:', ...(api ? [api] : [])].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Emotion (MUI) writes its styles into <style> elements at run time and in prerendered pages.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img}`,
    "font-src 'self'",
    `connect-src ${connect}`,
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Sent with every page, the public ones too: their header island reads the session from the
 * site's storage, and `same-origin` keeps any page of the site out of another site's browsing
 * context group (no window reference to it; on Android, a process of its own). The price: a
 * first visit starts a fresh renderer process, tens of ms of Lighthouse's TBT on any page
 * (`npm run bench` measures the control page and / with and without it).
 */
export const OPENER_POLICY_HEADER = 'Cross-Origin-Opener-Policy';

export function securityHeaders(config: HeaderConfig): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    [OPENER_POLICY_HEADER]: 'same-origin',
  };
}

export { cacheControl } from '../../server/platform/staticSite';

/**
 * The service worker the build writes (webpack.config.ts; the signed-in app registers it,
 * src/app/ServiceWorkerUpdates.tsx). Its Workbox runtime is inlined, so it is the one file of the
 * service worker: sent with `no-cache` everywhere (the CDN included, infra/lib/siteStack.ts), the
 * browser finds a new release at its next visit.
 */
export const SERVICE_WORKER_FILE = 'sw.js';

export function headerConfigFromEnv(env: NodeJS.ProcessEnv = process.env): HeaderConfig {
  return {
    apiBaseUrl: env.API_BASE_URL || '/api',
    cognitoEndpoint: env.COGNITO_ENDPOINT || '',
    cognitoRegion: env.COGNITO_REGION || 'us-east-1',
    cognitoHostedDomain: env.COGNITO_HOSTED_DOMAIN || '',
  };
}

/** dist/_headers in the Netlify / Cloudflare Pages format. */
export function headersFile(config: HeaderConfig): string {
  const all = Object.entries(securityHeaders(config))
    .map(([k, v]) => `  ${k}: ${v}`)
    .join('\n');
  return `/*\n${all}\n\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n`;
}
