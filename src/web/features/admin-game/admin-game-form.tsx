import { ChevronDown, CircleAlert, Info, Lock } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { rulesSummary, type RulesChoice } from '@core/game-rules-summary';
import { ORGANIZER_TEXTS } from '@core/messages';
import { gameFormLocks, type GameFormLocks } from '@core/game-locks';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, POT_RULE, type PaymentMethod } from '@core/payment-methods';
import { BOARD_SIZE_LABELS, BOARD_SIZES, type BoardSize } from '@core/board-shape';
import { dollarsToCents, formatUsd } from '@core/money';
import {
  CUSTOM_PAYOUT,
  CUSTOM_PAYOUT_LABEL,
  type PayoutChoice,
  PAYOUT_SCHEDULE_IDS,
  PAYOUT_SCHEDULES,
  rulesOfGame,
  sharesOf,
  type UnboughtRule,
  unboughtRuleText,
  validateGamePayout,
} from '@core/payout-plan';
import { payoutRules } from '@core/payouts';
import { type GameFormErrors, type GameFormField, type GameFormValues, validateGameForm } from '@core/schemas';
import { GAME_TYPE_LABELS, GAME_TYPES, type GameType, MAX_PRICE_DOLLARS, MIN_PRICE_DOLLARS } from '@core/validation';
import { NUMBER_SET_MODES, numberSetModeLabel, type NumberSetMode, periodModel, periodNoun, periodWinningsLabel } from '@core/periods';
import { VISIBILITIES, VISIBILITY_HINTS, VISIBILITY_LABELS, type Visibility } from '@core/visibility';
import { LinkButton } from '@/components/link-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { fieldAria, FormField } from '@/components/form-field';
import { Spinner } from '@/components/ui/spinner';
import { isApiError, isServerMessage } from '@/lib/api';
import { browserTimeZone, timeZoneChoices } from '@/lib/time';
import { instantToWallTime, wallTimeToInstant } from '@core/game-time';
import { cn } from '@/lib/utils';

/** The spec's redirect delay after a successful create or update (section 4: 0.5 s). */
export const REDIRECT_DELAY_MS = 500;

/** The form's values as typed: the price stays text until it is validated. */
export interface GameFormState {
  title: string;
  team_a: string;
  team_b: string;
  price_per_square: string;
  game_type: GameType;
  payout_schedule: PayoutChoice;
  /** D34: custom shares as typed, one per period of the game type, the organizer's share and its name. */
  payout_shares: string[];
  organizer_percent: string;
  organizer_label: string;
  unbought_rule: UnboughtRule;
  /** D28: who collects the money, the organizer's instructions, and the pay-by time as the organizer's local date-time ('' for none). */
  payment_method: PaymentMethod;
  payment_instructions: string;
  pay_by: string;
  /** D31: '' for no cap. */
  max_squares_per_player: string;
  /** D30: who can see the game. */
  visibility: Visibility;
  /** D36: '100', '50' or '25' squares. */
  board_size: BoardSizeChoice;
  /** D35: when numbers are drawn (chosen at creation). */
  number_sets: NumberSetMode;
  /** D39: kickoff as the organizer's wall-clock date-time in `time_zone` ('' for none), the zone, and the draw choice. */
  kickoff_at: string;
  time_zone: string;
  draw_at_kickoff: boolean;
}

type BoardSizeChoice = `${BoardSize}`;
const BOARD_SIZE_CHOICES = BOARD_SIZES.map((size) => `${size}` as BoardSizeChoice);
const BOARD_SIZE_CHOICE_LABELS = Object.fromEntries(BOARD_SIZES.map((size) => [`${size}`, BOARD_SIZE_LABELS[size]])) as Record<BoardSizeChoice, string>;
const BOARD_SIZE_HINTS: Readonly<Record<BoardSizeChoice, string>> = {
  '100': 'The classic board: one digit on each row and each column.',
  '50': 'For a smaller group: each row carries two digits, each column one.',
  '25': 'For a small group: each row and each column carries two digits.',
};

/** A game's values as the form and the API carry them (the API's shares are read-only). */
type FormSource = Readonly<Omit<GameFormValues, 'payout_shares'> & { payout_shares: readonly number[] | null }>;

/** The shares the custom inputs start from: the game's own, else its schedule's spelled out per period. */
function startingShares(values: Pick<FormSource, 'game_type' | 'payout_schedule' | 'payout_shares' | 'organizer_percent' | 'unbought_rule'>) {
  const model = periodModel(values.game_type);
  if (values.payout_schedule === CUSTOM_PAYOUT && values.payout_shares?.length === model.periods.length) {
    return { shares: values.payout_shares.map(String), organizer: String(values.organizer_percent ?? 0) };
  }
  const schedule = values.payout_schedule === CUSTOM_PAYOUT ? 'even' : values.payout_schedule;
  const { periods, organizerPercent } = sharesOf(rulesOfGame({ ...values, payout_schedule: schedule, payout_shares: null, organizer_percent: null }));
  return { shares: periods.map(({ percent }) => String(percent)), organizer: String(organizerPercent) };
}

export function toFormState(values: FormSource): GameFormState {
  const { shares, organizer } = startingShares(values);
  // D39: the game's zone, or the organizer's browser's for a new game (and one made before zones).
  const zone = values.time_zone ?? browserTimeZone();
  return {
    title: values.title,
    team_a: values.team_a,
    team_b: values.team_b,
    price_per_square: String(values.price_per_square),
    game_type: values.game_type,
    // D34: the three schedules are for quarters; a game in halves has custom shares.
    payout_schedule: periodModel(values.game_type).kind === 'quarter' ? values.payout_schedule : CUSTOM_PAYOUT,
    payout_shares: shares,
    organizer_percent: organizer,
    organizer_label: values.organizer_label,
    unbought_rule: values.unbought_rule,
    payment_method: values.payment_method,
    payment_instructions: values.payment_instructions ?? '',
    pay_by: values.pay_by ? instantToWallTime(values.pay_by, zone) : '',
    max_squares_per_player: values.max_squares_per_player === null ? '' : String(values.max_squares_per_player),
    visibility: values.visibility,
    board_size: `${values.board_size}`,
    number_sets: values.number_sets,
    kickoff_at: values.kickoff_at ? instantToWallTime(values.kickoff_at, zone) : '',
    time_zone: zone,
    draw_at_kickoff: values.draw_at_kickoff,
  };
}

/** A wall-clock date-time typed on the form, read in the game's zone (D39): an instant, null for blank, else the text (the schema names it). */
function typedInstant(wall: string, zone: string): string | null {
  const local = wall.trim();
  if (local === '') return null;
  return wallTimeToInstant(local, zone) ?? local;
}

/** The form's values as the schema takes them: the typed times as instants, read in the game's zone. */
function toInput(state: GameFormState) {
  const kickoff = typedInstant(state.kickoff_at, state.time_zone);
  return {
    ...state,
    pay_by: state.payment_method === 'organizer' ? typedInstant(state.pay_by, state.time_zone) : null,
    kickoff_at: kickoff,
    draw_at_kickoff: kickoff !== null && state.draw_at_kickoff,
    organizer_label: state.organizer_label,
  };
}

/** The fields of the rules section (folded on the create form), in their order on the page. */
const RULES_FIELDS: readonly GameFormField[] = [
  'board_size',
  'payout_schedule',
  'payout_shares',
  'organizer_percent',
  'organizer_label',
  'unbought_rule',
  'number_sets',
  'kickoff_at',
  'time_zone',
  'draw_at_kickoff',
  'max_squares_per_player',
  'visibility',
];

/** Field order, for focusing the first invalid one. */
const FIELD_ORDER: readonly GameFormField[] = [
  'title',
  'team_a',
  'team_b',
  'price_per_square',
  'game_type',
  'payment_method',
  'payment_instructions',
  'pay_by',
  ...RULES_FIELDS,
];

/** Styled like Input, for the native select (accessible and keyboard-friendly everywhere). */
export const selectClassName =
  'flex h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs transition-[color,box-shadow] disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/30 [&>option]:bg-popover [&>option]:text-popover-foreground aria-invalid:border-destructive aria-invalid:ring-2 aria-invalid:ring-destructive/20';

export interface GameFormProps {
  initial: GameFormState;
  /** Labels of the submit button: idle and busy ("Create Game" / "Creating..."). */
  submitLabel: string;
  submittingLabel: string;
  /** True while the request runs (and until the page moves on after success). */
  submitting: boolean;
  /** D13: price and payout schedule (and D28: the payment method; D36: the board size) are fixed once any square is held or sold. */
  priceLocked?: boolean;
  /** D35: the number sets are chosen at creation and cannot change afterwards. */
  numberSetsFixed?: boolean;
  /** D39: sales closed at kickoff: the kickoff and the draw choice are fixed. */
  kickoffLocked?: boolean;
  /** D28: the payment methods this server offers (without Stripe, organizer-collects only). */
  paymentMethods?: readonly PaymentMethod[];
  /** The server's refusal, shown as a banner above the form's fields. */
  serverError?: string | null;
  cancelTo: string;
  /** The rules behind a disclosure with a one-line summary (the create form: what every pool needs comes first). */
  rulesFolded?: boolean;
  onSubmit: (values: GameFormValues) => void;
}

/** The create and edit game form (spec section 5 "Game form"; D12, D13). */
export function GameForm({
  initial,
  submitLabel,
  submittingLabel,
  submitting,
  priceLocked = false,
  numberSetsFixed = false,
  kickoffLocked = false,
  paymentMethods = PAYMENT_METHODS,
  serverError,
  cancelTo,
  rulesFolded = false,
  onSubmit,
}: GameFormProps) {
  const id = useId();
  const [values, setValues] = useState<GameFormState>(initial);
  const [errors, setErrors] = useState<GameFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const fields = useRef<Partial<Record<GameFormField, HTMLElement | null>>>({});

  const fieldId = (field: GameFormField) => `${id}-${field}`;
  const errorId = (field: GameFormField) => `${id}-${field}-error`;
  const lockedNoteId = `${id}-locked`;
  const locks = gameFormLocks({
    squaresHeld: priceLocked,
    salesClosed: kickoffLocked,
    numberSetsFixed,
    customShares: values.payout_schedule === CUSTOM_PAYOUT,
    kickoffSet: values.kickoff_at.trim() !== '',
  });
  const serverErrorId = `${id}-server-error`;

  function update<K extends keyof GameFormState>(field: K, value: GameFormState[K]) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first submit, messages follow the typing (appear, change or clear).
    if (submitted) {
      const result = validateGameForm(toInput(next));
      setErrors(result.ok ? {} : result.errors);
    }
  }

  /** A new game type: shares keyed by its periods (D34), and the schedules only where quarters are periods. */
  function changeGameType(gameType: GameType) {
    const model = periodModel(gameType);
    const schedule = model.kind === 'quarter' ? values.payout_schedule : CUSTOM_PAYOUT;
    const fits = values.payout_shares.length === model.periods.length;
    const { shares, organizer } = fits
      ? { shares: values.payout_shares, organizer: values.organizer_percent }
      : startingShares({ game_type: gameType, payout_schedule: 'even', payout_shares: null, organizer_percent: null, unbought_rule: values.unbought_rule });
    const next = { ...values, game_type: gameType, payout_schedule: schedule, payout_shares: shares, organizer_percent: organizer };
    setValues(next);
    if (submitted) {
      const result = validateGameForm(toInput(next));
      setErrors(result.ok ? {} : result.errors);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    const result = validateGameForm(toInput(values));
    if (!result.ok) {
      setErrors(result.errors);
      const first = FIELD_ORDER.find((field) => result.errors[field]);
      // A message inside the folded rules opens them, so the field it names can take the focus.
      if (first && rulesFolded && !rulesOpen && RULES_FIELDS.includes(first)) flushSync(() => setRulesOpen(true));
      if (first) fields.current[first]?.focus();
      return;
    }
    setErrors({});
    onSubmit(result.value);
  }

  /** aria props of a field: invalid and described by its message (and any notes). */
  function describe(field: GameFormField, ...notes: (string | false | undefined)[]) {
    return {
      id: fieldId(field),
      ...fieldAria(errors[field] ? errorId(field) : null, ...notes),
      ref: (element: HTMLElement | null) => {
        fields.current[field] = element;
      },
    } as const;
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-6" aria-describedby={serverError ? serverErrorId : undefined}>
      {serverError && (
        <Alert variant="destructive" id={serverErrorId} data-testid="form-error">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>
            <p>{serverError}</p>
          </AlertDescription>
        </Alert>
      )}

      <FormField id={fieldId('title')} label="Title" error={errors.title} errorId={errorId('title')}>
        <Input
          {...describe('title')}
          name="title"
          autoComplete="off"
          placeholder="e.g. Championship Sunday"
          value={values.title}
          onChange={(event) => update('title', event.target.value)}
        />
      </FormField>

      <div className="grid gap-6 sm:grid-cols-2">
        <FormField
          id={fieldId('team_a')}
          label="Team A"
          error={errors.team_a}
          errorId={errorId('team_a')}
          hint="Rows of the board"
          hintId={`${id}-team_a-hint`}
          hintHiddenByError
        >
          <Input
            {...describe('team_a', `${id}-team_a-hint`)}
            name="team_a"
            autoComplete="off"
            placeholder="e.g. Eagles"
            value={values.team_a}
            onChange={(event) => update('team_a', event.target.value)}
          />
        </FormField>
        <FormField
          id={fieldId('team_b')}
          label="Team B"
          error={errors.team_b}
          errorId={errorId('team_b')}
          hint="Columns of the board"
          hintId={`${id}-team_b-hint`}
          hintHiddenByError
        >
          <Input
            {...describe('team_b', `${id}-team_b-hint`)}
            name="team_b"
            autoComplete="off"
            placeholder="e.g. Chiefs"
            value={values.team_b}
            onChange={(event) => update('team_b', event.target.value)}
          />
        </FormField>
      </div>

      {locks.sales && (
        <p
          id={lockedNoteId}
          className="flex items-start gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm text-muted-foreground"
          data-testid="price-locked-note"
        >
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {locks.sales}
        </p>
      )}

      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id={fieldId('price_per_square')} label="Price per Square ($)" error={errors.price_per_square} errorId={errorId('price_per_square')}>
          <Input
            {...describe('price_per_square', priceLocked && lockedNoteId)}
            name="price_per_square"
            type="number"
            inputMode="numeric"
            step={1}
            min={MIN_PRICE_DOLLARS}
            max={MAX_PRICE_DOLLARS}
            disabled={priceLocked}
            value={values.price_per_square}
            onChange={(event) => update('price_per_square', event.target.value)}
          />
        </FormField>
        <FormField
          id={fieldId('game_type')}
          label="Game Type"
          error={errors.game_type}
          errorId={errorId('game_type')}
          hint={locks.gameType ? <LockReason text={locks.gameType} /> : undefined}
          hintId={`${id}-game_type-lock`}
        >
          <select
            {...describe('game_type', locks.gameType !== null && `${id}-game_type-lock`)}
            name="game_type"
            className={selectClassName}
            value={values.game_type}
            disabled={locks.gameType !== null}
            onChange={(event) => changeGameType(event.target.value as GameType)}
          >
            {GAME_TYPES.map((type) => (
              <option key={type} value={type}>
                {GAME_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </FormField>
      </div>

      <ChoiceCards
        legend="Who collects the money"
        labels={PAYMENT_METHOD_LABELS}
        hints={PAYMENT_METHOD_HINTS}
        name={`${id}-payment`}
        value={values.payment_method}
        options={
          priceLocked ? [values.payment_method] : paymentMethods.includes(values.payment_method) ? paymentMethods : [...paymentMethods, values.payment_method]
        }
        disabled={priceLocked}
        describedBy={priceLocked ? lockedNoteId : undefined}
        error={errors.payment_method}
        errorId={errorId('payment_method')}
        inputRef={(element) => {
          fields.current.payment_method = element;
        }}
        onChange={(method) => update('payment_method', method)}
      />

      {values.payment_method === 'organizer' && (
        <div className="flex flex-col gap-6" data-testid="organizer-fields">
          <FormField
            id={fieldId('payment_instructions')}
            label="Payment instructions"
            error={errors.payment_instructions}
            errorId={errorId('payment_instructions')}
            hint={ORGANIZER_TEXTS.instructionsHint}
            hintId={`${id}-instructions-hint`}
          >
            <Textarea
              {...describe('payment_instructions', `${id}-instructions-hint`)}
              aria-required="true"
              name="payment_instructions"
              rows={3}
              placeholder="e.g. Venmo @coach-k with your squares in the note"
              value={values.payment_instructions}
              onChange={(event) => update('payment_instructions', event.target.value)}
            />
          </FormField>
          <FormField
            id={fieldId('pay_by')}
            label="Pay by (optional)"
            error={errors.pay_by}
            errorId={errorId('pay_by')}
            hint="Squares still unpaid at this time are released for others, and their players are told by e-mail."
            hintId={`${id}-pay-by-hint`}
          >
            <Input
              {...describe('pay_by', `${id}-pay-by-hint`)}
              name="pay_by"
              type="datetime-local"
              value={values.pay_by}
              onChange={(event) => update('pay_by', event.target.value)}
            />
          </FormField>
        </div>
      )}

      <RulesSection id={`${id}-rules`} folded={rulesFolded} open={rulesOpen} onOpenChange={setRulesOpen} summary={rulesSummary(summaryChoice(values))}>
        <ChoiceCards
          legend="Board size"
          labels={BOARD_SIZE_CHOICE_LABELS}
          hints={BOARD_SIZE_HINTS}
          testId="board-size-field"
          name={`${id}-board-size`}
          value={values.board_size}
          options={priceLocked ? [values.board_size] : BOARD_SIZE_CHOICES}
          disabled={priceLocked}
          describedBy={priceLocked ? lockedNoteId : undefined}
          error={errors.board_size}
          errorId={errorId('board_size')}
          inputRef={(element) => {
            fields.current.board_size = element;
          }}
          onChange={(size) => update('board_size', size)}
        />

        <PayoutScheduleField
          name={`${id}-payout`}
          values={values}
          disabled={priceLocked}
          describedBy={[`${id}-payout-info`, priceLocked ? lockedNoteId : null].filter(Boolean).join(' ')}
          infoId={`${id}-payout-info`}
          inputRef={(element) => {
            fields.current.payout_schedule = element;
          }}
          onChange={(schedule) => update('payout_schedule', schedule)}
        />

        {values.payout_schedule === CUSTOM_PAYOUT && (
          <CustomSharesField
            id={`${id}-shares`}
            values={values}
            disabled={priceLocked}
            describedBy={priceLocked ? lockedNoteId : undefined}
            error={errors.payout_shares ?? errors.organizer_percent}
            labelError={errors.organizer_label}
            shareRef={(element) => {
              fields.current.payout_shares = element;
            }}
            onShare={(index, text) =>
              update(
                'payout_shares',
                values.payout_shares.map((share, i) => (i === index ? text : share)),
              )
            }
            onOrganizer={(text) => update('organizer_percent', text)}
            onLabel={(text) => update('organizer_label', text)}
          />
        )}

        <ChoiceCards
          legend="A winning square nobody bought"
          labels={{ house: 'The house keeps it', roll: `It rolls forward to the next ${periodNoun(periodModel(values.game_type))}` }}
          hints={{
            house: unboughtRuleText('house', values.game_type),
            roll: unboughtRuleText('roll', values.game_type, values.organizer_label.trim() || 'Organizer'),
          }}
          options={['house', 'roll'] as const}
          name={`${id}-unbought`}
          value={values.unbought_rule}
          disabled={priceLocked}
          describedBy={priceLocked ? lockedNoteId : undefined}
          error={errors.unbought_rule}
          errorId={errorId('unbought_rule')}
          testId="unbought-field"
          inputRef={(element) => {
            fields.current.unbought_rule = element;
          }}
          onChange={(rule) => update('unbought_rule', rule)}
        />

        <FormField
          id={fieldId('number_sets')}
          label="Numbers"
          error={errors.number_sets}
          errorId={errorId('number_sets')}
          hint={locks.numberSets ? <LockReason text={locks.numberSets} testId="number-sets-lock" /> : undefined}
          hintId={`${id}-number_sets-lock`}
        >
          <select
            {...describe('number_sets', locks.numberSets !== null && `${id}-number_sets-lock`)}
            name="number_sets"
            data-testid="number-sets-field"
            className={selectClassName}
            value={values.number_sets}
            disabled={locks.numberSets !== null}
            onChange={(event) => update('number_sets', event.target.value as NumberSetMode)}
          >
            {NUMBER_SET_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {numberSetModeLabel(periodModel(values.game_type), mode)}
              </option>
            ))}
          </select>
        </FormField>

        <KickoffFields id={id} values={values} errors={errors} locks={locks} describe={describe} errorId={errorId} onChange={update} />

        <FormField
          id={fieldId('max_squares_per_player')}
          label="Squares per player (optional)"
          error={errors.max_squares_per_player}
          errorId={errorId('max_squares_per_player')}
          hint={`The most squares one player can buy in this game, 1 to ${values.board_size}. Leave empty for no limit.`}
          hintId={`${id}-cap-hint`}
        >
          <Input
            {...describe('max_squares_per_player', `${id}-cap-hint`)}
            name="max_squares_per_player"
            type="number"
            inputMode="numeric"
            step={1}
            min={1}
            max={Number(values.board_size)}
            className="sm:max-w-48"
            value={values.max_squares_per_player}
            onChange={(event) => update('max_squares_per_player', event.target.value)}
          />
        </FormField>

        <ChoiceCards
          legend="Who can see this game"
          options={VISIBILITIES}
          labels={VISIBILITY_LABELS}
          hints={VISIBILITY_HINTS}
          testId="visibility-field"
          name={`${id}-visibility`}
          value={values.visibility}
          error={errors.visibility}
          errorId={errorId('visibility')}
          inputRef={(element) => {
            fields.current.visibility = element;
          }}
          onChange={(visibility) => update('visibility', visibility)}
        />
      </RulesSection>

      <div className="flex flex-col-reverse gap-2 border-t pt-6 sm:flex-row sm:justify-end">
        <LinkButton variant="outline" to={cancelTo}>
          Cancel
        </LinkButton>
        <Button type="submit" disabled={submitting}>
          {submitting && <Spinner aria-hidden="true" />}
          {submitting ? submittingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The form's rules as the summary reads them. */
function summaryChoice(values: GameFormState): RulesChoice {
  const cap = values.max_squares_per_player.trim();
  return {
    game_type: values.game_type,
    board_size: Number(values.board_size) as BoardSize,
    payout_schedule: values.payout_schedule,
    unbought_rule: values.unbought_rule,
    organizer_label: values.organizer_label,
    number_sets: values.number_sets,
    visibility: values.visibility,
    kickoff: values.kickoff_at.trim() !== '',
    draw_at_kickoff: values.draw_at_kickoff,
    max_squares_per_player: cap === '' || !Number.isInteger(Number(cap)) ? null : Number(cap),
  };
}

/**
 * The rules of the game. Folded (the create form), they sit behind one button that says what is
 * chosen; the fields stay mounted (hidden), so the form's values, refs and messages are the same
 * either way. Unfolded (the edit form), they are plain fields.
 */
function RulesSection({
  id,
  folded,
  open,
  onOpenChange,
  summary,
  children,
}: {
  id: string;
  folded: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  summary: string;
  children: ReactNode;
}) {
  if (!folded) return <>{children}</>;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-6 rounded-lg border p-4" data-testid="rules-section">
      <div className="flex flex-col gap-2">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-fields`}
            className="flex w-full items-center justify-between gap-2 rounded-md text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            data-testid="rules-toggle"
            onClick={() => onOpenChange(!open)}
          >
            Rules
            <span className="flex items-center gap-1 text-sm font-medium text-primary">
              {open ? 'Hide' : 'Change'}
              <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
            </span>
          </button>
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="rules-summary">
          {summary}
        </p>
      </div>
      <div id={`${id}-fields`} hidden={!open} className="flex flex-col gap-6">
        {children}
      </div>
    </section>
  );
}

/** D39: kickoff (a wall-clock time in the chosen zone), the zone, and "Draw the numbers at kickoff". */
/** D49: a locked control's one-line reason, with the lock icon. */
function LockReason({ text, testId }: { text: string; testId?: string }) {
  return (
    <span className="inline-flex items-start gap-1.5" data-testid={testId}>
      <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      {text}
    </span>
  );
}

function KickoffFields({
  id,
  values,
  errors,
  locks,
  describe,
  errorId,
  onChange,
}: {
  id: string;
  values: GameFormState;
  errors: GameFormErrors;
  locks: GameFormLocks;
  describe: (field: GameFormField, ...notes: (string | false | undefined)[]) => object;
  errorId: (field: GameFormField) => string;
  onChange: <K extends keyof GameFormState>(field: K, value: GameFormState[K]) => void;
}) {
  const zones = timeZoneChoices(values.time_zone);
  return (
    <fieldset className="flex flex-col gap-4" data-testid="kickoff-fields">
      <legend className="mb-2 text-sm font-medium">Kickoff</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${id}-kickoff_at`}
          label="Kickoff (optional)"
          error={errors.kickoff_at}
          errorId={errorId('kickoff_at')}
          hint={locks.kickoff ? <LockReason text={locks.kickoff} /> : 'Sales close at kickoff: nobody can buy squares after it.'}
          hintId={`${id}-kickoff-hint`}
        >
          <Input
            {...describe('kickoff_at', `${id}-kickoff-hint`)}
            name="kickoff_at"
            type="datetime-local"
            disabled={locks.kickoff !== null}
            value={values.kickoff_at}
            onChange={(event) => onChange('kickoff_at', event.target.value)}
          />
        </FormField>
        <FormField
          id={`${id}-time_zone`}
          label="Time zone"
          error={errors.time_zone}
          errorId={errorId('time_zone')}
          hint="The game's times are shown in this zone."
          hintId={`${id}-zone-hint`}
        >
          <select
            {...describe('time_zone', `${id}-zone-hint`)}
            name="time_zone"
            className={selectClassName}
            value={values.time_zone}
            onChange={(event) => onChange('time_zone', event.target.value)}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div className="flex items-start gap-3">
        <input
          {...describe('draw_at_kickoff', `${id}-draw-hint`, locks.drawAtKickoff !== null && `${id}-draw-lock`)}
          type="checkbox"
          name="draw_at_kickoff"
          className="mt-0.5 size-4 accent-primary"
          checked={values.draw_at_kickoff}
          disabled={locks.drawAtKickoff !== null}
          onChange={(event) => onChange('draw_at_kickoff', event.target.checked)}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-draw_at_kickoff`} className="text-sm font-medium">
            Draw the numbers at kickoff
          </label>
          {locks.drawAtKickoff && (
            <p id={`${id}-draw-lock`} className="text-sm text-muted-foreground" data-testid="draw-at-kickoff-lock">
              <LockReason text={locks.drawAtKickoff} />
            </p>
          )}
          <p id={`${id}-draw-hint`} className="text-sm text-muted-foreground">
            The numbers are drawn and shown to players at kickoff, even if the grid is not full or some squares are unpaid: unsold squares stay unsold. You can
            still hide them afterwards.
          </p>
          {errors.draw_at_kickoff && (
            <p id={errorId('draw_at_kickoff')} className="text-sm text-destructive">
              {errors.draw_at_kickoff}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}

/** D12/D34: the three payout schedules (quarter games) or custom shares as radio buttons, and the chosen one's info box. */
function PayoutScheduleField({
  name,
  values,
  disabled,
  describedBy,
  infoId,
  inputRef,
  onChange,
}: {
  name: string;
  values: GameFormState;
  disabled: boolean;
  describedBy: string;
  infoId: string;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (schedule: PayoutChoice) => void;
}) {
  const value = values.payout_schedule;
  const choices: readonly PayoutChoice[] = periodModel(values.game_type).kind === 'quarter' ? [...PAYOUT_SCHEDULE_IDS, CUSTOM_PAYOUT] : [CUSTOM_PAYOUT];
  const infoText =
    value === CUSTOM_PAYOUT
      ? `Your own whole-percent share of the pot for each ${periodNoun(periodModel(values.game_type))}, plus a share for the organizer or a charity: together 100%.`
      : PAYOUT_SCHEDULES[value].infoText;
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={describedBy} disabled={disabled}>
      <legend className="mb-2 text-sm leading-none font-medium">Payout Schedule</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((id) => (
          <RadioCard key={id} name={name} value={id} checked={id === value} disabled={disabled} inputRef={inputRef} onChange={() => onChange(id)}>
            <span>{id === CUSTOM_PAYOUT ? CUSTOM_PAYOUT_LABEL : PAYOUT_SCHEDULES[id].label}</span>
          </RadioCard>
        ))}
      </div>
      <PayoutInfo id={infoId} infoText={infoText} values={values} />
    </fieldset>
  );
}

/** What the typed shares add up to, or null while one is not a whole number. */
function sharesSum(values: GameFormState): number | null {
  const numbers = [...values.payout_shares, values.organizer_percent].map((text) => (text.trim() === '' ? Number.NaN : Number(text)));
  return numbers.every((n) => Number.isInteger(n)) ? numbers.reduce((a, b) => a + b, 0) : null;
}

/** D34: one whole-percent input per period, the organizer's (or a charity's) share and its name, and the live sum. */
function CustomSharesField({
  id,
  values,
  disabled,
  describedBy,
  error,
  labelError,
  shareRef,
  onShare,
  onOrganizer,
  onLabel,
}: {
  id: string;
  values: GameFormState;
  disabled: boolean;
  describedBy: string | undefined;
  error: string | undefined;
  labelError: string | undefined;
  shareRef: (element: HTMLInputElement | null) => void;
  onShare: (index: number, text: string) => void;
  onOrganizer: (text: string) => void;
  onLabel: (text: string) => void;
}) {
  const model = periodModel(values.game_type);
  const sum = sharesSum(values);
  const sumId = `${id}-sum`;
  const errorId = `${id}-error`;
  const described = [describedBy, sumId, error ? errorId : null].filter(Boolean).join(' ');
  const percentInput = (inputId: string, label: string, value: string, onChange: (text: string) => void, ref?: (element: HTMLInputElement | null) => void) => (
    <div className="flex flex-col justify-end gap-1.5">
      <label htmlFor={inputId} className="text-sm [overflow-wrap:anywhere]">
        {label}
        <span className="sr-only"> (%)</span>
      </label>
      <div className="flex items-center gap-1.5">
        <Input
          id={inputId}
          ref={ref}
          type="number"
          inputMode="numeric"
          step={1}
          min={0}
          max={100}
          className="w-20 tabular-nums"
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
        <span aria-hidden="true" className="text-sm text-muted-foreground">
          %
        </span>
      </div>
    </div>
  );
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border p-4" disabled={disabled} data-testid="custom-shares">
      <legend className="px-1 text-sm font-medium">Custom shares (whole percents)</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {model.periods.map((period, index) =>
          percentInput(
            `${id}-${period}`,
            periodWinningsLabel(model, period),
            values.payout_shares[index] ?? '',
            (text) => onShare(index, text),
            index === 0 ? shareRef : undefined,
          ),
        )}
        {percentInput(`${id}-organizer`, values.organizer_label.trim() || 'Organizer', values.organizer_percent, onOrganizer)}
      </div>
      <div className="flex flex-col gap-1.5 sm:max-w-80">
        <label htmlFor={`${id}-label`} className="text-sm">
          Who gets the organizer share
        </label>
        <Input
          id={`${id}-label`}
          name="organizer_label"
          autoComplete="off"
          maxLength={80}
          placeholder="Organizer, or a charity's name"
          aria-describedby={labelError ? `${id}-label-error` : undefined}
          aria-invalid={labelError ? true : undefined}
          value={values.organizer_label}
          disabled={disabled}
          onChange={(event) => onLabel(event.target.value)}
        />
        {labelError && (
          <p id={`${id}-label-error`} className="text-sm font-medium text-destructive">
            {labelError}
          </p>
        )}
      </div>
      <p
        id={sumId}
        aria-live="polite"
        className={cn('text-sm font-medium tabular-nums', sum === 100 ? 'text-primary' : 'text-muted-foreground')}
        data-testid="shares-sum"
      >
        {sum === null ? 'Each share must be a whole number' : sum === 100 ? 'Adds up to 100%' : `Adds up to ${sum}% (must be 100%)`}
      </p>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive" data-testid="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One choice of a radio group drawn as a card: the chosen one outlined; its input gets `inputRef` when chosen (to focus it). */
function RadioCard({
  name,
  value,
  checked,
  disabled,
  inputRef,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled: boolean;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-2 rounded-md border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/50',
        checked ? 'border-primary bg-primary/5' : 'hover:bg-accent/50',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        ref={checked ? inputRef : undefined}
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      {children}
    </label>
  );
}

/**
 * A choice drawn as radio cards, each with what it means (D28's payment method, D30's
 * visibility): the legend, the cards, and the field's message.
 */
function ChoiceCards<T extends string>({
  legend,
  name,
  value,
  options,
  labels,
  hints,
  disabled = false,
  describedBy,
  error,
  errorId,
  inputRef,
  onChange,
  testId,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  hints: Readonly<Record<T, string>>;
  disabled?: boolean;
  describedBy?: string | undefined;
  error: string | undefined;
  errorId: string;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (value: T) => void;
  testId?: string;
}) {
  return (
    <fieldset
      className="flex flex-col gap-3"
      aria-describedby={[describedBy, error ? errorId : null].filter(Boolean).join(' ') || undefined}
      disabled={disabled}
      data-testid={testId}
    >
      <legend className="mb-2 text-sm leading-none font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <RadioCard
            key={option}
            name={name}
            value={option}
            checked={option === value}
            disabled={disabled}
            inputRef={inputRef}
            onChange={() => onChange(option)}
          >
            <span className="flex flex-col gap-1">
              <span>{labels[option]}</span>
              <span className="text-muted-foreground">{hints[option]}</span>
            </span>
          </RadioCard>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const PAYMENT_METHOD_HINTS: Readonly<Record<PaymentMethod, string>> = {
  card: `Players pay on the card page when they buy. ${POT_RULE.card}`,
  organizer: `Squares are reserved at once and unpaid until you mark them paid. ${POT_RULE.organizer}`,
};

/** The info box: the chosen shares, and what each period pays on a full board at this price (the one plan, D34). */
function PayoutInfo({ id, infoText, values }: { id: string; infoText: string; values: GameFormState }) {
  const dollars = Number(values.price_per_square);
  const validPrice = Number.isInteger(dollars) && dollars >= MIN_PRICE_DOLLARS && dollars <= MAX_PRICE_DOLLARS;
  // Only the payout fields are read here: the rest of the form may still be empty.
  const typed = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  const custom = values.payout_schedule === CUSTOM_PAYOUT;
  const checked = validateGamePayout({
    game_type: values.game_type,
    payout_schedule: values.payout_schedule,
    payout_shares: custom ? values.payout_shares.map(typed) : null,
    organizer_percent: custom ? typed(values.organizer_percent) : null,
    unbought_rule: values.unbought_rule,
  });
  const priceCents = validPrice ? dollarsToCents(dollars) : 0;
  const potCents = priceCents * Number(values.board_size);
  const plan = validPrice && checked.ok ? payoutRules(potCents, { ...checked.value, organizer_label: values.organizer_label.trim() || 'Organizer' }) : null;
  const noun = periodNoun(periodModel(values.game_type));
  return (
    <div className="flex gap-3 rounded-md border border-primary/30 bg-accent/50 p-4 text-sm" data-testid="payout-info">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <div className="flex min-w-0 flex-col gap-2">
        <p id={id}>{infoText}</p>
        {plan && (
          <>
            <p className="text-muted-foreground">
              With all {values.board_size} squares sold at {formatUsd(priceCents)}, the pot is {formatUsd(potCents)}:
            </p>
            <ul className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
              {plan.quarters.map(({ quarter, label, cents }) => (
                <li key={quarter} className="flex flex-col">
                  <span className="text-muted-foreground">{label}</span>
                  <span className="font-medium tabular-nums">{formatUsd(cents)}</span>
                </li>
              ))}
            </ul>
            {plan.organizer && (
              <p className="text-muted-foreground">
                {plan.organizer.label}: {formatUsd(plan.organizer.cents)}
              </p>
            )}
            {plan.remainderCents > 0 && <p className="text-muted-foreground">Left over from rounding down: {formatUsd(plan.remainderCents)}</p>}
          </>
        )}
        <p className="text-muted-foreground">
          Each {noun}&apos;s payout is rounded down to the cent. Players see these shares on the game&apos;s card, and under Payouts on its board what each pays
          at the current pot, with any remainder.
        </p>
      </div>
    </div>
  );
}

/**
 * The banner and toast text for a failed save: the server's own message for the statuses
 * given (its validation text for 400, its reason for a 409 refusal), else the spec's fallback.
 */
export function saveErrorMessage(error: unknown, serverStatuses: readonly number[], fallback: string): string {
  if (isApiError(error) && serverStatuses.includes(error.status) && isServerMessage(error) && error.message) {
    return error.message;
  }
  return fallback;
}
