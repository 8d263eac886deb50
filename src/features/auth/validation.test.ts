import fc from 'fast-check';
import {
  hasAt,
  isEmailAddress,
  isStrongPassword,
  normalizeEmail,
  providerMessage,
  sanitizeCode,
} from './validation';

describe('auth input rules', () => {
  it('normalises the login e-mail: trimmed and lower-cased', () => {
    expect(normalizeEmail('  Jordan@Example.COM \n')).toBe('jordan@example.com');
    expect(hasAt('jordan.example.com')).toBe(false);
    expect(hasAt('a@b')).toBe(true);
  });

  it('forgot password uses a basic address pattern', () => {
    expect(isEmailAddress('jordan@example.com')).toBe(true);
    expect(isEmailAddress('jordan@example')).toBe(false);
    expect(isEmailAddress('jordan example@x.com')).toBe(false);
  });

  it('a code keeps digits only, at most 6', () => {
    expect(sanitizeCode('12 34-5678')).toBe('123456');
    expect(sanitizeCode('abc')).toBe('');
    fc.assert(
      fc.property(fc.string(), (input) => {
        const code = sanitizeCode(input);
        return /^\d{0,6}$/.test(code);
      }),
    );
  });

  it('a strong password has 8+ characters with lower, upper, digit and special', () => {
    expect(isStrongPassword('Secret#1')).toBe(true);
    expect(isStrongPassword('Secret#')).toBe(false);
    expect(isStrongPassword('secret#1')).toBe(false);
    expect(isStrongPassword('SECRET#1')).toBe(false);
    expect(isStrongPassword('Secret11')).toBe(false);
    expect(isStrongPassword('Secretx#')).toBe(false);
  });

  it("uses the provider's message, else its code, else the fallback", () => {
    const withCode = Object.assign(new Error(''), { name: 'CodeMismatchException' });
    expect(providerMessage(new Error('Bad code'), 'x')).toBe('Bad code');
    expect(providerMessage(withCode, 'x')).toBe('CodeMismatchException');
    expect(providerMessage(new Error(''), 'Login failed. Please try again.')).toBe(
      'Login failed. Please try again.',
    );
    expect(providerMessage('boom', 'Signup failed. Please try again.')).toBe(
      'Signup failed. Please try again.',
    );
  });
});
