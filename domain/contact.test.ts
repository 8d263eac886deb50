import { isLinkableEmail, mailtoHref, telHref, toE164 } from './contact';
import { loadOpenApi } from './contract/openapi';

const SMUGGLER = 'jane%40gmail.com?bcc=attacker%40evil.com&x=@example.com';

describe('mailtoHref', () => {
  it('keeps an ordinary address readable', () => {
    expect(mailtoHref('ada@example.com')).toBe('mailto:ada@example.com');
    expect(mailtoHref('ada.lovelace+cars@example.co.uk')).toBe(
      'mailto:ada.lovelace+cars@example.co.uk',
    );
  });

  it('encodes what would start a header, so the link writes to one address only', () => {
    const href = mailtoHref(SMUGGLER);
    expect(href).toBe('mailto:jane%2540gmail.com%3Fbcc%3Dattacker%2540evil.com%26x%3D@example.com');
    // What a mail client reads from it: no query (no bcc), and the whole text as the recipient.
    const url = new URL(href);
    expect(url.search).toBe('');
    expect(decodeURIComponent(url.pathname)).toBe(SMUGGLER);
    expect(mailtoHref('a b#c@example.com')).toBe('mailto:a%20b%23c@example.com');
  });
});

describe('telHref', () => {
  it.each([
    ['(919) 555-0142', 'tel:+19195550142'],
    ['919.555.0142', 'tel:+19195550142'],
    ['1 919 555 0142', 'tel:+19195550142'],
    ['+44 20 7946 0958', 'tel:+442079460958'],
    ['919-555-0142 ext. 12', 'tel:+19195550142'],
    ['555-0142', 'tel:5550142'],
    ['919 555 0142?body=hi&x=1', 'tel:+19195550142'],
  ])('%s → %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});

describe('isLinkableEmail and the contract', () => {
  const pattern = new RegExp(
    (loadOpenApi().components.schemas as Record<string, { pattern: string }>).EmailAddress!.pattern,
  );

  it.each([
    ['ada@example.com', true],
    ['ada.lovelace+cars@example.co.uk', true],
    [SMUGGLER, false],
    ['a&b@example.com', false],
    ['a=b@example.com', false],
    ['a%b@example.com', false],
    ['a?b@example.com', false],
    ['a b@example.com', false],
  ])('%s: %s, as the contract says', (address, linkable) => {
    expect(isLinkableEmail(address)).toBe(linkable);
    expect(pattern.test(address)).toBe(linkable);
  });
});

describe('toE164', () => {
  it.each([
    ['(919) 555-0142', '+19195550142'],
    ['1-919-555-0142', '+19195550142'],
    ['+44 20 7946 0958', '+442079460958'],
    [' 919.555.0142 ext 7', '+19195550142'],
  ])('reads %p as %p', (phone, e164) => {
    expect(toE164(phone)).toBe(e164);
  });

  it.each(['', '555-01', '919555014', '+0 123 456 789', '+1234567890123456'])(
    'refuses %p',
    (phone) => {
      expect(toE164(phone)).toBeUndefined();
    },
  );
});
