/**
 * What Amplify v6 runs for a remembered device, with Amplify's own SRP helpers, in a plain Node
 * process (under jest's transform they are ~35 times slower). Used by cognitoProxy.test.ts:
 *
 *   node amplifyDevice.mjs confirm '{"poolName","groupKey","deviceKey"}'
 *     → {"salt","verifier","password"} (base64 salt and verifier, as ConfirmDevice takes them)
 *   node amplifyDevice.mjs prove '{"url","clientId","username","session","deviceKey","groupKey","password"}'
 *     → the answer to DEVICE_PASSWORD_VERIFIER (or {"error": …})
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const srpDir = path.join(
  import.meta.dirname,
  '../../../node_modules/aws-amplify/node_modules/@aws-amplify/auth/dist/cjs/providers/cognito/utils/srp',
);
const load = async (file) => (await import(pathToFileURL(path.join(srpDir, file)).href)).default;
const srp = await load('index.js');
const { BigInteger } = await load('BigInteger/index.js');

async function call(url, action, body) {
  const response = await fetch(`${url}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw Object.assign(new Error(json.message), { type: json.__type });
  return json;
}

async function confirm({ poolName, groupKey, deviceKey }) {
  const helper = await srp.getAuthenticationHelper(poolName);
  await helper.generateHashDevice(groupKey, deviceKey);
  const base64 = (hex) => Buffer.from(hex, 'hex').toString('base64');
  return {
    salt: base64(helper.getSaltToHashDevices()),
    verifier: base64(helper.getVerifierDevices()),
    password: helper.getRandomPassword(),
  };
}

async function prove({ url, clientId, username, session, deviceKey, groupKey, password }) {
  const helper = await srp.getAuthenticationHelper(groupKey);
  const challenge = await call(url, 'RespondToAuthChallenge', {
    ClientId: clientId,
    ChallengeName: 'DEVICE_SRP_AUTH',
    Session: session,
    ChallengeResponses: { USERNAME: username, SRP_A: helper.A.toString(16), DEVICE_KEY: deviceKey },
  });
  const params = challenge.ChallengeParameters;
  const hkdf = await helper.getPasswordAuthenticationKey({
    username: deviceKey,
    password,
    serverBValue: new BigInteger(params.SRP_B, 16),
    salt: new BigInteger(params.SALT, 16),
  });
  const dateNow = srp.getNowString();
  return call(url, 'RespondToAuthChallenge', {
    ClientId: clientId,
    ChallengeName: challenge.ChallengeName,
    Session: challenge.Session,
    ChallengeResponses: {
      USERNAME: params.USERNAME,
      PASSWORD_CLAIM_SECRET_BLOCK: params.SECRET_BLOCK,
      TIMESTAMP: dateNow,
      PASSWORD_CLAIM_SIGNATURE: srp.getSignatureString({
        userPoolName: groupKey,
        username: deviceKey,
        challengeParameters: params,
        dateNow,
        hkdf,
      }),
      DEVICE_KEY: deviceKey,
    },
  });
}

const [op, input] = process.argv.slice(2);
(op === 'confirm' ? confirm : prove)(JSON.parse(input ?? '{}')).then(
  (result) => process.stdout.write(JSON.stringify(result)),
  (error) => process.stdout.write(JSON.stringify({ error: error.type ?? error.message })),
);
