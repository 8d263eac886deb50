import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import PhoneIcon from '@mui/icons-material/Phone';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { business, emailHref, phoneHref } from '../../../config/business';
import { useVisitorHoursText } from '../../../lib/workingWeek';
import { visuallyHidden } from './visuallyHidden';
import { marketingTexts } from '../messages';

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box
        aria-hidden="true"
        sx={{
          width: 44,
          height: 44,
          flexShrink: 0,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: '#e0eefb',
          color: 'primary.main',
        }}
      >
        {icon}
      </Box>
      <Box>
        <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
          {label}
        </Typography>
        {children}
      </Box>
    </Box>
  );
}

/** Phone, e-mail, hours (the owner's working hours) and online scheduling (home contact section and /contact). */
export function ContactDetails() {
  const hours = useVisitorHoursText();
  return (
    <Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2.5 }}>
        <Row icon={<PhoneIcon />} label="Phone">
          <Link href={phoneHref} sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
            {business.phone}
          </Link>
        </Row>
        <Row icon={<MailOutlineIcon />} label="E-mail">
          <Link href={emailHref} sx={{ overflowWrap: 'anywhere' }}>
            {/* A long address wraps after the @ rather than mid-word. */}
            {business.email.split('@')[0]}@<wbr />
            {business.email.split('@').slice(1).join('@')}
          </Link>
        </Row>
        <Row icon={<ScheduleIcon />} label="Hours">
          <Typography component="span">{hours}</Typography>
        </Row>
      </Box>
      <Button
        href={business.schedulingUrl}
        target="_blank"
        rel="noopener noreferrer"
        variant="contained"
        size="large"
        endIcon={<OpenInNewIcon aria-hidden="true" />}
        sx={{ mt: 3 }}
      >
        {marketingTexts.scheduleOnline}
        <Box component="span" sx={visuallyHidden}>
          {' '}
          (opens in a new tab)
        </Box>
      </Button>
    </Box>
  );
}
