/** Service Pics' texts (docs/product.md §2). */
export const servicePicsMessages = {
  title: 'Service Pics',
  websiteOnly: 'Service pictures are available only for bookings made directly on our website.',
  loading: 'Loading service pictures',
  loadFailed: 'Failed to load service pictures.',
  empty: 'No service photos available yet.',
  someFailed: 'Some pictures could not be loaded. Refresh the page to try again.',
  booking: (bookingId: string | null) => `Booking ${bookingId}`,
  photoCount: (count: number) => (count === 1 ? '1 photo' : `${count} photos`),
  previous: 'Previous picture',
  next: 'Next picture',
  close: 'Close',
  showPicture: (n: number) => `Show picture ${n}`,
  picAlt: (n: number, bookingId: string) => `Service picture ${n} of booking ${bookingId}`,
  thumbnailAlt: (alt: string) => `Thumbnail: ${alt}`,
} as const;
