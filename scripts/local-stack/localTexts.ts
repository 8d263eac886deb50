/**
 * The local stack's SNS deliveries, signed: the incoming texts (`npm start`, `npm run text`),
 * which the API's `POST /sms-events` takes as SNS delivers AWS End User Messaging SMS's two-way
 * messages, and the identity emulator's authenticator calls, which `POST /identity-events` takes
 * as production's EventBridge rule delivers Cognito's CloudTrail record. Locally the
 * signing key and its certificate are made once in `.local/sns/` (selfsigned), the API is told
 * the certificate (SMS_EVENTS_CERT_FILE, IDENTITY_EVENTS_CERT_FILE) and this module signs each message with the key, so the
 * API checks a local text exactly as it checks SNS's.
 */
import { createSign, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import selfsigned from 'selfsigned';
import { stringToSign } from '../../server/mail/snsSignature';
import {
  COGNITO_CLOUDTRAIL_EVENT,
  IDENTITY_EVENTS_PATH,
  SMS_EVENTS_PATH,
} from '../../server/platform/config';

/** The local topic of incoming texts (any account number: nothing leaves the machine). */
export const LOCAL_SMS_TOPIC = 'arn:aws:sns:us-east-1:000000000000:local-incoming-texts';
/** A certificate URL of SNS's own form (the local API reads SMS_EVENTS_CERT_FILE instead). */
const LOCAL_CERT_URL = 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-10ca1.pem';
/** The local origination number the texts are "sent to". */
export const LOCAL_ORIGINATION_NUMBER = '+19195550100';

export interface LocalSnsKey {
  keyFile: string;
  certFile: string;
}

/** The local signing key and certificate, made on first use. */
export async function ensureLocalSnsKey(stateDir: string): Promise<LocalSnsKey> {
  const dir = path.join(stateDir, 'sns');
  const keyFile = path.join(dir, 'signing-key.pem');
  const certFile = path.join(dir, 'signing-cert.pem');
  if (!existsSync(keyFile) || !existsSync(certFile)) {
    mkdirSync(dir, { recursive: true });
    const made = await selfsigned.generate([{ name: 'commonName', value: 'sns.amazonaws.com' }], {
      keySize: 2048,
      algorithm: 'sha256',
      notAfterDate: new Date(Date.now() + 10 * 365 * 86_400_000),
    });
    writeFileSync(keyFile, made.private, { mode: 0o600 });
    writeFileSync(certFile, made.cert);
  }
  return { keyFile, certFile };
}

/** An SNS Notification of `message` on `topicArn`, signed with `privateKey` (SignatureVersion 2). */
export function signedNotification(
  message: string,
  privateKey: string,
  topicArn = LOCAL_SMS_TOPIC,
): Record<string, string> {
  const envelope: Record<string, string> = {
    Type: 'Notification',
    MessageId: randomUUID(),
    TopicArn: topicArn,
    Message: message,
    Timestamp: new Date().toISOString(),
    SignatureVersion: '2',
    SigningCertURL: LOCAL_CERT_URL,
  };
  const signer = createSign('RSA-SHA256');
  signer.update(stringToSign(envelope), 'utf8');
  return { ...envelope, Signature: signer.sign(privateKey, 'base64') };
}

/** The two-way SMS message of a text `from` a number, as End User Messaging publishes it. */
export const incomingTextMessage = (from: string, body: string) =>
  JSON.stringify({
    originationNumber: from,
    destinationNumber: LOCAL_ORIGINATION_NUMBER,
    messageKeyword: body.trim().toUpperCase(),
    messageBody: body,
    inboundMessageId: randomUUID(),
  });

/** The local topic of Cognito's authenticator calls (production: CloudTrail → EventBridge). */
export const LOCAL_IDENTITY_TOPIC = 'arn:aws:sns:us-east-1:000000000000:local-identity-events';

/**
 * The EventBridge event of a user pool call as Cognito's CloudTrail record gives it: the call's
 * name and the account's `sub`, nothing else (the shape ../../server/owner/authenticatorEvents.ts
 * reads; production's rule is infra/lib/authenticatorEvents.ts).
 */
export const cognitoCallEvent = (eventName: string, sub: string) =>
  JSON.stringify({
    version: '0',
    id: randomUUID(),
    source: COGNITO_CLOUDTRAIL_EVENT.source,
    'detail-type': COGNITO_CLOUDTRAIL_EVENT.detailType,
    time: new Date().toISOString(),
    region: 'us-east-1',
    detail: {
      eventSource: COGNITO_CLOUDTRAIL_EVENT.eventSource,
      eventName,
      additionalEventData: { sub },
    },
  });

/** Delivers one authenticator call to the local API, as SNS would; the API's HTTP status. */
export async function sendLocalIdentityEvent(
  apiUrl: string,
  key: LocalSnsKey,
  eventName: string,
  sub: string,
): Promise<number> {
  const envelope = signedNotification(
    cognitoCallEvent(eventName, sub),
    readFileSync(key.keyFile, 'utf8'),
    LOCAL_IDENTITY_TOPIC,
  );
  const answer = await fetch(`${apiUrl}${IDENTITY_EVENTS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain; charset=UTF-8' },
    body: JSON.stringify(envelope),
  });
  return answer.status;
}

/** Sends a text from `from` to the local API, as SNS would; the API's HTTP status. */
export async function sendLocalIncomingText(
  apiUrl: string,
  key: LocalSnsKey,
  from: string,
  body: string,
): Promise<number> {
  const envelope = signedNotification(
    incomingTextMessage(from, body),
    readFileSync(key.keyFile, 'utf8'),
  );
  const answer = await fetch(`${apiUrl}${SMS_EVENTS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain; charset=UTF-8' },
    body: JSON.stringify(envelope),
  });
  return answer.status;
}
