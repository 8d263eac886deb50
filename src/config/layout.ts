/** The sticky header's height in px (src/app/layout/Header.tsx): what a scrolled-to element keeps clear of. */
export const HEADER_HEIGHT = 64;
