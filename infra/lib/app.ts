/**
 * The whole production as one CDK app, with cdk-nag: the mail sender (and the domain's DNS),
 * the user pool, the text sender, the API server, the site and its API on one CloudFront domain,
 * and the alarms.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { IdentityStack } from './identityStack';
import { MailStack } from './mailStack';
import { MonitoringStack } from './monitoringStack';
import { ServerStack } from './serverStack';
import { settingsFromContext } from './settings';
import { SiteStack } from './siteStack';
import { TextStack } from './textStack';

/** `checks: false` leaves cdk-nag out (a test that looks at one setting at a time). */
export function buildApp(app: App = new App(), { checks = true } = {}) {
  const settings = settingsFromContext(app.node);
  const env = { region: settings.region, account: process.env.CDK_DEFAULT_ACCOUNT };
  const mail = new MailStack(app, 'ShineMail', { env, settings });
  const identity = new IdentityStack(app, 'ShineIdentity', { env, settings });
  identity.addStackDependency(mail);
  const texts = new TextStack(app, 'ShineTexts', { env, settings });
  const server = new ServerStack(app, 'ShineServer', {
    env,
    settings,
    sesEvents: mail.sesEvents,
    identityEvents: identity.identityEvents,
    incomingTexts: texts.incomingTexts,
    textOriginationArn: texts.phoneNumberArn,
  });
  // The server reads the pool's settings from Parameter Store when it starts.
  server.addStackDependency(identity);
  const site = new SiteStack(app, 'ShineSite', {
    env,
    settings,
    server: server.instance,
    serverRole: server.role,
    sesEvents: mail.sesEvents,
    identityEvents: identity.identityEvents,
    incomingTexts: texts.incomingTexts,
    zone: mail.zone,
  });
  const monitoring = new MonitoringStack(app, 'ShineMonitoring', {
    env,
    settings,
    distribution: site.distribution,
    publicHost: site.publicHost,
    serviceLog: server.logGroup,
    sesEventsDeadLetters: site.sesEventsDeadLetters,
  });
  if (checks) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, settings, mail, identity, texts, server, site, monitoring };
}
