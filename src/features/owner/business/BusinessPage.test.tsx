import { File as NodeFile } from 'node:buffer';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { userEvent } from '../../../testing/user';
import { contractHttp } from '../../../testing/contractHttp';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { signIn } from '../../../testing/tokens';
import { DEFAULT_OFFER, type Offer } from '../../../../domain/offer';
import type {
  GalleryPicture,
  OfferVersion,
  OfferVersionSummary,
  SitePagesUpdate,
} from '../api/generated';
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

  it('adds, edits and removes reviews, and orders, describes and removes gallery pictures', async () => {
    const user = userEvent.setup();
    const sent = serveOffer();
    render();
    const david = await screen.findByRole('group', { name: t.review(1, 'David R.') });
    await setValue(user, within(david).getByLabelText(t.reviewTown), 'Cary');
    await user.click(screen.getByRole('button', { name: t.remove(t.review(0, 'Jessica M.')) }));
    await user.click(screen.getByRole('button', { name: t.addReview }));
    const added = screen.getByRole('group', { name: t.review(2, '') });
    await user.type(within(added).getByLabelText(t.reviewText), 'Spotless, and on time.');
    await user.type(within(added).getByLabelText(t.reviewName), 'Maria L.');
    await user.type(within(added).getByLabelText(t.reviewTown), 'Garner');
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
      { name: 'Maria L.', town: 'Garner', rating: 5, text: 'Spotless, and on time.' },
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

  describe('gallery pictures from the phone', () => {
    const createObjectURL = URL.createObjectURL;
    const revokeObjectURL = URL.revokeObjectURL;
    beforeEach(() => {
      URL.createObjectURL = jest.fn(() => 'blob:preview');
      URL.revokeObjectURL = jest.fn();
    });
    afterEach(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });

    // Node's File: the test environment's FormData (Node's) takes no jsdom File.
    const photo = (name: string) =>
      new NodeFile([new Uint8Array([0xff, 0xd8, 0xff])], name, {
        type: 'image/jpeg',
      }) as unknown as File;
    const image = { width: 3000, height: 4000, color: '#5a6e82', widths: [480, 720, 960, 1440] };

    /** Answers each upload with an entry, or with `refuse`'s answer for a file it names. */
    function serveUploads(refuse: (name: string) => Response | undefined = () => undefined) {
      const received: { alt: string; caption: string; file: string }[] = [];
      server.use(
        contractHttp.post('/owner/gallery-pictures', async ({ request }) => {
          const form = await request.formData();
          const file = form.get('file');
          const name = file instanceof NodeFile ? file.name : '';
          received.push({
            alt: String(form.get('alt')),
            caption: String(form.get('caption')),
            file: name,
          });
          const refused = refuse(name);
          if (refused) return refused as never;
          return HttpResponse.json<GalleryPicture>(
            {
              picture: `uploads/${String(received.length).padStart(16, 'a')}`,
              alt: String(form.get('alt')),
              caption: String(form.get('caption')),
              image,
            },
            { status: 201 },
          );
        }),
      );
      return received;
    }

    it('uploads several pictures, each only with alt text, and keeps them by saving the draft', async () => {
      const user = userEvent.setup();
      const sent = serveOffer();
      const received = serveUploads();
      render();
      const input = await screen.findByLabelText(t.choosePictures);
      // A phone offers its camera or its pictures: JPEG, PNG or WebP, several, no forced camera.
      expect(input).toHaveAttribute('type', 'file');
      expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
      expect(input).toHaveAttribute('multiple');
      expect(input).not.toHaveAttribute('capture');
      await user.upload(input, [photo('IMG_2041.jpg'), photo('IMG_2042.jpg')]);

      const first = screen.getByRole('group', { name: t.chosenLabel('IMG_2041.jpg') });
      const second = screen.getByRole('group', { name: t.chosenLabel('IMG_2042.jpg') });
      expect(within(first).getByRole('presentation')).toHaveAttribute('src', 'blob:preview');
      await user.type(within(first).getByLabelText(t.alt), 'White SUV after its hand wash');
      await user.type(within(first).getByLabelText(t.caption), 'SUV in Cary');
      await user.type(within(second).getByLabelText(t.caption), 'Leather seats');
      await user.click(screen.getByRole('button', { name: t.uploadPictures(2) }));

      // The one without alt text is not sent: it says why, and keeps its caption.
      await waitFor(() => expect(received).toHaveLength(1));
      const secondAlt = within(second).getByLabelText(t.alt);
      expect(secondAlt).toHaveAccessibleDescription(t.altRequired);
      expect(secondAlt).toHaveAttribute('aria-invalid', 'true');
      expect(within(second).getByLabelText(t.caption)).toHaveValue('Leather seats');
      expect(received[0]).toEqual({
        alt: 'White SUV after its hand wash',
        caption: 'SUV in Cary',
        file: 'IMG_2041.jpg',
      });
      expect(await screen.findByText(t.uploadedNotice(1))).toBeVisible();
      const added = screen.getByRole('group', { name: t.picture(14) });
      expect(within(added).getByLabelText(t.alt)).toHaveValue('White SUV after its hand wash');
      // Its thumbnail: the server's files, at their size.
      const thumbnail = within(added).getByRole('presentation');
      expect(thumbnail).toHaveAttribute('src', '/api/gallery-pictures/aaaaaaaaaaaaaaa1-720.webp');
      expect(thumbnail).toHaveAttribute('width', '3000');
      expect(thumbnail).toHaveAttribute('height', '4000');

      await user.type(secondAlt, 'Tan leather seats, conditioned');
      await user.click(screen.getByRole('button', { name: t.uploadPictures(1) }));
      await waitFor(() => expect(received).toHaveLength(2));
      await screen.findByRole('group', { name: t.picture(15) });

      // Ordered and removed from the keyboard like any picture, then saved.
      const up = screen.getByRole('button', { name: t.moveUp(t.picture(14)) });
      up.focus();
      await user.keyboard('{Enter}');
      await user.click(screen.getByRole('button', { name: t.remove(t.picture(0)) }));
      await user.click(screen.getByRole('button', { name: t.save }));
      expect(await screen.findByText(t.saved)).toBeVisible();
      const uploaded = (n: number, alt: string, caption: string) => ({
        picture: `uploads/${String(n).padStart(16, 'a')}`,
        alt,
        caption,
        image,
      });
      expect(sent.put[0]?.gallery).toEqual([
        ...DEFAULT_OFFER.gallery.slice(1, 13),
        uploaded(1, 'White SUV after its hand wash', 'SUV in Cary'),
        DEFAULT_OFFER.gallery[13],
        uploaded(2, 'Tan leather seats, conditioned', 'Leather seats'),
      ]);
    });

    it("shows the server's refusal on the picture and keeps its alt text and caption", async () => {
      const user = userEvent.setup();
      const sent = serveOffer();
      serveUploads((name) =>
        name === 'huge.jpg'
          ? HttpResponse.json(
              { error: 'Payload Too Large', message: 'The picture is larger than 10 MB' },
              { status: 413 },
            )
          : HttpResponse.json(
              { error: 'Bad Request', message: 'body/alt must NOT have more than 300 characters' },
              { status: 400 },
            ),
      );
      render();
      await user.upload(await screen.findByLabelText(t.choosePictures), [
        photo('huge.jpg'),
        photo('long.jpg'),
      ]);
      const huge = screen.getByRole('group', { name: t.chosenLabel('huge.jpg') });
      const long = screen.getByRole('group', { name: t.chosenLabel('long.jpg') });
      await user.type(within(huge).getByLabelText(t.alt), 'Black hood, mirror gloss');
      await user.type(within(huge).getByLabelText(t.caption), 'Ceramic wax');
      await user.type(within(long).getByLabelText(t.alt), 'A very long description');
      await user.click(screen.getByRole('button', { name: t.uploadPictures(2) }));
      expect(await within(huge).findByRole('alert')).toHaveTextContent(
        `${t.uploadFailed} The picture is larger than 10 MB`,
      );
      await waitFor(() =>
        expect(within(long).getByLabelText(t.alt)).toHaveAccessibleDescription(
          'body/alt must NOT have more than 300 characters',
        ),
      );
      expect(within(huge).getByLabelText(t.alt)).toHaveValue('Black hood, mirror gloss');
      expect(within(huge).getByLabelText(t.caption)).toHaveValue('Ceramic wax');
      expect(within(long).getByLabelText(t.alt)).toHaveValue('A very long description');
      expect(screen.queryByRole('group', { name: t.picture(14) })).not.toBeInTheDocument();
      expect(sent.put).toEqual([]);
    });
  });
});
