import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLazyExportMyDataQuery } from '../../../api/endpoints';
import { errorMessage } from '../../../api/errors';
import { Panel } from '../../../components/Panel';
import { RIGHTS_TEXT } from './rightsTexts';

/** Hands a JSON document to the browser as a downloaded file. */
function saveJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** "Download my data" (docs/product.md §7): everything stored about the customer, one file. */
export function DownloadDataPanel() {
  const [fetchExport, { isFetching }] = useLazyExportMyDataQuery();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const download = async () => {
    setOutcome(null);
    try {
      saveJson(await fetchExport().unwrap(), 'my-data.json');
      setOutcome({ ok: true, message: RIGHTS_TEXT.downloaded });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, RIGHTS_TEXT.downloadFailed) });
    }
  };
  return (
    <Panel title={RIGHTS_TEXT.downloadHeading}>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <Typography color="text.secondary">{RIGHTS_TEXT.downloadIntro}</Typography>
        {outcome && (
          <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.message}
          </Alert>
        )}
        <Box>
          <Button variant="outlined" disabled={isFetching} onClick={() => void download()}>
            {isFetching ? RIGHTS_TEXT.downloading : RIGHTS_TEXT.downloadButton}
          </Button>
        </Box>
      </Stack>
    </Panel>
  );
}
