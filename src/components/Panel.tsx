import { useId, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface Props {
  /** The panel's heading (an h2); it also names the section for screen readers. */
  title: ReactNode;
  /** The heading's id, when something else refers to it too (e.g. a table's label). */
  titleId?: string;
  /** Less padding, for panels that hold wide tables on a phone. */
  dense?: boolean;
  children: ReactNode;
}

/** An outlined section of a dashboard page, labelled by its own heading. */
export function Panel({ title, titleId, dense = false, children }: Props) {
  const generatedId = useId();
  const id = titleId ?? generatedId;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: dense ? { xs: 1.5, sm: 2 } : { xs: 2, sm: 3 } }}
    >
      <Typography variant="h5" component="h2" id={id} sx={{ mb: dense ? 1.5 : 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
