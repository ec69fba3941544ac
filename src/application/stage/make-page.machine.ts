// A stage's make page as one flow, whatever the stage (BUSINESS.md "Every stage on one kit"): load what the
// page opens to — the record, or nothing yet for a new one (no record is written until 保存) — with what the
// form offers and the business's timeline; edit the values (dirty from the first change); 保存 writes the
// record (created on the first save, edited under the version read afterwards); 提交 saves and then takes
// the business's transition, where the lifecycle table and the stage's checkpoint rule decide. The reason a
// returned item came back and the last comment on it stand at the top (make-notes.ts); the checkpoint
// rule's results, as the gateway finds them now, beside them. Leaving with unsaved changes asks first.
//
// A stage passes a MakeSpec: how to open, the form's values of a record, how the values read into the body
// (or which fields are wrong), how to save; optionally what to load again when some values change (the
// supplier's orders), the rule results, and whether 保存 stays on the page or returns to the list.
import { assign, fromPromise, setup } from 'xstate';
import { type MakeNotes, makeNotes } from '../../domain/stage/make-notes';
import { editableStatuses } from '../../domain/stage/stage';
import { ResultCode } from '../../domain/gateway/result-codes';
import { GatewayError } from '../ports/gateway-error';
import type { Notifier } from '../ports/notifier.port';
import type { StageClient, StageRecord } from '../ports/stage-gateway.port';
import type { Stage } from '../../domain/financing/stages';

export type FieldErrors = Readonly<Record<string, string | undefined>>;

/** The values read: the body to save, or why not (per field, and the one message the toast shows). */
export type MakeRead<B> =
  | { body: B; errors?: undefined; message?: undefined }
  | { body?: undefined; errors: FieldErrors; message?: string };

export interface Opened<R, X> {
  record: R | null;
  extra: X;
}

export interface MakeSpec<R extends StageRecord, V, B, X = undefined> {
  stage: Stage;
  /** What the page opens to: `keyId` '' for a new one. Nothing is written. */
  open(keyId: string): Promise<Opened<R, X>>;
  /** The form's values of the record (null: a new one). */
  valuesOf(record: R | null, extra: X): V;
  read(values: V, opened: Opened<R, X>): MakeRead<B>;
  /** Creates the record when it is not stored yet, edits it under its version otherwise; answers it as stored. */
  save(record: R | null, body: B): Promise<R>;
  /** 提交 after the save; default: the business's `submit` under the saved version. */
  submit?(record: R): Promise<void>;
  /** Loads again what the form offers after a change of these values (`EDIT` with `refresh`). */
  refresh?(values: V, extra: X, record: R | null): Promise<X>;
  /**
   * The checkpoint rule's results (what still stops 提交): on the record as stored, or — given what is typed —
   * as they would be on 提交, so the list follows the form before 保存.
   */
  problemsOf?(record: R | null, extra: X, values?: V): readonly string[];
  /** Whether the record may be edited now; default: new, or its status is 草稿 / 已退回. */
  editable?(record: R | null): boolean;
  /** 保存 returns to the list ('leave') or stays with the record as stored ('stay', the default). */
  afterSave?: 'stay' | 'leave';
  messages?: Partial<MakeMessages>;
}

export interface MakeMessages {
  invalid: string;
  saved: string;
  submitted: string;
}

export const MAKE_MESSAGES: MakeMessages = {
  invalid: '请检查标红的项目',
  saved: '保存成功',
  submitted: '提交成功',
};

export interface MakeContext<R, V, X> {
  keyId: string;
  record: R | null;
  extra: X;
  values: V;
  errors: FieldErrors;
  /** Changed since it was loaded or saved. */
  dirty: boolean;
  notes: MakeNotes;
  problems: readonly string[];
}

export type MakeEvent<V> =
  | { type: 'EDIT'; patch: Partial<V>; refresh?: boolean }
  | { type: 'SAVE' }
  | { type: 'SUBMIT' }
  | { type: 'RELOAD' }
  /** 返回: asks first when something is unsaved. */
  | { type: 'LEAVE' }
  | { type: 'CONFIRM_LEAVE' }
  | { type: 'STAY' };

const NO_NOTES: MakeNotes = { returnReason: null, lastComment: null };
const isStale = (error: unknown) => error instanceof GatewayError && error.code === ResultCode.staleVersion;

/** The default rule for editing: a new record, or one in the statuses the table lets the stage's maker submit from. */
export const editableByStatus = (stage: Stage, record: StageRecord | null): boolean =>
  !record?.status || editableStatuses(stage).includes(record.status);

type AnyRecord = StageRecord;
type AnyValues = Record<string, unknown>;
type AnySpec = MakeSpec<AnyRecord, AnyValues, unknown, unknown>;
type R = AnyRecord;
type V = AnyValues;
type B = unknown;
type X = unknown;

/**
 * The make page's machine for one stage's spec. The flow itself is stage-blind (its context is read back
 * typed through `MakeContext<R, V, X>`, see `makeContextOf`).
 */
export function createMakePageMachine<RR extends StageRecord, VV extends object, BB, XX = undefined>(
  spec: MakeSpec<RR, VV, BB, XX>,
  deps: { notifier: Notifier; client: Pick<StageClient, 'transition' | 'events'> },
) {
  return buildMakePageMachine(spec as unknown as AnySpec, deps);
}

/** The machine's context as the stage's own types. */
export const makeContextOf = <RR, VV, XX>(snapshot: { context: unknown }) =>
  snapshot.context as MakeContext<RR, VV, XX>;

function buildMakePageMachine(
  spec: AnySpec,
  deps: { notifier: Notifier; client: Pick<StageClient, 'transition' | 'events'> },
) {
  const words = { ...MAKE_MESSAGES, ...spec.messages };
  const submit = spec.submit ?? ((r: R) => deps.client.transition(r.keyId, { action: 'submit', version: r.version }));
  const opened = (c: MakeContext<R, V, X>): Opened<R, X> => ({ record: c.record, extra: c.extra });
  const readOf = (c: MakeContext<R, V, X>) => spec.read(c.values, opened(c));
  const notesOf = async (keyId: string, record: R | null) =>
    keyId && record ? makeNotes(spec.stage, record.state, await deps.client.events(keyId).catch(() => [])) : NO_NOTES;
  const keyOf = (record: R | null) => record?.keyId ?? '';
  const savedOf = (c: MakeContext<R, V, X>, record: R) => ({
    keyId: keyOf(record),
    record,
    values: spec.valuesOf(record, c.extra),
    errors: {},
    dirty: false,
    problems: spec.problemsOf?.(record, c.extra) ?? [],
  });

  return setup({
    types: {
      context: {} as MakeContext<R, V, X>,
      events: {} as MakeEvent<V>,
      input: {} as { keyId?: string },
    },
    actors: {
      open: fromPromise(
        async ({ input }: { input: { keyId: string } }): Promise<Opened<R, X> & { notes: MakeNotes }> => {
          const found = await spec.open(input.keyId);
          return { ...found, notes: await notesOf(keyOf(found.record) || input.keyId, found.record) };
        },
      ),
      refresh: fromPromise(({ input }: { input: { values: V; extra: X; record: R | null } }) =>
        spec.refresh ? spec.refresh(input.values, input.extra, input.record) : Promise.resolve(input.extra),
      ),
      save: fromPromise(({ input }: { input: { record: R | null; body: B } }) => spec.save(input.record, input.body)),
      submit: fromPromise(({ input }: { input: R }) => submit(input)),
    },
    guards: {
      valid: ({ context }) => readOf(context).body !== undefined,
      refreshing: ({ event }) => event.type === 'EDIT' && !!event.refresh && !!spec.refresh,
      dirty: ({ context }) => context.dirty,
      leaves: () => spec.afterSave === 'leave',
      stale: ({ event }) => isStale((event as { error?: unknown }).error),
    },
    actions: {
      edit: assign(({ context, event }) => {
        if (event.type !== 'EDIT') return {};
        const values = { ...context.values, ...event.patch };
        const read = spec.read(values, opened(context));
        const all: FieldErrors = read.errors ?? {};
        // A field is judged once it is typed in or was already marked wrong, never before.
        const judged = Object.keys(all).filter((k) => k in event.patch || context.errors[k] !== undefined);
        return {
          values,
          dirty: true,
          errors: Object.fromEntries(judged.map((k) => [k, all[k]])),
          problems: spec.problemsOf?.(context.record, context.extra as X, values) ?? context.problems,
        };
      }),
      showErrors: assign({ errors: ({ context }) => readOf(context).errors ?? {} }),
      warnInvalid: ({ context }) => deps.notifier.warning(readOf(context).message ?? words.invalid),
    },
  }).createMachine({
    id: 'makePage',
    context: ({ input }) => ({
      keyId: input.keyId ?? '',
      record: null,
      extra: undefined as X,
      values: {} as V,
      errors: {},
      dirty: false,
      notes: NO_NOTES,
      problems: [],
    }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'open',
          input: ({ context }) => ({ keyId: context.keyId }),
          onDone: {
            target: 'editing',
            actions: assign(({ event }) => ({
              keyId: keyOf(event.output.record),
              record: event.output.record,
              extra: event.output.extra,
              values: spec.valuesOf(event.output.record, event.output.extra),
              errors: {},
              dirty: false,
              notes: event.output.notes,
              problems: spec.problemsOf?.(event.output.record, event.output.extra) ?? [],
            })),
          },
          onError: 'failed',
        },
      },
      failed: { on: { RELOAD: 'loading', LEAVE: 'left', CONFIRM_LEAVE: 'left' } },
      editing: {
        on: {
          EDIT: [{ guard: 'refreshing', target: 'refreshing', actions: 'edit' }, { actions: 'edit' }],
          SAVE: [{ guard: 'valid', target: 'saving' }, { actions: ['showErrors', 'warnInvalid'] }],
          SUBMIT: [{ guard: 'valid', target: 'submitting' }, { actions: ['showErrors', 'warnInvalid'] }],
          RELOAD: 'loading',
          LEAVE: [{ guard: 'dirty', target: 'confirmingLeave' }, { target: 'left' }],
        },
      },
      refreshing: {
        invoke: {
          src: 'refresh',
          input: ({ context }) => ({ values: context.values, extra: context.extra, record: context.record }),
          onDone: {
            target: 'editing',
            actions: assign({
              extra: ({ event }) => event.output,
              problems: ({ context, event }) => spec.problemsOf?.(context.record, event.output) ?? context.problems,
            }),
          },
          // The HTTP client has said why; what was typed stays.
          onError: 'editing',
        },
        on: { EDIT: { actions: 'edit' } },
      },
      saving: {
        invoke: {
          src: 'save',
          input: ({ context }) => ({ record: context.record, body: readOf(context).body as B }),
          onDone: [
            {
              guard: 'leaves',
              target: 'left',
              actions: [
                assign(({ context, event }) => savedOf(context, event.output)),
                () => deps.notifier.success(words.saved),
              ],
            },
            {
              target: 'editing',
              actions: [
                assign(({ context, event }) => savedOf(context, event.output)),
                () => deps.notifier.success(words.saved),
              ],
            },
          ],
          // A version someone overtook: read it again (what was typed is theirs to redo); otherwise keep it.
          onError: [{ guard: 'stale', target: 'loading' }, { target: 'editing' }],
        },
      },
      submitting: {
        initial: 'saving',
        states: {
          saving: {
            invoke: {
              src: 'save',
              input: ({ context }) => ({ record: context.record, body: readOf(context).body as B }),
              onDone: { target: 'sending', actions: assign(({ context, event }) => savedOf(context, event.output)) },
              onError: [{ guard: 'stale', target: '#makePage.loading' }, { target: '#makePage.editing' }],
            },
          },
          sending: {
            invoke: {
              src: 'submit',
              input: ({ context }) => context.record as R,
              onDone: { target: '#makePage.left', actions: () => deps.notifier.success(words.submitted) },
              // Saved but refused (the rule's words are shown): read it again, with the rule's results now.
              onError: '#makePage.loading',
            },
          },
        },
      },
      confirmingLeave: { on: { CONFIRM_LEAVE: 'left', STAY: 'editing' } },
      left: { type: 'final' },
    },
  });
}

export type MakePageMachine = ReturnType<typeof buildMakePageMachine>;
