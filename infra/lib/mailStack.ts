/**
 * The e-mail sender: an SES domain identity with DKIM, and the configuration set every message
 * from it goes through (the identity's default, so the API's SMTP mail and the user pool's codes
 * alike), whose bounces and complaints SES publishes to an SNS topic the API subscribes to
 * (SES_EVENTS_PATH, subscribed by the site stack), and the domain's hosted zone when there is
 * one (DKIM's records and the site's). Deployed first: the user pool sends through
 * it, and SES must have verified the domain (its DKIM records in DNS) before then.
 */
import { CfnOutput, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import type { InfraSettings } from './settings';

/** The configuration set every message from the identity goes through. */
export const CONFIGURATION_SET = 'shine';

export interface MailStackProps extends StackProps {
  settings: InfraSettings;
}

export class MailStack extends Stack {
  /** SES's bounce and complaint notices (they name the addresses: encrypted with our key). */
  readonly sesEvents: sns.Topic;
  /** The domain's DNS (when the `domain` setting names one): the site's records and DKIM's. */
  readonly zone?: route53.PublicHostedZone;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const key = new kms.Key(this, 'EventsKey', {
      description: "SES's bounce and complaint notices",
      enableKeyRotation: true,
    });
    key.grant(new iam.ServicePrincipal('ses.amazonaws.com'), 'kms:GenerateDataKey*', 'kms:Decrypt');
    this.sesEvents = new sns.Topic(this, 'SesEvents', {
      displayName: 'SES bounces and complaints',
      masterKey: key,
      enforceSSL: true,
    });
    const configurationSet = new ses.ConfigurationSet(this, 'Sending', {
      configurationSetName: CONFIGURATION_SET,
      reputationMetrics: true,
    });
    configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.snsTopic(this.sesEvents),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });

    const { domain, mailDomain } = props.settings;
    if (domain) {
      this.zone = new route53.PublicHostedZone(this, 'Zone', { zoneName: domain });
      new CfnOutput(this, 'NameServers', {
        value: this.zone.hostedZoneNameServers ? Fn.join(' ', this.zone.hostedZoneNameServers) : '',
        description: "Set these as the domain's name servers at the registrar",
      });
    }
    const identity = new ses.EmailIdentity(this, 'Sender', {
      // In our zone, SES writes the DKIM records itself.
      identity:
        this.zone && mailDomain === domain
          ? ses.Identity.publicHostedZone(this.zone)
          : ses.Identity.domain(mailDomain),
      configurationSet,
    });
    identity.dkimRecords.forEach((record, index) => {
      new CfnOutput(this, `DkimRecord${index + 1}`, {
        value: `${record.name} CNAME ${record.value}`,
      });
    });
  }
}
