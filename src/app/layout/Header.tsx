import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  AppBar,
  Box,
  Button,
  Container,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Toolbar,
  Typography,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { SectionLink, type HomeSection } from '../../components/SectionLink';
import { business } from '../../config/business';
import { useAppDispatch, useSession } from '../../api/session/hooks';
import { logout } from '../../api/session/logout';

/** Header links (spec §2): section links on the home page. */
export const headerSections: { label: string; section: HomeSection }[] = [
  { label: 'Services', section: 'services' },
  { label: 'Our Best Work', section: 'gallery' },
  { label: 'Book Now', section: 'booking' },
  { label: 'Contact', section: 'contact' },
];

export function Header() {
  const [open, setOpen] = useState(false);
  const session = useSession();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = session.status === 'authenticated';

  const onLogout = () => {
    setOpen(false);
    logout(dispatch);
    navigate('/auth');
  };

  const accountButtons = signedIn ? (
    <>
      <Button
        component={RouterLink}

        to="/dashboard"
        color="inherit"
        onClick={() => setOpen(false)}
      >
        My Dashboard
      </Button>
      <Button variant="outlined" color="inherit" onClick={onLogout}>
        Logout
      </Button>
    </>
  ) : (
    <Button
      component={RouterLink}

      to="/auth"
      variant="contained"
      color="secondary"
      onClick={() => setOpen(false)}
    >
      Login / Sign Up
    </Button>
  );

  return (
    <AppBar position="sticky" color="primary" elevation={0} component="header">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2, minHeight: 64 }}>
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
            {headerSections.map((item) => (
              <Button
                key={item.section}
                component={SectionLink}

                to={`/#${item.section}`}
                color="inherit"
              >
                {item.label}
              </Button>
            ))}
            {accountButtons}
          </Box>
          <IconButton
            color="inherit"
            edge="end"
            aria-label="Open menu"
            aria-controls="mobile-menu"
            aria-expanded={open}
            onClick={() => setOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)} id="mobile-menu">
        <Box
          component="nav"
          aria-label="Main"
          sx={{ width: 260, p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          <List>
            {headerSections.map((item) => (
              <ListItemButton
                key={item.section}
                component={SectionLink}
                to={`/#${item.section}`}
                onClick={() => setOpen(false)}
              >
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
          </List>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, color: 'primary.main' }}>
            {accountButtons}
          </Box>
        </Box>
      </Drawer>
    </AppBar>
  );
}
