import { configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { userEvent } from '../../../testing/user';
import { contractHttp } from '../../../testing/contractHttp';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { signIn } from '../../../testing/tokens';
import { DEFAULT_OFFER, type Offer } from '../../../../domain/offer';
import type { OfferVersion, OfferVersionSummary, SitePagesUpdate } from '../api/generated';
import BusinessPage from './BusinessPage';
import { OfferPreviewProvider } from './OfferPreview';
import { businessTexts as t } from './messages';

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
beforeEach(() => signIn());

/** A stand-in for the services page (src/app gives the console the real one): the draft's prices. */
const preview = (offer: Offer) => (
  <p>
    Preview: Sedan {offer.vehicleTypes.Sedan.price}, {offer.addons.map((a) => a.name).join(', ')}
  </p>
);

const render = () =>
  renderApp('/owner/business', {
    routes: [
      {
        path: '/owner/business',
        element: (
          <OfferPreviewProvider render={preview}>
            <BusinessPage />
          </OfferPreviewProvider>
        ),
      },
    ],
  });

const version = (n: number, offer: Offer, more: Partial<OfferVersion> = {}): OfferVersion => ({
  version: n,
  createdBy: 'owner@example.com',
  createdAt: '2026-11-28T14:00:00.000Z',
  publishedAt: null,
  restoredFrom: null,
  published: false,
  offer,
  ...more,
});

const seeded = version(1, DEFAULT_OFFER, {
  createdBy: 'seed',
  publishedAt: '2026-11-01T08:00:00.000Z',
  published: true,
});

/** Serves the draft and versions, and records what the console sends. */
function serveOffer(
  options: {
    save?: () => Response;
    versions?: OfferVersionSummary[];
    pages?: SitePagesUpdate;
  } = {},
) {
  const sent: { put: Offer[]; publish: number; restore: string[] } = {
    put: [],
    publish: 0,
    restore: [],
  };
  let latest = seeded;
  server.use(
    contractHttp.get('/owner/offer/draft', () => HttpResponse.json(latest)),
    contractHttp.put('/owner/offer/draft', async ({ request }) => {
      const body = (await request.json()) as Offer;
      sent.put.push(body);
      const answer = options.save?.();
      if (answer) return answer as never;
      latest = version(latest.version + 1, body);
      return HttpResponse.json(latest);
    }),
    contractHttp.post('/owner/offer/publish', () => {
      sent.publish += 1;
      latest = { ...latest, published: true, publishedAt: '2026-11-29T09:00:00.000Z' };
      return HttpResponse.json({
        version: latest.version,
        publishedAt: '2026-11-29T09:00:00.000Z',
        offer: latest.offer,
        pages: options.pages ?? {
          status: 'updated',
          paths: ['/', '/services'],
          message: 'The public pages show this offer.',
        },
      });
    }),
    contractHttp.get('/owner/offer/versions', () =>
      HttpResponse.json(
        options.versions ?? [
          {
            version: 1,
            createdBy: 'seed',
            createdAt: '2026-11-01T08:00:00.000Z',
            publishedAt: '2026-11-01T08:00:00.000Z',
            restoredFrom: null,
          },
        ],
      ),
    ),
    contractHttp.post('/owner/offer/versions/{version}/restore', ({ params }) => {
      sent.restore.push(String(params.version));
      latest = version(latest.version + 1, DEFAULT_OFFER, { restoredFrom: 1 });
      return HttpResponse.json(latest);
    }),
  );
  return sent;
}

async function setValue(
  user: ReturnType<typeof userEvent.setup>,
  field: HTMLElement,
  text: string,
) {
  await user.clear(field);
  await user.type(field, text);
}

describe('BusinessPage', () => {
  it('changes the Sedan price, adds an add-on placed by its buttons and a town, and saves the draft', async () => {
    const user = userEvent.setup();
    const sent = serveOffer();
    render();
    await setValue(user, await screen.findByLabelText(t.price('Sedan')), '95');
    await user.click(screen.getByRole('button', { name: t.addAddon }));
    const added = screen.getByRole('group', { name: t.addon(6, '') });
    // Each add-on is an item of the add-ons' list (axe's `list` rule: a <li> made a group is not).
    expect(within(added.closest('ul')!).getAllByRole('listitem')).toHaveLength(7);
    await user.type(within(added).getByLabelText(t.addonName), 'Engine Bay Cleaning');
    await setValue(user, within(added).getByLabelText(t.addonPrice), '40');
    await setValue(user, within(added).getByLabelText(t.addonMinutes), '30');
    // From the keyboard: the button keeps the focus as its add-on moves.
    const up = screen.getByRole('button', { name: t.moveUp('Engine Bay Cleaning') });
    up.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: t.moveUp('Engine Bay Cleaning') })).toHaveFocus();
    await user.click(screen.getByRole('checkbox', { name: `${t.addonOn}: Pet Hair Removal` }));
    await user.click(screen.getByRole('button', { name: t.addTown }));
    await user.type(screen.getByRole('textbox', { name: t.town(8) }), 'Fuquay-Varina');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.saved)).toBeVisible();
    const addons = [...DEFAULT_OFFER.addons];
    addons.splice(5, 0, { name: 'Engine Bay Cleaning', price: 40, minutes: 30, enabled: true });
    addons[1] = { ...addons[1]!, enabled: false };
    expect(sent.put).toEqual([
      {
        ...DEFAULT_OFFER,
        vehicleTypes: {
          ...DEFAULT_OFFER.vehicleTypes,
          Sedan: { price: 95, description: 'standard 4-door vehicles' },
        },
        addons,
        towns: [...DEFAULT_OFFER.towns, 'Fuquay-Varina'],
      },
    ]);
  });

  it("shows the server's 400 next to the field it names and keeps everything typed", async () => {
    const user = userEvent.setup();
    serveOffer({
      save: () =>
        HttpResponse.json(
          {
            error: 'Bad Request',
            message: 'body/reviews/3/text must NOT have fewer than 1 characters',
          },
          { status: 400 },
        ),
    });
    render();
    await user.click(await screen.findByRole('button', { name: t.addReview }));
    const review = screen.getByRole('group', { name: t.review(3, '') });
    await user.type(within(review).getByLabelText(t.reviewName), 'Sam K.');
    await setValue(user, screen.getByLabelText(t.planPrice('Weekly')), '75');
    await user.click(screen.getByRole('button', { name: t.save }));
    const text = within(screen.getByRole('group', { name: t.review(3, 'Sam K.') })).getByLabelText(
      t.reviewText,
    );
    await expect(screen.findByRole('alert')).resolves.toHaveTextContent(t.saveFailed);
    expect(text).toHaveAccessibleDescription(
      'body/reviews/3/text must NOT have fewer than 1 characters',
    );
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(t.planPrice('Weekly'))).toHaveValue(75);
    expect(screen.getByDisplayValue('Sam K.')).toBeVisible();
  });

  it('refuses a repeated town before sending anything, next to the town', async () => {
    const user = userEvent.setup();
    const sent = serveOffer();
    render();
    await user.click(await screen.findByRole('button', { name: t.addTown }));
    await user.type(screen.getByRole('textbox', { name: t.town(8) }), 'apex');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(screen.getByRole('textbox', { name: t.town(8) })).toHaveAccessibleDescription(
      '"apex" is already in the service area',
    );
    expect(sent.put).toEqual([]);
  });

  it('edits and removes reviews, and orders, describes and removes gallery pictures', async () => {
    const user = userEvent.setup();
    const sent = serveOffer();
    render();
    const david = await screen.findByRole('group', { name: t.review(1, 'David R.') });
    await setValue(user, within(david).getByLabelText(t.reviewTown), 'Cary');
    await user.click(screen.getByRole('button', { name: t.remove(t.review(0, 'Jessica M.')) }));
    await user.click(screen.getByRole('button', { name: t.moveDown(t.picture(0)) }));
    const second = screen.getByRole('group', { name: t.picture(1) });
    await setValue(user, within(second).getByLabelText(t.alt), 'Red sedan under foam');
    await user.click(screen.getByRole('button', { name: t.remove(t.picture(13)) }));
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.saved)).toBeVisible();
    const [foam, wheel, ...rest] = DEFAULT_OFFER.gallery;
    expect(sent.put[0]?.reviews).toEqual([
      { ...DEFAULT_OFFER.reviews[1], town: 'Cary' },
      DEFAULT_OFFER.reviews[2],
    ]);
    expect(sent.put[0]?.gallery).toEqual([
      wheel,
      { ...foam, alt: 'Red sedan under foam' },
      ...rest.slice(0, -1),
    ]);
  });

  it('shows the services page with the changes before publishing, then saves and publishes', async () => {
    const user = userEvent.setup();
    const sent = serveOffer();
    render();
    await setValue(user, await screen.findByLabelText(t.price('Sedan')), '95');
    await user.click(screen.getByRole('button', { name: t.preview }));
    const dialog = screen.getByRole('dialog', { name: t.previewTitle });
    expect(within(dialog).getByText(/Preview: Sedan 95, Tire Shine/)).toBeVisible();
    expect(sent.publish).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: t.publish }));
    expect(await screen.findByText(t.published(2))).toBeVisible();
    expect(sent.put.map((offer) => offer.vehicleTypes.Sedan.price)).toEqual([95]);
    expect(sent.publish).toBe(1);
  });

  it('says so when the offer is published but the public pages could not be updated, and publishing again retries', async () => {
    const user = userEvent.setup();
    const failed = 'The public pages could not be updated (disk full). Publish again to retry.';
    const sent = serveOffer({ pages: { status: 'failed', paths: [], message: failed } });
    render();
    await setValue(user, await screen.findByLabelText(t.price('Sedan')), '95');
    await user.click(screen.getByRole('button', { name: t.preview }));
    await user.click(
      within(screen.getByRole('dialog', { name: t.previewTitle })).getByRole('button', {
        name: t.publish,
      }),
    );
    const alert = await screen.findByText(t.publishedPagesFailed(2, failed));
    expect(alert.closest('[role="alert"]')).toHaveClass('MuiAlert-colorWarning');
    await user.click(await screen.findByRole('button', { name: t.preview }));
    await user.click(
      within(screen.getByRole('dialog', { name: t.previewTitle })).getByRole('button', {
        name: t.publish,
      }),
    );
    await waitFor(() => expect(sent.publish).toBe(2));
  });

  it('lists the versions with who and when, and restores one into the form', async () => {
    const user = userEvent.setup();
    const sent = serveOffer({
      versions: [
        {
          version: 2,
          createdBy: 'owner@example.com',
          createdAt: '2026-11-28T14:00:00.000Z',
          publishedAt: null,
          restoredFrom: null,
        },
        {
          version: 1,
          createdBy: 'seed',
          createdAt: '2026-11-01T08:00:00.000Z',
          publishedAt: '2026-11-01T08:00:00.000Z',
          restoredFrom: null,
        },
      ],
    });
    render();
    const list = await screen.findByRole('list', { name: t.versionsLabel });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('owner@example.com, Nov 28, 2026 9:00 AM');
    expect(items[0]).toHaveTextContent(t.notPublished);
    expect(items[1]).toHaveTextContent('Starting offer, Nov 1, 2026 3:00 AM');
    expect(items[1]).toHaveTextContent('Published Nov 1, 2026 3:00 AM');
    await setValue(user, screen.getByLabelText(t.price('Sedan')), '99');
    await user.click(within(items[1]!).getByRole('button', { name: t.restore(1) }));
    await user.click(
      within(screen.getByRole('dialog', { name: t.restoreTitle(1) })).getByRole('button', {
        name: t.restoreConfirm,
      }),
    );
    expect(await screen.findByText(t.restored(1))).toBeVisible();
    expect(sent.restore).toEqual(['1']);
    expect(screen.getByLabelText(t.price('Sedan'))).toHaveValue(90);
  });

  it('says when the offer cannot be loaded, with a way to try again', async () => {
    serveOffer();
    server.use(
      contractHttp.get('/owner/offer/draft', () =>
        HttpResponse.json({ error: 'Forbidden', message: 'Forbidden' }, { status: 403 }),
      ),
    );
    render();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
