/**
 * A stock static server for `npm run bench`: Debian's nginx serving a dist/ folder the way a
 * plain production host would (gzip level 6, or the build's precompressed pages where they exist
 * (`gzip_static`); a year's cache for hashed assets; the prerendered page or else the SPA shell;
 * /api proxied to the API). It runs as a child in the foreground with its own configuration, pid
 * file, temp paths and logs in a temporary folder, so it needs no root and touches nothing of the
 * system's nginx.
 *
 * Install it with `apt-get install -y nginx-light`; `NGINX_PATH` overrides where it is found.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_UPLOAD_REQUEST_BYTES } from '../../server/platform/rules';
import { cacheControl } from '../build/securityHeaders';

export const NGINX_PATH = process.env.NGINX_PATH || '/usr/sbin/nginx';

/** The SPA shell webpack writes (as in ./staticServer.ts). */
const SHELL_FILE = 'app.html';

export interface NginxOptions {
  dist: string;
  port: number;
  /** The API's own address; /api/x is proxied to <apiTarget>/x. */
  apiTarget: string;
  /** Response headers of the production host: securityHeaders(config). */
  headers: Record<string, string>;
  /**
   * The folder for its configuration, pid file, temp paths and error log, kept after close;
   * a temporary folder (removed on close) when omitted.
   */
  stateDir?: string;
}

export interface Nginx {
  url: string;
  close(): Promise<void>;
}

/** Installs nginx-light from Debian when it is missing (as the browser tests do for Chromium). */
export function ensureNginx(log: (line: string) => void): void {
  if (existsSync(NGINX_PATH)) return;
  log('nginx is missing: apt-get install -y nginx-light');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'nginx-light']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

export function nginxConfig(options: NginxOptions, dir: string): string {
  const headers = (cache: string) =>
    [...Object.entries(options.headers), ['Cache-Control', cache] as const]
      .map(([name, value]) => `      add_header ${name} ${quote(value)} always;`)
      .join('\n');
  const api = new URL(options.apiTarget);
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  sendfile on;
  # nginx refuses bodies over 1 MB by default (413); a phone photo for the owner's upload is more.
  client_max_body_size ${Math.ceil(MAX_UPLOAD_REQUEST_BYTES / 1024)}k;
  gzip on;
  gzip_comp_level 6;
  gzip_static on;
  gzip_min_length 512;
  gzip_vary on;
  gzip_proxied any;
  gzip_types text/css application/javascript text/javascript application/json image/svg+xml
             application/manifest+json text/plain text/xml application/xml;
  server {
    listen 127.0.0.1:${options.port};
    root ${path.resolve(options.dist)};
    location /assets/ {
${headers(cacheControl('/assets/'))}
      try_files $uri =404;
    }
    # The API reference's files (dist/api/) first; any other /api/x is the API's /x.
    location /api/ {
${headers(cacheControl('/'))}
      try_files $uri $uri/index.html @api;
    }
    location @api {
      rewrite ^/api/(.*)$ /$1 break;
      proxy_pass http://${api.host};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
    location / {
${headers(cacheControl('/'))}
      try_files $uri $uri/index.html /${SHELL_FILE};
    }
  }
}
`;
}

/** Starts nginx on 127.0.0.1:<port> and resolves once it answers. */
export async function startNginx(options: NginxOptions): Promise<Nginx> {
  const dir = options.stateDir ?? mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  mkdirSync(dir, { recursive: true });
  const removeDir = () => {
    if (!options.stateDir) rmSync(dir, { recursive: true, force: true });
  };
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig(options, dir));
  const child = spawn(NGINX_PATH, ['-p', dir, '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://localhost:${options.port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = existsSync(path.join(dir, 'error.log'))
        ? readFileSync(path.join(dir, 'error.log'), 'utf8')
        : '';
      removeDir();
      throw new Error(`nginx exited: ${stderr}${log}`);
    }
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer on ${url}: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    close: async () => {
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      removeDir();
    },
  };
}
