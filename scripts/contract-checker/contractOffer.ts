/**
 * The contract check's offer operations: the published offer anyone reads (its prices are what
 * the check's quotes send as the total they saw) and, with an owner's token, the draft, the
 * versions, publishing and restoring. The owner's offer ends as it was: the published offer is
 * stored back as a new version and published (visitors see the same offer), and the owner's own
 * draft is restored as the newest version.
 */
import type { Offer, PublishedOffer } from '../../domain/contract/types';
import { asArray, asRecord, type ContractRun, type Exchange } from './contractCore';
import { PNG, pictureUpload } from './contractOwner';

const hasOffer = (exchange: Exchange) =>
  typeof asRecord(asRecord(exchange.json).offer).vehicleTypes === 'object'
    ? undefined
    : 'expected the offer with its vehicle types';

/** GET /offer; undefined when the answer holds no offer. */
export async function readPublishedOffer(run: ContractRun): Promise<PublishedOffer | undefined> {
  const exchange = await run.check('getOffer', 'published offer → 200', {}, 200, hasOffer);
  if (!exchange || exchange.status !== 200 || hasOffer(exchange)) return undefined;
  return exchange.json as PublishedOffer;
}

/** The owner's offer operations; the owner's draft and the published offer end as they were. */
export async function checkOwnerOffer(run: ContractRun, ownerToken: string): Promise<void> {
  const asOwner = { token: ownerToken };
  const draft = await run.check('getOwnerOfferDraft', 'draft → 200', asOwner, 200, hasOffer);
  const published = await readPublishedOffer(run);
  const draftVersion = asRecord(draft?.json).version;
  if (!published || typeof draftVersion !== 'number') {
    for (const op of ['replaceOwnerOfferDraft', 'publishOwnerOffer'] as const)
      run.blocked(op, 'the published offer back', 'reading the offer failed');
    return;
  }
  const offer: Offer = published.offer;
  const twice = offer.addons[0]
    ? { ...offer, addons: [...offer.addons, { ...offer.addons[0] }] }
    : { ...offer, towns: [...offer.towns, offer.towns[0] ?? 'Cary'] };
  await run.check(
    'replaceOwnerOfferDraft',
    'an add-on (or a town) twice → 400',
    { ...asOwner, body: twice },
    400,
  );
  await run.check(
    'replaceOwnerOfferDraft',
    'a negative price → 400',
    {
      ...asOwner,
      body: {
        ...offer,
        vehicleTypes: { ...offer.vehicleTypes, Sedan: { price: -1, description: 'x' } },
      },
    },
    400,
  );
  await run.check(
    'replaceOwnerOfferDraft',
    'the published offer as the draft → 200, a new version',
    { ...asOwner, body: offer },
    200,
    (exchange) =>
      (asRecord(exchange.json).version as number) > draftVersion
        ? undefined
        : 'expected a version newer than the draft',
  );
  await run.check('publishOwnerOffer', 'publish → 200, the same offer', asOwner, 200, (exchange) =>
    JSON.stringify(asRecord(exchange.json).offer) === JSON.stringify(offer)
      ? undefined
      : 'expected the offer that was published before',
  );
  await run.check(
    'listOwnerOfferVersions',
    'versions → 200, newest first, the draft among them',
    asOwner,
    200,
    (exchange) => {
      const numbers = asArray(exchange.json).map((item) => asRecord(item).version as number);
      const sorted = numbers.every((n, i) => i === 0 || (numbers[i - 1] ?? 0) > n);
      return sorted && numbers.length <= 20 ? undefined : 'expected at most 20, newest first';
    },
  );
  await run.check(
    'restoreOwnerOfferVersion',
    "the owner's draft restored → 200",
    { ...asOwner, params: { version: String(draftVersion) } },
    200,
    (exchange) =>
      asRecord(exchange.json).restoredFrom === draftVersion
        ? undefined
        : `expected restoredFrom ${draftVersion}`,
  );
  await run.check(
    'restoreOwnerOfferVersion',
    'a version that does not exist → 404',
    { ...asOwner, params: { version: '999999999' } },
    404,
  );
  await run.check(
    'restoreOwnerOfferVersion',
    'version 0 → 400',
    { ...asOwner, params: { version: '0' } },
    400,
  );
  await checkGalleryUpload(run, asOwner);
}

/**
 * A gallery picture uploaded (it joins no draft: the gallery changes only with a saved draft),
 * its files fetched without a token, and the refusals: no alt text, bytes that are no picture.
 */
async function checkGalleryUpload(run: ContractRun, asOwner: { token: string }): Promise<void> {
  const alt = { alt: 'Sent by the contract check' };
  const uploaded = await run.check(
    'uploadOwnerGalleryPicture',
    'a PNG with alt text → 201, an uploads/ entry',
    { ...asOwner, ...pictureUpload(PNG, 'image/png', alt) },
    201,
    (exchange) =>
      /^uploads\//.test(String(asRecord(exchange.json).picture))
        ? undefined
        : 'expected picture uploads/<id>',
  );
  await run.check(
    'uploadOwnerGalleryPicture',
    'no alt text → 400',
    { ...asOwner, ...pictureUpload(PNG, 'image/png', {}) },
    400,
  );
  await run.check(
    'uploadOwnerGalleryPicture',
    'bytes that are no picture → 400',
    { ...asOwner, ...pictureUpload(Buffer.from('not a picture'), 'image/png', alt) },
    400,
  );
  await run.check(
    'getGalleryPictureFile',
    'a file no upload made → 404',
    { token: null, params: { file: '0123456789abcdef-720.webp' } },
    404,
  );
  const entry = asRecord(uploaded?.json);
  const id = String(entry.picture ?? '').replace(/^uploads\//, '');
  const widths = asArray(asRecord(entry.image).widths);
  if (!uploaded || uploaded.status !== 201 || widths.length === 0) {
    run.blocked('getGalleryPictureFile', 'the uploaded picture', 'the upload failed');
    return;
  }
  for (const width of widths) {
    await run.check(
      'getGalleryPictureFile',
      `its ${String(width)} px file → 200 image, without a token`,
      { token: null, params: { file: `${id}-${String(width)}.webp` } },
      200,
    );
  }
}
