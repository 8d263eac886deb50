/** Loyalty Program's texts (docs/product.md §2, §4, §9). Numbers arrive formatted. */
export const loyaltyMessages = {
  title: 'Loyalty Program',
  loading: 'Loading loyalty program',
  currentLevel: 'Current level',
  points: 'points',
  progressLabel: (max: string) => `Progress toward ${max} points`,
  moreToReach: (needed: string, tier: string) => `${needed} more points to reach ${tier}.`,
  howItWorks: 'How it works',
  pointWorth: (value: string) => `Each point is worth ${value}.`,
  redeemFrom: (points: string) => `You can redeem points once you have ${points} or more.`,
  autoRedeem: (points: string) => `At ${points} points, your points are redeemed automatically.`,
  levels: (first: string, below: string, rest: string) =>
    `Levels: ${first} below ${below} points, ${rest}.`,
  levelFrom: (tier: string, min: string) => `${tier} from ${min}`,
  yourActivity: 'Your Activity',
  noTransactions:
    "You don't have any loyalty transactions yet. Start booking services to earn points!",
  pointsOverTime: 'Points Over Time',
  signupOnly:
    "You've earned your signup bonus! Your loyalty activity will appear here once you complete your first booking.",
  transactions: 'Transactions',
  columns: { date: 'Date', type: 'Type', points: 'Points', source: 'Source / Reason' },
  noSource: '—',
  chartSeries: 'Total points',
  chartValue: (points: string) => `${points} points`,
} as const;
