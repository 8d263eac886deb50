import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import CheckIcon from '@mui/icons-material/Check';
import { steps, type Step } from './wizard';

const stepLabels: Record<Step, string> = {
  vehicle: 'Vehicle',
  addons: 'Add-ons',
  booking: 'Booking',
};

/** The wizard's three steps: done ones are ticked (and say so to screen readers), the current one is marked. */
export function StepIndicator({ current }: { current: Step }) {
  const index = steps.indexOf(current);
  return (
    <Box
      component="ol"
      aria-label="Quote steps"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'flex',
        gap: { xs: 1, sm: 3 },
        flexWrap: 'wrap',
      }}
    >
      {steps.map((step, i) => {
        const done = i < index;
        const active = i === index;
        return (
          <Box
            component="li"
            key={step}
            aria-current={active ? 'step' : undefined}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              fontWeight: active ? 700 : 500,
              color: active || done ? 'text.primary' : 'text.secondary',
            }}
          >
            <Box
              component="span"
              aria-hidden="true"
              sx={{
                width: 28,
                height: 28,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                fontSize: '0.875rem',
                fontWeight: 700,
                bgcolor: active ? 'primary.main' : done ? 'secondary.main' : '#e3e8ef',
                color: active || done ? '#ffffff' : 'text.secondary',
              }}
            >
              {done ? <CheckIcon sx={{ fontSize: 18 }} /> : i + 1}
            </Box>
            {stepLabels[step]}
            {done && (
              <Box component="span" sx={visuallyHidden}>
                {' '}
                (done)
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
