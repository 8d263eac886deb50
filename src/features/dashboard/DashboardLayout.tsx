import { Suspense, useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { useStoredLoyaltyLevel } from './useStoredLoyaltyLevel';

export const SIDEBAR_WIDTH = 240;

export const dashboardNav = [
  { label: 'Dashboard', to: '/dashboard', end: true },
  { label: 'Profile', to: '/dashboard/profile' },
  { label: 'Account Security', to: '/dashboard/security' },
  { label: 'Vehicles', to: '/dashboard/vehicles' },
  { label: 'My Bookings', to: '/dashboard/bookings' },
  { label: 'Subscriptions', to: '/dashboard/subscriptions' },
  { label: 'Service Pics', to: '/dashboard/pics' },
  { label: 'Loyalty Program', to: '/dashboard/loyalty' },
] as const;

const NAV_ID = 'dashboard-nav';

/** "Loyalty Program (Gold)" when a level is stored (docs/product.md §2). */
export function navLabel(label: string, loyaltyLevel: string): string {
  return label === 'Loyalty Program' && loyaltyLevel ? `${label} (${loyaltyLevel})` : label;
}

function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const loyaltyLevel = useStoredLoyaltyLevel();
  return (
    <List
      component="nav"
      aria-label="Dashboard"
      id={NAV_ID}
      sx={{ py: 1, position: 'sticky', top: 0 }}
    >
      {dashboardNav.map((item) => (
        <ListItemButton
          key={item.to}
          component={NavLink}
          to={item.to}
          end={'end' in item ? item.end : false}
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
export function DashboardLayout() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);

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
        <Drawer
          variant="permanent"
          sx={{
            width: SIDEBAR_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': {
              width: SIDEBAR_WIDTH,
              position: 'relative',
              boxSizing: 'border-box',
              height: '100%',
            },
          }}
        >
          <SidebarNav />
        </Drawer>
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
              onClick={() => setMobileOpen(true)}
              edge="start"
            >
              <MenuIcon />
            </IconButton>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              Dashboard menu
            </Typography>
          </Box>
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
          >
            <SidebarNav onNavigate={() => setMobileOpen(false)} />
          </Drawer>
        </>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Suspense fallback={<ContentFallback />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
