import { loadOpenApi } from './contract/openapi';
import { transactionTypeLabel, transactionTypeLabels } from './loyalty';

describe('transactionTypeLabel: what the Loyalty page and the owner console call a transaction', () => {
  it.each([
    ['earn', 'Earned'],
    ['redeem', 'Redeemed'],
    ['signup_bonus', 'Signup bonus'],
    ['adjustment', 'Adjustment'],
    // A type this code does not know yet (a newer server): its own words.
    ['referral_bonus', 'Referral bonus'],
    ['', 'Other'],
    ['_', 'Other'],
  ])('%p reads %p', (type, label) => {
    expect(transactionTypeLabel(type)).toBe(label);
  });

  it("has a label for each type the contract's LoyaltyTransaction may carry, and no other", () => {
    const schemas = loadOpenApi().components.schemas as Record<
      string,
      { properties: { type: { enum: string[] } } }
    >;
    const types = schemas.LoyaltyTransaction!.properties.type.enum;
    expect(Object.keys(transactionTypeLabels).sort()).toEqual([...types].sort());
  });
});
