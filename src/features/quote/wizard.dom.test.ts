import {
  DRAFT_KEY,
  emptyDraft,
  loadDraft,
  parseDraft,
  saveDraft,
  wizardReducer,
  type QuoteDraft,
  type WizardAction,
} from './wizard';

const run = (actions: WizardAction[], from: QuoteDraft = emptyDraft) =>
  actions.reduce(wizardReducer, from);

describe('wizardReducer', () => {
  const contact = { name: 'Jordan Miles', phone: '9195550123', email: 'jordan@example.com' };

  it("prefills an empty name and phone from the account; the e-mail is always the account's", () => {
    const typed = run([
      { type: 'fieldChanged', field: 'name', value: 'J. Miles' },
      { type: 'fieldChanged', field: 'email', value: 'other@example.com' },
    ]);
    const s = run([{ type: 'contactPrefilled', contact }], typed);
    expect(s.form).toMatchObject({ name: 'J. Miles', phone: '9195550123', email: contact.email });
    // Nothing new: the same state (no re-render, nothing saved again).
    expect(wizardReducer(s, { type: 'contactPrefilled', contact })).toBe(s);
  });

  it('Book again goes to the booking step with the choices, keeping only the contact details', () => {
    const before = run([
      { type: 'contactPrefilled', contact },
      { type: 'fieldChanged', field: 'message', value: 'Old notes' },
      { type: 'fieldChanged', field: 'date', value: '2026-03-21' },
    ]);
    const s = run(
      [
        {
          type: 'bookedAgain',
          vehicleType: 'SUV',
          addons: ['Ceramic Wax', 'Pet Hair Removal'],
          vehicle: 'Toyota RAV4 (2019)',
        },
      ],
      before,
    );
    expect(s).toEqual({
      step: 'booking',
      vehicleType: 'SUV',
      addons: ['Pet Hair Removal', 'Ceramic Wax'],
      form: { ...emptyDraft.form, ...contact, vehicle: 'Toyota RAV4 (2019)' },
    });
    const premium = run([
      { type: 'bookedAgain', vehicleType: 'Premium Package', addons: [], vehicle: '' },
    ]);
    expect(premium.addons).toHaveLength(6);
  });

  it('choosing a vehicle type moves to the add-ons step', () => {
    const s = run([{ type: 'vehicleChosen', vehicleType: 'Sedan' }]);
    expect(s.step).toBe('addons');
    expect(s.vehicleType).toBe('Sedan');
  });

  it('Premium Package selects every add-on and locks them', () => {
    const s = run([
      { type: 'vehicleChosen', vehicleType: 'Premium Package' },
      { type: 'addonToggled', addon: 'Ceramic Wax' },
    ]);
    expect(s.addons).toHaveLength(6);
  });

  it('leaving Premium drops the add-ons it selected; other types keep the choice', () => {
    const fromPremium = run([
      { type: 'vehicleChosen', vehicleType: 'Premium Package' },
      { type: 'wentBack' },
      { type: 'vehicleChosen', vehicleType: 'SUV' },
    ]);
    expect(fromPremium.addons).toEqual([]);
    const kept = run([
      { type: 'vehicleChosen', vehicleType: 'Sedan' },
      { type: 'addonToggled', addon: 'Ceramic Wax' },
      { type: 'wentBack' },
      { type: 'vehicleChosen', vehicleType: 'Minivan' },
    ]);
    expect(kept.addons).toEqual(['Ceramic Wax']);
  });

  it('toggling an add-on twice removes it', () => {
    const s = run([
      { type: 'vehicleChosen', vehicleType: 'Sedan' },
      { type: 'addonToggled', addon: 'Pet Hair Removal' },
      { type: 'addonToggled', addon: 'Pet Hair Removal' },
    ]);
    expect(s.addons).toEqual([]);
  });

  it('Back goes back one step at a time', () => {
    const booking = run([{ type: 'vehicleChosen', vehicleType: 'Sedan' }, { type: 'continued' }]);
    expect(booking.step).toBe('booking');
    expect(run([{ type: 'wentBack' }], booking).step).toBe('addons');
    expect(run([{ type: 'wentBack' }, { type: 'wentBack' }], booking).step).toBe('vehicle');
  });

  it('cannot continue without a vehicle type', () => {
    expect(run([{ type: 'continued' }]).step).toBe('vehicle');
  });

  it('a new date keeps the time (the server’s free times decide it); no date clears it', () => {
    const s = run([
      { type: 'fieldChanged', field: 'date', value: '2026-03-21' },
      { type: 'fieldChanged', field: 'time', value: '9:00 AM' },
      { type: 'fieldChanged', field: 'date', value: '2026-03-22' },
    ]);
    expect(s.form.time).toBe('9:00 AM');
    expect(run([{ type: 'fieldChanged', field: 'date', value: '' }], s).form.time).toBe('');
  });

  it('Start Over returns to the vehicle step with an empty form', () => {
    const s = run([
      { type: 'vehicleChosen', vehicleType: 'SUV' },
      { type: 'addonToggled', addon: 'Ceramic Wax' },
      { type: 'continued' },
      { type: 'fieldChanged', field: 'name', value: 'Jordan' },
      { type: 'startedOver' },
    ]);
    expect(s).toEqual(emptyDraft);
  });
});

describe('the stored draft', () => {
  const draft: QuoteDraft = {
    step: 'booking',
    vehicleType: 'SUV',
    addons: ['Ceramic Wax'],
    form: { ...emptyDraft.form, name: 'Jordan', date: '2026-03-21' },
  };

  it('round-trips through localStorage', () => {
    saveDraft(draft);
    expect(loadDraft()).toEqual(draft);
  });

  it('an untouched wizard removes it', () => {
    saveDraft(draft);
    saveDraft(emptyDraft);
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['not an object', '42'],
    ['empty', '{}'],
  ])('ignores %s', (_label, raw) => {
    expect(parseDraft(raw)).toBeNull();
  });

  it('drops unknown values and never lands past the vehicle step without a type', () => {
    const raw = JSON.stringify({
      step: 'booking',
      vehicleType: 'Truck',
      addons: ['Ceramic Wax', 'Gold Plating'],
      form: { name: 'Jordan', phone: 42 },
    });
    expect(parseDraft(raw)).toEqual({
      step: 'vehicle',
      vehicleType: null,
      addons: ['Ceramic Wax'],
      form: { ...emptyDraft.form, name: 'Jordan' },
    });
  });
});
