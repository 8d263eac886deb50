/**
 * What the API server runs, as text its user data writes at first boot: the systemd unit of
 * infra/systemd (unchanged) with a drop-in for this machine, the env file written from Secrets
 * Manager and SSM Parameter Store before every start, the app's own consistent backup shortly
 * before AWS Backup copies the data volume, the outbox metric, and the CloudWatch agent's
 * configuration (the service's log, disk and memory).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../domain/paths';
import { OUTBOX_LATE_MINUTES } from '../../server/platform/rules';

// `cdk synth` runs the app in infra/ (repoRoot is then that folder), jest from the root.
const systemdDir = [path.join(repoRoot, 'infra', 'systemd'), path.join(repoRoot, 'systemd')].find(
  (dir) => existsSync(dir),
)!;
const systemdFile = (name: string) => readFileSync(path.join(systemdDir, name), 'utf8');

/** The unit of a plain-VM install, installed as it is. */
export const SHINE_UNIT = systemdFile('shine.service');

/** `KEY=value` lines of the example env file: the data locations are named there once. */
export const EXAMPLE_ENV: Record<string, string> = Object.fromEntries(
  systemdFile('shine.env.example')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

/** The port the service listens on, on every interface; the security group admits CloudFront only. */
export const SERVER_PORT = 8080;

/** The data volume's mount point: the database and the pictures (the copy AWS Backup takes). */
export const DATA_MOUNT = path.posix.dirname(EXAMPLE_ENV.DATABASE_PATH!);
/**
 * The S3 object (in the server stack's versioned bucket) the erasure list is mirrored to: the
 * list itself is on the root disk (ERASURE_LIST_PATH), out of reach of a data volume restore,
 * and the object outlives the machine.
 */
export const ERASURE_LIST_OBJECT = 'erased-accounts';

/** The app's consistent backup before each copy: only the latest is kept here. */
export const COPY_BACKUP_DIR = `${DATA_MOUNT}/backup-for-copy`;

/** AWS Backup copies the data volume daily from this hour (UTC)… */
export const AWS_BACKUP_HOUR_UTC = 5;
/** …and the app writes its consistent backup this many minutes before. */
export const APP_BACKUP_LEAD_MINUTES = 30;

/**
 * Where the API server reads the site's bucket and distribution at every start (Parameter Store
 * names, written by the site stack, which is deployed after the server's): a publish writes the
 * public pages there and invalidates them (server/site/sitePages.ts: SITE_BUCKET,
 * SITE_DISTRIBUTION_ID). Before the site stack exists they are missing, and the pages are
 * written to the server's own copy only.
 */
export const SITE_PARAMETERS = {
  bucket: '/shine/site/bucket',
  distributionId: '/shine/site/distribution-id',
} as const;

/** The service's log file (the unit's output), shipped to CloudWatch Logs. */
export const SERVICE_LOG = '/var/log/shine/shine.log';
/** Namespace of the metrics the server publishes (CloudWatch agent and the outbox metric). */
export const METRIC_NAMESPACE = 'Shine';
/** Messages still waiting this long after they were queued count as the outbox backing up. */
export const OUTBOX_WAITING_MINUTES = OUTBOX_LATE_MINUTES;
export const OUTBOX_WAITING_METRIC = 'OutboxWaiting';
/**
 * 1 while the server's mail alarm is open (server/mail/alarm.ts: most e-mails refused, or none
 * delivered in an hour while some were due), else 0: the MailAlarm alarm e-mails the owner
 * through SNS, not through the SMTP server that may be what fails.
 */
export const MAIL_ALARM_METRIC = 'MailAlarm';

const clock = (totalMinutes: number) => {
  const minutes = ((totalMinutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
};

/** systemd units and scripts, by the path each is written to. */
export function bootFiles(settings: {
  region: string;
  logGroupName: string;
  releaseBucket: string;
  /** The versioned bucket of the erasure list's copy (ERASURE_LIST_OBJECT). */
  erasureBucket: string;
}) {
  const { region } = settings;
  const list = EXAMPLE_ENV.ERASURE_LIST_PATH!;
  const listObject = `s3://${settings.erasureBucket}/${ERASURE_LIST_OBJECT}`;
  const appBackupAt = clock(AWS_BACKUP_HOUR_UTC * 60 - APP_BACKUP_LEAD_MINUTES);
  const cloudwatchAgent = {
    agent: { metrics_collection_interval: 60, omit_hostname: true, region },
    metrics: {
      namespace: METRIC_NAMESPACE,
      metrics_collected: {
        disk: { measurement: ['used_percent'], resources: ['/', DATA_MOUNT], drop_device: true },
        mem: { measurement: ['mem_used_percent'] },
      },
    },
    logs: {
      logs_collected: {
        files: {
          collect_list: [
            {
              file_path: SERVICE_LOG,
              log_group_name: settings.logGroupName,
              log_stream_name: '{instance_id}',
            },
          ],
        },
      },
    },
  };
  return {
    '/etc/systemd/system/shine.service': SHINE_UNIT,
    // This machine: the env file is written before each start, the data volume is mounted,
    // and the output goes to a file the CloudWatch agent ships.
    '/etc/systemd/system/shine.service.d/cloud.conf': `[Unit]
Requires=shine-env.service
After=shine-env.service
RequiresMountsFor=${DATA_MOUNT}

[Service]
ExecStartPre=/usr/local/bin/shine-erasure-pull
LogsDirectory=shine
StandardOutput=append:${SERVICE_LOG}
StandardError=inherit
`,
    '/etc/systemd/system/shine-env.service': `[Unit]
Description=Writes /etc/shine/shine.env from Secrets Manager and Parameter Store
Wants=network-online.target
After=network-online.target

[Service]
Type=oneshot
UMask=0077
ExecStart=/usr/bin/node /usr/local/lib/shine/write-env.cjs
`,
    '/usr/local/lib/shine/write-env.cjs': WRITE_ENV,
    '/etc/systemd/system/shine-backup.service': `[Unit]
Description=The app's consistent SQLite backup, kept alone on the data volume for AWS Backup's copy
RequiresMountsFor=${DATA_MOUNT}

[Service]
Type=oneshot
User=shine
Group=shine
UMask=0077
WorkingDirectory=/opt/shine
Environment=NODE_ENV=production
EnvironmentFile=/etc/shine/shine.env
ExecStart=/usr/bin/node dist-server/cli.cjs backup --dir ${COPY_BACKUP_DIR}
ExecStartPost=/bin/sh -c 'ls -1d ${COPY_BACKUP_DIR}/backup-* | sort | head -n -1 | xargs -r rm -rf'
`,
    '/etc/systemd/system/shine-backup.timer': `[Unit]
Description=The app's backup, ${APP_BACKUP_LEAD_MINUTES} minutes before AWS Backup's daily copy

[Timer]
OnCalendar=*-*-* ${appBackupAt} UTC
Persistent=true

[Install]
WantedBy=timers.target
`,
    // The erasure list: the S3 copy merged in before each start (a new root disk gets it back;
    // the API then erases every listed account again), and each change copied to S3.
    '/usr/local/bin/shine-erasure-pull': `#!/bin/sh
set -eu
copy=$(mktemp)
merged=$(mktemp -p ${path.posix.dirname(list)})
if ! aws s3 cp --region ${region} ${listObject} "$copy" 2> "$copy.err"; then
  # No copy yet (no account deleted so far) is fine; anything else stops the start.
  grep -q '(404)' "$copy.err" || { cat "$copy.err" >&2; exit 1; }
fi
touch ${list}
# One line per deleted account (digest and time); a line cut short by a crash is dropped.
{ cat ${list}; echo; cat "$copy"; } | grep -E '^[0-9a-f]{64} [^ ]+$' | sort -u -k1,1 > "$merged"
chmod 600 "$merged"
sync "$merged"
mv "$merged" ${list}
rm -f "$copy" "$copy.err"
`,
    '/etc/systemd/system/shine-erasure-push.path': `[Unit]
Description=Copies the list of deleted accounts to S3 whenever it changes

[Path]
PathChanged=${list}

[Install]
WantedBy=paths.target
`,
    '/etc/systemd/system/shine-erasure-push.service': `[Unit]
Description=Copies the list of deleted accounts to its versioned S3 object

[Service]
Type=oneshot
User=shine
Group=shine
ExecStart=/usr/bin/aws s3 cp --region ${region} ${list} ${listObject}
`,
    '/etc/systemd/system/shine-metrics.service': `[Unit]
Description=Publishes how many e-mails have waited over ${OUTBOX_WAITING_MINUTES} minutes in the outbox, and whether the mail alarm is open

[Service]
Type=oneshot
User=shine
Group=shine
ExecStart=/usr/local/bin/shine-outbox-metric
`,
    '/usr/local/bin/shine-outbox-metric': `#!/bin/sh
set -eu
waiting=$(sqlite3 -readonly ${EXAMPLE_ENV.DATABASE_PATH} "SELECT count(*) FROM outbox WHERE status IN ('pending', 'sending') AND coalesce(queued_at, created_at) < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${OUTBOX_WAITING_MINUTES} minutes')")
aws cloudwatch put-metric-data --region ${region} --namespace ${METRIC_NAMESPACE} --metric-name ${OUTBOX_WAITING_METRIC} --unit Count --value "$waiting"
alarm=$(sqlite3 -readonly ${EXAMPLE_ENV.DATABASE_PATH} "SELECT count(*) > 0 FROM mail_alarms WHERE cleared_at IS NULL")
aws cloudwatch put-metric-data --region ${region} --namespace ${METRIC_NAMESPACE} --metric-name ${MAIL_ALARM_METRIC} --unit Count --value "$alarm"
`,
    '/etc/systemd/system/shine-metrics.timer': `[Unit]
Description=The outbox metric every 5 minutes

[Timer]
OnCalendar=*:0/5

[Install]
WantedBy=timers.target
`,
    '/usr/local/bin/shine-install': `#!/bin/sh
# Installs the release the deploy put at s3://<ReleaseBucket>/shine.tgz (README "Going live").
set -eu
work=$(mktemp -d)
aws s3 cp --region ${region} s3://${settings.releaseBucket}/shine.tgz "$work/shine.tgz"
mkdir -p "$work/app"
tar -xzf "$work/shine.tgz" -C "$work/app"
(cd "$work/app" && npm ci --omit=dev --no-audit --no-fund)
rm -rf /opt/shine.old
if [ -d /opt/shine ]; then mv /opt/shine /opt/shine.old; fi
mv "$work/app" /opt/shine
chmod 755 /opt/shine
rm -rf "$work"
systemctl restart shine
`,
    '/etc/logrotate.d/shine': `${SERVICE_LOG} {
  daily
  rotate 3
  compress
  missingok
  copytruncate
}
`,
    '/opt/aws/amazon-cloudwatch-agent/etc/shine.json': JSON.stringify(cloudwatchAgent, null, 2),
  };
}

/**
 * Writes /etc/shine/shine.env (mode 600) from /etc/shine/boot.json (non-secret settings and the
 * names of the secrets), Secrets Manager and Parameter Store, with the instance's role. The SES
 * SMTP password is derived from the SMTP user's secret access key (AWS's published algorithm).
 */
const WRITE_ENV = `'use strict';
const { execFileSync } = require('node:child_process');
const { createHmac } = require('node:crypto');
const { writeFileSync, readFileSync, renameSync } = require('node:fs');
const boot = JSON.parse(readFileSync('/etc/shine/boot.json', 'utf8'));
const aws = (...args) =>
  execFileSync('aws', [...args, '--region', boot.region, '--output', 'text'], { encoding: 'utf8' }).trim();
const secret = (id) => JSON.parse(aws('secretsmanager', 'get-secret-value', '--secret-id', id, '--query', 'SecretString'));
const parameter = (name) => aws('ssm', 'get-parameter', '--name', name, '--query', 'Parameter.Value');
const hmac = (key, text) => createHmac('sha256', key).update(text, 'utf8').digest();
function smtpPassword(secretAccessKey, region) {
  let signature = hmac('AWS4' + secretAccessKey, '11111111');
  for (const part of [region, 'ses', 'aws4_request', 'SendRawEmail']) signature = hmac(signature, part);
  return Buffer.concat([Buffer.from([4]), signature]).toString('base64');
}
const app = secret(boot.appSecret);
const smtp = secret(boot.smtpSecret);
const env = {
  ...boot.env,
  COGNITO_ISSUER: parameter(boot.parameters.issuer),
  COGNITO_JWKS_URL: parameter(boot.parameters.jwksUrl),
  COGNITO_CLIENT_ID: parameter(boot.parameters.clientId),
  SIGNED_URL_SECRET: app.SIGNED_URL_SECRET,
  SMTP_URL:
    'smtps://' + encodeURIComponent(smtp.username) + ':' +
    encodeURIComponent(smtpPassword(smtp.password, boot.region)) +
    '@email-smtp.' + boot.region + '.amazonaws.com:465',
};
if (app.CALENDLY_WEBHOOK_SIGNING_KEY) env.CALENDLY_WEBHOOK_SIGNING_KEY = app.CALENDLY_WEBHOOK_SIGNING_KEY;
// The site's bucket and distribution, once the site stack has written them: both or neither.
try {
  const site = [parameter(boot.siteParameters.bucket), parameter(boot.siteParameters.distributionId)];
  env.SITE_BUCKET = site[0];
  env.SITE_DISTRIBUTION_ID = site[1];
} catch {
  console.error('No site bucket in Parameter Store yet: the public pages are updated on this server only.');
}
// The header only our CloudFront distribution sends: the current value, and during a rotation
// the pending and the previous one (infra/lib/originSecret.ts). None at all: the API refuses to start.
const stage = (id, versionStage) => {
  try {
    return aws('secretsmanager', 'get-secret-value', '--secret-id', id, '--version-stage', versionStage, '--query', 'SecretString');
  } catch {
    return '';
  }
};
env.ORIGIN_SECRETS = [...new Set(['AWSCURRENT', 'AWSPENDING', 'AWSPREVIOUS'].map((s) => stage(boot.originSecret, s)))]
  .filter(Boolean)
  .join(',');
const text = Object.entries(env).map(([key, value]) => key + '=' + value).join('\\n') + '\\n';
writeFileSync('/etc/shine/shine.env.new', text, { mode: 0o600 });
renameSync('/etc/shine/shine.env.new', '/etc/shine/shine.env');
`;
