/**
 * Who hears when something breaks: an SNS topic that e-mails the owner (the `alarmEmail`
 * setting), and the alarms that publish to it — the health check failing, CloudFront's 5xx
 * answers, a disk over 80%, e-mails waiting in the outbox or failing, SES's bounce or complaint
 * rate near where SES pauses sending, a bounce or complaint SNS could not deliver to the API,
 * the server's mail alarm, the month's text spend near its limit, a text failing —
 * and the monthly budget.
 */
import { Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  DATA_MOUNT,
  MAIL_ALARM_METRIC,
  METRIC_NAMESPACE,
  OUTBOX_WAITING_METRIC,
  OUTBOX_WAITING_MINUTES,
} from './serverBoot';
import { API_PATH, type InfraSettings } from './settings';

/** The worker's log lines when it gives a message up (server/mail/worker.ts). */
export const MAIL_FAILED_LINES = ['[mail] The mail server refused', '[mail] Gave up on'];
/**
 * The text worker's log lines when a text fails for good (server/mail/textWorker.ts): refused by
 * End User Messaging, given up after its retries, or uncertain (the server stopped mid-send).
 */
export const TEXT_FAILED_LINES = [
  '[texts] The provider refused text',
  '[texts] Gave up on text',
  '[texts] The server stopped while sending',
];
/** The share of the monthly text spend limit at which the owner is told. */
export const TEXT_SPEND_ALARM_SHARE = 0.8;
/** The readiness check the health check asks for (GET /health/ready through CloudFront). */
export const HEALTH_PATH = `${API_PATH}/health/ready`;
export const DISK_ALARM_PERCENT = 80;
/** 5xx answers as a share of all answers, over 5 minutes. */
export const ERROR_RATE_ALARM_PERCENT = 5;
/**
 * The account's SES bounce and complaint rates (fractions) at which the owner is told: SES
 * reviews an account from 5% bounces and 0.1% complaints and may pause its sending at 10% and
 * 0.5%, which would stop the user pool's sign-up and sign-in codes as well.
 */
export const SES_REPUTATION_ALARMS = { bounceRate: 0.05, complaintRate: 0.001 } as const;

export interface MonitoringStackProps extends StackProps {
  settings: InfraSettings;
  distribution: cloudfront.Distribution;
  /** The host name the site answers at. */
  publicHost: string;
  /** The API service's log group. */
  serviceLog: logs.ILogGroup;
  /** SES's notices SNS could not deliver to the API. */
  sesEventsDeadLetters: sqs.IQueue;
}

export class MonitoringStack extends Stack {
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { settings } = props;

    const topic = new sns.Topic(this, 'Alarms', {
      displayName: 'Triangle Shine: something needs attention',
      enforceSSL: true,
    });
    topic.addSubscription(new subscriptions.EmailSubscription(settings.alarmEmail));
    Validations.of(topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'The messages are alarm names, metric values and budget amounts, no personal data; CloudWatch and AWS Budgets would need a customer key policy to publish to an encrypted topic.',
    });
    topic.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    const action = new actions.SnsAction(topic);
    const alarm = (name: string, alarmProps: cloudwatch.AlarmProps) => {
      const made = new cloudwatch.Alarm(this, name, alarmProps);
      made.addAlarmAction(action);
      made.addOkAction(action);
      this.alarms.push(made);
      return made;
    };
    /** Alarms as soon as one period's value reaches `threshold`; no data is no alarm. */
    const onceAtLeast = (threshold: number) => ({
      threshold,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    const health = new route53.HealthCheck(this, 'Health', {
      type: route53.HealthCheckType.HTTPS,
      fqdn: props.publicHost,
      port: 443,
      resourcePath: HEALTH_PATH,
      requestInterval: Duration.seconds(30),
      failureThreshold: 3,
    });
    alarm('HealthCheckFailing', {
      alarmDescription: `https://${props.publicHost}${HEALTH_PATH} is not answering 2xx/3xx: the site's API is down or not ready.`,
      metric: new cloudwatch.Metric({
        namespace: 'AWS/Route53',
        metricName: 'HealthCheckStatus',
        dimensionsMap: { HealthCheckId: health.healthCheckId },
        statistic: 'Minimum',
        period: Duration.minutes(1),
      }),
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
      evaluationPeriods: 2,
      treatMissingData: cloudwatch.TreatMissingData.BREACHING,
    });

    alarm('ServerErrors', {
      alarmDescription: `Over ${ERROR_RATE_ALARM_PERCENT}% of the site's answers were 5xx errors for 10 minutes.`,
      metric: props.distribution.metric5xxErrorRate({ period: Duration.minutes(5) }),
      threshold: ERROR_RATE_ALARM_PERCENT,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    for (const [name, path] of [
      ['DiskFullRoot', '/'],
      ['DiskFullData', DATA_MOUNT],
    ] as const) {
      alarm(name, {
        alarmDescription: `The server's disk ${path} is over ${DISK_ALARM_PERCENT}% full.`,
        metric: new cloudwatch.Metric({
          namespace: METRIC_NAMESPACE,
          metricName: 'disk_used_percent',
          dimensionsMap: { path, fstype: 'xfs' },
          statistic: 'Maximum',
          period: Duration.minutes(5),
        }),
        threshold: DISK_ALARM_PERCENT,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.BREACHING,
      });
    }

    alarm('OutboxBackingUp', {
      alarmDescription: `E-mails have waited over ${OUTBOX_WAITING_MINUTES} minutes in the outbox: the mail server is unreachable or refusing for now (the worker keeps trying).`,
      metric: new cloudwatch.Metric({
        namespace: METRIC_NAMESPACE,
        metricName: OUTBOX_WAITING_METRIC,
        statistic: 'Maximum',
        period: Duration.minutes(5),
      }),
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 3,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    alarm('MailAlarm', {
      alarmDescription:
        "E-mail as a whole is failing: more than half of the last 20 e-mails were refused by the mail server (an unverified sender, SES's sandbox), or none was delivered in an hour while some were due. This e-mail comes through SNS, not the mail server; the owner console's Health page says what is failing and what to do.",
      metric: new cloudwatch.Metric({
        namespace: METRIC_NAMESPACE,
        metricName: MAIL_ALARM_METRIC,
        statistic: 'Maximum',
        period: Duration.minutes(5),
      }),
      ...onceAtLeast(1),
    });

    const failedFilter = new logs.MetricFilter(this, 'MailFailedFilter', {
      logGroup: props.serviceLog,
      filterPattern: logs.FilterPattern.anyTerm(...MAIL_FAILED_LINES),
      metricNamespace: METRIC_NAMESPACE,
      metricName: 'MailFailed',
      metricValue: '1',
    });
    alarm('MailFailed', {
      alarmDescription:
        "An e-mail failed for good (refused, or still undelivered after the worker's retries); the owner console's health page lists it with `Send again`.",
      metric: failedFilter.metric({ statistic: 'Sum', period: Duration.minutes(5) }),
      ...onceAtLeast(1),
    });

    for (const [name, metricName, threshold, what] of [
      ['SesBounceRate', 'Reputation.BounceRate', SES_REPUTATION_ALARMS.bounceRate, 'bounce'],
      [
        'SesComplaintRate',
        'Reputation.ComplaintRate',
        SES_REPUTATION_ALARMS.complaintRate,
        'complaint',
      ],
    ] as const) {
      alarm(name, {
        alarmDescription: `SES's ${what} rate for this account is at ${threshold * 100}% or more: SES may pause all sending from the account (the site's e-mails and the sign-in codes alike). See README "Going live", SES's bounces and complaints.`,
        metric: new cloudwatch.Metric({
          namespace: 'AWS/SES',
          metricName,
          statistic: 'Maximum',
          period: Duration.hours(1),
        }),
        ...onceAtLeast(threshold),
      });
    }

    alarm('SesEventsUndelivered', {
      alarmDescription:
        'A bounce or complaint from SES could not be delivered to the API (it was down past SNS\'s retries, or refused the message): it waits in the dead-letter queue, 14 days. See README "Going live", SES\'s bounces and complaints.',
      metric: props.sesEventsDeadLetters.metricApproximateNumberOfMessagesVisible({
        statistic: 'Maximum',
        period: Duration.minutes(5),
      }),
      ...onceAtLeast(1),
    });

    // Texts: End User Messaging SMS's month-to-date spend (a gauge: its maximum), and the text
    // worker's failures from its log.
    alarm('TextSpendNearLimit', {
      alarmDescription: `The texts sent this month cost ${TEXT_SPEND_ALARM_SHARE * 100}% or more of the monthly spend limit ($${settings.textSpendLimitUsd}, textSpendLimitUsd): End User Messaging SMS stops sending at the limit (reminders, On my way and the answers to STOP). See README "Going live".`,
      metric: new cloudwatch.Metric({
        namespace: 'AWS/SMSVoice',
        metricName: 'TextMessageMonthlySpend',
        statistic: 'Maximum',
        period: Duration.hours(1),
      }),
      ...onceAtLeast(Number(settings.textSpendLimitUsd) * TEXT_SPEND_ALARM_SHARE),
    });
    const textFailedFilter = new logs.MetricFilter(this, 'TextFailedFilter', {
      logGroup: props.serviceLog,
      filterPattern: logs.FilterPattern.anyTerm(...TEXT_FAILED_LINES),
      metricNamespace: METRIC_NAMESPACE,
      metricName: 'TextFailed',
      metricValue: '1',
    });
    alarm('TextFailed', {
      alarmDescription:
        "A text failed for good (refused by End User Messaging SMS, undelivered after the worker's retries, or uncertain because the server stopped while sending it); the owner console's Health page lists it.",
      metric: textFailedFilter.metric({ statistic: 'Sum', period: Duration.minutes(5) }),
      ...onceAtLeast(1),
    });

    new budgets.CfnBudget(this, 'MonthlyBudget', {
      budget: {
        budgetName: 'shine-monthly',
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: Number(settings.monthlyBudgetUsd), unit: 'USD' },
      },
      notificationsWithSubscribers: [
        { notificationType: 'ACTUAL', threshold: 80 },
        { notificationType: 'FORECASTED', threshold: 100 },
      ].map(({ notificationType, threshold }) => ({
        notification: {
          notificationType,
          comparisonOperator: 'GREATER_THAN',
          threshold,
          thresholdType: 'PERCENTAGE',
        },
        subscribers: [{ subscriptionType: 'SNS', address: topic.topicArn }],
      })),
    });
  }
}
