import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { userEvent } from '../../testing/user';
import { contractHttp } from '../../testing/contractHttp';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { signIn } from '../../testing/tokens';
import type { Profile } from '../../api/generated';

type Stored = Profile & { textPreferences: NonNullable<Profile['textPreferences']> };

const stored: Stored = {
  userId: 'user-1',
  email: 'jordan@example.com',
  name: 'Jordan Miles',
  phone: '919-555-0100',
  mobile: '9195550101',
  serviceAddress: null,
  emailPreferences: { reminders: true, statusUpdates: true },
  textPreferences: { reminders: false, statusUpdates: false, number: null, stopped: false },
};

const panel = async () =>
  (await screen.findByRole('heading', { name: 'Texts from us' })).closest('section') ??
  document.body;

describe('Texts from us (Account Profile)', () => {
  beforeEach(() => signIn());

  it('confirms the mobile with the texted code, then saves each switch with the consent beside them', async () => {
    let profile: Stored = stored;
    const sent: unknown[] = [];
    server.use(
      contractHttp.get('/profile/me', () => HttpResponse.json(profile)),
      contractHttp.post('/profile/me/text-code', () => new HttpResponse(null, { status: 204 })),
      contractHttp.post('/profile/me/text-number', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        if (code !== '123456')
          return HttpResponse.json(
            { error: 'Bad Request', message: 'That code is not right' },
            { status: 400 },
          );
        profile = {
          ...stored,
          textPreferences: { ...stored.textPreferences, number: '+19195550101' },
        };
        return HttpResponse.json(profile);
      }),
      contractHttp.put('/profile/me', async ({ request }) => {
        const body = (await request.json()) as {
          textPreferences: { reminders: boolean; statusUpdates: boolean };
        };
        sent.push(body.textPreferences);
        profile = {
          ...profile,
          textPreferences: { ...profile.textPreferences, ...body.textPreferences },
        };
        return HttpResponse.json(profile);
      }),
    );
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    const texts = within(await panel());
    expect(texts.queryByRole('switch')).not.toBeInTheDocument();
    await user.click(texts.getByRole('button', { name: 'Text me a code' }));
    expect(
      await texts.findByText(
        'We texted a 6-digit code to (919) 555-0101. Enter it below within 10 minutes.',
      ),
    ).toBeInTheDocument();
    await user.type(texts.getByRole('textbox', { name: 'Code from the text' }), '12');
    await user.click(texts.getByRole('button', { name: 'Confirm number' }));
    expect(await texts.findByRole('alert')).toHaveTextContent('Enter the 6 digits of the code.');
    await user.type(texts.getByRole('textbox', { name: 'Code from the text' }), '3457');
    await user.click(texts.getByRole('button', { name: 'Confirm number' }));
    expect(await texts.findByRole('alert')).toHaveTextContent('That code is not right');
    const codeField = texts.getByRole('textbox', { name: 'Code from the text' });
    await user.clear(codeField);
    await user.type(codeField, '123456');
    await user.click(texts.getByRole('button', { name: 'Confirm number' }));

    expect(await texts.findByText('Texts go to (919) 555-0101.')).toBeInTheDocument();
    expect(
      texts.getByText(/^I agree to receive texts from .* Reply STOP to stop, HELP for help\.$/),
    ).toBeInTheDocument();
    await user.click(texts.getByRole('switch', { name: 'Text reminders' }));
    expect(await screen.findByText('Text preferences saved')).toBeInTheDocument();
    expect(sent).toEqual([{ reminders: true, statusUpdates: false }]);
    expect(texts.getByRole('switch', { name: 'Text reminders' })).toBeChecked();
  });

  it('asks for a mobile number first', async () => {
    server.use(
      contractHttp.get('/profile/me', () => HttpResponse.json({ ...stored, mobile: null })),
    );
    renderApp('/dashboard/profile');
    const texts = within(await panel());
    expect(
      texts.getByText(
        'Save a mobile number in Your Profile first: texts go only to a number you confirm.',
      ),
    ).toBeInTheDocument();
    expect(texts.queryByRole('button', { name: 'Text me a code' })).not.toBeInTheDocument();
  });

  it('says when the number texted STOP', async () => {
    server.use(
      contractHttp.get('/profile/me', () =>
        HttpResponse.json({
          ...stored,
          textPreferences: {
            reminders: true,
            statusUpdates: false,
            number: '+19195550101',
            stopped: true,
          },
        }),
      ),
    );
    renderApp('/dashboard/profile');
    const texts = within(await panel());
    expect(
      texts.getByText(
        '(919) 555-0101 texted STOP, so we send it nothing. Turning a text on here starts them again.',
      ),
    ).toBeInTheDocument();
  });
});
