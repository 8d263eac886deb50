/** Service Pics' texts (docs/product.md §2). */
export const servicePicsMessages = {
  title: 'Service Pics',
  websiteOnly: 'Service pictures are available only for bookings made directly on our website.',
  loading: 'Loading service pictures',
  loadFailed: 'Failed to load service pictures.',
  empty: 'No service photos available yet.',
  someFailed: 'Some pictures could not be loaded. Refresh the page to try again.',
  photoCount: (count: number) => (count === 1 ? '1 photo' : `${count} photos`),
  previous: 'Previous picture',
  next: 'Next picture',
  close: 'Close',
  showPicture: (n: number) => `Show picture ${n}`,
  picAlt: (n: number, bookingName: string) => `Service picture ${n}: ${bookingName}`,
  thumbnailAlt: (alt: string) => `Thumbnail: ${alt}`,
} as const;
