import { BareList, THREE_CARDS } from '../../../components/BareList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { business } from '../../../config/business';
import { sitePageData } from '../offerPageData';
import { visuallyHidden } from './visuallyHidden';
import { marketingTexts } from '../messages';

/** The offer's community reviews and the link to the neighbourhood page (docs/product.md §1). */
export function Reviews() {
  return (
    <>
      <BareList columns={THREE_CARDS}>
        {sitePageData.reviews.map((review, index) => (
          <Paper
            component="li"
            key={`${index}-${review.name}`}
            variant="outlined"
            sx={{ p: 3.5, borderRadius: 4, display: 'flex', flexDirection: 'column', gap: 2 }}
          >
            <Box
              role="img"
              aria-label={`${review.rating} out of 5 stars`}
              sx={{ display: 'flex', color: '#b45309' }}
            >
              {Array.from({ length: review.rating }, (_, i) => (
                <StarIcon key={i} aria-hidden="true" />
              ))}
            </Box>
            <Box component="blockquote" sx={{ m: 0, flexGrow: 1 }}>
              <Typography sx={{ fontSize: '1.0625rem', lineHeight: 1.6 }}>
                “{review.text}”
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 700 }}>
              {review.name}
              <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                , {review.town}
              </Box>
            </Typography>
          </Paper>
        ))}
      </BareList>
      <Box sx={{ textAlign: 'center', mt: 5 }}>
        <Button
          href={business.socialUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="outlined"
          size="large"
          endIcon={<OpenInNewIcon aria-hidden="true" />}
        >
          {marketingTexts.readMoreReviews}
          <Box component="span" sx={visuallyHidden}>
            {' '}
            (opens in a new tab)
          </Box>
        </Button>
      </Box>
    </>
  );
}
