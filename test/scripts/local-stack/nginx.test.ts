/** The nginx configuration scripts/local-stack/nginx.ts writes for serving the site and proxying /api. */
import { nginxConfig } from '../../../scripts/local-stack/nginx';
import { MAX_PICTURE_BYTES, MAX_UPLOAD_REQUEST_BYTES } from '../../../server/platform/rules';

const config = nginxConfig(
  { dist: 'dist', port: 8080, apiTarget: 'http://127.0.0.1:4000', headers: {} },
  '/tmp/nginx-state',
);

/** nginx's size syntax: bytes, or k / m (1024-based). */
function bytes(size: string): number {
  const match = /^(\d+)([kKmM]?)$/.exec(size);
  if (!match) throw new Error(`not an nginx size: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 * 1024 }[match[2]!.toLowerCase() as '' | 'k' | 'm'];
  return Number(match[1]) * unit;
}

it('lets a picture upload of the largest size the API takes through (nginx refuses over 1 MB by default)', () => {
  const sizes = [...config.matchAll(/client_max_body_size\s+(\S+);/g)].map((m) => m[1]!);
  expect(sizes).toHaveLength(1);
  expect(bytes(sizes[0]!)).toBeGreaterThanOrEqual(MAX_UPLOAD_REQUEST_BYTES);
  // The multipart body holds the picture plus its boundaries and description.
  expect(MAX_UPLOAD_REQUEST_BYTES).toBeGreaterThan(MAX_PICTURE_BYTES);
});
