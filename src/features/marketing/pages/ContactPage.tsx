import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { usePageMeta } from '../../../components/usePageMeta';
import { PageHeader } from '../components/Section';
import { ContactDetails } from '../components/ContactDetails';
import { CallOrEmail } from '../components/CallOrEmail';
import { pageMeta } from '../pageMeta';
import { visuallyHidden } from '../components/visuallyHidden';
import { marketingTexts } from '../messages';

/** /contact (docs/product.md §2): phone, e-mail and hours; the contact form is a placeholder. */
export function ContactPage() {
  usePageMeta(pageMeta['/contact'].title, pageMeta['/contact'].description);
  return (
    <>
      <PageHeader title={marketingTexts.contactPageTitle} intro={marketingTexts.contactPageIntro} />
      <Container
        maxWidth="lg"
        sx={{
          py: { xs: 5, md: 8 },
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1.2fr' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, borderRadius: 4 }}>
          <Typography variant="h5" component="h2" sx={{ mb: 2.5 }}>
            Call, e-mail or book online
          </Typography>
          <ContactDetails />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, borderRadius: 4 }}>
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            Send us a message
          </Typography>
          <Alert severity="info" id="contact-form-note" sx={{ mb: 3 }}>
            Our contact form is coming soon and cannot send messages yet. Please <CallOrEmail />.
          </Alert>
          <Box
            component="form"
            aria-label={marketingTexts.contactFormLabel}
            aria-describedby="contact-form-note"
            onSubmit={(event) => event.preventDefault()}
          >
            <Box
              component="fieldset"
              disabled
              sx={{ border: 0, m: 0, p: 0, minWidth: 0, display: 'grid', gap: 2 }}
            >
              <Box component="legend" sx={visuallyHidden}>
                Your message
              </Box>
              <TextField
                label={marketingTexts.contactFormName}
                name="name"
                autoComplete="name"
                disabled
                fullWidth
              />
              <TextField
                label="Email Address"
                name="email"
                type="email"
                autoComplete="email"
                disabled
                fullWidth
              />
              <TextField
                label={marketingTexts.contactFormMessage}
                name="message"
                multiline
                rows={4}
                disabled
                fullWidth
              />
              <Box>
                <Button type="submit" variant="contained" disabled>
                  {marketingTexts.contactFormSend}
                </Button>
              </Box>
            </Box>
          </Box>
        </Paper>
      </Container>
    </>
  );
}
