import { Box, List, ListItemButton, ListItemText } from '@mui/material';
import { NavLink, Outlet } from 'react-router-dom';

export const dashboardNav = [
  { label: 'Dashboard', to: '/dashboard', end: true },
  { label: 'Profile', to: '/dashboard/profile' },
  { label: 'Vehicles', to: '/dashboard/vehicles' },
  { label: 'My Bookings', to: '/dashboard/bookings' },
  { label: 'Subscriptions', to: '/dashboard/subscriptions' },
  { label: 'Service Pics', to: '/dashboard/pics' },
  { label: 'Loyalty Program', to: '/dashboard/loyalty' },
];

/** Placeholder layout until the dashboard issue builds it. */
export function DashboardLayout() {
  return (
    <Box sx={{ display: 'flex' }}>
      <List component="nav" aria-label="Dashboard">
        {dashboardNav.map((item) => (
          <ListItemButton key={item.to} component={NavLink} to={item.to} end={item.end}>
            <ListItemText primary={item.label} />
          </ListItemButton>
        ))}
      </List>
      <Box sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
