/**
 * How production learns that an account's authenticator app was replaced or its two-step settings
 * changed, which Cognito's GetUser answer does not show (server/owner/authenticatorEvents.ts):
 * - Cognito records every user pool call in CloudTrail, with the account's `sub` (never its user
 *   name; tokens and codes hidden). EventBridge receives CloudTrail's records ("AWS API Call via
 *   CloudTrail") only while a trail is logging, so this stack has one: this region's write
 *   management events (the calls below are writes), into a bucket of its own kept 90 days.
 *   CloudTrail charges nothing for an account's first trail of management events; an account
 *   that already has one pays for the second copy.
 * - A rule on the default event bus matches Cognito's AUTHENTICATOR_CALLS (all accounts of every
 *   pool in this account and region: the record of a call made with an access token names no
 *   pool to filter on) and sends each event, as it is, to an SNS topic encrypted with a key of
 *   its own. Only EventBridge, for this rule, may publish to the topic.
 * - The site stack subscribes the API to the topic over HTTPS (IDENTITY_EVENTS_PATH); the API
 *   checks SNS's signature and the topic, and e-mails the owner for the owner's account only.
 * CloudTrail delivers to EventBridge on a best-effort basis, usually within minutes.
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cloudtrail from 'aws-cdk-lib/aws-cloudtrail';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { AUTHENTICATOR_CALLS, COGNITO_CLOUDTRAIL_EVENT } from '../../server/platform/config';

/** How long the trail's log files are kept. */
export const TRAIL_LOG_DAYS = 90;

/** The EventBridge pattern of the authenticator calls (what the rule sends to the topic). */
const AUTHENTICATOR_CALLS_PATTERN: events.EventPattern = {
  source: [COGNITO_CLOUDTRAIL_EVENT.source],
  detailType: [COGNITO_CLOUDTRAIL_EVENT.detailType],
  detail: {
    eventSource: [COGNITO_CLOUDTRAIL_EVENT.eventSource],
    eventName: [...AUTHENTICATOR_CALLS],
  },
};

export class AuthenticatorEvents extends Construct {
  /** The calls, as EventBridge events, for the API's HTTPS subscription. */
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const logs = new s3.Bucket(this, 'TrailLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(TRAIL_LOG_DAYS) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        "Written only by CloudTrail (its bucket policy); the trail's own file validation shows any change to a log file.",
    });
    new cloudtrail.Trail(this, 'Trail', {
      bucket: logs,
      isMultiRegionTrail: false,
      includeGlobalServiceEvents: false,
      managementEvents: cloudtrail.ReadWriteType.WRITE_ONLY,
      enableFileValidation: true,
    });

    const key = new kms.Key(this, 'TopicKey', {
      description: "Cognito's authenticator calls, on their way to the API",
      enableKeyRotation: true,
    });
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: "Cognito's authenticator calls",
      masterKey: key,
      enforceSSL: true,
    });
    const rule = new events.Rule(this, 'AuthenticatorCalls', {
      description:
        "Cognito's VerifySoftwareToken and SetUserMFAPreference calls, for the API to tell the owner",
      eventPattern: AUTHENTICATOR_CALLS_PATTERN,
    });
    rule.addTarget(new targets.SnsTopic(this.topic));
    // The target lets EventBridge publish, and use the topic's key (to encrypt); only this
    // rule's events may (no other account's or rule's: SNS would sign them alike).
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'OnlyTheAuthenticatorCallsRule',
        effect: iam.Effect.DENY,
        principals: [new iam.ServicePrincipal('events.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { ArnNotEquals: { 'aws:SourceArn': rule.ruleArn } },
      }),
    );
  }
}
