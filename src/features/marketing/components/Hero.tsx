import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import PhoneIcon from '@mui/icons-material/Phone';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { SectionLink } from '../../../components/SectionLink';
import { business, phoneHref } from '../../../config/business';
import { heroImage } from '../../../config/heroImage';
import { sitePageData } from '../offerPageData';
import { REPLY_WITHIN_HOURS } from '../../../config/hours';
import { formatUsd } from '../../../../domain/money';
import { ResponsiveImage } from './ResponsiveImage';
import { marketingTexts } from '../messages';
import { HEADER_HEIGHT } from '../../../config/layout';

const promises = [
  'Fully insured',
  'Eco-friendly products',
  `Reply within ${REPLY_WITHIN_HOURS} hours`,
];

/** The first thing a visitor sees (section "home"). */
export function Hero() {
  return (
    <Box
      component="section"
      id="home"
      aria-labelledby="home-title"
      sx={{
        scrollMarginTop: HEADER_HEIGHT,
        color: '#ffffff',
        background:
          'radial-gradient(ellipse at 75% 40%, rgba(56,189,248,0.22), transparent 60%), linear-gradient(160deg, #0b2a4a 0%, #06172b 100%)',
      }}
    >
      <Container
        maxWidth="lg"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1.05fr 1fr' },
          alignItems: 'center',
          gap: { xs: 4, md: 6 },
          py: { xs: 5, md: 9 },
        }}
      >
        <Box>
          <Typography
            component="p"
            sx={{
              color: '#fcd34d',
              fontWeight: 700,
              letterSpacing: '0.08em',
              textTransform: 'uppercase',
              fontSize: '0.8125rem',
              mb: 1.5,
            }}
          >
            Mobile car detailing in Cary and the Triangle
          </Typography>
          <Typography
            variant="h1"
            id="home-title"
            sx={{ fontSize: { xs: '2.25rem', sm: '2.75rem', md: '3.25rem' }, mb: 2 }}
          >
            {marketingTexts.heroTitle}
          </Typography>
          <Typography sx={{ fontSize: '1.125rem', color: '#d6e2ef', mb: 3.5, maxWidth: 540 }}>
            We bring water, power and professional products to your home or office, so your car gets
            a deep clean while you get on with your day. Packages start from{' '}
            {formatUsd(sitePageData.startingPrice)}.
          </Typography>
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              gap: 1.5,
              mb: 3,
            }}
          >
            <Button
              component={SectionLink}
              to="/#booking"
              variant="contained"
              size="large"
              sx={{
                bgcolor: '#fcd34d',
                color: '#14213d',
                px: 4,
                '&:hover': { bgcolor: '#fbbf24' },
              }}
            >
              {marketingTexts.getQuote}
            </Button>
            <Button
              href={phoneHref}
              variant="outlined"
              size="large"
              startIcon={<PhoneIcon />}
              sx={{
                color: '#ffffff',
                borderColor: 'rgba(255,255,255,0.6)',
                '&:hover': { borderColor: '#ffffff', bgcolor: 'rgba(255,255,255,0.08)' },
              }}
            >
              Call {business.phone}
            </Button>
          </Box>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'flex',
              flexWrap: 'wrap',
              columnGap: 2.5,
              rowGap: 1,
              color: '#d6e2ef',
              fontSize: '0.9375rem',
            }}
          >
            {promises.map((promise) => (
              <Box
                component="li"
                key={promise}
                sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
              >
                <CheckCircleIcon sx={{ fontSize: 18, color: '#5eead4' }} aria-hidden="true" />
                {promise}
              </Box>
            ))}
          </Box>
        </Box>
        <Box
          sx={{
            borderRadius: 4,
            overflow: 'hidden',
            boxShadow: '0 30px 60px -20px rgba(0,0,0,0.6)',
            border: '1px solid rgba(125,211,252,0.25)',
          }}
        >
          <ResponsiveImage
            image={heroImage.image}
            alt={heroImage.alt}
            sizes="(min-width: 1200px) 560px, (min-width: 900px) 46vw, calc(100vw - 32px)"
            priority
          />
        </Box>
      </Container>
    </Box>
  );
}
