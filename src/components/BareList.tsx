import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

type Columns = string | Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', string>>;

/**
 * A `ul` without bullets or indentation: the markup says "a list of n items" to screen readers,
 * the layout is the caller's (`sx`). `columns` makes it a grid of cards.
 */
export function BareList({
  columns,
  sx,
  children,
}: {
  columns?: Columns;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Box
      component="ul"
      sx={[
        { listStyle: 'none', m: 0, p: 0 },
        columns !== undefined && { display: 'grid', gap: 3, gridTemplateColumns: columns },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}

/** Three cards a row from the medium breakpoint, one a row below it. */
export const THREE_CARDS: Columns = { xs: '1fr', md: 'repeat(3, 1fr)' };
