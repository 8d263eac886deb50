/**
 * The e-mail sender: an SES domain identity with DKIM. Deployed first: the user pool sends
 * through it, and SES must have verified the domain (its DKIM records in DNS) before then.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { InfraSettings } from './settings';

export interface MailStackProps extends StackProps {
  settings: InfraSettings;
}

export class MailStack extends Stack {
  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const identity = new ses.EmailIdentity(this, 'Sender', {
      identity: ses.Identity.domain(props.settings.mailDomain),
    });
    identity.dkimRecords.forEach((record, index) => {
      new CfnOutput(this, `DkimRecord${index + 1}`, {
        value: `${record.name} CNAME ${record.value}`,
      });
    });
  }
}
