/**
 * "Your business" (docs/product.md, "The business's offer"): the owner changes what the business
 * sells and how the site presents it — the vehicle types' prices and descriptions, the add-ons
 * (name, price, minutes, on/off, order), the Premium Package's saving, the plans, the towns, the
 * contact details, the reviews and the gallery — saves it as a draft (`PUT /owner/offer/draft`),
 * looks at the services page with it applied, and publishes it. Below, the last 20 versions with
 * who made them and when, each of which can be restored as the draft. Phone first: one column of
 * sections. Nothing typed is lost on an error: a refusal naming a field shows next to that field.
 */
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  useGetOwnerOfferDraftQuery,
  useListOwnerOfferVersionsQuery,
  usePublishOwnerOfferMutation,
  useReplaceOwnerOfferDraftMutation,
  useRestoreOwnerOfferVersionMutation,
} from '../api/endpoints';
import type { AddonOffer, OfferVersion, OfferVersionSummary } from '../api/generated';
import { offerProblem, type Offer } from '../../../../domain/offer';
import { vehicleTypeNames, type VehicleTypeName } from '../../../../domain/pricing';
import { errorMessage } from '../../../api/errors';
import { failure, receivedText } from '../format';
import { Failure } from '../Failure';
import { useOfferPreview } from './OfferPreview';
import { NumberField, Section } from '../FormParts';
import { businessTexts as t } from './messages';
import { GalleryUpload } from './GalleryUpload';
import { galleryImageOf } from '../../../config/gallery';

type Review = Offer['reviews'][number];
type Picture = Offer['gallery'][number];
type PlanName = keyof Offer['plans'];
const PLAN_NAMES: PlanName[] = ['weekly', 'biweekly', 'monthly'];

/** A row of a list the owner reorders: `key` follows it as it moves (and keeps its focus). */
interface Row<T> {
  key: number;
  value: T;
}
let lastKey = 0;
const rows = <T,>(values: readonly T[]): Row<T>[] =>
  values.map((value) => ({ key: ++lastKey, value }));

/** The offer as the form edits it: lists as rows, what a plan includes as one line each. */
interface Form {
  vehicleTypes: Offer['vehicleTypes'];
  premiumSaving: number;
  plans: Record<PlanName, { pricePerVisit: number; includes: string }>;
  contact: Offer['contact'];
  addons: Row<AddonOffer>[];
  towns: Row<string>[];
  reviews: Row<Review>[];
  gallery: Row<Picture>[];
}

const toForm = (offer: Offer): Form => ({
  vehicleTypes: offer.vehicleTypes,
  premiumSaving: offer.premiumSaving,
  plans: Object.fromEntries(
    PLAN_NAMES.map((plan) => [
      plan,
      {
        pricePerVisit: offer.plans[plan].pricePerVisit,
        includes: offer.plans[plan].includes.join('\n'),
      },
    ]),
  ) as Form['plans'],
  contact: offer.contact,
  addons: rows(offer.addons),
  towns: rows(offer.towns),
  reviews: rows(offer.reviews),
  gallery: rows(offer.gallery),
});

const values = <T,>(list: Row<T>[]) => list.map((row) => row.value);

const toOffer = (form: Form): Offer => ({
  vehicleTypes: form.vehicleTypes,
  addons: values(form.addons),
  premiumSaving: form.premiumSaving,
  plans: Object.fromEntries(
    PLAN_NAMES.map((plan) => [
      plan,
      {
        pricePerVisit: form.plans[plan].pricePerVisit,
        includes: form.plans[plan].includes
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      },
    ]),
  ) as Offer['plans'],
  towns: values(form.towns),
  contact: form.contact,
  reviews: values(form.reviews),
  gallery: values(form.gallery),
});

const sameOffer = (a: Offer, b: Offer) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What is wrong and where: `field` is a path of the request (`body/towns/8`) when the screen
 * found it; the server's `400` starts its message with the path instead.
 */
interface Problem {
  field?: string;
  message: string;
}

/** The problem's words when it concerns `path` (or, with `within`, a part of it). */
function problemAt(problem: Problem | null, path: string, within = false): string | undefined {
  if (!problem) return undefined;
  const { field, message } = problem;
  if (field !== undefined)
    return field === path || (within && field.startsWith(`${path}/`)) ? message : undefined;
  const at =
    message === path ||
    message.startsWith(`${path} `) ||
    (within && message.startsWith(`${path}/`));
  return at ? message : undefined;
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

function TextInput(props: {
  label: string;
  value: string;
  error?: string;
  multiline?: boolean;
  type?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={props.label}
      value={props.value}
      type={props.type}
      multiline={props.multiline}
      minRows={props.multiline ? 3 : undefined}
      onChange={(event) => props.onChange(event.target.value)}
      error={Boolean(props.error)}
      helperText={props.error}
      fullWidth
    />
  );
}

/** Where the focus goes after a row moved: its button, or the other one at either end. */
interface FocusAfterMove {
  list: ListName;
  key: number;
  direction: 'up' | 'down';
}

type ListName = 'addons' | 'towns' | 'reviews' | 'gallery';
type ListValue<L extends ListName> = Form[L][number]['value'];
/** Changes the form from what it is now (a stable function: the sections re-render only when theirs changed). */
type Update = (change: (form: Form) => Form) => void;
/** The problem's words for a field of the request body (`addons/2/name`), if it concerns it. */
type ErrorAt = (path: string, within?: boolean) => string | undefined;

const buttonId = (list: string, key: number, direction: 'up' | 'down') =>
  `${list}-${key}-${direction}`;

const listSx = { listStyle: 'none', m: 0, p: 0 };

function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** What a list's row shows: its name, and its fields given a way to change its value. */
interface RowKind<L extends ListName> {
  label: (value: ListValue<L>, index: number) => string;
  Fields: (props: {
    value: ListValue<L>;
    index: number;
    label: string;
    set: (value: ListValue<L>) => void;
    err: ErrorAt;
  }) => ReactNode;
}

interface RowProps<L extends ListName> {
  list: L;
  kind: RowKind<L>;
  row: Form[L][number];
  index: number;
  count: number;
  problem: Problem | null;
  update: Update;
  onMoved: (focus: FocusAfterMove) => void;
}

/**
 * A row of a list: its fields, and buttons to move it up or down and to remove it. Memoised:
 * typing in one row re-renders that row only (a long gallery stays quick on a phone).
 */
const ListRow = memo(function ListRow<L extends ListName>(props: RowProps<L>) {
  const { list, kind, row, index, count, problem, update, onMoved } = props;
  const label = kind.label(row.value, index);
  const setList = (change: (rows: Form[L]) => Form[L]) =>
    update((form) => ({ ...form, [list]: change(form[list]) }));
  const move = (to: number, direction: 'up' | 'down') => {
    setList((rows) => moved<Row<unknown>>(rows, index, to) as Form[L]);
    onMoved({ list, key: row.key, direction });
  };
  const set = (value: ListValue<L>) =>
    setList((rows) => rows.map((r, i) => (i === index ? { ...r, value } : r)) as Form[L]);
  const err: ErrorAt = (path, within) => problemAt(problem, `body/${list}/${path}`, within);
  const { Fields } = kind;
  return (
    // A list item holding the group: a <li> with role="group" would no longer be an item of its list.
    <Box component="li" sx={{ mb: 1.5 }}>
      <Box
        role="group"
        aria-label={label}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
      >
        <Typography sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }} aria-hidden>
          {label}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Fields value={row.value} index={index} label={label} set={set} err={err} />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          <Button
            id={buttonId(list, row.key, 'up')}
            variant="outlined"
            size="small"
            aria-label={t.moveUp(label)}
            disabled={index === 0}
            onClick={() => move(index - 1, 'up')}
          >
            {t.up}
          </Button>
          <Button
            id={buttonId(list, row.key, 'down')}
            variant="outlined"
            size="small"
            aria-label={t.moveDown(label)}
            disabled={index === count - 1}
            onClick={() => move(index + 1, 'down')}
          >
            {t.down}
          </Button>
          <Button
            size="small"
            color="error"
            aria-label={t.remove(label)}
            onClick={() => setList((rows) => rows.filter((_, i) => i !== index) as Form[L])}
          >
            {t.removeShort}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}) as <L extends ListName>(props: RowProps<L>) => ReactNode;

const addonRow: RowKind<'addons'> = {
  label: (addon, index) => t.addon(index, addon.name),
  Fields: ({ value: addon, label, set, err, index }) => (
    <>
      <TextInput
        label={t.addonName}
        value={addon.name}
        error={err(`${index}/name`)}
        onChange={(name) => set({ ...addon, name })}
      />
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr' }}>
        <NumberField
          label={t.addonPrice}
          min={0}
          value={addon.price}
          error={err(`${index}/price`)}
          onChange={(price) => set({ ...addon, price })}
        />
        <NumberField
          label={t.addonMinutes}
          value={addon.minutes}
          min={1}
          error={err(`${index}/minutes`)}
          onChange={(minutes) => set({ ...addon, minutes })}
        />
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={addon.enabled}
            onChange={(event) => set({ ...addon, enabled: event.target.checked })}
            slotProps={{ input: { 'aria-label': `${t.addonOn}: ${label}` } as object }}
          />
        }
        label={t.addonOn}
      />
    </>
  ),
};

const townRow: RowKind<'towns'> = {
  label: (town, index) => town.trim() || t.town(index),
  Fields: ({ value, index, set, err }) => (
    <TextInput label={t.town(index)} value={value} error={err(`${index}`)} onChange={set} />
  ),
};

const reviewRow: RowKind<'reviews'> = {
  label: (review, index) => t.review(index, review.name),
  Fields: ({ value: review, index, set, err }) => (
    <>
      <TextInput
        label={t.reviewText}
        multiline
        value={review.text}
        error={err(`${index}/text`)}
        onChange={(text) => set({ ...review, text })}
      />
      <Box sx={grid}>
        <TextInput
          label={t.reviewName}
          value={review.name}
          error={err(`${index}/name`)}
          onChange={(name) => set({ ...review, name })}
        />
        <TextInput
          label={t.reviewTown}
          value={review.town}
          error={err(`${index}/town`)}
          onChange={(town) => set({ ...review, town })}
        />
        <NumberField
          label={t.reviewRating}
          value={review.rating}
          min={1}
          max={5}
          error={err(`${index}/rating`)}
          onChange={(rating) => set({ ...review, rating })}
        />
      </Box>
    </>
  ),
};

/** A small view of a gallery picture (its description is the field below it). */
function Thumbnail({ picture }: { picture: Picture }) {
  const image = galleryImageOf(picture);
  if (!image) return null;
  return (
    <Box
      component="img"
      src={image.src}
      srcSet={image.srcSet.webp}
      sizes="160px"
      width={image.width}
      height={image.height}
      alt=""
      loading="lazy"
      sx={{
        display: 'block',
        width: 160,
        maxWidth: '100%',
        height: 'auto',
        borderRadius: 1,
        bgcolor: image.color,
      }}
    />
  );
}

const pictureRow: RowKind<'gallery'> = {
  label: (_picture, index) => t.picture(index),
  Fields: ({ value: picture, index, set, err }) => (
    <>
      <Thumbnail picture={picture} />
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {picture.image ? t.uploadedPicture : picture.picture}
      </Typography>
      <TextInput
        label={t.alt}
        multiline
        value={picture.alt}
        error={err(`${index}/alt`)}
        onChange={(alt) => set({ ...picture, alt })}
      />
      <TextInput
        label={t.caption}
        value={picture.caption}
        error={err(`${index}/caption`)}
        onChange={(caption) => set({ ...picture, caption })}
      />
    </>
  ),
};

/** A list's rows and, when it takes new ones, its Add button. */
function ListEditor<L extends ListName>(props: {
  list: L;
  kind: RowKind<L>;
  rows: Form[L];
  empty?: string;
  add?: { label: string; value: ListValue<L> };
  problem: Problem | null;
  update: Update;
  onMoved: (focus: FocusAfterMove) => void;
}) {
  const { list, kind, rows: current, add, update } = props;
  return (
    <>
      {current.length === 0 && props.empty && <Typography sx={{ mb: 1 }}>{props.empty}</Typography>}
      <Box component="ul" sx={listSx}>
        {current.map((row, index) => (
          <ListRow
            key={row.key}
            list={list}
            kind={kind}
            row={row}
            index={index}
            count={current.length}
            problem={props.problem}
            update={update}
            onMoved={props.onMoved}
          />
        ))}
      </Box>
      {add && (
        <Button
          variant="outlined"
          onClick={() =>
            update((form) => ({ ...form, [list]: [...form[list], ...rows([add.value])] }))
          }
        >
          {add.label}
        </Button>
      )}
    </>
  );
}

const VehiclesSection = memo(function VehiclesSection(props: {
  vehicleTypes: Form['vehicleTypes'];
  premiumSaving: number;
  err: ErrorAt;
  update: Update;
}) {
  const { vehicleTypes, premiumSaving, err, update } = props;
  const setType = (name: VehicleTypeName, change: Partial<Form['vehicleTypes'][VehicleTypeName]>) =>
    update((form) => ({
      ...form,
      vehicleTypes: {
        ...form.vehicleTypes,
        [name]: { ...form.vehicleTypes[name], ...change },
      },
    }));
  const saving = Number.isNaN(premiumSaving) ? 0 : premiumSaving;
  return (
    <Section title={t.vehiclesTitle}>
      <Box sx={grid}>
        {vehicleTypeNames.map((name) => (
          <Box key={name} sx={{ display: 'grid', gap: 1.5 }}>
            <NumberField
              label={t.price(name)}
              min={0}
              value={vehicleTypes[name].price}
              error={err(`vehicleTypes/${name}/price`)}
              onChange={(price) => setType(name, { price })}
            />
            <TextInput
              label={t.description(name)}
              value={vehicleTypes[name].description}
              error={err(`vehicleTypes/${name}/description`)}
              onChange={(description) => setType(name, { description })}
            />
          </Box>
        ))}
        <NumberField
          label={t.premiumSaving}
          min={0}
          value={premiumSaving}
          error={err('premiumSaving')}
          hint={t.premiumHint((vehicleTypes['Premium Package'].price || 0) + saving, saving)}
          onChange={(value) => update((form) => ({ ...form, premiumSaving: value }))}
        />
      </Box>
    </Section>
  );
});

const PlansSection = memo(function PlansSection(props: {
  plans: Form['plans'];
  err: ErrorAt;
  update: Update;
}) {
  const { plans, err, update } = props;
  return (
    <Section title={t.plansTitle}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {PLAN_NAMES.map((plan) => {
          const name = t.plans[plan];
          const setPlan = (change: Partial<Form['plans'][PlanName]>) =>
            update((form) => ({
              ...form,
              plans: { ...form.plans, [plan]: { ...form.plans[plan], ...change } },
            }));
          return (
            <Box key={plan} sx={{ display: 'grid', gap: 1.5 }}>
              <NumberField
                label={t.planPrice(name)}
                min={0}
                value={plans[plan].pricePerVisit}
                error={err(`plans/${plan}/pricePerVisit`)}
                onChange={(pricePerVisit) => setPlan({ pricePerVisit })}
              />
              <TextInput
                label={t.planIncludes(name)}
                multiline
                value={plans[plan].includes}
                error={err(`plans/${plan}/includes`, true)}
                onChange={(includes) => setPlan({ includes })}
              />
            </Box>
          );
        })}
      </Box>
    </Section>
  );
});

const ContactSection = memo(function ContactSection(props: {
  contact: Form['contact'];
  err: ErrorAt;
  update: Update;
}) {
  const { contact, err, update } = props;
  const setContact = (change: Partial<Form['contact']>) =>
    update((form) => ({ ...form, contact: { ...form.contact, ...change } }));
  return (
    <Section title={t.contactTitle}>
      <Box sx={grid}>
        <TextInput
          label={t.phone}
          type="tel"
          value={contact.phone}
          error={err('contact/phone')}
          onChange={(phone) => setContact({ phone })}
        />
        <TextInput
          label={t.email}
          type="email"
          value={contact.email}
          error={err('contact/email')}
          onChange={(email) => setContact({ email })}
        />
      </Box>
    </Section>
  );
});

function OfferForm({ draft }: { draft: OfferVersion }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const renderPreview = useOfferPreview();
  const [form, setForm] = useState(() => toForm(draft.offer));
  const [saved, setSaved] = useState(draft.offer);
  const [problem, setProblem] = useState<Problem | null>(null);
  /** What the last action did; `warns` when it asks for something (the pages not updated). */
  const [notice, setNotice] = useState<{ text: string; warns: boolean } | null>(null);
  const say = (text: string, warns = false) => setNotice({ text, warns });
  const [previewing, setPreviewing] = useState(false);
  const focusAfterMove = useRef<FocusAfterMove | null>(null);
  const onMoved = useCallback((focus: FocusAfterMove) => {
    focusAfterMove.current = focus;
  }, []);
  const [save, saving] = useReplaceOwnerOfferDraftMutation();
  const [publish, publishing] = usePublishOwnerOfferMutation();

  // After a move re-renders the list, the moved row's button (or, at an end, the other) has the focus.
  useEffect(() => {
    const focus = focusAfterMove.current;
    if (!focus) return;
    focusAfterMove.current = null;
    const { list, key, direction } = focus;
    const button = document.getElementById(buttonId(list, key, direction));
    const other = document.getElementById(buttonId(list, key, direction === 'up' ? 'down' : 'up'));
    ((button as HTMLButtonElement | null)?.disabled ? other : button)?.focus();
  });

  const update = useCallback<Update>((change) => {
    setNotice(null);
    setForm(change);
  }, []);
  const err = useCallback<ErrorAt>(
    (path, within) => problemAt(problem, `body/${path}`, within),
    [problem],
  );

  const offer = useMemo(() => toOffer(form), [form]);
  const dirty = !sameOffer(offer, saved);
  const busy = saving.isLoading || publishing.isLoading;

  /** Sends the form as the new draft unless it is the draft already; false when refused. */
  const saveDraft = async (): Promise<boolean> => {
    const local = offerProblem(offer);
    setProblem(local);
    if (local) return false;
    if (!dirty) return true;
    try {
      const version = await save({ offer }).unwrap();
      setSaved(version.offer);
      return true;
    } catch (error) {
      setProblem({ message: errorMessage(error, t.saveFailed) });
      return false;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (await saveDraft()) say(t.saved);
  };

  const startPreview = () => {
    const local = offerProblem(offer);
    setProblem(local);
    if (!local) {
      publishing.reset();
      setPreviewing(true);
    }
  };

  const publishNow = async () => {
    if (busy) return;
    if (!(await saveDraft())) {
      setPreviewing(false);
      return;
    }
    try {
      const published = await publish().unwrap();
      setPreviewing(false);
      // Published either way; the pages may still show the offer before (retry: publish again).
      if (published.pages.status === 'failed')
        say(t.publishedPagesFailed(published.version, published.pages.message), true);
      else say(t.published(published.version));
    } catch {
      // The dialog stays open with the refusal (`publishing.error`) and the form as typed.
    }
  };

  const restored = useCallback((version: OfferVersion, from: number) => {
    setForm(toForm(version.offer));
    setSaved(version.offer);
    setProblem(null);
    say(t.restored(from));
  }, []);

  const lists = { problem, update, onMoved };
  const addPicture = useCallback(
    (entry: Picture) =>
      update((form) => ({ ...form, gallery: [...form.gallery, ...rows([entry])] })),
    [update],
  );

  return (
    <>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <VehiclesSection
          vehicleTypes={form.vehicleTypes}
          premiumSaving={form.premiumSaving}
          err={err}
          update={update}
        />
        <Section title={t.addonsTitle}>
          <ListEditor
            list="addons"
            kind={addonRow}
            rows={form.addons}
            empty={t.noAddons}
            add={{ label: t.addAddon, value: { name: '', price: 0, minutes: 15, enabled: true } }}
            {...lists}
          />
        </Section>
        <PlansSection plans={form.plans} err={err} update={update} />
        <Section title={t.townsTitle}>
          <ListEditor
            list="towns"
            kind={townRow}
            rows={form.towns}
            add={{ label: t.addTown, value: '' }}
            {...lists}
          />
          {err('towns') && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {err('towns')}
            </Alert>
          )}
        </Section>
        <ContactSection contact={form.contact} err={err} update={update} />
        <Section title={t.reviewsTitle}>
          <ListEditor
            list="reviews"
            kind={reviewRow}
            rows={form.reviews}
            empty={t.noReviews}
            add={{ label: t.addReview, value: { name: '', town: '', rating: 5, text: '' } }}
            {...lists}
          />
        </Section>
        <Section title={t.galleryTitle}>
          <ListEditor
            list="gallery"
            kind={pictureRow}
            rows={form.gallery}
            empty={t.noPictures}
            {...lists}
          />
          <GalleryUpload onUploaded={addPicture} />
        </Section>

        <Box role="status" sx={{ mb: 2 }}>
          {notice && <Alert severity={notice.warns ? 'warning' : 'success'}>{notice.text}</Alert>}
          {!notice && dirty && <Typography>{t.unsaved}</Typography>}
        </Box>
        {problem && !previewing && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {t.saveFailed} {problem.message}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 3 }}>
          <Button type="submit" variant="contained" aria-disabled={busy}>
            {saving.isLoading ? t.saving : t.save}
          </Button>
          <Button variant="outlined" onClick={startPreview} aria-disabled={busy}>
            {t.preview}
          </Button>
        </Box>
      </Box>

      <Dialog
        open={previewing}
        onClose={() => setPreviewing(false)}
        fullScreen={phone}
        fullWidth
        maxWidth="lg"
        aria-labelledby="offer-preview-title"
      >
        <DialogTitle id="offer-preview-title">{t.previewTitle}</DialogTitle>
        <DialogContent dividers sx={{ px: { xs: 0, sm: 2 } }}>
          <DialogContentText sx={{ px: { xs: 2, sm: 0 }, mb: 2 }}>
            {t.previewIntro}
          </DialogContentText>
          {previewing && (renderPreview?.(offer) ?? <Typography>{t.noPreview}</Typography>)}
        </DialogContent>
        {publishing.isError && (
          <Alert severity="error" role="alert" sx={{ m: 2 }}>
            {failure(publishing.error, t.publishFailed)}
          </Alert>
        )}
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => setPreviewing(false)}>{t.backToEditing}</Button>
          <Button variant="contained" onClick={() => void publishNow()} aria-disabled={busy}>
            {busy ? t.publishing : t.publish}
          </Button>
        </DialogActions>
      </Dialog>

      <Versions onRestored={restored} />
    </>
  );
}

/** The live version: the one published last. */
const liveVersion = (versions: OfferVersionSummary[]) =>
  versions
    .filter((v) => v.publishedAt)
    .sort((a, b) => (a.publishedAt! < b.publishedAt! ? 1 : -1))[0]?.version;

function Versions({ onRestored }: { onRestored: (version: OfferVersion, from: number) => void }) {
  const versions = useListOwnerOfferVersionsQuery();
  const [asking, setAsking] = useState<number | null>(null);
  const [restore, restoring] = useRestoreOwnerOfferVersionMutation();
  const live = liveVersion(versions.data ?? []);

  const confirm = async () => {
    if (asking === null) return;
    try {
      const version = await restore({ version: asking }).unwrap();
      onRestored(version, asking);
      setAsking(null);
    } catch {
      // The dialog shows the refusal (`restoring.error`).
    }
  };

  return (
    <Section title={t.versionsTitle}>
      {versions.isLoading && <CircularProgress aria-label={t.versionsLoading} />}
      {versions.isError && (
        <Failure
          error={versions.error}
          fallback={t.versionsFailed}
          onRetry={() => void versions.refetch()}
        />
      )}
      {versions.data && (
        <Box component="ul" aria-label={t.versionsLabel} sx={listSx}>
          {versions.data.map((v) => (
            <Box
              component="li"
              key={v.version}
              sx={{ borderBottom: 1, borderColor: 'divider', py: 1.5 }}
            >
              <Typography sx={{ fontWeight: 600 }}>
                {t.version(v.version)}
                {v.version === live && ` · ${t.live}`}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t.madeBy(v.createdBy, receivedText(v.createdAt))}
              </Typography>
              <Typography variant="body2">
                {v.publishedAt ? t.publishedAt(receivedText(v.publishedAt)) : t.notPublished}
                {v.restoredFrom !== null && ` · ${t.restoredFrom(v.restoredFrom)}`}
              </Typography>
              <Button
                size="small"
                variant="outlined"
                sx={{ mt: 1 }}
                onClick={() => {
                  restoring.reset();
                  setAsking(v.version);
                }}
              >
                {t.restore(v.version)}
              </Button>
            </Box>
          ))}
        </Box>
      )}
      <Dialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        aria-labelledby="offer-restore-title"
      >
        <DialogTitle id="offer-restore-title">{t.restoreTitle(asking ?? 0)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t.restoreMessage}</DialogContentText>
          {restoring.isError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {failure(restoring.error, t.restoreFailed)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{t.cancel}</Button>
          <Button
            variant="contained"
            onClick={() => void confirm()}
            aria-disabled={restoring.isLoading}
          >
            {t.restoreConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}

export default function BusinessPage() {
  const draft = useGetOwnerOfferDraftQuery();
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {t.title}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t.intro}</Typography>
      {draft.isLoading && <CircularProgress aria-label={t.loading} />}
      {draft.isError && (
        <Failure error={draft.error} fallback={t.failed} onRetry={() => void draft.refetch()} />
      )}
      {draft.data && <OfferForm draft={draft.data} />}
    </Box>
  );
}
