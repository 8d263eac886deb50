/**
 * The account's phone in the cognito-local proxy (scripts/identity-emulator/cognitoProxy.ts): what
 * cognito-local 5.3.0 does unlike Cognito when a customer adds a phone to the sign-in account
 * (docs/product.md §7, the Security page's text-message codes). The pool auto-verifies only the
 * e-mail, as production's does.
 *
 * - `UpdateUserAttributes` with `phone_number`: Cognito refuses a number that is not E.164
 *   ("Invalid phone number format."); cognito-local stores anything. Cognito stores the number
 *   unverified and sends no code for it (the phone is not auto-verified); cognito-local "e-mails"
 *   a code to the account's address. The proxy answers as Cognito does.
 * - `GetUserAttributeVerificationCode` for `phone_number`: Cognito texts the code to the phone;
 *   cognito-local "e-mails" it and answers nothing about where it went. The proxy reports the
 *   code for the phone (`onCode`, like every other code) and answers with the SMS delivery.
 * - `VerifyUserAttribute` for `phone_number` works in cognito-local (phone_number_verified).
 */
import { isRecord, jwtClaims, readString, type Json } from './cognitoClient';
import type { GapAnswer } from './cognitoAccountGaps';

export interface PhoneGapDeps {
  /** Calls one action on cognito-local. */
  action: (name: string, payload: Json) => Promise<GapAnswer>;
  /** The user record in cognito-local's pool file whose Username, sub or e-mail is `key`. */
  storedUser: (key: string) => Json | undefined;
  onCode: (kind: string, destination: string, code: string) => void;
}

/** What Cognito accepts as a phone_number: E.164. */
const E164 = /^\+[1-9]\d{1,14}$/;

/** A phone number as Cognito shows where a code went, e.g. +*******0101. */
export const maskPhone = (phone: string) =>
  `+${'*'.repeat(Math.max(phone.length - 5, 0))}${phone.slice(-4)}`;

const failure = (type: string, message: string): GapAnswer => ({
  status: 400,
  body: { __type: type, message },
});

const attributeValue = (user: Json | undefined, name: string) =>
  (Array.isArray(user?.Attributes) ? user.Attributes.filter(isRecord) : []).find(
    (attribute) => attribute.Name === name,
  )?.Value;

/**
 * Returns the proxy's hook: `answer(action, input)` gives the answer for the actions handled
 * here, or undefined to let the proxy go on as before.
 */
export function phoneGaps(deps: PhoneGapDeps) {
  async function updateAttributes(input: Json): Promise<GapAnswer | undefined> {
    const attributes = Array.isArray(input.UserAttributes)
      ? input.UserAttributes.filter(isRecord)
      : [];
    const phone = attributes.find((attribute) => attribute.Name === 'phone_number');
    if (!phone) return undefined;
    if (typeof phone.Value !== 'string' || !E164.test(phone.Value))
      return failure('InvalidParameterException', 'Invalid phone number format.');
    // With an e-mail change too, the proxy's e-mail handling answers (its code is e-mailed).
    if (attributes.some((attribute) => attribute.Name === 'email')) return undefined;
    const answer = await deps.action('UpdateUserAttributes', input);
    return answer.status === 200 ? { status: 200, body: { CodeDeliveryDetailsList: [] } } : answer;
  }

  async function sendPhoneCode(input: Json): Promise<GapAnswer> {
    // cognito-local checks the token and stores the code (it "e-mails" it, whatever the name).
    const answer = await deps.action('GetUserAttributeVerificationCode', input);
    if (answer.status !== 200) return answer;
    const sub = readString(jwtClaims(readString(input, 'AccessToken') ?? ''), 'sub') ?? '';
    const user = deps.storedUser(sub);
    const phone = attributeValue(user, 'phone_number');
    if (typeof phone !== 'string')
      return failure('InvalidParameterException', 'The account has no phone_number to verify.');
    const code = readString(user, 'AttributeVerificationCode');
    if (code) deps.onCode('Phone verification code', phone, code);
    return {
      status: 200,
      body: {
        CodeDeliveryDetails: {
          AttributeName: 'phone_number',
          DeliveryMedium: 'SMS',
          Destination: maskPhone(phone),
        },
      },
    };
  }

  function answer(name: string, input: Json): Promise<GapAnswer | undefined> | undefined {
    if (name === 'UpdateUserAttributes') return updateAttributes(input);
    if (name === 'GetUserAttributeVerificationCode' && input.AttributeName === 'phone_number')
      return sendPhoneCode(input);
    return undefined;
  }

  return { answer };
}
