/**
 * The quote wizard's height at its first step (vehicle types), measured at each breakpoint.
 * The wizard never renders shorter than this, so the page can reserve exactly this space
 * while the wizard's code loads (src/app/routes/HomeRoute.tsx): nothing below it moves.
 * Kept in its own module so importing it does not pull in the wizard.
 */
export const QUOTE_WIZARD_MIN_HEIGHT = { xs: 550, sm: 500, md: 380, lg: 330 } as const;
