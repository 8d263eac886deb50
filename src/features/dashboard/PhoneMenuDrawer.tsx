import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';

/**
 * The dashboard menu on phones: a temporary drawer (a modal with its focus trap, backdrop and
 * slide). Its own chunk, loaded when the page is idle or at the first tap on the menu button,
 * so the dashboard's first paint does not wait for code only a tap needs (docs/architecture.md,
 * "The dashboard's first paint").
 */
export default function PhoneMenuDrawer({
  open,
  onClose,
  width,
  children,
}: {
  open: boolean;
  onClose: () => void;
  width: number;
  children: ReactNode;
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{ '& .MuiDrawer-paper': { width, boxSizing: 'border-box' } }}
    >
      {children}
    </Drawer>
  );
}
