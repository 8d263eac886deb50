import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TotpSetup } from '../../../api/identity/cognito';
import { AUTH_TEXT } from '../messages';

/**
 * An authenticator to set up: its QR code (the otpauth:// URI, drawn by `qrcode`, which is
 * loaded only here) and the secret as text for typing it in by hand.
 */
export function TotpSetupDetails({ setup }: { setup: TotpSetup }) {
  const [qr, setQr] = useState('');
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qrcode) => qrcode.toString(setup.uri, { type: 'svg', margin: 1 }))
      .then((svg) => {
        if (current) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      // Without the picture the setup key below still works.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [setup.uri]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      <Box sx={{ width: 192, height: 192, bgcolor: 'common.white' }}>
        {qr && <img src={qr} alt={AUTH_TEXT.qrCodeAlt} width={192} height={192} />}
      </Box>
      <Typography component="p" variant="body2" color="text.secondary">
        {AUTH_TEXT.setupKey}
      </Typography>
      <Typography
        component="p"
        sx={{
          fontFamily: 'monospace',
          fontSize: '1rem',
          wordBreak: 'break-all',
          textAlign: 'center',
        }}
      >
        {setup.secret}
      </Typography>
    </Box>
  );
}
