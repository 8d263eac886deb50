/**
 * The secret header only our CloudFront distribution sends to the API server
 * (server/platform/originSecret.ts): the server's security group admits every distribution's
 * addresses, so this is what tells ours apart. The value lives in Secrets Manager; the
 * distribution reads it when CloudFormation deploys it, the server at each start (the env
 * file's ORIGIN_SECRETS), and Secrets Manager rotates it every ORIGIN_SECRET_ROTATION_DAYS
 * with the function below:
 *
 * 1. createSecret: a new random value, as the secret's AWSPENDING version;
 * 2. setSecret: the server is restarted (Session Manager's Run Command), so it accepts the
 *    current, the pending and the previous value; then the distribution's origin header is set
 *    to the pending value (CloudFront reaches every edge within minutes, and each edge sends
 *    one of the accepted values meanwhile);
 * 3. finishSecret: the pending value becomes AWSCURRENT, the old one AWSPREVIOUS (still accepted
 *    by the server until the next rotation's restart).
 *
 * A deploy that changes the distribution reads AWSCURRENT again: the value the rotation set.
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_SECRET_HEADER } from '../../server/platform/originSecret';

/** The name of the secret whose value our CloudFront distribution sends to the server. */
export const ORIGIN_SECRET_NAME = 'shine/origin-secret';
const ORIGIN_SECRET_ROTATION_DAYS = 30;
const VALUE_LENGTH = 48;

/**
 * The rotation function (Node.js runtime, whose AWS SDK v3 it uses). Its steps and their order
 * are described above; each is safe to run again.
 */
const ROTATION_CODE = `'use strict';
const sm = require('@aws-sdk/client-secrets-manager');
const cf = require('@aws-sdk/client-cloudfront');
const ssm = require('@aws-sdk/client-ssm');
const secrets = new sm.SecretsManagerClient({});
const cloudfront = new cf.CloudFrontClient({});
const commands = new ssm.SSMClient({});
const { DISTRIBUTION_ID, INSTANCE_ID, HEADER } = process.env;

const pendingValue = async (SecretId, VersionId) =>
  (await secrets.send(new sm.GetSecretValueCommand({ SecretId, VersionId, VersionStage: 'AWSPENDING' }))).SecretString;

async function restartServer() {
  const sent = await commands.send(new ssm.SendCommandCommand({
    InstanceIds: [INSTANCE_ID],
    DocumentName: 'AWS-RunShellScript',
    Comment: 'Origin secret rotation: the server reads the accepted values again',
    Parameters: { commands: ['systemctl restart shine'] },
  }));
  await ssm.waitUntilCommandExecuted(
    { client: commands, maxWaitTime: 300 },
    { CommandId: sent.Command.CommandId, InstanceId: INSTANCE_ID },
  );
}

async function sendFromDistribution(value) {
  const { DistributionConfig, ETag } = await cloudfront.send(new cf.GetDistributionConfigCommand({ Id: DISTRIBUTION_ID }));
  let headers = 0;
  for (const origin of DistributionConfig.Origins.Items) {
    for (const header of origin.CustomHeaders?.Items ?? []) {
      if (header.HeaderName.toLowerCase() === HEADER) {
        header.HeaderValue = value;
        headers += 1;
      }
    }
  }
  if (headers === 0) throw new Error('The distribution sends no ' + HEADER + ' header');
  await cloudfront.send(new cf.UpdateDistributionCommand({ Id: DISTRIBUTION_ID, IfMatch: ETag, DistributionConfig }));
}

exports.handler = async ({ SecretId, ClientRequestToken: token, Step }) => {
  const described = await secrets.send(new sm.DescribeSecretCommand({ SecretId }));
  const versions = described.VersionIdsToStages ?? {};
  const stages = versions[token];
  if (!stages) throw new Error('Version ' + token + ' is not a version of the secret');
  if (stages.includes('AWSCURRENT')) return;
  if (!stages.includes('AWSPENDING')) throw new Error('Version ' + token + ' is not pending');
  if (Step === 'createSecret') {
    try {
      await pendingValue(SecretId, token);
    } catch (error) {
      if (error.name !== 'ResourceNotFoundException') throw error;
      const { RandomPassword } = await secrets.send(
        new sm.GetRandomPasswordCommand({ PasswordLength: ${VALUE_LENGTH}, ExcludePunctuation: true }),
      );
      await secrets.send(new sm.PutSecretValueCommand({
        SecretId, ClientRequestToken: token, SecretString: RandomPassword, VersionStages: ['AWSPENDING'],
      }));
    }
  } else if (Step === 'setSecret') {
    await restartServer();
    await sendFromDistribution(await pendingValue(SecretId, token));
  } else if (Step === 'finishSecret') {
    const current = Object.keys(versions).find((id) => versions[id].includes('AWSCURRENT'));
    await secrets.send(new sm.UpdateSecretVersionStageCommand({
      SecretId, VersionStage: 'AWSCURRENT', MoveToVersionId: token, RemoveFromVersionId: current,
    }));
  } else if (Step !== 'testSecret') {
    throw new Error('Unknown step ' + Step);
  }
};
`;

export class OriginSecret extends Construct {
  readonly secret: secretsmanager.Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      secretName: ORIGIN_SECRET_NAME,
      description: `The ${ORIGIN_SECRET_HEADER} header CloudFront sends the API server (rotated every ${ORIGIN_SECRET_ROTATION_DAYS} days)`,
      generateSecretString: { passwordLength: VALUE_LENGTH, excludePunctuation: true },
    });
  }

  /** The value, as a CloudFormation dynamic reference (resolved at deploy, never in the template). */
  headerValue(): Record<string, string> {
    return { [ORIGIN_SECRET_HEADER]: this.secret.secretValue.unsafeUnwrap() };
  }

  /** Rotation every ORIGIN_SECRET_ROTATION_DAYS days, of the distribution's header and the server's. */
  rotate(distribution: cloudfront.IDistribution, server: ec2.IInstance): void {
    const stack = Stack.of(this);
    const logGroup = new logs.LogGroup(this, 'RotationLog', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const rotation = new lambda.Function(this, 'Rotation', {
      runtime: lambda.Runtime.NODEJS_24_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline(ROTATION_CODE),
      timeout: Duration.minutes(10),
      logGroup,
      description: `Rotates the ${ORIGIN_SECRET_HEADER} header of the distribution and the API server`,
      environment: {
        DISTRIBUTION_ID: distribution.distributionId,
        INSTANCE_ID: server.instanceId,
        HEADER: ORIGIN_SECRET_HEADER,
      },
    });
    rotation.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution'],
        resources: [distribution.distributionArn],
      }),
    );
    rotation.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ssm:SendCommand'],
        resources: [
          stack.formatArn({
            service: 'ec2',
            resource: 'instance',
            resourceName: server.instanceId,
          }),
          stack.formatArn({
            service: 'ssm',
            account: '',
            resource: 'document',
            resourceName: 'AWS-RunShellScript',
          }),
        ],
      }),
    );
    rotation.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['ssm:GetCommandInvocation'], resources: ['*'] }),
    );
    this.secret.addRotationSchedule('Schedule', {
      rotationLambda: rotation,
      automaticallyAfter: Duration.days(ORIGIN_SECRET_ROTATION_DAYS),
    });
    Validations.of(rotation).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "Lambda's own policy for writing the rotation function's log.",
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'ssm:GetCommandInvocation (waiting for the restart) and secretsmanager:GetRandomPassword name no resource.',
      },
    );
  }
}
