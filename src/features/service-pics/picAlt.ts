import type { ServicePic } from '../../api/normalize';
import { servicePicsMessages as m } from './messages';

/** A picture's alt text: its description, else what it shows and for which booking (in words). */
export function picAlt(pic: ServicePic, index: number, bookingName: string): string {
  return pic.description || m.picAlt(index + 1, bookingName);
}

/** A thumbnail's box: the full width of its tile at 4:3, cropped to fill. */
export const thumbnailSx = {
  display: 'block',
  width: '100%',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
} as const;
