/**
 * The quote wizard as a small state machine (docs/product.md §4): vehicle → addons → booking, Back,
 * Start Over, and the draft kept in localStorage (this device only) so a reload loses nothing;
 * it expires after QUOTE_DRAFT_MAX_AGE_MS and is removed on logout (tokenStore.clearTokens).
 */
import { QUOTE_DRAFT_MAX_AGE_MS } from '../../config/timing';
import { QUOTE_DRAFT_KEY } from '../../api/session/tokenStore';
import {
  addonNames,
  isVehicleType,
  orderedAddons,
  PREMIUM_PACKAGE,
  type VehicleTypeName,
} from '../../../domain/pricing';
import { siteOffer } from '../../config/offer';
import { emptyForm, type QuoteField, type QuoteForm } from './quoteLogic';
import { addressFields, type AddressValues } from '../../lib/address';

export const steps = ['vehicle', 'addons', 'booking'] as const;

/** The offer the wizard prices with: the one the site was built with. */
const { offer } = siteOffer;
export type Step = (typeof steps)[number];

export interface QuoteDraft {
  step: Step;
  vehicleType: VehicleTypeName | null;
  addons: string[];
  form: QuoteForm;
}

export const emptyDraft: QuoteDraft = {
  step: 'vehicle',
  vehicleType: null,
  addons: [],
  form: emptyForm,
};

export type WizardAction =
  | { type: 'vehicleChosen'; vehicleType: VehicleTypeName }
  | { type: 'addonToggled'; addon: string }
  | { type: 'continued' }
  | { type: 'wentBack' }
  | { type: 'fieldChanged'; field: QuoteField; value: string }
  | { type: 'startedOver' }
  /** The customer logged out (in this tab or another): their draft and details are gone. */
  | { type: 'signedOut' }
  | { type: 'restored'; draft: QuoteDraft }
  /**
   * A signed-in customer's details: name and phone fill empty fields, the e-mail is theirs, and
   * their profile's (complete) address fills an address nobody has typed yet.
   */
  | {
      type: 'contactPrefilled';
      contact: Pick<QuoteForm, 'name' | 'phone' | 'email'> & { address?: AddressValues };
    }
  /** "Book again": the booking step with a past booking's vehicle type, add-ons and vehicle. */
  | {
      type: 'bookedAgain';
      vehicleType: VehicleTypeName;
      addons: readonly string[];
      vehicle: string;
    };

export function wizardReducer(state: QuoteDraft, action: WizardAction): QuoteDraft {
  switch (action.type) {
    case 'vehicleChosen': {
      const premium = action.vehicleType === PREMIUM_PACKAGE;
      const wasPremium = state.vehicleType === PREMIUM_PACKAGE;
      // Premium includes every add-on; leaving Premium drops the ones it had selected.
      const selected = premium ? addonNames(offer) : wasPremium ? [] : state.addons;
      return { ...state, vehicleType: action.vehicleType, addons: selected, step: 'addons' };
    }
    case 'addonToggled': {
      if (state.vehicleType === PREMIUM_PACKAGE) return state;
      const selected = state.addons.includes(action.addon)
        ? state.addons.filter((a) => a !== action.addon)
        : orderedAddons(offer, [...state.addons, action.addon]);
      return { ...state, addons: selected };
    }
    case 'continued':
      if (!state.vehicleType) return state;
      return { ...state, step: state.step === 'vehicle' ? 'addons' : 'booking' };
    case 'wentBack':
      return { ...state, step: state.step === 'booking' ? 'addons' : 'vehicle' };
    case 'fieldChanged': {
      const form = { ...state.form, [action.field]: action.value };
      // No date, no time; a time the new date does not offer is cleared by the booking step
      // once the server has answered that day's free times.
      if (action.field === 'date' && !form.date) form.time = '';
      return { ...state, form };
    }
    case 'startedOver':
    case 'signedOut':
      return emptyDraft;
    case 'restored':
      return action.draft;
    case 'contactPrefilled': {
      const { address, ...contact } = action.contact;
      const { name, phone } = state.form;
      const form = {
        ...state.form,
        name: name || contact.name,
        phone: phone || contact.phone,
        email: contact.email,
        ...(address && untypedAddress(state.form) ? address : {}),
      };
      const same = (Object.keys(form) as QuoteField[]).every(
        (key) => form[key] === state.form[key],
      );
      return same ? state : { ...state, form };
    }
    case 'bookedAgain': {
      const premium = action.vehicleType === PREMIUM_PACKAGE;
      return {
        step: 'booking',
        vehicleType: action.vehicleType,
        addons: premium ? addonNames(offer) : orderedAddons(offer, action.addons),
        form: { ...emptyForm, ...pick(state.form), vehicle: action.vehicle },
      };
    }
  }
}

/** The contact details and the service address a new request keeps from the form. */
const pick = (form: QuoteForm): Partial<QuoteForm> =>
  Object.fromEntries(
    (['name', 'phone', 'email', ...addressFields] as const).map((k) => [k, form[k]]),
  );

/** Nothing typed in the address (the state as the empty form has it). */
const untypedAddress = (form: QuoteForm) =>
  addressFields.every((field) => form[field] === emptyForm[field]);

export const DRAFT_KEY = QUOTE_DRAFT_KEY;

const isPristine = (d: QuoteDraft) =>
  d.step === 'vehicle' &&
  d.vehicleType === null &&
  d.addons.length === 0 &&
  (Object.keys(emptyForm) as QuoteField[]).every((key) => d.form[key] === emptyForm[key]);

/** Reads a stored draft; anything malformed is ignored. */
export function parseDraft(raw: string | null): QuoteDraft | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const vehicleType = isVehicleType(v.vehicleType) ? v.vehicleType : null;
  const stored = (v.form && typeof v.form === 'object' ? v.form : {}) as Record<string, unknown>;
  const form = { ...emptyForm };
  for (const key of Object.keys(emptyForm) as QuoteField[]) {
    const field = stored[key];
    if (typeof field === 'string') form[key] = field;
  }
  const step = steps.find((s) => s === v.step) ?? 'vehicle';
  const draft: QuoteDraft = {
    step: vehicleType ? step : 'vehicle',
    vehicleType,
    addons: Array.isArray(v.addons)
      ? orderedAddons(
          offer,
          v.addons.filter((name): name is string => typeof name === 'string'),
        )
      : [],
    form,
  };
  return isPristine(draft) ? null : draft;
}

/** When a stored draft was saved (epoch ms), or null when it does not say. */
function savedAt(raw: string | null): number | null {
  try {
    const value = JSON.parse(raw ?? 'null') as { savedAt?: unknown } | null;
    return typeof value?.savedAt === 'number' ? value.savedAt : null;
  } catch {
    return null;
  }
}

/**
 * The stored draft, unless it is older than QUOTE_DRAFT_MAX_AGE_MS (or does not say when it
 * was saved): then it is removed.
 */
export function loadDraft(
  storage: Storage = window.localStorage,
  now: number = Date.now(),
): QuoteDraft | null {
  try {
    const raw = storage.getItem(DRAFT_KEY);
    const at = savedAt(raw);
    if (raw !== null && (at === null || now - at > QUOTE_DRAFT_MAX_AGE_MS)) {
      storage.removeItem(DRAFT_KEY);
      return null;
    }
    return parseDraft(raw);
  } catch {
    return null; // storage disabled
  }
}

/** Stores the draft with the time it was saved; an untouched wizard removes it. */
export function saveDraft(
  draft: QuoteDraft,
  storage: Storage = window.localStorage,
  now: number = Date.now(),
): void {
  try {
    if (isPristine(draft)) storage.removeItem(DRAFT_KEY);
    else storage.setItem(DRAFT_KEY, JSON.stringify({ ...draft, savedAt: now }));
  } catch {
    /* storage full or disabled: the draft just isn't kept */
  }
}

export function clearDraft(storage: Storage = window.localStorage): void {
  try {
    storage.removeItem(DRAFT_KEY);
  } catch {
    /* storage disabled */
  }
}
