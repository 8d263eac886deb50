import { forwardRef, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { prefersReducedMotion } from './reducedMotion';

/** The home page's anchored sections (docs/product.md §2). */
export type HomeSection =
  'home' | 'services' | 'booking' | 'gallery' | 'reviews' | 'contact' | 'servicearea';

export function scrollToSection(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  el.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  // Keyboard and screen-reader users continue from the section, not from the link they used.
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
  return true;
}

/** `to` is "/#section": MUI treats an element with `to` as a link (no button role). */
interface Props {
  to: `/#${HomeSection}`;
  children: ReactNode;
  className?: string;
  onClick?: () => void;
}

/**
 * A link to a home section: on the home page it scrolls there; elsewhere it navigates to
 * /#section and the layout scrolls once the section is rendered.
 */
export const SectionLink = forwardRef<HTMLAnchorElement, Props>(function SectionLink(
  { to, children, className, onClick, ...rest },
  ref,
) {
  const section = to.slice(2);
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <RouterLink
      ref={ref}
      to={to}
      className={className}
      {...rest}
      onClick={(event) => {
        onClick?.();
        if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        if (location.pathname === '/') {
          if (location.hash !== `#${section}`) void navigate(`/#${section}`, { replace: true });
          scrollToSection(section);
        } else {
          void navigate(`/#${section}`);
        }
      }}
    >
      {children}
    </RouterLink>
  );
});
