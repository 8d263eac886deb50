import type { ReactNode } from 'react';
import TableContainer from '@mui/material/TableContainer';

type Props = { children: ReactNode } & (
  | { 'aria-label': string; 'aria-labelledby'?: never }
  | { 'aria-labelledby': string; 'aria-label'?: never }
);

/**
 * A table container that scrolls sideways when the table is wider than it. It is a labelled, focusable region so
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

/** Below the `sm` breakpoint (600 px) a table's rows become cards (docs/product.md §2). */
const PHONE = '@media (max-width: 599.95px)';

/**
 * The `sx` of a table that is a table from 600 px wide and one card per row below: the header
 * is kept for screen readers only, and each cell (row headers too) shows its column's name from
 * its `data-label` (set it on every body cell). Same cells, so the same data, actions and inline edits.
 * A cell's content is beside its name: a cell holding text and then an element (a second line, a
 * link under a word) stacks them in the value column, none under the name.
 */
export function cardRowsOnPhone(minWidth: number) {
  return {
    minWidth,
    [PHONE]: {
      minWidth: 0,
      '& thead': {
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
      },
      '& tbody, & tbody tr, & tbody td, & tbody th': { display: 'block' },
      '& tbody tr': {
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        mb: 1.5,
        py: 0.5,
      },
      '& tbody td, & tbody th': {
        display: 'grid',
        gridTemplateColumns: 'minmax(6.5em, 35%) 1fr',
        columnGap: 1.5,
        alignItems: 'center',
        borderBottom: 0,
        py: 0.75,
        px: 1.5,
        textAlign: 'left',
        wordBreak: 'break-word',
      },
      '& tbody td::before, & tbody th::before': {
        content: 'attr(data-label)',
        fontWeight: 600,
        color: 'text.secondary',
      },
      '& tbody td > *, & tbody th > *': { gridColumn: 2 },
    },
  } as const;
}
