/** The whole cloud set-up: the mail sender, the user pool and the static site, with cdk-nag. */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { IdentityStack } from './identityStack';
import { MailStack } from './mailStack';
import { settingsFromContext } from './settings';
import { SiteStack } from './siteStack';

export function buildApp(app: App = new App()) {
  const settings = settingsFromContext(app.node);
  const env = { region: settings.region, account: process.env.CDK_DEFAULT_ACCOUNT };
  const mail = new MailStack(app, 'ShineMail', { env, settings });
  const identity = new IdentityStack(app, 'ShineIdentity', { env, settings });
  identity.addStackDependency(mail);
  // CloudFront's response headers policy and function are global; the stack may be anywhere.
  const site = new SiteStack(app, 'ShineSite', { env, settings });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, mail, identity, site };
}
