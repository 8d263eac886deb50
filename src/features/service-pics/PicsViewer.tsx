/**
 * The picture viewer (docs/product.md §2 Service Pics): a main carousel with arrows and clickable dots,
 * and a thumbnail strip (5 per view, 10 px apart) that drives it. MUI Dialog locks page
 * scroll, traps focus and closes on Escape; the left and right arrow keys change picture.
 */
import { useEffect, useState } from 'react';
import Slider, { type CustomArrowProps } from 'react-slick';
import 'slick-carousel/slick/slick.css';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { ServicePic } from '../../api/normalize';
import { formatShortDate } from '../../../domain/dates';
import { picAlt, thumbnailSx } from './picAlt';
import { servicePicsMessages as m } from './messages';

export const THUMBNAILS_PER_VIEW = 5;
export const THUMBNAIL_GAP_PX = 10;

function Arrow({
  direction,
  onClick,
  className,
}: CustomArrowProps & { direction: 'previous' | 'next' }) {
  const disabled = Boolean(className?.includes('slick-disabled'));
  return (
    <IconButton
      aria-label={direction === 'previous' ? m.previous : m.next}
      onClick={onClick}
      disabled={disabled}
      sx={{
        position: 'absolute',
        top: '50%',
        transform: 'translateY(-50%)',
        [direction === 'previous' ? 'left' : 'right']: 8,
        zIndex: 1,
        bgcolor: 'rgba(255, 255, 255, 0.9)',
        color: 'text.primary',
        boxShadow: 1,
        '&:hover': { bgcolor: '#fff' },
        '&.Mui-disabled': { bgcolor: 'rgba(255, 255, 255, 0.6)' },
        '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main' },
      }}
    >
      {direction === 'previous' ? <ChevronLeftIcon /> : <ChevronRightIcon />}
    </IconButton>
  );
}

interface Props {
  /** The booking in words (domain/bookingName.ts); null while closed. */
  title: string | null;
  pics: readonly ServicePic[];
  onClose: () => void;
}

export function PicsViewer({ title, pics, onClose }: Props) {
  const [main, setMain] = useState<Slider | null>(null);
  const [strip, setStrip] = useState<Slider | null>(null);
  const [current, setCurrent] = useState(0);
  const open = title !== null && pics.length > 0;

  // While the viewer is open the arrow keys change picture, wherever focus is (an arrow
  // button that became disabled at either end leaves focus on the page).
  useEffect(() => {
    if (!open || !main) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') {
        event.preventDefault();
        main.slickPrev();
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        main.slickNext();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, main]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="pics-viewer-title"
    >
      <DialogTitle id="pics-viewer-title" sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton
        aria-label={m.close}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent
        sx={{
          px: { xs: 1, sm: 3 },
          '& .slick-slider': { position: 'relative' },
          '& .slick-dots': {
            display: 'flex !important',
            justifyContent: 'center',
            flexWrap: 'wrap',
            gap: '4px',
            listStyle: 'none',
            p: 0,
            m: '12px 0 0',
          },
          '& .slick-dots button': {
            width: 24,
            height: 24,
            p: 0,
            border: 0,
            bgcolor: 'transparent',
            cursor: 'pointer',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            borderRadius: '50%',
            '&::before': {
              content: '""',
              width: 12,
              height: 12,
              borderRadius: '50%',
              border: '2px solid',
              borderColor: 'primary.main',
              boxSizing: 'border-box',
            },
            '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
          },
          '& .slick-dots .slick-active button::before': { bgcolor: 'primary.main' },
        }}
      >
        {open && (
          <>
            <Slider
              ref={setMain}
              asNavFor={strip ?? undefined}
              infinite={false}
              arrows
              dots
              adaptiveHeight
              waitForAnimate={false}
              beforeChange={(_from, to) => setCurrent(to)}
              prevArrow={<Arrow direction="previous" />}
              nextArrow={<Arrow direction="next" />}
              customPaging={(index) => (
                <button type="button" aria-label={m.showPicture(index + 1)} />
              )}
            >
              {pics.map((pic, index) => (
                <Box key={`${pic.signedUrl}-${index}`} component="figure" sx={{ m: 0 }}>
                  <Box
                    component="img"
                    src={pic.signedUrl}
                    alt={picAlt(pic, index, title ?? '')}
                    sx={{
                      display: 'block',
                      width: '100%',
                      maxHeight: '60vh',
                      objectFit: 'contain',
                      bgcolor: 'grey.100',
                      borderRadius: 1,
                    }}
                  />
                  <Typography component="figcaption" variant="body2" sx={{ mt: 1 }}>
                    {pic.description}
                    {pic.uploadedAt ? ` · ${formatShortDate(pic.uploadedAt)}` : ''}
                  </Typography>
                </Box>
              ))}
            </Slider>
            {pics.length > 1 && (
              // A pointer shortcut: keyboard and screen-reader users have the arrows and the
              // dots ("Show picture N"), so the strip is not tabbable and not announced (slick
              // hides off-screen thumbnails, which must not hold focusable buttons).
              <Box
                aria-hidden
                data-testid="thumbnails"
                sx={{
                  mt: 2,
                  mx: `-${THUMBNAIL_GAP_PX / 2}px`,
                  '& .slick-slide > div': { px: `${THUMBNAIL_GAP_PX / 2}px` },
                }}
              >
                {/* Follows the main carousel (asNavFor); a click moves the main carousel. */}
                <Slider
                  ref={setStrip}
                  slidesToShow={THUMBNAILS_PER_VIEW}
                  infinite={false}
                  arrows={false}
                  swipeToSlide
                >
                  {pics.map((pic, index) => (
                    <ButtonBase
                      key={`${pic.signedUrl}-${index}`}
                      onClick={() => main?.slickGoTo(index)}
                      tabIndex={-1}
                      aria-current={index === current ? 'true' : undefined}
                      sx={{
                        display: 'block',
                        width: '100%',
                        borderRadius: 1,
                        overflow: 'hidden',
                        outline: index === current ? '3px solid' : 'none',
                        outlineColor: 'primary.main',
                        outlineOffset: '-3px',
                        '&.Mui-focusVisible': {
                          outline: '3px solid',
                          outlineColor: 'primary.dark',
                        },
                      }}
                    >
                      <Box
                        component="img"
                        src={pic.signedUrl}
                        alt={m.thumbnailAlt(picAlt(pic, index, title ?? ''))}
                        loading="lazy"
                        sx={thumbnailSx}
                      />
                    </ButtonBase>
                  ))}
                </Slider>
              </Box>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
