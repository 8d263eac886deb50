/**
 * The gallery's pictures the owner uploads from the phone (POST /owner/gallery-pictures): each is
 * made into the same responsive WebP set as `npm run images` (domain/images.ts), turned upright,
 * without EXIF or GPS, served publicly at immutable URLs (GET /gallery-pictures/{file}), and may
 * then be a gallery entry of the offer's draft; alt text is required and bad files get a 4xx.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { IMAGE_SETTINGS } from '../../domain/images';
import { DEFAULT_OFFER, type Offer } from '../../domain/offer';
import { MAX_PICTURE_BYTES } from '../../server/platform/rules';
import { call, serveApiForTests } from './helpers';

const served = serveApiForTests();
const OWNER_SUB = 'gallery-owner-sub';

interface Sent {
  file?: BlobPart;
  type?: string;
  alt?: string;
  caption?: string;
  token?: string | null;
}

/** A multipart upload as the phone's form sends it: the text fields first, then the file. */
async function upload({ file, type = 'image/jpeg', alt, caption, token }: Sent) {
  const form = new FormData();
  if (alt !== undefined) form.append('alt', alt);
  if (caption !== undefined) form.append('caption', caption);
  if (file !== undefined) form.append('file', new Blob([file], { type }), 'IMG_2041.jpg');
  const bearer = token === undefined ? await served.idp.ownerToken(OWNER_SUB) : token;
  const response = await fetch(`${served.api.baseUrl}/owner/gallery-pictures`, {
    method: 'POST',
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The RIFF chunks of a WebP file (`VP8 `, `VP8X`, `EXIF`, `XMP `, `ICCP`, …). */
function webpChunks(data: Buffer): Map<string, Buffer> {
  const chunks = new Map<string, Buffer>();
  for (let at = 12; at + 8 <= data.length;) {
    const size = data.readUInt32LE(at + 4);
    chunks.set(data.toString('latin1', at, at + 4), data.subarray(at + 8, at + 8 + size));
    at += 8 + size + (size % 2);
  }
  return chunks;
}

/**
 * What exifr reads of a WebP file's EXIF (exifr reads no WebP container itself: it is given the
 * EXIF chunk's TIFF block). Undefined when the file carries none.
 */
async function exifOf(data: Buffer) {
  const chunk = webpChunks(data).get('EXIF');
  if (!chunk) return undefined;
  const tiff = chunk.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? chunk.subarray(6) : chunk;
  return {
    all: (await exifr.parse(tiff, true)) as Record<string, unknown> | undefined,
    gps: await exifr.gps(tiff),
  };
}

/**
 * A 4000 × 3000 phone photo stored sideways (EXIF orientation 6: shown 3000 wide, 4000 high),
 * with the camera, the time and the GPS position in its EXIF.
 */
async function phonePhoto(): Promise<Buffer> {
  const jpeg = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#1e5ac8',
    },
  })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 9', DateTime: '2026:11:01 10:00:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '35/1 46/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '78/1 38/1 0/1',
      },
    })
    .toBuffer();
  return sharp(jpeg).keepMetadata().withMetadata({ orientation: 6 }).jpeg().toBuffer();
}

/** Making and reading 12 megapixels takes a few seconds, more on a busy machine. */
const SLOW_MS = 60_000;

let photo: Buffer;
beforeAll(async () => {
  photo = await phonePhoto();
}, SLOW_MS);

describe('the owner uploads a gallery picture', () => {
  it(
    'makes the responsive WebP set, upright, without EXIF or GPS, served publicly and immutably',
    async () => {
      // The check can see GPS in a WebP: the same photo kept with its metadata has it.
      const withMetadata = await sharp(photo).keepMetadata().webp().toBuffer();
      expect((await exifOf(withMetadata))?.gps).toMatchObject({ latitude: expect.any(Number) });

      const answer = await upload({ file: new Uint8Array(photo), alt: '  Blue sedan, foam  ' });
      expect(answer.status).toBe(201);
      const entry = answer.body as {
        picture: string;
        alt: string;
        caption: string;
        image: { width: number; height: number; color: string; widths: number[] };
      };
      expect(entry).toMatchObject({ alt: 'Blue sedan, foam', caption: '' });
      expect(entry.picture).toMatch(/^uploads\/[0-9a-f]{16}$/);
      expect(entry.image).toMatchObject({
        width: 3000,
        height: 4000,
        widths: IMAGE_SETTINGS.widths,
      });
      expect(entry.image.color).toMatch(/^#[0-9a-f]{6}$/);

      const id = entry.picture.slice('uploads/'.length);
      for (const width of IMAGE_SETTINGS.widths) {
        const response = await fetch(`${served.api.baseUrl}/gallery-pictures/${id}-${width}.webp`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/webp');
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const bytes = Buffer.from(await response.arrayBuffer());
        const meta = await sharp(bytes).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([
          'webp',
          width,
          Math.round((width * 4) / 3),
        ]);
        expect(meta.orientation).toBeUndefined();
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(await exifOf(bytes)).toBeUndefined();
        expect([...webpChunks(bytes).keys()].filter((c) => c !== 'VP8 ' && c !== 'VP8X')).toEqual(
          [],
        );
        if (width === IMAGE_SETTINGS.fallbackWidth) {
          // Encoded as `npm run images` encodes: the same bytes as the build's settings give.
          const expected = await sharp(photo)
            .rotate()
            .resize({ width })
            .webp({ ...IMAGE_SETTINGS.webp })
            .toBuffer();
          expect(bytes.equals(expected)).toBe(true);
        }
      }
    },
    SLOW_MS,
  );

  it('refuses a picture without alt text with 400 naming the field, and stores nothing', async () => {
    const files = () => {
      const dir = path.join(served.api.picturesDir, 'gallery');
      return existsSync(dir) ? readdirSync(dir).length : 0;
    };
    const before = files();
    for (const alt of [undefined, '', '   ']) {
      const answer = await upload({
        file: new Uint8Array(photo),
        ...(alt === undefined ? {} : { alt }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/^body\/alt /);
    }
    const long = await upload({ file: new Uint8Array(photo), alt: 'x'.repeat(301) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/^body\/alt /);
    expect(files()).toBe(before);
  });

  it('refuses visitors (401) and customers (403)', async () => {
    const form = { file: new Uint8Array(photo), alt: 'A car' };
    expect((await upload({ ...form, token: null })).status).toBe(401);
    const customer = await served.idp.idToken('gallery-customer', 'gallery-customer@example.com');
    expect((await upload({ ...form, token: customer })).status).toBe(403);
  });

  it('refuses what is not a picture with 400 and a file over 10 MB with 413', async () => {
    const text = await upload({ file: 'not a picture at all', type: 'text/plain', alt: 'A car' });
    expect(text.status).toBe(400);
    expect(text.body.message).toMatch(/^body\/file /);
    // Starts like a JPEG, then nothing a decoder can read.
    const broken = Buffer.concat([photo.subarray(0, 400), Buffer.alloc(4000, 7)]);
    const damaged = await upload({ file: new Uint8Array(broken), alt: 'A car' });
    expect(damaged.status).toBe(400);
    expect(damaged.body.message).toMatch(/^body\/file /);
    const huge = Buffer.concat([photo.subarray(0, 4), Buffer.alloc(MAX_PICTURE_BYTES + 1)]);
    expect((await upload({ file: new Uint8Array(huge), alt: 'A car' })).status).toBe(413);
    expect((await upload({ alt: 'A car' })).status).toBe(400);
  });

  it('answers 404 for a file that was never made and 400 for a name that is no picture file', async () => {
    const missing = await call(
      served.api.baseUrl,
      'GET',
      '/gallery-pictures/0123456789abcdef-720.webp',
    );
    expect(missing.status).toBe(404);
    const odd = await call(served.api.baseUrl, 'GET', '/gallery-pictures/..%2Fapp.db');
    expect(odd.status).toBe(400);
  });
});

describe('an uploaded picture in the offer', () => {
  const owner = async (method: string, url: string, body?: unknown) =>
    call(served.api.baseUrl, method, url, {
      token: await served.idp.ownerToken(OWNER_SUB),
      body,
    });

  it('is kept with the size the server measured, whatever the request claims, and published', async () => {
    const small = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#c81e1e' },
    })
      .png()
      .toBuffer();
    const uploaded = await upload({ file: new Uint8Array(small), type: 'image/png', alt: 'Red' });
    expect(uploaded.status).toBe(201);
    // A raster is never enlarged: 480 wide, and its own 600.
    expect(uploaded.body.image).toMatchObject({ width: 600, height: 400, widths: [480] });

    const offer: Offer = structuredClone(DEFAULT_OFFER);
    offer.gallery = [
      {
        picture: uploaded.body.picture as string,
        alt: 'A red car in the driveway',
        caption: 'Red',
        image: { width: 9, height: 9, color: '#000000', widths: [1440] },
      },
      {
        ...DEFAULT_OFFER.gallery[0]!,
        image: { width: 1, height: 1, color: '#000000', widths: [1] },
      },
    ];
    const saved = await owner('PUT', '/owner/offer/draft', offer);
    expect(saved.status).toBe(200);
    const gallery = (saved.body as { offer: Offer }).offer.gallery;
    expect(gallery[0]).toEqual({
      picture: uploaded.body.picture,
      alt: 'A red car in the driveway',
      caption: 'Red',
      image: uploaded.body.image,
    });
    // A seeded picture's size is the site's own (src/config/images.generated.ts), not the offer's.
    expect(gallery[1]).toEqual(DEFAULT_OFFER.gallery[0]);

    expect((await owner('POST', '/owner/offer/publish')).status).toBe(200);
    const published = await call(served.api.baseUrl, 'GET', '/offer');
    expect((published.body as { offer: Offer }).offer.gallery[0]).toEqual(gallery[0]);
  });

  it('refuses a draft naming an upload that does not exist, naming the field', async () => {
    const before = (await owner('GET', '/owner/offer/versions')).body;
    const offer: Offer = structuredClone(DEFAULT_OFFER);
    offer.gallery.push({ picture: 'uploads/00000000000000aa', alt: 'Nothing', caption: '' });
    const answer = await owner('PUT', '/owner/offer/draft', offer);
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain('body/gallery/14/picture');
    expect((await owner('GET', '/owner/offer/versions')).body).toEqual(before);
  });
});
