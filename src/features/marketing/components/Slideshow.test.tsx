import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
import { renderWithProviders } from '../../../testing/render';
import { DEFAULT_OFFER } from '../../../../domain/offer';
import { offerPageData, sitePageData } from '../offerPageData';

const galleryImages = sitePageData.gallery;
import Slideshow from './Slideshow';
import { slideshowTexts } from '../messages';

const dot = (n: number) => screen.getByRole('button', { name: slideshowTexts.dot(n, 14) });
const expectCurrent = (n: number) => expect(dot(n)).toHaveAttribute('aria-current', 'true');
const shows = (n: number) =>
  waitFor(() => expect(screen.getByText(/ \/ 14/)).toHaveTextContent(`${n} / 14`));
/**
 * A 700 ms transition passing on the fake clock, with React told about the updates it causes.
 * react-slick clears its "animating" flag 10 ms after the transition's own update.
 */
async function transition() {
  await act(() => jest.advanceTimersByTimeAsync(750));
  await act(() => jest.advanceTimersByTimeAsync(50));
}

function preferReducedMotion() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query.includes('prefers-reduced-motion: reduce'),
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

describe('gallery slideshow', () => {
  it('shows the empty state without images', () => {
    renderWithProviders(<Slideshow images={[]} />);
    expect(screen.getByText(slideshowTexts.empty)).toBeVisible();
    expect(screen.queryByRole('button', { name: slideshowTexts.next })).not.toBeInTheDocument();
  });

  it('shows 14 captioned images with alt text, one dot each', () => {
    renderWithProviders(<Slideshow images={galleryImages} />);
    expect(galleryImages).toHaveLength(14);
    for (const image of galleryImages) expect(image.alt).toMatch(/^(Illustration|Close-up)/);
    expect(screen.getAllByRole('img', { name: galleryImages[0]!.alt }).length).toBeGreaterThan(0);
    expect(screen.getAllByText(galleryImages[0]!.caption).length).toBeGreaterThan(0);
    for (let n = 1; n <= 14; n += 1) expect(dot(n)).toBeInTheDocument();
    expectCurrent(1);
  });

  it('gives an uploaded picture its size and its files, as the seeded ones (no layout shift)', () => {
    const [uploaded] = offerPageData({
      ...DEFAULT_OFFER,
      gallery: [
        {
          picture: 'uploads/3f2a9c0d1e4b5a67',
          alt: 'A white SUV after its wash',
          caption: 'SUV in Cary',
          image: { width: 3000, height: 4000, color: '#5a6e82', widths: [480, 720] },
        },
      ],
    }).gallery;
    renderWithProviders(<Slideshow images={[uploaded!, ...galleryImages.slice(0, 2)]} />);
    const [img] = screen.getAllByRole('img', { name: 'A white SUV after its wash' });
    expect(img).toHaveAttribute('width', '3000');
    expect(img).toHaveAttribute('height', '4000');
    expect(img).toHaveAttribute('src', '/api/gallery-pictures/3f2a9c0d1e4b5a67-720.webp');
    expect(img).toHaveAttribute(
      'srcset',
      '/api/gallery-pictures/3f2a9c0d1e4b5a67-480.webp 480w, /api/gallery-pictures/3f2a9c0d1e4b5a67-720.webp 720w',
    );
    expect(screen.getAllByText('SUV in Cary').length).toBeGreaterThan(0);
  });

  describe('on its own (fake clock)', () => {
    /** Lets time pass in small steps, so each slide change completes as in a browser. */
    const advance = (ms: number) => {
      for (let t = 0; t < ms; t += 50) act(() => jest.advanceTimersByTime(50));
    };
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('advances every 3 seconds and holds still while the mouse is over it', () => {
      renderWithProviders(<Slideshow images={galleryImages} />);
      advance(2900);
      expectCurrent(1);
      advance(300);
      expectCurrent(2);

      const region = screen.getByRole('region', { name: slideshowTexts.region });
      fireEvent.mouseEnter(region);
      advance(10_000);
      expectCurrent(2);
      fireEvent.mouseLeave(region);
      advance(3100);
      expectCurrent(3);
    });

    it('does not play on its own with reduced motion', () => {
      const restore = preferReducedMotion();
      try {
        renderWithProviders(<Slideshow images={galleryImages} />);
        expect(screen.getByRole('button', { name: slideshowTexts.play })).toBeVisible();
        advance(10_000);
        expectCurrent(1);
      } finally {
        restore();
      }
    });

    it('stays put once paused', () => {
      renderWithProviders(<Slideshow images={galleryImages} />);
      fireEvent.click(screen.getByRole('button', { name: slideshowTexts.pause }));
      advance(10_000);
      expectCurrent(1);
      fireEvent.click(screen.getByRole('button', { name: slideshowTexts.play }));
      advance(3100);
      expectCurrent(2);
    });
  });

  describe('from the keyboard and the mouse (fake clock)', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());
    const setupUser = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

    it('has labelled previous, next and dot controls that work from the keyboard', async () => {
      const user = setupUser();
      renderWithProviders(<Slideshow images={galleryImages} />);
      await user.click(screen.getByRole('button', { name: slideshowTexts.pause }));
      expect(screen.getByRole('button', { name: slideshowTexts.play })).toHaveFocus();

      act(() => screen.getByRole('button', { name: slideshowTexts.next }).focus());
      await user.keyboard('{Enter}');
      await shows(2);
      expect(
        screen.getByText(slideshowTexts.current(2, 14, 'Wheel detail and tire shine')),
      ).toBeInTheDocument();

      await user.tab({ shift: true });
      expect(screen.getByRole('button', { name: slideshowTexts.previous })).toHaveFocus();
      await transition();
      await user.keyboard(' ');
      await shows(1);

      await user.tab();
      await user.tab();
      expect(dot(1)).toHaveFocus();
      act(() => dot(9).focus());
      await transition();
      await user.keyboard('{Enter}');
      await shows(9);
      await transition();
    });

    it('switches between slide and fade, keeping the current image', async () => {
      const user = setupUser();
      renderWithProviders(<Slideshow images={galleryImages} />);
      const slide = screen.getByRole('button', { name: slideshowTexts.slide });
      const fade = screen.getByRole('button', { name: slideshowTexts.fade });
      expect(slide).toHaveAttribute('aria-pressed', 'true');
      expect(document.querySelector('.slick-slide[style*="opacity"]')).toBeNull();
      await user.click(dot(4));
      await shows(4);
      await user.click(fade);
      expect(fade).toHaveAttribute('aria-pressed', 'true');
      expect(slide).toHaveAttribute('aria-pressed', 'false');
      expect(document.querySelector('.slick-slide[style*="opacity"]')).not.toBeNull();
      expectCurrent(4);
      await transition();
    });
  });
});
