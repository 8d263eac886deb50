/**
 * The owner's availability rules (docs/product.md §10, Availability): how requests arrive, the
 * working days and hours with the step between start times (each day shows the starts customers
 * are offered, domain/availability.ts's generator), days off, how long jobs take, the travel buffer, the most jobs a day
 * and how far ahead customers may book. Phone first: one column of sections. The server checks
 * the rules again (400 naming the field) and the screen shows its words. Above them, the address
 * of the owner's calendar feed (./CalendarFeedSection.tsx).
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  useGetOwnerAvailabilityQuery,
  useReplaceOwnerAvailabilityMutation,
} from '../api/endpoints';
import { type AvailabilityRules } from '../api/generated';
import {
  STEP_CHOICES,
  weekdayNames,
  weekdayStarts,
  type StepMinutes,
  type WeekdayName,
} from '../../../../domain/availability';
import { calendarDayText } from '../../../../domain/dates';
import { vehicleTypeNames } from '../../../../domain/pricing';
import { failure } from '../format';
import { Failure } from '../Failure';
import { availabilityTexts as t } from './messages';
import { CalendarFeedSection } from './CalendarFeedSection';
import { NumberField as MinutesField, Section } from '../FormParts';

/** Monday first, as a week is read. */
const WEEK: WeekdayName[] = [...weekdayNames.slice(1), 'sunday'];
const dayName = (day: WeekdayName) => day[0]!.toUpperCase() + day.slice(1);
const rangeText = ({ from, to }: { from: string; to: string }) =>
  from === to ? calendarDayText(from) : `${calendarDayText(from)} – ${calendarDayText(to)}`;

function RulesForm({ initial }: { initial: AvailabilityRules }) {
  const [rules, setRules] = useState(initial);
  const [dayOff, setDayOff] = useState({ from: '', to: '' });
  const [save, saving] = useReplaceOwnerAvailabilityMutation();
  const set = (change: Partial<AvailabilityRules>) => {
    saving.reset();
    setRules((current) => ({ ...current, ...change }));
  };
  type Hours = AvailabilityRules['week'][WeekdayName];
  /** Without its list of set times, a day offers a start every step. */
  const unlisted = ({ times: _times, ...hours }: Hours): Hours => hours;
  const setDay = (day: WeekdayName, change: Partial<Hours>) => {
    const hours = { ...rules.week[day], ...change };
    // New hours are the owner's: the day's set list (the spec's times) gives way to the step.
    const changedHours = 'start' in change || 'end' in change;
    set({ week: { ...rules.week, [day]: changedHours ? unlisted(hours) : hours } });
  };
  const listed = WEEK.some((day) => rules.week[day].times);
  const setStep = (value: string) => {
    if (value === 'listed') return;
    const week = Object.fromEntries(WEEK.map((day) => [day, unlisted(rules.week[day])]));
    set({ stepMinutes: Number(value) as StepMinutes, week: week as AvailabilityRules['week'] });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ availabilityRules: rules });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 640 }}>
      <Section title={t.modeTitle}>
        <RadioGroup
          aria-label={t.modeTitle}
          value={rules.mode}
          onChange={(event) => set({ mode: event.target.value as AvailabilityRules['mode'] })}
        >
          <FormControlLabel value="confirm" control={<Radio />} label={t.modes.confirm} />
          <FormControlLabel value="instant" control={<Radio />} label={t.modes.instant} />
        </RadioGroup>
      </Section>
      <Section title={t.hoursTitle}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t.hoursHint}
        </Typography>
        <TextField
          select
          label={t.step}
          size="small"
          value={listed ? 'listed' : String(rules.stepMinutes)}
          onChange={(event) => setStep(event.target.value)}
          helperText={t.stepHint}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ mb: 2, maxWidth: '100%' }}
          fullWidth
        >
          {listed && <option value="listed">{t.listed}</option>}
          {STEP_CHOICES.map((step) => (
            <option key={step} value={String(step)}>
              {t.steps[step]}
            </option>
          ))}
        </TextField>
        {WEEK.map((day) => (
          <Box
            key={day}
            role="group"
            aria-label={dayName(day)}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr 1fr', sm: '8rem 6rem 1fr 1fr' },
              gap: 1,
              alignItems: 'center',
              mb: 1,
            }}
          >
            <Typography sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, fontWeight: 600 }}>
              {dayName(day)}
            </Typography>
            <FormControlLabel
              sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
              control={
                <Checkbox
                  checked={rules.week[day].open}
                  onChange={(event) => setDay(day, { open: event.target.checked })}
                />
              }
              label={t.open}
            />
            <TextField
              label={t.from}
              type="time"
              size="small"
              value={rules.week[day].start}
              disabled={!rules.week[day].open}
              onChange={(event) => setDay(day, { start: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label={t.to}
              type="time"
              size="small"
              value={rules.week[day].end}
              disabled={!rules.week[day].open}
              onChange={(event) => setDay(day, { end: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {rules.week[day].open && (
              <Typography variant="body2" sx={{ gridColumn: '1 / -1', color: 'text.secondary' }}>
                {weekdayStarts(rules, day).length > 0
                  ? t.starts(weekdayStarts(rules, day).join(', '))
                  : t.noStarts}
              </Typography>
            )}
          </Box>
        ))}
      </Section>
      <Section title={t.daysOffTitle}>
        {rules.daysOff.length === 0 ? (
          <Typography sx={{ mb: 1 }}>{t.noDaysOff}</Typography>
        ) : (
          <Box component="ul" sx={{ pl: 2, mt: 0 }}>
            {rules.daysOff.map((range, index) => (
              <li key={`${range.from} ${range.to}`}>
                {rangeText(range)}{' '}
                <Button
                  size="small"
                  aria-label={t.removeDayOff(rangeText(range))}
                  onClick={() => set({ daysOff: rules.daysOff.filter((_, i) => i !== index) })}
                >
                  Remove
                </Button>
              </li>
            ))}
          </Box>
        )}
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' }, gap: 1 }}
        >
          <TextField
            label={t.dayOffFrom}
            type="date"
            size="small"
            value={dayOff.from}
            onChange={(event) => setDayOff({ ...dayOff, from: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t.dayOffTo}
            type="date"
            size="small"
            value={dayOff.to}
            onChange={(event) => setDayOff({ ...dayOff, to: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            variant="outlined"
            disabled={!dayOff.from}
            onClick={() => {
              set({
                daysOff: [...rules.daysOff, { from: dayOff.from, to: dayOff.to || dayOff.from }],
              });
              setDayOff({ from: '', to: '' });
            }}
          >
            {t.addDayOff}
          </Button>
        </Box>
      </Section>
      <Section title={t.jobsTitle}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {vehicleTypeNames.map((name) => (
            <MinutesField
              key={name}
              label={t.minutes(name)}
              value={rules.jobMinutes[name]}
              onChange={(value) => set({ jobMinutes: { ...rules.jobMinutes, [name]: value } })}
            />
          ))}
        </Box>
      </Section>
      <Section title={t.limitsTitle}>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <MinutesField
            label={t.travel}
            min={0}
            value={rules.travelMinutes}
            onChange={(value) => set({ travelMinutes: value })}
          />
          <MinutesField
            label={t.maxJobs}
            value={rules.maxJobsPerDay}
            onChange={(value) => set({ maxJobsPerDay: value })}
          />
          <MinutesField
            label={t.horizon}
            value={rules.horizonDays}
            onChange={(value) => set({ horizonDays: value })}
          />
        </Box>
      </Section>
      <Box role="status" sx={{ mb: 2 }}>
        {saving.isSuccess && <Alert severity="success">{t.saved}</Alert>}
      </Box>
      {saving.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure(saving.error, t.saveFailed)}
        </Alert>
      )}
      <Button type="submit" variant="contained" aria-disabled={saving.isLoading}>
        {saving.isLoading ? t.saving : t.save}
      </Button>
    </Box>
  );
}

export default function AvailabilityPage() {
  const rules = useGetOwnerAvailabilityQuery();
  return (
    <Box>
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {t.title}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t.intro}</Typography>
      <Box sx={{ maxWidth: 640 }}>
        <CalendarFeedSection />
      </Box>
      {rules.isLoading && <CircularProgress aria-label={t.loading} />}
      {rules.isError && (
        <Failure error={rules.error} fallback={t.failed} onRetry={() => void rules.refetch()} />
      )}
      {rules.data && <RulesForm initial={rules.data} />}
    </Box>
  );
}
