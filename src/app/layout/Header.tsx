import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { SectionLink, type HomeSection } from '../../components/SectionLink';
import { business } from '../../config/business';
import { HEADER_HEIGHT } from '../../config/layout';
import { marketingTexts } from '../../features/marketing/messages';
import { useAppDispatch, useAppSelector } from '../../api/hooks';
import { useHydrated } from '../hydration';
import { isOwnerSession } from '../../api/session/landing';

const LogoutGuard = lazy(() =>
  import('./LogoutGuard').then((module) => ({ default: module.LogoutGuard })),
);

/** Header links (docs/product.md §2): section links on the home page. */
export const headerSections: { label: string; section: HomeSection }[] = [
  { label: 'Services', section: 'services' },
  { label: marketingTexts.galleryTitle, section: 'gallery' },
  { label: 'Book Now', section: 'booking' },
  { label: 'Contact', section: 'contact' },
];

/** Closes the collapsed menu on Escape and on a click outside it. */
function useDismiss(open: boolean, close: () => void) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      ref.current?.querySelector('summary')?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);
  return ref;
}

/**
 * Header (docs/product.md §2): a signed-in owner's account link is `Owner console` (/owner). On small screens the links collapse into a disclosure menu (a native
 * <details>: it opens without JavaScript too, and costs no dialog/transition code).
 */
export function Header() {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const menuRef = useDismiss(open, close);
  // A menu the browser opened before this code arrived (a prerendered page) stays open.
  useEffect(() => {
    if (menuRef.current?.open) setOpen(true);
  }, [menuRef]);
  const sessionStatus = useAppSelector((state) => state.session.status);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // The stored session is only known in the browser: the prerendered HTML is signed out.
  const signedIn = useHydrated() && sessionStatus === 'authenticated';
  // The owner's way back to the console. Their own account holds no customer data: the
  // customer's dashboard would be empty, so it is not offered to them.
  const home =
    signedIn && isOwnerSession()
      ? { to: '/owner', label: 'Owner console' }
      : { to: '/dashboard', label: 'My Dashboard' };

  const signOut = async () => {
    setWaiting(0);
    // Logout brings the API layer; the public pages do not load it before it is needed.
    const { logout } = await import('../../api/session/logout');
    logout(dispatch);
    await navigate('/auth');
  };
  // The owner's actions kept offline and not sent yet: asked about before they are removed.
  const [waiting, setWaiting] = useState(0);
  const onLogout = async () => {
    close();
    if (isOwnerSession()) {
      const { waitingActions } = await import('./LogoutGuard');
      const count = await waitingActions().catch(() => 0);
      if (count > 0) {
        setWaiting(count);
        return;
      }
    }
    await signOut();
  };

  const accountButtons = signedIn ? (
    <>
      <Button component={RouterLink} to={home.to} color="inherit" onClick={close}>
        {home.label}
      </Button>
      <Button variant="outlined" color="inherit" onClick={() => void onLogout()}>
        Logout
      </Button>
    </>
  ) : (
    <Button component={RouterLink} to="/auth" variant="contained" color="secondary" onClick={close}>
      Login / Sign Up
    </Button>
  );

  const sectionButtons = headerSections.map((item) => (
    <Button
      key={item.section}
      component={SectionLink}
      to={`/#${item.section}`}
      color="inherit"
      onClick={close}
    >
      {item.label}
    </Button>
  ));

  return (
    <AppBar position="sticky" color="primary" elevation={0} component="header">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2, minHeight: HEADER_HEIGHT }}>
          <Typography
            component={RouterLink}
            to="/"
            variant="h6"
            sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 800, flexGrow: 1 }}
          >
            {business.shortName}
          </Typography>
          <Box
            component="nav"
            aria-label="Main"
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 1, alignItems: 'center' }}
          >
            {sectionButtons}
            {accountButtons}
          </Box>
          <Box
            component="details"
            ref={menuRef}
            open={open}
            onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
            sx={{
              display: { md: 'none' },
              // Shown once its whole <summary> has arrived (the <nav> after it has begun): while a
              // page's HTML is still arriving, the browser would show its own "Details" label or a
              // half-parsed summary, and the header would shift when the rest came.
              '&:not(:has(> nav))': { display: 'none' },
            }}
          >
            <Box
              component="summary"
              sx={{
                listStyle: 'none',
                '&::-webkit-details-marker': { display: 'none' },
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                minHeight: 48,
                px: 1.5,
                borderRadius: 1,
                cursor: 'pointer',
                fontWeight: 650,
                '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.12)' },
                '&:focus-visible': { outline: '2px solid #ffffff', outlineOffset: 2 },
              }}
            >
              <MenuIcon aria-hidden="true" />
              Menu
            </Box>
            <Box
              component="nav"
              aria-label="Main"
              sx={{
                position: 'absolute',
                top: '100%',
                left: 0,
                right: 0,
                bgcolor: 'primary.dark',
                boxShadow: 4,
                px: 2,
                py: 1.5,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'stretch',
                gap: 0.5,
                '& .MuiButton-root': { justifyContent: 'flex-start', minHeight: 48 },
              }}
            >
              {sectionButtons}
              {accountButtons}
            </Box>
          </Box>
        </Toolbar>
      </Container>
      {waiting > 0 && (
        <Suspense fallback={null}>
          <LogoutGuard
            waiting={waiting}
            onStay={() => setWaiting(0)}
            onSignOut={() => void signOut()}
          />
        </Suspense>
      )}
    </AppBar>
  );
}
