/**
 * The system's health (GET /owner/health): what /health/ready reports as wrong, e-mails that
 * failed (with "Send again"), e-mails waiting, the last backup, the addresses SES said not to
 * e-mail (with "Allow again") and the errors customers' browsers reported this week.
 */
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  useAllowOwnerAddressMutation,
  useGetOwnerHealthQuery,
  useResendOwnerMessageMutation,
} from '../api/endpoints';
import { type OwnerHealth } from '../api/generated';
import { formatCount } from '../../../lib/formatCount';
import { cardRowsOnPhone, ScrollableTable } from '../../../components/ScrollableTable';
import { Failure } from '../Failure';
import { failure, receivedText } from '../format';
import { OWNER_TEXT } from '../messages';

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

function FailedMessages({ health }: { health: OwnerHealth }) {
  const [resend, { isLoading }] = useResendOwnerMessageMutation();
  const sendAgain = useAction(
    (id: string) => resend({ id }),
    () => t.sentAgain,
    t.sendFailed,
  );
  return (
    <Section title={t.failedTitle}>
      <OutcomeStatus outcome={sendAgain.outcome} />
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
                <Button
                  variant="outlined"
                  size="small"
                  disabled={isLoading}
                  onClick={() => sendAgain.run(message.id)}
                >
                  {t.sendAgain}
                </Button>
              ),
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
