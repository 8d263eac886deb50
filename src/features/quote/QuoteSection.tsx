import { newIdempotencyKey } from '../../api/idempotencyKey';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  useCreateBookingMutation,
  useGetMyProfileQuery,
  useListMyVehiclesQuery,
} from '../../api/endpoints';
import { vehicleName } from '../../../domain/vehicle';
import { useSession } from '../../api/session/hooks';
import { getTokens } from '../../api/session/tokenStore';
import { bookAgainFrom, MY_BOOKINGS_PATH } from '../../lib/bookAgain';
import { isApiError, nearestFreeTimes, priceChange, type FreeTime } from '../../api/errors';
import { PREMIUM_PACKAGE } from '../../../domain/pricing';
import { QUOTE_CONFIRMATION_MS } from '../../config/timing';
import { formatUsd } from '../../../domain/money';
import { QUOTE_WIZARD_MIN_HEIGHT } from './layout';
import { accountQuoteTexts, quoteMessages } from './messages';
import { isVehicleType } from '../../../domain/pricing';
import { siteOffer } from '../../config/offer';
import { profileAddress, quotePayload, sitePrice, type QuotePrice } from './quoteLogic';
import { useToday } from '../../lib/useToday';
import { clearDraft, type Step, type WizardAction } from './wizard';
import { StepIndicator } from './StepIndicator';
import { useQuoteDraft } from './useQuoteDraft';
import { VehicleStep } from './steps/VehicleStep';
import { AddonsStep } from './steps/AddonsStep';
import type { QuoteAccount } from './steps/BookingStep';
import { HEADER_HEIGHT } from '../../config/layout';

const loadBookingStep = () => import(/* webpackChunkName: "quote-booking" */ './steps/BookingStep');
const BookingStep = lazy(loadBookingStep);

const stepTitles: Record<Step, string> = {
  vehicle: 'Choose your vehicle type',
  addons: 'Choose your add-ons',
  booking: 'Your details and preferred time',
};

type Status =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'success' }
  | { kind: 'error'; message: string; nearest?: FreeTime[] };

/** The quote wizard (docs/product.md §4, §5, §8): vehicle → addons → booking, then POST /bookings. */
export function QuoteSection() {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [draft, dispatch] = useQuoteDraft(status.kind === 'success');
  const [createBooking] = useCreateBookingMutation();
  // "Text me about this request": unticked until the visitor ticks it, never kept in the draft.
  const [textMe, setTextMe] = useState(false);
  const today = useToday();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  // The step heading takes focus only after the visitor moved between steps.
  const moved = useRef(false);
  // One Idempotency-Key per quote: pressing Submit again after a failure sends the same key
  // (the server stores the quote once); changed details get a new one.
  const idempotency = useRef<{ payload: string; key: string } | null>(null);
  // The server's price for this choice after it answered that the prices changed since the page
  // was loaded (409): shown, and sent with the next Submit, for as long as the choice stays.
  const [repriced, setRepriced] = useState<{ choice: string; price: QuotePrice } | null>(null);
  const choice = JSON.stringify([draft.vehicleType, draft.addons]);
  const price =
    repriced?.choice === choice
      ? repriced.price
      : sitePrice(siteOffer, draft.vehicleType, draft.addons);

  const act = (action: WizardAction) => {
    if (action.type !== 'fieldChanged' && action.type !== 'addonToggled') moved.current = true;
    if (status.kind === 'error' && action.type !== 'fieldChanged') setStatus({ kind: 'idle' });
    if (action.type === 'startedOver') setRound((r) => r + 1);
    dispatch(action);
  };

  // A signed-in customer's request starts from their profile and vehicles; if either fails
  // to load, the wizard is the visitor's empty form (nothing is shown about it).
  const signedIn = useSession().status === 'authenticated';
  const profile = useGetMyProfileQuery(undefined, { skip: !signedIn }).currentData;
  const vehicles = useListMyVehiclesQuery(undefined, { skip: !signedIn }).currentData;
  const account = useMemo<QuoteAccount | null>(
    () =>
      signedIn && profile ? { vehicles: (vehicles ?? []).map(vehicleName).filter(Boolean) } : null,
    [signedIn, profile, vehicles],
  );
  const contact = useMemo(
    () =>
      signedIn && profile?.email
        ? {
            name: profile.name,
            phone: profile.phone || profile.mobile,
            email: profile.email,
            // Only a complete address fills the fields.
            address: profileAddress(profile.serviceAddress),
          }
        : null,
    [signedIn, profile],
  );
  // The profile fills the empty contact fields (and an untyped address) once per form: when it opens, when the customer
  // signs in while it is open, and when it starts afresh (Start Over, after sending; `round`
  // counts those). A field the customer empties afterwards stays empty (docs/product.md §4).
  const [round, setRound] = useState(0);
  const prefilledFor = useRef<string | null>(null);
  useEffect(() => {
    const key = contact && `${round}:${contact.email}`;
    if (!contact || prefilledFor.current === key) return;
    // The session may have ended since this render (leaving the dashboard after deleting the
    // account ends it just before this form's effects run): its details are not filled in, or
    // the draft would keep them on this device.
    if (!getTokens().idToken) return;
    prefilledFor.current = key;
    dispatch({ type: 'contactPrefilled', contact });
  }, [contact, round, dispatch]);

  // A logout, here or in another tab (the stored draft is already removed then): the signed-in
  // customer's draft and details go, and the empty form saves nothing back.
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn) {
      prefilledFor.current = null;
      setStatus({ kind: 'idle' });
      dispatch({ type: 'signedOut' });
    }
    wasSignedIn.current = signedIn;
  }, [signedIn, dispatch]);

  // "Book again" from My Bookings: the booking step with that booking's choices, priced today.
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const again = bookAgainFrom(location.state);
    if (!again) return;
    void navigate(location, { replace: true, state: null });
    if (!isVehicleType(again.vehicleType)) return;
    moved.current = true;
    dispatch({
      type: 'bookedAgain',
      vehicleType: again.vehicleType,
      addons: again.selectedAddons,
      vehicle: again.vehicle,
    });
  }, [location, navigate, dispatch]);

  useEffect(() => {
    if (!moved.current) return;
    // The new step's heading, and its first fields, clear of the sticky header (its scroll
    // margin): focusing alone leaves a heading that is on screen but under the header there.
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: 'nearest' });
  }, [draft.step]);

  // The booking step's code is fetched while the visitor picks add-ons.
  useEffect(() => {
    if (draft.step === 'addons') void loadBookingStep();
  }, [draft.step]);

  // The confirmation shows for 5 seconds (and takes the focus the form had), then the wizard
  // starts afresh; the focus follows to the first step if it was still on the confirmation.
  useEffect(() => {
    if (status.kind !== 'success') return;
    successRef.current?.focus();
    const timer = window.setTimeout(() => {
      moved.current = cardRef.current?.contains(document.activeElement) ?? false;
      dispatch({ type: 'startedOver' });
      setTextMe(false);
      setRound((r) => r + 1);
      setStatus({ kind: 'idle' });
    }, QUOTE_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [status.kind, dispatch]);

  const submit = async () => {
    if (!draft.vehicleType || status.kind === 'submitting') return;
    setStatus({ kind: 'submitting' });
    const quoteRequest = {
      ...quotePayload(siteOffer, draft.vehicleType, draft.addons, draft.form, price),
      ...(textMe ? { textMe: true } : {}),
    };
    const payload = JSON.stringify(quoteRequest);
    if (idempotency.current?.payload !== payload) {
      idempotency.current = { payload, key: newIdempotencyKey() };
    }
    try {
      await createBooking({ quoteRequest, 'Idempotency-Key': idempotency.current.key }).unwrap();
      idempotency.current = null;
      clearDraft();
      setStatus({ kind: 'success' });
    } catch (error) {
      const network = isApiError(error) && error.kind === 'network';
      // The time was taken meanwhile (409): the server's words and the nearest free times.
      const nearest = nearestFreeTimes(error);
      // The prices changed since the page was loaded (409): the new total is shown, never
      // charged unseen; Submit sends it once the visitor has seen it.
      const changed = priceChange(error);
      if (changed) setRepriced({ choice, price: changed });
      if (isApiError(error) && error.status === 409) {
        setStatus({
          kind: 'error',
          message: error.serverMessage || quoteMessages.failure,
          nearest,
        });
        return;
      }
      setStatus({
        kind: 'error',
        message: network ? quoteMessages.network : quoteMessages.failure,
      });
    }
  };

  const total = price.totalPrice;
  // Nothing chosen yet (a signed-in customer's prefilled details are not a choice).
  const pristine = draft.step === 'vehicle' && draft.vehicleType === null;

  return (
    <Paper
      ref={cardRef}
      variant="outlined"
      sx={{
        minHeight: QUOTE_WIZARD_MIN_HEIGHT,
        p: { xs: 2, sm: 4 },
        borderRadius: 4,
        boxShadow: '0 18px 40px -24px rgba(11,79,138,0.45)',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 2,
          mb: 3,
          flexWrap: 'wrap',
        }}
      >
        <StepIndicator current={draft.step} />
        {!pristine && status.kind !== 'success' && (
          <Button
            onClick={() => act({ type: 'startedOver' })}
            disabled={status.kind === 'submitting'}
            size="small"
          >
            Start Over
          </Button>
        )}
      </Box>

      {status.kind === 'success' ? (
        <Alert
          ref={successRef}
          tabIndex={-1}
          severity="success"
          role="status"
          sx={{ fontSize: '1rem', outline: 'none' }}
        >
          {quoteMessages.success}
          {signedIn && (
            <>
              {' '}
              <Link component={RouterLink} to={MY_BOOKINGS_PATH} underline="always">
                {accountQuoteTexts.myBookingsLink}
              </Link>
            </>
          )}
        </Alert>
      ) : (
        <>
          <Typography
            variant="h5"
            component="h3"
            ref={headingRef}
            tabIndex={-1}
            sx={{ mb: 2, outline: 'none', scrollMarginTop: HEADER_HEIGHT + 16 }}
          >
            {stepTitles[draft.step]}
          </Typography>
          {draft.step === 'vehicle' && (
            <VehicleStep
              selected={draft.vehicleType}
              onChoose={(vehicleType) => act({ type: 'vehicleChosen', vehicleType })}
            />
          )}
          {draft.step === 'addons' && draft.vehicleType && (
            <AddonsStep
              vehicleType={draft.vehicleType}
              selected={draft.addons}
              onToggle={(addon) => act({ type: 'addonToggled', addon })}
              onBack={() => act({ type: 'wentBack' })}
              onContinue={() => act({ type: 'continued' })}
            />
          )}
          {draft.step === 'booking' && (
            <Suspense fallback={<Box role="status" aria-label="Loading" sx={{ minHeight: 420 }} />}>
              <BookingStep
                form={draft.form}
                account={account}
                today={today}
                submitting={status.kind === 'submitting'}
                error={status.kind === 'error' ? status.message : null}
                job={{ vehicleType: draft.vehicleType, addons: draft.addons }}
                nearest={status.kind === 'error' ? (status.nearest ?? []) : []}
                onChooseTime={(date, time) => {
                  act({ type: 'fieldChanged', field: 'date', value: date });
                  act({ type: 'fieldChanged', field: 'time', value: time });
                  setStatus({ kind: 'idle' });
                }}
                onChange={(field, value) => act({ type: 'fieldChanged', field, value })}
                textMe={textMe}
                onTextMe={setTextMe}
                onBack={() => act({ type: 'wentBack' })}
                onSubmit={() => void submit()}
              />
            </Suspense>
          )}
          {draft.vehicleType && (
            <Box
              role="status"
              sx={{
                mt: 3,
                p: 2,
                borderRadius: 2,
                bgcolor: '#0d1b2a',
                color: '#ffffff',
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'baseline',
                gap: 2,
                flexWrap: 'wrap',
              }}
            >
              <Typography component="span" sx={{ color: '#d6e2ef' }}>
                {draft.vehicleType}
                {draft.vehicleType === PREMIUM_PACKAGE
                  ? ', all add-ons included'
                  : draft.addons.length > 0
                    ? ` + ${draft.addons.length} add-on${draft.addons.length > 1 ? 's' : ''}`
                    : ''}
              </Typography>
              <Typography component="span" sx={{ fontSize: '1.25rem', fontWeight: 800 }}>
                Estimated total: {formatUsd(total)}
              </Typography>
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}
