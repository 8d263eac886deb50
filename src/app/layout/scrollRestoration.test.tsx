/** Each page opens at its top; Back and Forward return to where the reader was; /#section waits for its section (docs/product.md §2). */
import { act, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { renderApp } from '../../testing/render';
import { RootLayout } from './RootLayout';

let scrollY = 0;
const scrolledTo: number[] = [];

beforeEach(() => {
  scrollY = 0;
  scrolledTo.length = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  jest.spyOn(window, 'scrollTo').mockImplementation(((x: number | ScrollToOptions, y?: number) => {
    scrollY = typeof x === 'number' ? (y ?? 0) : (x.top ?? 0);
    scrolledTo.push(scrollY);
  }) as typeof window.scrollTo);
  // jsdom lays nothing out: the page is as tall as any position asked for.
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    get: () => 100_000,
  });
});
afterEach(() => jest.restoreAllMocks());

/** The reader scrolls to `y`. */
function readerScrolls(y: number) {
  act(() => {
    scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });
}

const page = (name: string) => <h1>{name}</h1>;

/** A home page whose #contact section arrives `after` ms late (a slow phone's late chunk). */
function LateHome({ after }: { after: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), after);
    return () => window.clearTimeout(timer);
  }, [after]);
  return (
    <>
      <h1>Home</h1>
      {ready && <section id="contact">Late contact section</section>}
    </>
  );
}

const routes = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LateHome after={5000} /> },
      { path: '/services', element: page('Services') },
      { path: '/gallery', element: page('Gallery') },
    ],
  },
];

// First in this file: the positions remembered by earlier tests would make this visit's first
// entry (MemoryRouter's, keyed 'default' in every test) one that was scrolled.
it('the first page of a visit, and any entry last seen at its top, opens at the top without measuring the page', async () => {
  // Reading the page's height makes the browser lay it out in the middle of React's work.
  const measured = jest.fn(() => 100_000);
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    get: measured,
  });
  const { router } = renderApp('/services', { routes });
  await screen.findByRole('heading', { name: 'Services' });
  readerScrolls(0);
  act(() => router.navigate('/gallery'));
  await screen.findByRole('heading', { name: 'Gallery' });
  act(() => router.navigate(-1 as unknown as string));
  await screen.findByRole('heading', { name: 'Services' });
  await waitFor(() => expect(scrolledTo.at(-1)).toBe(0));
  expect(measured).not.toHaveBeenCalled();
});

it('a new page opens at its top; Back and Forward restore where the reader was', async () => {
  const { router } = renderApp('/services', { routes });
  await screen.findByRole('heading', { name: 'Services' });
  readerScrolls(1200);

  act(() => router.navigate('/gallery'));
  await screen.findByRole('heading', { name: 'Gallery' });
  await waitFor(() => expect(scrollY).toBe(0));
  readerScrolls(300);

  act(() => router.navigate(-1 as unknown as string));
  await screen.findByRole('heading', { name: 'Services' });
  await waitFor(() => expect(scrollY).toBe(1200));

  act(() => router.navigate(1 as unknown as string));
  await screen.findByRole('heading', { name: 'Gallery' });
  await waitFor(() => expect(scrollY).toBe(300));
});

it('/#section still scrolls to its section when the section arrives 5 s late', async () => {
  jest.useFakeTimers();
  try {
    const scrolled: string[] = [];
    jest.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    const { router } = renderApp('/services', { routes });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    act(() => router.navigate('/#contact'));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5200);
    });
    expect(screen.getByText('Late contact section')).toBeInTheDocument();
    expect(scrolled).toContain('contact');
    expect(document.activeElement).toBe(document.getElementById('contact'));
  } finally {
    jest.useRealTimers();
  }
});
