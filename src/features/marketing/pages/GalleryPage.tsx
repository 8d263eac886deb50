import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageMeta } from '../../../components/usePageMeta';
import { PageHeader } from '../components/Section';
import { GallerySection } from '../components/GallerySection';
import { QuoteCallToAction } from '../components/QuoteCallToAction';
import { pageMeta } from '../pageMeta';
import { marketingTexts } from '../messages';

/** /gallery: the slideshow of our work. */
export function GalleryPage() {
  usePageMeta(pageMeta['/gallery'].title, pageMeta['/gallery'].description);
  return (
    <>
      <PageHeader
        title={marketingTexts.galleryPageTitle}
        intro="Foam baths, wheel and tire shine, leather care, ceramic wax and water-beading coatings: a look at what we do in driveways across the Triangle."
      />
      <Box sx={{ bgcolor: '#0d1b2a', color: '#ffffff', py: { xs: 5, md: 8 } }}>
        <Container maxWidth="lg">
          <Typography
            variant="h2"
            sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, mb: 3, textAlign: 'center' }}
          >
            {marketingTexts.galleryTitle}
          </Typography>
          <GallerySection priority />
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 7 } }}>
        <Typography variant="h2" sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, mb: 1 }}>
          {marketingTexts.galleryPageMoreTitle}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>
          {marketingTexts.galleryPageMoreText}
        </Typography>
        <QuoteCallToAction />
      </Container>
    </>
  );
}
