import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventIcon from '@mui/icons-material/Event';
import { formatShortDateTime } from '../../../../domain/dates';
import { business } from '../../../config/business';
import { CalendlyLinks } from '../../../components/CalendlyLinks';
import type { Appointment } from '../appointments';
import { buildIcs, DEFAULT_APPOINTMENT_MINUTES, icsHref } from '../ics';
import { dashboardTexts } from '../messages';

const icsDomain = (() => {
  try {
    return new URL(business.siteUrl).hostname;
  } catch {
    return 'detailing.local';
  }
})();

function calendarFile(appointment: Appointment, location: string) {
  const ics = buildIcs(
    {
      uid: `${appointment.source.toLowerCase()}-${appointment.bookingId || appointment.startsAt}`,
      start: appointment.startsAt,
      durationMinutes: DEFAULT_APPOINTMENT_MINUTES,
      summary: `${business.shortName}: ${appointment.serviceName}`,
      description: [
        appointment.vehicle && `Vehicle: ${appointment.vehicle}`,
        appointment.bookingId && `Booking ID: ${appointment.bookingId}`,
        `Questions: ${business.phone}`,
      ]
        .filter(Boolean)
        .join('\n'),
      location: appointment.address || location,
    },
    { domain: icsDomain },
  );
  return ics ? icsHref(ics) : null;
}

/**
 * Upcoming Appointments (docs/product.md §2, §9): Modify Booking for website bookings, a Calendly
 * booking's own reschedule / cancel links when known, and an .ics download for each.
 */
export function UpcomingAppointments({
  appointments,
  location,
}: {
  appointments: Appointment[];
  /**
   * The customer's service address: the calendar event's location when the booking has none of
   * its own (a Calendly booking, or a request sent without one).
   */
  location: string;
}) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="upcoming-heading">
      <CardContent>
        <Typography id="upcoming-heading" variant="h5" component="h2" gutterBottom>
          {dashboardTexts.upcomingTitle}
        </Typography>
        {appointments.length === 0 ? (
          <Typography color="text.secondary">{dashboardTexts.noUpcoming}</Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {appointments.map((a) => {
              const href = calendarFile(a, location);
              const when = formatShortDateTime(a.startsAt);
              return (
                <Box
                  component="li"
                  key={a.key}
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    gap: 1,
                    p: 1.5,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                  }}
                >
                  <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <Typography sx={{ fontWeight: 650 }}>{when}</Typography>
                      <Chip size="small" label={a.source} variant="outlined" />
                    </Box>
                    <Typography variant="body2" color="text.secondary">
                      {[a.serviceName, a.vehicle].filter(Boolean).join(' · ')}
                    </Typography>
                  </Box>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                    {a.source === 'Website' ? (
                      <Button
                        component={RouterLink}
                        to="/dashboard/bookings"
                        size="small"
                        variant="outlined"
                      >
                        {dashboardTexts.modifyBooking}
                      </Button>
                    ) : (
                      // Read-only here (docs/product.md §6): changed in the scheduling service.
                      <CalendlyLinks booking={a} />
                    )}
                    {href && (
                      <Button
                        href={href}
                        download={`appointment-${a.bookingId || 'booking'}.ics`}
                        size="small"
                        startIcon={<EventIcon />}
                        aria-label={`${dashboardTexts.addToCalendar}: ${when}`}
                      >
                        {dashboardTexts.addToCalendar}
                      </Button>
                    )}
                  </Box>
                </Box>
              );
            })}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
