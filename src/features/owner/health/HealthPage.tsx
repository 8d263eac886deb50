/**
 * The system's health (GET /owner/health): what /health/ready reports as wrong, e-mails that
 * failed (each with "Send again", "Allow again" for one held back, and "Dismiss" with a reason),
 * e-mails waiting, the last backup, the addresses SES said not to e-mail (with "Allow again")
 * and the errors customers' browsers reported this week.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  useAllowOwnerAddressMutation,
  useDismissOwnerMessageMutation,
  useGetOwnerHealthQuery,
  useResendOwnerMessageMutation,
  useResendOwnerTextMutation,
} from '../api/endpoints';
import { type OwnerHealth } from '../api/generated';
import { formatCount } from '../../../lib/formatCount';
import { cardRowsOnPhone, ScrollableTable } from '../../../components/ScrollableTable';
import { Failure } from '../Failure';
import { failure, receivedText } from '../format';
import { OWNER_TEXT } from '../messages';
import { numberText } from '../../../../domain/texts';

const t = OWNER_TEXT.health;

/** "1.2 MB" for a size in bytes. */
function sizeText(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A column of a HealthTable: its heading and what it shows of a row's item. */
interface Column<Item> {
  heading: string;
  cell: (item: Item) => ReactNode;
}

/**
 * A table of `items`, one row each, whose first column names the row; `label` names it for
 * screen readers. Below 600 px each row is a card whose cells carry their column's heading.
 */
function HealthTable<Item>({
  label,
  columns,
  items,
  rowKey,
  minWidth,
}: {
  label: string;
  columns: Column<Item>[];
  items: Item[];
  rowKey: (item: Item) => string;
  /** The table's narrowest width from 600 px up (it scrolls sideways below that). */
  minWidth: number;
}) {
  return (
    <ScrollableTable aria-label={label}>
      <Table size="small" aria-label={label} sx={cardRowsOnPhone(minWidth)}>
        <TableHead>
          <TableRow>
            {columns.map(({ heading }) => (
              <TableCell key={heading} component="th" scope="col">
                {heading}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={rowKey(item)}>
              {columns.map(({ heading, cell }, index) =>
                index === 0 ? (
                  <TableCell
                    key={heading}
                    component="th"
                    scope="row"
                    data-label={heading}
                    sx={{ wordBreak: 'break-word' }}
                  >
                    {cell(item)}
                  </TableCell>
                ) : (
                  <TableCell key={heading} data-label={heading}>
                    {cell(item)}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}

/** What happened after a button: a confirmation or the server's words. */
type Outcome = { severity: 'success' | 'error'; text: string } | undefined;

/**
 * A button's action: runs it, then says what happened (`done`, or the server's words or
 * `fallback`) in `outcome`, which OutcomeStatus shows.
 */
function useAction<Arg>(
  action: (arg: Arg) => { unwrap(): Promise<unknown> },
  done: (arg: Arg) => string,
  fallback: string,
) {
  const [outcome, setOutcome] = useState<Outcome>();
  const run = async (arg: Arg) => {
    try {
      await action(arg).unwrap();
      setOutcome({ severity: 'success', text: done(arg) });
    } catch (error) {
      setOutcome({ severity: 'error', text: failure(error, fallback) });
    }
  };
  return { outcome, run: (arg: Arg) => void run(arg) };
}

/** The last action's outcome, announced to screen readers. */
const OutcomeStatus = ({ outcome }: { outcome: Outcome }) => (
  <Box role="status">{outcome && <Alert severity={outcome.severity}>{outcome.text}</Alert>}</Box>
);

type FailedMessage = OwnerHealth['failedMessages'][number];

/**
 * "Dismiss" for one failed e-mail: a reason (required) and a confirm button, in a form that
 * Enter submits; what was typed stays while the server refuses.
 */
function DismissForm({
  message,
  onDismissed,
  onCancel,
  setOutcome,
}: {
  message: FailedMessage;
  onDismissed: () => void;
  onCancel: () => void;
  setOutcome: (outcome: Outcome) => void;
}) {
  const [dismiss, { isLoading }] = useDismissOwnerMessageMutation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      field.current?.focus();
      return;
    }
    try {
      await dismiss({ id: message.id, body: { reason: reason.trim() } }).unwrap();
      setOutcome({ severity: 'success', text: t.dismissed });
      onDismissed();
    } catch (error) {
      setOutcome({ severity: 'error', text: failure(error, t.dismissFailed) });
    }
  };
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ mt: 1 }}>
      <TextField
        inputRef={field}
        label={t.dismissReason}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          if (event.target.value.trim()) setMissing(false);
        }}
        error={missing}
        helperText={missing ? t.reasonRequired : undefined}
        required
        size="small"
        fullWidth
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="small" disabled={isLoading}>
          {t.confirmDismiss}
        </Button>
        <Button size="small" onClick={onCancel}>
          {t.cancel}
        </Button>
      </Stack>
    </Box>
  );
}

/** What the owner can do about one failed e-mail. */
function FailedActions({
  message,
  busy,
  sendAgain,
  allowAgain,
  setOutcome,
}: {
  message: FailedMessage;
  busy: boolean;
  sendAgain: (id: string) => void;
  allowAgain: (email: string) => void;
  setOutcome: (outcome: Outcome) => void;
}) {
  const [dismissing, setDismissing] = useState(false);
  return (
    <>
      {message.dismissedAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t.dismissedOn(receivedText(message.dismissedAt), message.dismissReason ?? '')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          disabled={busy}
          onClick={() => sendAgain(message.id)}
        >
          {t.sendAgain}
        </Button>
        {message.failure === 'suppressed' && message.to && !message.dismissedAt && (
          <Button
            variant="outlined"
            size="small"
            disabled={busy}
            onClick={() => allowAgain(message.to!)}
          >
            {t.allowAgain}
          </Button>
        )}
        {!message.dismissedAt && !dismissing && (
          <Button size="small" onClick={() => setDismissing(true)}>
            {t.dismiss}
          </Button>
        )}
      </Stack>
      {dismissing && !message.dismissedAt && (
        <DismissForm
          message={message}
          setOutcome={setOutcome}
          onDismissed={() => setDismissing(false)}
          onCancel={() => setDismissing(false)}
        />
      )}
    </>
  );
}

function FailedMessages({ health }: { health: OwnerHealth }) {
  const [resend, { isLoading }] = useResendOwnerMessageMutation();
  const [allow, allowing] = useAllowOwnerAddressMutation();
  const [dismissOutcome, setDismissOutcome] = useState<Outcome>();
  const [last, setLast] = useState<'send' | 'allow' | 'dismiss'>();
  const sendAgain = useAction(
    (id: string) => resend({ id }),
    () => t.sentAgain,
    t.sendFailed,
  );
  const allowAgain = useAction(
    (email: string) => allow({ body: { email } }),
    t.allowed,
    t.allowFailed,
  );
  const outcome =
    last === 'send'
      ? sendAgain.outcome
      : last === 'allow'
        ? allowAgain.outcome
        : last === 'dismiss'
          ? dismissOutcome
          : undefined;
  return (
    <Section title={t.failedTitle}>
      <OutcomeStatus outcome={outcome} />
      {health.failedMessages.length === 0 ? (
        <Typography>{t.noFailed}</Typography>
      ) : (
        <HealthTable
          label={t.failedLabel}
          items={health.failedMessages}
          rowKey={(message) => message.id}
          minWidth={640}
          columns={[
            { heading: t.message, cell: (message) => t.kinds[message.kind] },
            { heading: t.to, cell: (message) => message.to ?? t.ownerInbox },
            {
              heading: t.why,
              cell: (message) => (
                <>
                  {t.failures[message.failure]}
                  {message.reason && (
                    <Typography variant="body2" color="text.secondary">
                      {message.reason}
                    </Typography>
                  )}
                </>
              ),
            },
            {
              heading: t.when,
              cell: (message) => (message.failedAt ? receivedText(message.failedAt) : ''),
            },
            {
              heading: t.action,
              cell: (message) => (
                <FailedActions
                  message={message}
                  busy={isLoading || allowing.isLoading}
                  sendAgain={(id) => {
                    setLast('send');
                    sendAgain.run(id);
                  }}
                  allowAgain={(email) => {
                    setLast('allow');
                    allowAgain.run(email);
                  }}
                  setOutcome={(next) => {
                    setLast('dismiss');
                    setDismissOutcome(next);
                  }}
                />
              ),
            },
          ]}
        />
      )}
    </Section>
  );
}

type FailedText = NonNullable<OwnerHealth['texts']>['failed'][number];
/** Failures the owner may send again; the rules' own (STOP, the day's cap) stay given up. */
const SENDABLE_AGAIN: FailedText['failure'][] = ['refused', 'expired', 'uncertain'];

/** The texts' outbox: waiting, sent today, and those given up, with "Send again". */
function Texts({ texts }: { texts: NonNullable<OwnerHealth['texts']> }) {
  const [resend, { isLoading }] = useResendOwnerTextMutation();
  const sendAgain = useAction(
    (id: string) => resend({ id }),
    () => t.textSentAgain,
    t.textSendFailed,
  );
  return (
    <Section title={t.textsTitle}>
      <Typography sx={{ mb: 1 }}>{t.textsFigures(texts.waiting, texts.sentToday)}</Typography>
      <OutcomeStatus outcome={sendAgain.outcome} />
      {texts.failed.length === 0 ? (
        <Typography>{t.noFailedTexts}</Typography>
      ) : (
        <HealthTable
          label={t.textsFailedLabel}
          items={texts.failed}
          rowKey={(text) => text.id}
          minWidth={640}
          columns={[
            { heading: t.textKind, cell: (text) => t.textKinds[text.kind] },
            { heading: t.textTo, cell: (text) => numberText(text.number) },
            {
              heading: t.why,
              cell: (text) => (
                <>
                  {text.failure ? t.textFailures[text.failure] : ''}
                  {text.lastError &&
                    text.lastError !== (text.failure ? t.textFailures[text.failure] : '') && (
                      <Typography variant="body2" color="text.secondary">
                        {text.lastError}
                      </Typography>
                    )}
                </>
              ),
            },
            {
              heading: t.when,
              cell: (text) => (text.failedAt ? receivedText(text.failedAt) : ''),
            },
            {
              heading: t.action,
              cell: (text) =>
                SENDABLE_AGAIN.includes(text.failure) ? (
                  <Button
                    variant="outlined"
                    size="small"
                    disabled={isLoading}
                    onClick={() => sendAgain.run(text.id)}
                  >
                    {t.sendAgain}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
    </Section>
  );
}

function SuppressedAddresses({ health }: { health: OwnerHealth }) {
  const [allow, { isLoading }] = useAllowOwnerAddressMutation();
  const allowAgain = useAction(
    (email: string) => allow({ body: { email } }),
    t.allowed,
    t.allowFailed,
  );
  return (
    <Section title={t.suppressedTitle}>
      <Typography sx={{ mb: 1 }}>{t.suppressedIntro}</Typography>
      <OutcomeStatus outcome={allowAgain.outcome} />
      {health.suppressed.length === 0 ? (
        <Typography>{t.noSuppressed}</Typography>
      ) : (
        <HealthTable
          label={t.suppressedLabel}
          items={health.suppressed}
          rowKey={(address) => address.email}
          minWidth={520}
          columns={[
            { heading: t.address, cell: (address) => address.email },
            {
              heading: t.why,
              cell: (address) =>
                `${t.reasons[address.reason]}${address.detail ? ` (${address.detail})` : ''}`,
            },
            { heading: t.since, cell: (address) => receivedText(address.suppressedAt) },
            {
              heading: t.action,
              cell: (address) => (
                <Button
                  variant="outlined"
                  size="small"
                  disabled={isLoading}
                  onClick={() => allowAgain.run(address.email)}
                >
                  {t.allowAgain}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Section>
  );
}

function Figures({ health }: { health: OwnerHealth }) {
  const { waiting, lastBackup, clientErrors } = health;
  return (
    <>
      {health.problems.length === 0 ? (
        <Alert severity="success">{t.allWell}</Alert>
      ) : (
        <Alert severity="warning">
          <Typography component="h2" variant="subtitle1">
            {t.problemsTitle}
          </Typography>
          <Box component="ul" sx={{ pl: 2, my: 0 }}>
            {health.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </Box>
        </Alert>
      )}
      <FailedMessages health={health} />
      {health.texts && <Texts texts={health.texts} />}
      <Section title={t.waitingTitle}>
        <Typography>
          {t.waiting(waiting.count)}
          {waiting.count > 0 && waiting.oldestDueAt
            ? ` ${t.oldestDue(receivedText(waiting.oldestDueAt))}`
            : ''}
        </Typography>
      </Section>
      <Section title={t.backupTitle}>
        <Typography>
          {lastBackup
            ? t.backup(receivedText(lastBackup.at), sizeText(lastBackup.bytes))
            : t.noBackup}
        </Typography>
      </Section>
      <SuppressedAddresses health={health} />
      <Section title={t.errorsTitle(clientErrors.days)}>
        <Typography sx={{ mb: 1 }}>{t.errorCount(clientErrors.total)}</Typography>
        {clientErrors.messages.length > 0 && (
          <HealthTable
            label={t.errorsLabel}
            items={clientErrors.messages}
            rowKey={(error) => error.message}
            minWidth={0}
            columns={[
              { heading: t.errorMessage, cell: (error) => error.message },
              { heading: t.times, cell: (error) => formatCount(error.count) },
            ]}
          />
        )}
      </Section>
    </>
  );
}

export default function HealthPage() {
  const { data, error, isLoading, refetch } = useGetOwnerHealthQuery();
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', px: { xs: 2, sm: 3 }, py: 3 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t.title}
      </Typography>
      {isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t.loading} />
        </Box>
      ) : data ? (
        <Figures health={data} />
      ) : (
        <Failure error={error} fallback={t.failed} onRetry={() => void refetch()} />
      )}
    </Box>
  );
}
