import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageMeta } from '../../../components/usePageMeta';
import {
  browserStorage,
  LEGAL_UPDATED,
  privacyIntro,
  privacyRights,
  storedData,
  termsSections,
  type LegalSection,
} from '../../../config/legal';
import { PageHeader } from '../components/Section';
import { pageMeta } from '../pageMeta';

const code = { fontFamily: 'monospace', fontSize: '0.95em' } as const;

function Sections({ sections }: { sections: readonly LegalSection[] }) {
  return sections.map((section) => (
    <Box component="section" key={section.heading} sx={{ mb: 4 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {section.heading}
      </Typography>
      {section.paragraphs.map((paragraph) => (
        <Typography key={paragraph} sx={{ mb: 1.5 }}>
          {paragraph}
        </Typography>
      ))}
    </Box>
  ));
}

/** The page body: a readable column under the page header. */
function LegalBody({ children }: { children: React.ReactNode }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 }, overflowWrap: 'anywhere' }}>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>Last updated {LEGAL_UPDATED}</Typography>
      {children}
    </Container>
  );
}

/** /privacy (docs/product.md §2): what we keep, why, for how long, and the customer's choices. */
export function PrivacyPage() {
  usePageMeta(pageMeta['/privacy'].title, pageMeta['/privacy'].description);
  return (
    <>
      <PageHeader
        title="Privacy Policy"
        intro="What we keep about you, why, for how long, and what you can do about it."
      />
      <LegalBody>
        <Sections sections={privacyIntro} />
        <Box component="section" aria-labelledby="stored-data" sx={{ mb: 4 }}>
          <Typography id="stored-data" variant="h5" component="h2" sx={{ mb: 1.5 }}>
            What our database keeps
          </Typography>
          {storedData.map((table) => (
            <Box key={table.table} sx={{ mb: 3 }}>
              <Typography variant="h6" component="h3">
                {table.holds}
              </Typography>
              <Typography sx={{ mb: 1 }}>
                Table{' '}
                <Box component="span" sx={code}>
                  {table.table}
                </Box>
                . Kept: {table.kept}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {Object.entries(table.columns).map(([column, meaning]) => (
                  <li key={column}>
                    <Box component="span" sx={code}>
                      {column}
                    </Box>
                    : {meaning}
                  </li>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
        <Box component="section" aria-labelledby="browser-storage" sx={{ mb: 4 }}>
          <Typography id="browser-storage" variant="h5" component="h2" sx={{ mb: 1.5 }}>
            What this website keeps in your browser
          </Typography>
          <Typography sx={{ mb: 1 }}>
            No cookies. These keys, on this device only, removed when you sign out (the quote draft
            when you send it or start over):
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {browserStorage.map((entry) => (
              <li key={entry.key}>
                <Box component="span" sx={code}>
                  {entry.key}
                </Box>{' '}
                ({entry.storage}): {entry.holds}
              </li>
            ))}
          </Box>
        </Box>
        <Sections sections={privacyRights} />
      </LegalBody>
    </>
  );
}

/** /terms (docs/product.md §2): the terms of service. */
export function TermsPage() {
  usePageMeta(pageMeta['/terms'].title, pageMeta['/terms'].description);
  return (
    <>
      <PageHeader title="Terms of Service" intro="The terms of our service and of this website." />
      <LegalBody>
        <Sections sections={termsSections} />
      </LegalBody>
    </>
  );
}
