/**
 * The business's offer (docs/product.md, "The business's offer"): the published offer every quote
 * is priced by, the owner's draft, publishing, the versions and restoring one. Each change of the
 * draft is a new version with who made it and when; the latest version is the draft, and one
 * version is the published offer. The seeded defaults (domain/offer.ts) are version 1.
 */
import type {
  OfferVersion,
  OfferVersionSummary,
  PublishedOffer,
} from '../../domain/contract/types';
import { DEFAULT_OFFER, offerProblem, SEEDED_OFFER_VERSION, type Offer } from '../../domain/offer';
import { inWriteTransaction, statement, type Db } from '../platform/db';
import { badRequest, notFound } from '../platform/errors';
import { withUploadedImages } from './gallery';

/** How many versions the owner's list shows. */
export const LISTED_VERSIONS = 20;
/** Who made the seeded defaults. */
const SEED_AUTHOR = 'seed';

interface VersionRow {
  version: number;
  offer: string;
  created_by: string;
  created_at: string;
  restored_from: number | null;
  published_at: string | null;
}

/** Writes the seeded defaults as version 1, published, when the database has no offer yet. */
export function seedOffer(db: Db, now = new Date()): void {
  inWriteTransaction(db, () => {
    const any = statement(db, 'SELECT 1 FROM offer_versions LIMIT 1').get();
    if (any) return;
    const at = now.toISOString();
    statement(
      db,
      `INSERT INTO offer_versions (version, offer, created_by, created_at, published_at)
       VALUES (@version, @offer, @by, @at, @at)`,
    ).run({
      version: SEEDED_OFFER_VERSION,
      offer: JSON.stringify(DEFAULT_OFFER),
      by: SEED_AUTHOR,
      at,
    });
    statement(db, 'INSERT INTO offer_published (id, version) VALUES (1, ?)').run(
      SEEDED_OFFER_VERSION,
    );
  });
}

const versionRow = (db: Db, version: number) =>
  statement(db, 'SELECT * FROM offer_versions WHERE version = ?').get(version) as
    VersionRow | undefined;

const publishedNumber = (db: Db) =>
  (
    statement(db, 'SELECT version FROM offer_published WHERE id = 1').get() as
      { version: number } | undefined
  )?.version;

/**
 * The offer visitors see and every new quote is priced by; the seeded defaults while the database
 * has none (a database the server has not started on).
 */
export function readPublishedOffer(db: Db): PublishedOffer {
  const number = publishedNumber(db);
  const row = number === undefined ? undefined : versionRow(db, number);
  if (!row) {
    return {
      version: SEEDED_OFFER_VERSION,
      publishedAt: new Date(0).toISOString(),
      offer: DEFAULT_OFFER,
    };
  }
  return {
    version: row.version,
    publishedAt: row.published_at ?? row.created_at,
    offer: JSON.parse(row.offer) as Offer,
  };
}

const summary = (row: VersionRow): OfferVersionSummary => ({
  version: row.version,
  createdBy: row.created_by,
  createdAt: row.created_at,
  publishedAt: row.published_at,
  restoredFrom: row.restored_from,
});

const withOffer = (db: Db, row: VersionRow): OfferVersion => ({
  ...summary(row),
  published: publishedNumber(db) === row.version,
  offer: JSON.parse(row.offer) as Offer,
});

/** The latest version: the owner's draft. */
export function readDraft(db: Db): OfferVersion {
  seedOffer(db);
  const row = statement(
    db,
    'SELECT * FROM offer_versions ORDER BY version DESC LIMIT 1',
  ).get() as VersionRow;
  return withOffer(db, row);
}

function addVersion(
  db: Db,
  offer: Offer,
  by: string,
  now: Date,
  restoredFrom: number | null = null,
): OfferVersion {
  const { lastInsertRowid } = statement(
    db,
    `INSERT INTO offer_versions (offer, created_by, created_at, restored_from)
     VALUES (?, ?, ?, ?)`,
  ).run(JSON.stringify(offer), by, now.toISOString(), restoredFrom);
  return withOffer(db, versionRow(db, Number(lastInsertRowid))!);
}

/** Trims what people type around names and texts, so " Cary " and "Cary" are one town. */
function tidy(offer: Offer): Offer {
  const trim = (text: string) => text.trim();
  return {
    ...offer,
    addons: offer.addons.map((addon) => ({ ...addon, name: trim(addon.name) })),
    towns: offer.towns.map(trim),
    reviews: offer.reviews.map((review) => ({
      ...review,
      name: trim(review.name),
      town: trim(review.town),
      text: trim(review.text),
    })),
    gallery: offer.gallery.map((picture) => ({
      ...picture,
      alt: trim(picture.alt),
      caption: trim(picture.caption),
    })),
  };
}

/**
 * PUT /owner/offer/draft: a new version; 400 naming the field (nothing stored) when it does not
 * hold. Uploaded gallery pictures carry the size the server measured (./gallery.ts).
 */
export function replaceDraft(db: Db, offer: Offer, by: string, now = new Date()): OfferVersion {
  const problem = offerProblem(offer);
  if (problem) throw badRequest(`${problem.field}: ${problem.message}`);
  seedOffer(db, now);
  const tidied = tidy(offer);
  return inWriteTransaction(db, () =>
    addVersion(db, { ...tidied, gallery: withUploadedImages(db, tidied.gallery) }, by, now),
  );
}

/** POST /owner/offer/publish: the draft becomes the published offer. */
export function publishDraft(db: Db, now = new Date()): PublishedOffer {
  seedOffer(db, now);
  return inWriteTransaction(db, () => {
    const draft = readDraft(db);
    if (!draft.published) {
      statement(db, 'UPDATE offer_versions SET published_at = ? WHERE version = ?').run(
        now.toISOString(),
        draft.version,
      );
      statement(db, 'UPDATE offer_published SET version = ? WHERE id = 1').run(draft.version);
    }
    return readPublishedOffer(db);
  });
}

/** GET /owner/offer/versions: the last versions, newest first. */
export function listVersions(db: Db): OfferVersionSummary[] {
  seedOffer(db);
  const rows = statement(db, 'SELECT * FROM offer_versions ORDER BY version DESC LIMIT ?').all(
    LISTED_VERSIONS,
  ) as VersionRow[];
  return rows.map(summary);
}

/** POST /owner/offer/versions/{version}/restore: that version's offer as a new draft. */
export function restoreVersion(
  db: Db,
  version: number,
  by: string,
  now = new Date(),
): OfferVersion {
  seedOffer(db, now);
  return inWriteTransaction(db, () => {
    const row = versionRow(db, version);
    if (!row) throw notFound(`No version ${version} of the offer`);
    return addVersion(db, JSON.parse(row.offer) as Offer, by, now, row.version);
  });
}
