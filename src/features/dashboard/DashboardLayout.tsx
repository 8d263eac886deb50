import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { whenIdle } from '../../lib/whenIdle';
import { useStoredLoyaltyLevel } from './useStoredLoyaltyLevel';
import { SavedAnswersNotice } from '../../components/SavedAnswersNotice';
import { useSavedAnswersStatus } from '../../api/savedAnswers';

export const SIDEBAR_WIDTH = 240;

/** A sidebar entry; the app declares the pages (src/app/dashboard/dashboardPages.tsx). */
export interface DashboardNavItem {
  label: string;
  to: string;
  icon: ComponentType;
  /** Active only on exactly this path (the overview). */
  end: boolean;
}

const NAV_ID = 'dashboard-nav';

const loadPhoneMenu = () => import(/* webpackChunkName: "phone-menu" */ './PhoneMenuDrawer');
const PhoneMenuDrawer = lazy(loadPhoneMenu);

/** "Loyalty Program (Gold)" when a level is stored (docs/product.md §2). */
export function navLabel(label: string, loyaltyLevel: string): string {
  return label === 'Loyalty Program' && loyaltyLevel ? `${label} (${loyaltyLevel})` : label;
}

function SidebarNav({ nav, onNavigate }: { nav: DashboardNavItem[]; onNavigate?: () => void }) {
  const loyaltyLevel = useStoredLoyaltyLevel();
  return (
    <List
      component="nav"
      aria-label="Dashboard"
      id={NAV_ID}
      sx={{ py: 1, position: 'sticky', top: 0 }}
    >
      {nav.map(({ icon: Icon, ...item }) => (
        <ListItemButton
          key={item.to}
          component={NavLink}
          to={item.to}
          end={item.end}
          onClick={onNavigate}
          sx={{
            mx: 1,
            borderRadius: 1,
            '&.active': {
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              '&:hover': { bgcolor: 'primary.dark' },
            },
            '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.light' },
          }}
        >
          <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }} aria-hidden>
            <Icon />
          </ListItemIcon>
          <ListItemText primary={navLabel(item.label, loyaltyLevel)} />
        </ListItemButton>
      ))}
    </List>
  );
}

function ContentFallback() {
  return (
    <Box
      role="status"
      aria-label="Loading"
      sx={{ display: 'flex', justifyContent: 'center', py: 8 }}
    >
      <CircularProgress />
    </Box>
  );
}

/**
 * The dashboard frame (docs/product.md §2): a sidebar that is permanent from the md breakpoint up and a
 * temporary drawer behind a menu button on smaller screens; the page in the remaining space.
 */
export function DashboardLayout({ nav }: { nav: DashboardNavItem[] }) {
  const savedAnswers = useSavedAnswersStatus();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  // The phone's drawer mounts at the first tap (a tap before its code has arrived opens it once
  // it has); its code is fetched when the page is idle, so that tap rarely waits.
  const [menuWanted, setMenuWanted] = useState(false);
  useEffect(() => (desktop ? undefined : whenIdle(() => void loadPhoneMenu())), [desktop]);

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        // The sidebar reaches at least the bottom of the window (below the site header).
        minHeight: { md: 'calc(100vh - 64px)' },
      }}
    >
      {desktop ? (
        <Paper
          square
          elevation={0}
          sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}
        >
          <SidebarNav nav={nav} />
        </Paper>
      ) : (
        <>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 1,
              py: 0.5,
              borderBottom: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
            }}
          >
            <IconButton
              aria-label="Open dashboard menu"
              aria-controls={mobileOpen ? NAV_ID : undefined}
              aria-expanded={mobileOpen}
              onClick={() => {
                setMenuWanted(true);
                setMobileOpen(true);
              }}
              edge="start"
            >
              <MenuIcon />
            </IconButton>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              Dashboard menu
            </Typography>
          </Box>
          {menuWanted && (
            <Suspense fallback={null}>
              <PhoneMenuDrawer
                open={mobileOpen}
                onClose={() => setMobileOpen(false)}
                width={SIDEBAR_WIDTH}
              >
                <SidebarNav nav={nav} onNavigate={() => setMobileOpen(false)} />
              </PhoneMenuDrawer>
            </Suspense>
          )}
        </>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <SavedAnswersNotice {...savedAnswers} />
        <Suspense fallback={<ContentFallback />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
