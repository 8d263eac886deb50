/**
 * Texts to customers (docs/product.md §12) through AWS End User Messaging SMS, from the
 * registered origination number (the `textOriginationNumberId` setting: a 10DLC number is
 * bought under its registration by hand, README "Going live"; CloudFormation's
 * AWS::SMSVOICE::PhoneNumber only requests a new number and cannot take an existing one or its
 * registration, so the number is named here, not made):
 * - the texts customers send to the number (STOP, HELP, START) go, by two-way SMS, to an SNS
 *   topic encrypted with a key of its own, which only End User Messaging may publish to, for
 *   this number in this account; the site stack subscribes the API to it over HTTPS
 *   (SMS_EVENTS_PATH). Two-way SMS and self-managed opt-outs are set on the number by an SDK
 *   call (UpdatePhoneNumber): the server keeps the opt-outs and answers in the business's words,
 *   so End User Messaging must not answer or keep its own list as well;
 * - the account's monthly text spend limit (an account setting, not a resource: set by an SDK
 *   call, SetTextMessageSpendLimitOverride, and removed with the stack).
 * The server's permission to send from the number is in the server stack (`phoneNumberArn`).
 */
import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as cr from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import type { InfraSettings } from './settings';

/** End User Messaging SMS, as a service principal and as the SDK's client. */
const SMS_SERVICE = 'sms-voice.amazonaws.com';
const SMS_CLIENT = '@aws-sdk/client-pinpoint-sms-voice-v2';

export interface TextStackProps extends StackProps {
  settings: InfraSettings;
}

export class TextStack extends Stack {
  /** The texts customers send to the origination number, for the API's HTTPS subscription. */
  readonly incomingTexts: sns.Topic;
  /** The origination number's ARN: the server sends from it, and may send from nothing else. */
  readonly phoneNumberArn: string;

  constructor(scope: Construct, id: string, props: TextStackProps) {
    super(scope, id, props);
    const { textOriginationNumberId: numberId, textSpendLimitUsd } = props.settings;
    this.phoneNumberArn = this.formatArn({
      service: 'sms-voice',
      resource: 'phone-number',
      resourceName: numberId,
    });

    // The texts name customers' numbers: encrypted with our key, which End User Messaging may
    // use to publish.
    const key = new kms.Key(this, 'IncomingTextsKey', {
      description: 'The texts customers send to the origination number',
      enableKeyRotation: true,
    });
    key.grant(new iam.ServicePrincipal(SMS_SERVICE), 'kms:GenerateDataKey*', 'kms:Decrypt');
    this.incomingTexts = new sns.Topic(this, 'IncomingTexts', {
      displayName: 'Texts customers send to the origination number',
      masterKey: key,
      enforceSSL: true,
    });
    // Only End User Messaging, for our number in our account (no other account's number could
    // make SNS sign a text to the API: the confused deputy).
    this.incomingTexts.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'OnlyTheOriginationNumber',
        principals: [new iam.ServicePrincipal(SMS_SERVICE)],
        actions: ['sns:Publish'],
        resources: [this.incomingTexts.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': this.account },
          ArnEquals: { 'aws:SourceArn': this.phoneNumberArn },
        },
      }),
    );

    const twoWay = {
      service: SMS_CLIENT,
      action: 'UpdatePhoneNumber',
      parameters: {
        PhoneNumberId: numberId,
        TwoWayEnabled: true,
        TwoWayChannelArn: this.incomingTexts.topicArn,
        SelfManagedOptOutsEnabled: true,
      },
      physicalResourceId: cr.PhysicalResourceId.of(`${numberId}-two-way`),
    };
    new cr.AwsCustomResource(this, 'TwoWayTexts', {
      onCreate: twoWay,
      onUpdate: twoWay,
      onDelete: {
        service: SMS_CLIENT,
        action: 'UpdatePhoneNumber',
        parameters: { PhoneNumberId: numberId, TwoWayEnabled: false },
      },
      policy: cr.AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({
          actions: ['sms-voice:UpdatePhoneNumber'],
          resources: [this.phoneNumberArn],
        }),
      ]),
      installLatestAwsSdk: false,
    });

    const spendLimit = {
      service: SMS_CLIENT,
      action: 'SetTextMessageSpendLimitOverride',
      parameters: { MonthlyLimit: Number(textSpendLimitUsd) },
      physicalResourceId: cr.PhysicalResourceId.of('text-message-spend-limit'),
    };
    const limit = new cr.AwsCustomResource(this, 'TextSpendLimit', {
      onCreate: spendLimit,
      onUpdate: spendLimit,
      onDelete: {
        service: SMS_CLIENT,
        action: 'DeleteTextMessageSpendLimitOverride',
        parameters: {},
      },
      // The spend limit is the account's: these actions name no resource.
      policy: cr.AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({
          actions: [
            'sms-voice:SetTextMessageSpendLimitOverride',
            'sms-voice:DeleteTextMessageSpendLimitOverride',
          ],
          resources: ['*'],
        }),
      ]),
      installLatestAwsSdk: false,
    });
    Validations.of(limit).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'sms-voice:SetTextMessageSpendLimitOverride and DeleteTextMessageSpendLimitOverride change the account setting and name no resource.',
    });
    // The SDK calls' one function (a singleton of the stack): Lambda's own policy for its log.
    const sdkCalls = this.node.tryFindChild(
      `AWS${cr.AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`,
    );
    if (sdkCalls)
      Validations.of(sdkCalls).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "Lambda's own policy for writing the log of the function that makes the SDK calls.",
      });

    new CfnOutput(this, 'IncomingTextsTopic', { value: this.incomingTexts.topicArn });
    new CfnOutput(this, 'OriginationNumberArn', { value: this.phoneNumberArn });
  }
}
