/** docs/product.md §1: three static community reviews (the link to more is business.socialUrl). */
export interface Review {
  name: string;
  town: string;
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
}

export const reviews: readonly Review[] = [
  {
    name: 'Jessica M.',
    town: 'Cary',
    rating: 5,
    text:
      'They showed up right on time and had our SUV looking better than the day we bought it. ' +
      'The pet hair removal alone was worth it: our golden retriever sheds on everything!',
  },
  {
    name: 'David R.',
    town: 'Apex',
    rating: 5,
    text:
      'I booked the Premium Package for the minivan before a beach trip. Ceramic wax, leather ' +
      'conditioning, spotless glass, and all of it done in our driveway while I worked from home.',
  },
  {
    name: 'Priya S.',
    town: 'Morrisville',
    rating: 5,
    text:
      'They detailed my sedan in the office parking lot during a workday. Friendly, careful with ' +
      'the paint, and the price was exactly what the quote said. Already booked my next visit.',
  },
];
