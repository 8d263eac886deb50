import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { formatCount } from '../../../lib/formatCount';
import { dashboardTexts } from '../messages';

export interface SummaryCardsProps {
  vehicles: number;
  bookings: number;
  points: number;
}

/** The three summary cards (docs/product.md §2): Vehicles count, Total Bookings, Loyalty Points. */
export function SummaryCards({ vehicles, bookings, points }: SummaryCardsProps) {
  const cards = [
    { label: dashboardTexts.vehicles, value: vehicles },
    { label: dashboardTexts.totalBookings, value: bookings },
    { label: dashboardTexts.loyaltyPoints, value: points },
  ];
  return (
    <Grid
      container
      spacing={{ xs: 1, sm: 2 }}
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {cards.map((card) => (
        <Grid key={card.label} size={4} component="li">
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
              <Typography
                component="h2"
                color="text.secondary"
                sx={{ fontSize: { xs: '0.8rem', sm: '1rem' }, lineHeight: 1.3 }}
              >
                {card.label}
              </Typography>
              <Typography
                component="p"
                aria-label={`${card.label}: ${card.value}`}
                sx={{ fontSize: { xs: '1.4rem', sm: '1.9rem' }, fontWeight: 750, mt: 0.5 }}
              >
                {formatCount(card.value)}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
