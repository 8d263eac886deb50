import type { ReactNode } from 'react';
import { TableContainer } from '@mui/material';

type Props = { children: ReactNode } & (
  | { 'aria-label': string; 'aria-labelledby'?: never }
  | { 'aria-labelledby': string; 'aria-label'?: never }
);

/**
 * A table container that scrolls sideways on a phone. It is a labelled, focusable region so
 * keyboard users can scroll it too (WCAG: scrollable regions must be reachable), with a
 * visible focus ring.
 */
export function ScrollableTable({ children, ...label }: Props) {
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      {...label}
      sx={{
        overflowX: 'auto',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </TableContainer>
  );
}
