import { Suspense, type ComponentType } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { LoadingStatus } from '../../components/LoadingStatus';
import { SavedAnswersNotice } from '../../components/SavedAnswersNotice';
import { useSavedAnswersStatus } from '../../api/savedAnswers';
import { consoleStyles } from './consoleStyles';
import { OWNER_TEXT } from './messages';
import { useSendQueued } from './offline/sendQueued';

/** A link of the console's navigation (./OwnerRoutes.tsx declares them). */
export interface OwnerNavItem {
  label: string;
  to: string;
  icon: ComponentType;
  /** Active only on exactly this path (the inbox, at the console's root). */
  end: boolean;
}

// A styled component, not `sx`: these rules are plain CSS (sx would read 8 as spacing units).
const Frame = styled(Container)(({ theme }) => consoleStyles(theme));

/**
 * The console's frame, phone first: its name, one row of links that wraps on a narrow screen
 * (no menu to open in a driveway), and the page below.
 */
export function OwnerLayout({ nav }: { nav: OwnerNavItem[] }) {
  const savedAnswers = useSavedAnswersStatus();
  // What the owner did offline goes when the connection is back (and at this visit's start).
  useSendQueued();
  return (
    <Frame maxWidth="md" sx={{ px: { xs: 1.5, sm: 3 }, py: 2 }}>
      <Typography
        component="p"
        variant="overline"
        sx={{ fontWeight: 700, color: 'text.secondary' }}
      >
        {OWNER_TEXT.consoleTitle}
      </Typography>
      <Box component="nav" aria-label={OWNER_TEXT.navLabel} sx={{ mb: 2 }}>
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
        >
          {nav.map(({ icon: Icon, label, to, end }) => (
            <li key={to}>
              <Box
                component={NavLink}
                to={to}
                end={end}
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 0.75,
                  minHeight: 44,
                  px: 1.5,
                  borderRadius: 1,
                  border: 1,
                  borderColor: 'divider',
                  color: 'text.primary',
                  textDecoration: 'none',
                  fontWeight: 600,
                  '&.active': { bgcolor: 'primary.main', color: 'primary.contrastText' },
                  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.light' },
                }}
              >
                <Box component="span" aria-hidden sx={{ display: 'inline-flex' }}>
                  <Icon />
                </Box>
                {label}
              </Box>
            </li>
          ))}
        </Box>
      </Box>
      <SavedAnswersNotice {...savedAnswers} />
      <Suspense fallback={<LoadingStatus label={OWNER_TEXT.loading} />}>
        <Outlet />
      </Suspense>
    </Frame>
  );
}
