import type { ServicePic } from '../../api/normalize';

/** A picture's alt text: its description, else what it shows and for which booking. */
export function picAlt(pic: ServicePic, index: number): string {
  return pic.description || `Service picture ${index + 1} of booking ${pic.bookingId}`;
}
