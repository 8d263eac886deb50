import { configure, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { userEvent } from '../../../testing/user';
import { contractHttp } from '../../../testing/contractHttp';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { OwnerHealth } from '../api/generated';
import { signInAsOwner } from '../testing/ownerApi';
import { OWNER_TEXT } from '../messages';
import HealthPage from './HealthPage';

const t = OWNER_TEXT.health;

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
beforeEach(() => signInAsOwner());

const MESSAGE_ID = '019ac3f2b6a0c1d2e3f4a5b6';

const health = (overrides: Partial<OwnerHealth> = {}): OwnerHealth => ({
  problems: ['1 e-mail failed in the last 24 hours'],
  failedMessages: [
    {
      id: MESSAGE_ID,
      kind: 'customer-quote',
      to: 'gone@example.com',
      bookingId: '65a1f0c2e4b0a1b2c3d4e5f7',
      failure: 'refused',
      reason: 'EENVELOPE 550: 5.1.1 user unknown',
      attempts: 1,
      createdAt: '2026-11-27T15:02:11.000Z',
      failedAt: '2026-11-27T15:02:13.000Z',
      dismissedAt: null,
      dismissedBy: null,
      dismissReason: null,
    },
  ],
  waiting: { count: 2, oldestDueAt: '2026-11-28T01:00:00.000Z' },
  lastBackup: { at: '2026-11-28T03:00:00.000Z', bytes: 5_242_880 },
  suppressed: [
    {
      email: 'bounced@example.com',
      reason: 'bounce',
      detail: 'General',
      suppressedAt: '2026-11-26T18:40:00.000Z',
    },
  ],
  clientErrors: {
    days: 7,
    total: 5,
    messages: [
      { message: "TypeError: Cannot read properties of undefined (reading 'map')", count: 4 },
      { message: 'ChunkLoadError: Loading chunk 7 failed.', count: 1 },
    ],
  },
  ...overrides,
});

const render = () =>
  renderApp('/owner/health', { routes: [{ path: '/owner/health', element: <HealthPage /> }] });

it('shows a failed e-mail with its reason; Send again asks the server and says it is queued', async () => {
  let current = health();
  const resent: string[] = [];
  server.use(
    contractHttp.get('/owner/health', () => HttpResponse.json<OwnerHealth>(current)),
    contractHttp.post('/owner/health/messages/{id}/resend', ({ params }) => {
      resent.push(String(params.id));
      current = health({ failedMessages: [], problems: [] });
      return HttpResponse.json<OwnerHealth>(current);
    }),
  );
  render();
  expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: t.failedLabel });
  const row = within(table)
    .getByRole('rowheader', { name: t.kinds['customer-quote'] })
    .closest('tr')!;
  expect(row).toHaveTextContent('gone@example.com');
  expect(row).toHaveTextContent(t.failures.refused);
  expect(row).toHaveTextContent('EENVELOPE 550: 5.1.1 user unknown');
  expect(screen.getByText('1 e-mail failed in the last 24 hours')).toBeInTheDocument();
  expect(screen.getByText(/^2 e-mails waiting\./)).toBeInTheDocument();
  expect(screen.getByText(/^Taken Nov 27, 2026 10:00 PM, 5\.2 MB\.$/)).toBeInTheDocument();

  await userEvent.click(within(row).getByRole('button', { name: t.sendAgain }));
  expect(await screen.findByText(t.sentAgain)).toBeInTheDocument();
  expect(resent).toEqual([MESSAGE_ID]);
  expect(await screen.findByText(t.noFailed)).toBeInTheDocument();
  expect(screen.getByText(t.allWell)).toBeInTheDocument();
});

it("shows the server's reason when Send again is refused", async () => {
  server.use(
    contractHttp.get('/owner/health', () => HttpResponse.json<OwnerHealth>(health())),
    contractHttp.post('/owner/health/messages/{id}/resend', () =>
      HttpResponse.json(
        {
          error: 'Conflict',
          message:
            'The mail server refused this e-mail for good (EENVELOPE 550: 5.1.1 user unknown); it would be refused again',
        },
        { status: 409 },
      ),
    ),
  );
  render();
  await userEvent.click(await screen.findByRole('button', { name: t.sendAgain }));
  expect(
    await screen.findByText(
      'The mail server refused this e-mail for good (EENVELOPE 550: 5.1.1 user unknown); it would be refused again',
    ),
  ).toBeInTheDocument();
});

it('Dismiss asks for a reason, sends it, and keeps what was typed when the server refuses', async () => {
  let current = health();
  const reasons: unknown[] = [];
  let refuse = true;
  server.use(
    contractHttp.get('/owner/health', () => HttpResponse.json<OwnerHealth>(current)),
    contractHttp.post('/owner/health/messages/{id}/dismiss', async ({ request }) => {
      reasons.push(await request.json());
      if (refuse)
        return HttpResponse.json(
          { error: 'Conflict', message: 'This e-mail has not failed: it is sent or waiting' },
          { status: 409 },
        );
      const [message] = health().failedMessages;
      current = health({
        problems: [],
        failedMessages: [
          {
            ...message!,
            dismissedAt: '2026-11-28T14:00:00.000Z',
            dismissedBy: 'owner-sub',
            dismissReason: 'Wrong address, called instead',
          },
        ],
      });
      return HttpResponse.json<OwnerHealth>(current);
    }),
  );
  render();
  const table = await screen.findByRole('table', { name: t.failedLabel });
  // Only with the keyboard: to the button, open the form, type, Enter.
  const dismiss = within(table).getByRole('button', { name: t.dismiss });
  dismiss.focus();
  await userEvent.keyboard('{Enter}');
  const reason = await screen.findByRole('textbox', { name: t.dismissReason });
  expect(reason).toHaveFocus();
  // An empty reason is not sent.
  await userEvent.keyboard('{Enter}');
  expect(await screen.findByText(t.reasonRequired)).toBeInTheDocument();
  expect(reasons).toEqual([]);
  await userEvent.type(reason, 'Wrong address, called instead{Enter}');
  expect(
    await screen.findByText('This e-mail has not failed: it is sent or waiting'),
  ).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: t.dismissReason })).toHaveValue(
    'Wrong address, called instead',
  );
  refuse = false;
  await userEvent.click(screen.getByRole('button', { name: t.confirmDismiss }));
  expect(await screen.findByText(t.dismissed)).toBeInTheDocument();
  expect(reasons).toEqual(Array(2).fill({ reason: 'Wrong address, called instead' }));
  const row = within(await screen.findByRole('table', { name: t.failedLabel }))
    .getByRole('rowheader', { name: t.kinds['customer-quote'] })
    .closest('tr')!;
  expect(row).toHaveTextContent('Wrong address, called instead');
  expect(screen.queryByRole('textbox', { name: t.dismissReason })).not.toBeInTheDocument();
  expect(screen.getByText(t.allWell)).toBeInTheDocument();
});

it('a held-back e-mail offers Allow again for its address', async () => {
  const [message] = health().failedMessages;
  const allowed: unknown[] = [];
  server.use(
    contractHttp.get('/owner/health', () =>
      HttpResponse.json<OwnerHealth>(
        health({
          failedMessages: [{ ...message!, failure: 'suppressed', to: 'held@example.com' }],
        }),
      ),
    ),
    contractHttp.post('/owner/health/allow-address', async ({ request }) => {
      allowed.push(await request.json());
      return HttpResponse.json<OwnerHealth>(health({ failedMessages: [], problems: [] }));
    }),
  );
  render();
  const table = await screen.findByRole('table', { name: t.failedLabel });
  await userEvent.click(within(table).getByRole('button', { name: t.allowAgain }));
  expect(await screen.findByText(t.allowed('held@example.com'))).toBeInTheDocument();
  expect(allowed).toEqual([{ email: 'held@example.com' }]);
});

it('shows a suppressed address; Allow again takes it off the list', async () => {
  let current = health();
  const allowed: unknown[] = [];
  server.use(
    contractHttp.get('/owner/health', () => HttpResponse.json<OwnerHealth>(current)),
    contractHttp.post('/owner/health/allow-address', async ({ request }) => {
      allowed.push(await request.json());
      current = health({ suppressed: [] });
      return HttpResponse.json<OwnerHealth>(current);
    }),
  );
  render();
  const table = await screen.findByRole('table', { name: t.suppressedLabel });
  const row = within(table).getByRole('rowheader', { name: 'bounced@example.com' }).closest('tr')!;
  expect(row).toHaveTextContent(`${t.reasons.bounce} (General)`);
  await userEvent.click(within(row).getByRole('button', { name: t.allowAgain }));
  expect(await screen.findByText(t.allowed('bounced@example.com'))).toBeInTheDocument();
  expect(allowed).toEqual([{ email: 'bounced@example.com' }]);
  expect(await screen.findByText(t.noSuppressed)).toBeInTheDocument();
});

it("counts the errors of customers' browsers of the last 7 days, by message", async () => {
  server.use(contractHttp.get('/owner/health', () => HttpResponse.json<OwnerHealth>(health())));
  render();
  expect(
    await screen.findByRole('heading', { level: 2, name: t.errorsTitle(7) }),
  ).toBeInTheDocument();
  expect(screen.getByText('5 errors reported.')).toBeInTheDocument();
  const table = screen.getByRole('table', { name: t.errorsLabel });
  const row = within(table)
    .getByRole('rowheader', {
      name: "TypeError: Cannot read properties of undefined (reading 'map')",
    })
    .closest('tr')!;
  expect(row).toHaveTextContent('4');
});

it("labels every cell with its column's heading: on a phone each row is a card of labelled cells", async () => {
  server.use(contractHttp.get('/owner/health', () => HttpResponse.json<OwnerHealth>(health())));
  render();
  for (const name of [t.failedLabel, t.suppressedLabel, t.errorsLabel]) {
    const table = await screen.findByRole('table', { name });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((heading) => heading.textContent);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const labels = [...row.querySelectorAll('th, td')].map((cell) =>
        cell.getAttribute('data-label'),
      );
      expect({ table: name, labels }).toEqual({ table: name, labels: headings });
    }
  }
});

it('lists the texts given up; Send again on an uncertain one asks the server and says it is queued; one held back by STOP has none', async () => {
  const TEXT_ID = '019ac3f2b6a0c1d2e3f4a5c7';
  const failedText = (
    id: string,
    failure: 'uncertain' | 'stopped',
  ): NonNullable<OwnerHealth['texts']>['failed'][number] => ({
    id,
    kind: 'on-my-way',
    number: '+19195550156',
    status: 'failed',
    body: 'Triangle Shine Mobile Detailing: we are on our way and should arrive in about 20 minutes. Reply STOP to opt out.',
    queuedAt: '2026-11-28T14:00:00.000Z',
    sentAt: null,
    failure,
    lastError:
      failure === 'uncertain' ? 'The server stopped while sending it: it may have arrived' : null,
    failedAt: '2026-11-28T14:00:05.000Z',
  });
  const texts = (failed: NonNullable<OwnerHealth['texts']>['failed']) => ({
    waiting: 1,
    oldestDueAt: '2026-11-28T13:00:00.000Z',
    sentToday: 3,
    failed,
  });
  let current = health({
    failedMessages: [],
    problems: ['1 text could not be sent in the last 7 days'],
    texts: texts([
      failedText(TEXT_ID, 'uncertain'),
      failedText('019ac3f2b6a0c1d2e3f4a5c8', 'stopped'),
    ]),
  });
  const resent: string[] = [];
  server.use(
    contractHttp.get('/owner/health', () => HttpResponse.json<OwnerHealth>(current)),
    contractHttp.post('/owner/health/texts/{id}/resend', ({ params }) => {
      resent.push(String(params.id));
      current = health({ failedMessages: [], problems: [], texts: texts([]) });
      return HttpResponse.json<OwnerHealth>(current);
    }),
  );
  render();
  const table = await screen.findByRole('table', { name: t.textsFailedLabel });
  const [uncertain, stopped] = within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.closest('tr')!);
  expect(uncertain).toHaveTextContent('(919) 555-0156');
  expect(uncertain).toHaveTextContent(t.textFailures.uncertain);
  expect(uncertain).toHaveTextContent('The server stopped while sending it: it may have arrived');
  expect(stopped).toHaveTextContent(t.textFailures.stopped);
  expect(within(stopped!).queryByRole('button', { name: t.sendAgain })).toBeNull();
  expect(screen.getByText(t.textsFigures(1, 3))).toBeInTheDocument();

  await userEvent.click(within(uncertain!).getByRole('button', { name: t.sendAgain }));
  expect(await screen.findByText(t.textSentAgain)).toBeInTheDocument();
  expect(resent).toEqual([TEXT_ID]);
  expect(await screen.findByText(t.noFailedTexts)).toBeInTheDocument();
});
