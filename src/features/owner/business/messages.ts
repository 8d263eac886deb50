/** The "Your business" screen's texts (docs/product.md, "The business's offer"). */
export const businessTexts = {
  nav: 'Your business',
  title: 'Your business',
  intro:
    'What you sell and how the site presents it. Save your changes as a draft; visitors see them once you publish.',
  loading: 'Loading your offer…',
  failed: 'Your offer could not be loaded.',

  vehiclesTitle: 'Vehicle types',
  price: (name: string) => `${name} price ($)`,
  description: (name: string) => `${name} description`,
  premiumSaving: 'Premium Package saving shown ($)',
  premiumHint: (listPrice: number, saving: number) =>
    `Shown as a $${listPrice} value, save $${saving}.`,

  addonsTitle: 'Add-ons',
  noAddons: 'No add-ons.',
  addon: (index: number, name: string) => (name.trim() ? name : `Add-on ${index + 1}`),
  addonName: 'Name',
  addonPrice: 'Price ($)',
  addonMinutes: 'Minutes of work',
  addonOn: 'Offered',
  addAddon: 'Add an add-on',

  plansTitle: 'Plans',
  plans: { weekly: 'Weekly', biweekly: 'Biweekly', monthly: 'Monthly' },
  planPrice: (plan: string) => `${plan} price per visit ($)`,
  planIncludes: (plan: string) => `${plan}: what it includes (one per line)`,

  townsTitle: 'Towns served',
  town: (index: number) => `Town ${index + 1}`,
  addTown: 'Add a town',

  contactTitle: 'Contact details',
  phone: 'Phone',
  email: 'E-mail',

  reviewsTitle: 'Reviews',
  noReviews: 'No reviews.',
  review: (index: number, name: string) =>
    name.trim() ? `Review by ${name}` : `Review ${index + 1}`,
  reviewText: 'What they said',
  reviewName: 'Name',
  reviewTown: 'Town',
  reviewRating: 'Stars (1 to 5)',
  addReview: 'Add a review',

  galleryTitle: 'Gallery',
  noPictures: 'No pictures.',
  picture: (index: number) => `Picture ${index + 1}`,
  alt: 'Description for screen readers (required)',
  caption: 'Caption',
  uploadTitle: 'Add pictures',
  uploadHelp:
    'Take a photo or choose some from your phone (JPEG, PNG or WebP, up to 10 MB each). Describe each one for people who cannot see it, then add them.',
  choosePictures: 'Pictures to add',
  chosenLabel: (name: string) => `New picture ${name}`,
  altRequired:
    'Describe the picture for people who cannot see it: a picture cannot be added without.',
  uploadPictures: (count: number) =>
    count === 1 ? 'Add 1 picture to the gallery' : `Add ${count} pictures to the gallery`,
  uploading: 'Adding…',
  uploadFailed: 'The picture could not be added.',
  uploadedNotice: (count: number) =>
    `${count === 1 ? '1 picture was' : `${count} pictures were`} added at the end of the gallery. Save the draft to keep ${count === 1 ? 'it' : 'them'}; visitors see ${count === 1 ? 'it' : 'them'} once you publish.`,
  removeChosen: (name: string) => `Don't add ${name}`,
  uploadedPicture: 'Uploaded picture',

  moveUp: (what: string) => `Move ${what} up`,
  moveDown: (what: string) => `Move ${what} down`,
  remove: (what: string) => `Remove ${what}`,
  up: 'Up',
  down: 'Down',
  removeShort: 'Remove',

  save: 'Save draft',
  saving: 'Saving…',
  saved: 'Draft saved. Visitors see it once you publish.',
  saveFailed: 'The draft could not be saved.',
  unsaved: 'You have changes that are not saved.',
  preview: 'Preview and publish',
  previewTitle: 'Preview of the Services page',
  previewIntro:
    'This is the Services page with your changes (its links do nothing here). Publish to show it to visitors.',
  noPreview: 'The preview could not be shown.',
  publish: 'Publish',
  publishing: 'Publishing…',
  published: (version: number) =>
    `Published version ${version}. Visitors see it at their next page load.`,
  /** Published, but the pages still show the offer before: the server's reason and retry. */
  publishedPagesFailed: (version: number, pages: string) =>
    `Published version ${version}. ${pages}`,
  publishFailed: 'The offer could not be published.',
  backToEditing: 'Back to editing',

  versionsTitle: 'Versions (last 20)',
  versionsLabel: 'Versions of your offer',
  versionsLoading: 'Loading the versions…',
  versionsFailed: 'The versions could not be loaded.',
  version: (version: number) => `Version ${version}`,
  madeBy: (who: string, when: string) => `${who === 'seed' ? 'Starting offer' : who}, ${when}`,
  publishedAt: (when: string) => `Published ${when}`,
  notPublished: 'Never published',
  restoredFrom: (version: number) => `Copy of version ${version}`,
  live: 'Visitors see this one',
  restore: (version: number) => `Restore version ${version}`,
  restoreTitle: (version: number) => `Restore version ${version}?`,
  restoreMessage:
    'It becomes your draft: the form shows it and changes you have not saved are replaced. Visitors see it once you publish.',
  restoreConfirm: 'Restore',
  cancel: 'Cancel',
  restored: (version: number) => `Version ${version} is your draft now.`,
  restoreFailed: 'The version could not be restored.',
} as const;
