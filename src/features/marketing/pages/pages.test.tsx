import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
import { renderApp } from '../../../testing/render';
import { business } from '../../../config/business';
import { HomePage } from './HomePage';
import { marketingTexts } from '../messages';

const TOWNS = [
  'Cary',
  'Apex',
  'Morrisville',
  'Durham',
  'Raleigh',
  'Holly Springs',
  'Garner',
  'Wake Forest',
];

describe('home page', () => {
  it('has the anchored sections in order, with the booking section given to it', async () => {
    renderApp('/', {
      routes: [{ path: '/', element: <HomePage bookingSection={<p>The quote wizard</p>} /> }],
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: marketingTexts.heroTitle,
      }),
    ).toBeVisible();
    // The sections after the quote arrive with their own code, a moment later.
    await waitFor(() =>
      expect([...document.querySelectorAll('section[id]')].map((s) => s.id)).toEqual([
        'home',
        'services',
        'booking',
        'gallery',
        'reviews',
        'contact',
        'servicearea',
      ]),
    );
    const booking = screen.getByRole('region', { name: marketingTexts.getQuote });
    expect(booking).toHaveAttribute('id', 'booking');
    expect(within(booking).getByText('The quote wizard')).toBeVisible();
    await waitFor(() =>
      expect(document.title).toBe(
        `Mobile Car Detailing in Cary, Raleigh and the Triangle | ${business.name}`,
      ),
    );
  });

  it('shows the services and prices readable as text', async () => {
    renderApp('/');
    const services = await screen.findByRole('region', { name: marketingTexts.servicesTitle });
    for (const name of ['Exterior Detailing', 'Interior Detailing', 'Mobile Wash'])
      expect(within(services).getByRole('heading', { name })).toBeVisible();
    expect(services).toHaveTextContent('starting from $90');
    for (const text of [
      'Sedan',
      '$90',
      'SUV',
      '$120',
      'Minivan',
      '$150',
      'Premium Package',
      '$200',
    ])
      expect(services).toHaveTextContent(text);
    expect(services).toHaveTextContent('Ceramic Wax+$50');
  });

  it('shows three reviews and links to the neighbourhood page', async () => {
    renderApp('/');
    const reviews = await screen.findByRole('region', { name: marketingTexts.reviewsTitle });
    expect(within(reviews).getAllByRole('listitem')).toHaveLength(3);
    expect(within(reviews).getAllByRole('img', { name: '5 out of 5 stars' })).toHaveLength(3);
    expect(
      within(reviews).getByRole('link', { name: new RegExp(marketingTexts.readMoreReviews) }),
    ).toHaveAttribute('href', business.socialUrl);
  });

  it('shows the contact details, the scheduling link, hours and the about text', async () => {
    renderApp('/');
    const contact = await screen.findByRole('region', { name: marketingTexts.contactSectionTitle });
    expect(within(contact).getByRole('link', { name: business.phone })).toHaveAttribute(
      'href',
      'tel:+19195550142',
    );
    expect(
      within(contact).getByRole('link', { name: new RegExp(marketingTexts.scheduleOnline) }),
    ).toHaveAttribute('href', business.schedulingUrl);
    expect(contact).toHaveTextContent('Mon-Sun 9am-6pm');
    expect(contact).toHaveTextContent(business.about);
  });

  it('lists the eight towns once for screen readers', async () => {
    renderApp('/');
    const area = await screen.findByRole('region', { name: marketingTexts.serviceAreaTitle });
    const list = within(area).getByRole('list', { name: marketingTexts.townsLabel });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(TOWNS.map((town) => `${town}, NC`));
    // The second copy that makes the strip loop is hidden from assistive technology.
    expect(within(area).getAllByRole('list')).toHaveLength(1);
  });

  it('describes the business for search engines (LocalBusiness JSON-LD)', async () => {
    renderApp('/');
    // It comes with the sections after the quote.
    await screen.findByRole('region', { name: marketingTexts.serviceAreaTitle });
    const script = document.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script!.textContent!) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'AutoWash',
      name: business.name,
      telephone: business.phone,
      email: business.email,
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: [
            'Monday',
            'Tuesday',
            'Wednesday',
            'Thursday',
            'Friday',
            'Saturday',
            'Sunday',
          ],
          opens: '09:00',
          closes: '18:00',
        },
      ],
    });
    expect((data.areaServed as { name: string }[]).map((a) => a.name)).toEqual(
      TOWNS.map((town) => `${town}, NC`),
    );
  });

  it('shows the first gallery image, with its space kept, before the slideshow loads', async () => {
    renderApp('/');
    const gallery = await screen.findByRole('region', { name: marketingTexts.galleryTitle });
    const img = within(gallery).getByRole('img', { name: /red sedan covered in thick wash foam/ });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '800');
    expect(img.getAttribute('srcset')).toMatch(/-720\.[0-9a-f]+\.webp 720w/);
  });

  it('loads the hero image first, eagerly and at high priority', async () => {
    renderApp('/');
    const hero = await screen.findByRole('img', { name: /its back half covered in wash foam/ });
    expect(hero).toHaveAttribute('loading', 'eager');
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    expect(hero).toHaveAttribute('sizes');
  });
});

describe('/services', () => {
  it('shows the three service cards, "starting from $90" and the 24-hour reply', async () => {
    renderApp('/services');
    expect(
      await screen.findByRole('heading', { level: 1, name: marketingTexts.servicesTitle }),
    ).toBeVisible();
    for (const name of ['Exterior Detailing', 'Interior Detailing', 'Mobile Wash'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeVisible();
    expect(screen.getByText('Packages starting from $90')).toBeVisible();
    expect(screen.getByText(/our team replies within 24 hours/)).toBeVisible();
    await waitFor(() => expect(document.title).toBe(`Our Services | ${business.name}`));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      expect.stringContaining('starting from $90'),
    );
  });
});

describe('/services plans', () => {
  it('lists the offer’s plans with their price per visit and what each includes', async () => {
    renderApp('/services');
    const plans = await screen.findByRole('region', { name: marketingTexts.plansTitle });
    const items = within(plans).getAllByRole('listitem', { name: /a visit/ });
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Weekly: $70 a visit',
      'Every two weeks: $80 a visit',
      'Monthly: $90 a visit',
    ]);
    expect(items[2]).toHaveTextContent('Spray sealant');
  });
});

describe('/contact', () => {
  it('shows phone, e-mail and hours; the form is a clearly marked placeholder', async () => {
    renderApp('/contact');
    expect(
      await screen.findByRole('heading', { level: 1, name: marketingTexts.contactPageTitle }),
    ).toBeVisible();
    expect(screen.getAllByRole('link', { name: business.phone })[0]).toHaveAttribute(
      'href',
      'tel:+19195550142',
    );
    expect(screen.getAllByRole('link', { name: business.email })[0]).toHaveAttribute(
      'href',
      `mailto:${business.email}`,
    );
    expect(screen.getByText('Mon-Sun 9am-6pm')).toBeVisible();
    const form = screen.getByRole('form', { name: marketingTexts.contactFormLabel });
    expect(form).toHaveAccessibleDescription(/coming soon and cannot send messages yet/);
    expect(within(form).getByLabelText(marketingTexts.contactFormName)).toBeDisabled();
    expect(within(form).getByLabelText(marketingTexts.contactFormMessage)).toBeDisabled();
    expect(
      within(form).getByRole('button', { name: marketingTexts.contactFormSend }),
    ).toBeDisabled();
  });
});

describe('/booking', () => {
  it('says the wizard moves here later and links to the home booking section', async () => {
    const { router } = renderApp('/booking');
    expect(
      await screen.findByRole('heading', { level: 1, name: marketingTexts.bookingPageTitle }),
    ).toBeVisible();
    expect(screen.getByText(marketingTexts.bookingPageIntro)).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'booking section of our home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.hash).toBe('#booking');
  });
});

describe('/gallery', () => {
  it('shows the gallery', async () => {
    renderApp('/gallery');
    expect(
      await screen.findByRole('heading', { level: 1, name: marketingTexts.galleryPageTitle }),
    ).toBeVisible();
    expect(screen.getByRole('img', { name: /red sedan covered in thick wash foam/ })).toBeVisible();
    await waitFor(() => expect(document.title).toBe(`Gallery | ${business.name}`));
  });
});
