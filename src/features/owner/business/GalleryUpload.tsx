/**
 * Adding gallery pictures from the phone ("Your business", docs/product.md "The business's
 * offer"): the file input offers the camera or the phone's pictures (it forces neither) and
 * takes several at once. Each chosen picture shows a preview with its own alt text (required)
 * and caption; "Add" sends each (`POST /owner/gallery-pictures`), and every picture the server
 * made into the site's WebP set joins the form's gallery, to be kept by saving the draft. A
 * picture without alt text is not sent; a refusal shows on that picture, with what was typed.
 */
import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useUploadOwnerGalleryPictureMutation } from '../api/endpoints';
import type { GalleryPicture, UploadOwnerGalleryPictureApiArg } from '../api/generated';
import { errorMessage } from '../../../api/errors';
import { businessTexts as t } from './messages';

interface Chosen {
  key: number;
  file: File;
  /** An object URL of the file for its preview, freed when it leaves the list. */
  preview: string;
  alt: string;
  caption: string;
  uploading: boolean;
  /** What is wrong with its alt text (from the screen or the server's 400). */
  altError: string;
  /** Why the server refused it otherwise. */
  error: string;
}

let lastKey = 0;

const Preview = ({ url }: { url: string }) => (
  <Box
    component="img"
    src={url}
    alt=""
    sx={{ display: 'block', width: 160, maxWidth: '100%', height: 'auto', borderRadius: 1 }}
  />
);

export function GalleryUpload({ onUploaded }: { onUploaded: (entry: GalleryPicture) => void }) {
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(0);
  const [upload] = useUploadOwnerGalleryPictureMutation();
  const titleId = useId();

  // The previews still shown are freed when the screen goes.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const shown = previews.current;
    return () => shown.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  const drop = (item: Chosen) => {
    URL.revokeObjectURL(item.preview);
    previews.current.delete(item.preview);
    setChosen((list) => list.filter((x) => x.key !== item.key));
  };

  const change = (key: number, patch: Partial<Chosen>) =>
    setChosen((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const choose = (files: FileList | null) => {
    const picked = Array.from(files ?? []);
    if (picked.length === 0) return;
    const items: Chosen[] = picked.map((file) => ({
      key: ++lastKey,
      file,
      preview: URL.createObjectURL(file),
      alt: '',
      caption: '',
      uploading: false,
      altError: '',
      error: '',
    }));
    for (const item of items) previews.current.add(item.preview);
    setChosen((list) => [...list, ...items]);
    setAdded(0);
    // A new input, so that the same file may be chosen again.
    setInputKey((key) => key + 1);
  };

  const send = async () => {
    if (busy) return;
    // Every picture without alt text says so at once, and none of them is sent.
    const missing = chosen.filter((item) => !item.alt.trim());
    for (const item of missing) change(item.key, { altError: t.altRequired, error: '' });
    const ready = chosen.filter((item) => item.alt.trim());
    if (ready.length === 0) return;
    setBusy(true);
    let count = 0;
    for (const item of ready) {
      change(item.key, { uploading: true, altError: '', error: '' });
      const form = new FormData();
      // The text fields go before the file: the server reads those sent before it.
      form.append('alt', item.alt.trim());
      form.append('caption', item.caption.trim());
      form.append('file', item.file, item.file.name);
      try {
        // The generated type describes the multipart fields; the base query sends FormData as is.
        const body = form as unknown as UploadOwnerGalleryPictureApiArg['body'];
        const entry = await upload({ body }).unwrap();
        onUploaded(entry);
        count += 1;
        drop(item);
      } catch (caught) {
        const message = errorMessage(caught, t.uploadFailed);
        change(
          item.key,
          message.startsWith('body/alt ')
            ? { uploading: false, altError: message }
            : { uploading: false, error: message },
        );
      }
    }
    setAdded(count);
    setBusy(false);
  };

  const pending = chosen.length;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 2 }}>
      <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t.uploadTitle}
      </Typography>
      <TextField
        key={inputKey}
        label={t.choosePictures}
        helperText={t.uploadHelp}
        type="file"
        fullWidth
        sx={{ mt: 1 }}
        onChange={(event) => choose((event.target as HTMLInputElement).files)}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { accept: 'image/jpeg,image/png,image/webp', multiple: true },
        }}
      />
      {pending > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: 2 }}>
          {chosen.map((item) => (
            <Box component="li" key={item.key} sx={{ mb: 1.5 }}>
              <Box
                role="group"
                aria-label={t.chosenLabel(item.file.name)}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
              >
                <Box sx={{ display: 'grid', gap: 1.5 }}>
                  <Preview url={item.preview} />
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{item.file.name}</Typography>
                  <TextField
                    label={t.alt}
                    value={item.alt}
                    multiline
                    fullWidth
                    error={Boolean(item.altError)}
                    helperText={item.altError || undefined}
                    onChange={(event) =>
                      change(item.key, { alt: event.target.value, altError: '' })
                    }
                  />
                  <TextField
                    label={t.caption}
                    value={item.caption}
                    fullWidth
                    onChange={(event) => change(item.key, { caption: event.target.value })}
                  />
                  {item.error && (
                    <Alert severity="error" role="alert">
                      {t.uploadFailed} {item.error}
                    </Alert>
                  )}
                </Box>
                <Button
                  size="small"
                  color="error"
                  sx={{ mt: 1 }}
                  disabled={item.uploading}
                  onClick={() => drop(item)}
                >
                  {t.removeChosen(item.file.name)}
                </Button>
              </Box>
            </Box>
          ))}
        </Box>
      )}
      <Box role="status" sx={{ my: 1 }}>
        {added > 0 && <Alert severity="success">{t.uploadedNotice(added)}</Alert>}
      </Box>
      {pending > 0 && (
        <Button variant="outlined" aria-disabled={busy} onClick={() => void send()}>
          {busy ? t.uploading : t.uploadPictures(pending)}
        </Button>
      )}
    </Box>
  );
}
