/** docs/product.md §1 and §2: the three services, shown on the home page and on /services. */
export interface Service {
  id: 'exterior' | 'interior' | 'mobile';
  title: string;
  summary: string;
  includes: readonly string[];
}

export const services: readonly Service[] = [
  {
    id: 'exterior',
    title: 'Exterior Detailing',
    summary: 'A deep clean and lasting protection for paint, wheels and glass.',
    includes: [
      'Foam pre-wash and two-bucket hand wash',
      'Wheels, tires and wheel wells cleaned and dressed',
      'Bug, tar and road-grime removal',
      'Streak-free windows, mirrors and headlight lenses',
      'Spray sealant for gloss and water beading',
    ],
  },
  {
    id: 'interior',
    title: 'Interior Detailing',
    summary: 'A fresh, healthy cabin, from the headliner down to the floor mats.',
    includes: [
      'Full vacuum of seats, carpets, mats and trunk',
      'Dashboard, console and door panels cleaned and protected',
      'Vents, cup holders and crevices steam-cleaned',
      'Leather or fabric seats cleaned',
      'Interior glass and screens wiped streak-free',
    ],
  },
  {
    id: 'mobile',
    title: 'Mobile Wash',
    summary: 'We come to your home or office with our own water and power.',
    includes: [
      'Service in your driveway or office parking lot',
      'Self-contained water and power: nothing needed from you',
      'Eco-friendly, pH-balanced products',
      'A quick maintenance wash between full details',
      'Weekday evening and all-day weekend appointments',
    ],
  },
];
