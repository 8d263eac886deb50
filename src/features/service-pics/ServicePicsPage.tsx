import { lazy, Suspense, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useListBookingsQuery } from '../../api/endpoints';
import type { ServicePic } from '../../api/normalize';
import { DashboardPageBody } from '../../components/DashboardPageBody';
import { usePageMeta } from '../../components/usePageMeta';
import { useListServicePicsForBookingsQuery } from './servicePicsApi';
import { picAlt, thumbnailSx } from './picAlt';
import { bookingName } from '../../../domain/bookingName';
import { servicePicsMessages as m } from './messages';

// react-slick and the viewer load when a picture is first opened.
const PicsViewer = lazy(() => import('./PicsViewer').then((m) => ({ default: m.PicsViewer })));

interface BookingPics {
  bookingId: string;
  /** The booking in words: service, vehicle and day. */
  name: string;
  pics: ServicePic[];
}

/** Service Pics (docs/product.md §2): one thumbnail per booking with pictures; a viewer per booking. */
export function ServicePicsPage() {
  usePageMeta(m.title);
  const bookings = useListBookingsQuery();
  // Pictures exist only for Completed website bookings: newest first, each asked once.
  const completedIds = useMemo(() => {
    const completed = (bookings.data ?? []).filter((b) => b.status === 'Completed' && b.bookingId);
    completed.sort((a, b) => (b.startsAt > a.startsAt ? 1 : b.startsAt < a.startsAt ? -1 : 0));
    return [...new Set(completed.map((b) => b.bookingId))];
  }, [bookings.data]);
  const pics = useListServicePicsForBookingsQuery(completedIds, {
    skip: !bookings.isSuccess || completedIds.length === 0,
  });
  const [openId, setOpenId] = useState<string | null>(null);

  const groups = useMemo<BookingPics[]>(() => {
    const byBooking = new Map<string, ServicePic[]>();
    for (const pic of pics.data?.pics ?? []) {
      if (!pic.signedUrl) continue;
      const list = byBooking.get(pic.bookingId);
      if (list) list.push(pic);
      else byBooking.set(pic.bookingId, [pic]);
    }
    const names = new Map(
      (bookings.data ?? []).map((b) => [
        b.bookingId,
        bookingName({ ...b, vehicle: b.vehicle.text }),
      ]),
    );
    return [...byBooking].map(([bookingId, list]) => ({
      bookingId,
      name: names.get(bookingId) ?? bookingName({}),
      pics: list,
    }));
  }, [pics.data, bookings.data]);

  const failed = bookings.isError || pics.isError;
  const loading =
    !failed && (bookings.isLoading || (completedIds.length > 0 && (pics.isLoading || !pics.data)));
  const open = groups.find((g) => g.bookingId === openId) ?? null;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {m.title}
      </Typography>
      <Alert severity="info" role="note" sx={{ mb: 3 }}>
        {m.websiteOnly}
      </Alert>
      <DashboardPageBody
        loading={loading}
        loadingLabel={m.loading}
        error={failed && m.loadFailed}
        empty={groups.length === 0 && !pics.data?.failedRequests && m.empty}
      >
        {() => (
          <>
            {pics.data?.failedRequests ? (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {m.someFailed}
              </Alert>
            ) : null}
            <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {groups.map((group) => {
                const cover = group.pics[0]!;
                return (
                  <Grid key={group.bookingId} size={{ xs: 6, sm: 4, md: 3 }} component="li">
                    <Card variant="outlined" sx={{ height: '100%' }}>
                      <CardActionArea
                        onClick={() => setOpenId(group.bookingId)}
                        aria-haspopup="dialog"
                        sx={{ height: '100%' }}
                      >
                        <Box
                          component="img"
                          src={cover.signedUrl}
                          alt={picAlt(cover, 0, group.name)}
                          loading="lazy"
                          sx={{ ...thumbnailSx, bgcolor: 'grey.100' }}
                        />
                        <CardContent sx={{ p: 1.5 }}>
                          <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                            {group.name}
                          </Typography>
                          <Typography variant="body2" color="text.secondary">
                            {m.photoCount(group.pics.length)}
                          </Typography>
                        </CardContent>
                      </CardActionArea>
                    </Card>
                  </Grid>
                );
              })}
            </Grid>
          </>
        )}
      </DashboardPageBody>
      {open && (
        <Suspense fallback={null}>
          <PicsViewer title={open.name} pics={open.pics} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </Container>
  );
}
