// A resource's full-page make form (e.g. /CRM/interviewMinutesMake, BUSINESS.md §4 "M"): new, or the record
// of `?id=` loaded first; the texts are checked with the definition's words as the dialog checks them, and
// 提交 saves (create, or edit with the version read). Saved, the page returns to its list.
import { assign, fromPromise, setup } from 'xstate';
import { PasswordChangeMessage } from '../../domain/password/password-change-form';
import {
  type ResourceDef,
  type ResourceForm,
  type ResourceRecord,
  formFields,
  refFormFields,
} from '../../domain/resource/resource';
import { type FormTexts, emptyTexts, readForm } from '../../domain/resource/resource-form';
import type { Clock } from '../ports/clock.port';
import type { Notifier } from '../ports/notifier.port';
import type { ResourceGateway, ResourceOption } from '../ports/resource-gateway.port';

export interface ResourceMakeContext {
  mode: 'create' | 'update';
  keyId: string;
  version: number;
  texts: FormTexts;
  errors: Partial<Record<string, string>>;
  /** The record's title (e.g. its number) once it exists. */
  title: string;
  /** The organisations each organisation field of the form may name (e.g. /addFund's capital side). */
  options: Record<string, ResourceOption[]>;
}

export type ResourceMakeEvent = { type: 'CHANGE'; key: string; text: string } | { type: 'SUBMIT' };

export interface ResourceMakeDeps {
  def: ResourceDef;
  gateway: ResourceGateway;
  notifier: Notifier;
  /** Whose today the form's day rules judge against. */
  clock: Clock;
}

interface SaveInput {
  mode: 'create' | 'update';
  keyId: string;
  version: number;
  form: ResourceForm;
}

export function createResourceMakeMachine({ def, gateway, notifier, clock }: ResourceMakeDeps) {
  const check = (mode: 'create' | 'update', texts: FormTexts) => readForm(def, texts, mode, clock.now());
  const opened = (record: ResourceRecord) => ({
    mode: 'update' as const,
    keyId: record.keyId,
    version: record.version,
    errors: {},
    texts: emptyTexts(def, 'update', record),
    title: String(record[def.titleField] ?? ''),
  });
  return setup({
    types: {
      context: {} as ResourceMakeContext,
      events: {} as ResourceMakeEvent,
      input: {} as { keyId?: string },
    },
    actors: {
      load: fromPromise(({ input }: { input: { keyId: string } }) => gateway.get(def, input.keyId)),
      loadOptions: fromPromise(async () => {
        const fields = refFormFields(def);
        const lists = await Promise.all(fields.map((f) => gateway.options(def, f.key)));
        return Object.fromEntries(fields.map((f, i) => [f.key, lists[i] ?? []]));
      }),
      save: fromPromise(({ input }: { input: SaveInput }) =>
        input.mode === 'create'
          ? gateway.create(def, input.form)
          : gateway.update(def, input.keyId, input.form, input.version),
      ),
    },
    guards: {
      hasKeyId: ({ context }) => context.keyId !== '',
      needsOptions: () => refFormFields(def).length > 0,
      formValid: ({ context }) => Object.keys(check(context.mode, context.texts).errors).length === 0,
    },
    actions: {
      warnIncomplete: () => notifier.warning(PasswordChangeMessage.formInvalid),
      showAllErrors: assign({ errors: ({ context }) => check(context.mode, context.texts).errors }),
      saved: () => notifier.success('提交成功'),
    },
  }).createMachine({
    id: 'resourceMake',
    context: ({ input }) => ({
      mode: input.keyId ? 'update' : 'create',
      keyId: input.keyId ?? '',
      version: 0,
      errors: {},
      title: '',
      texts: emptyTexts(def, input.keyId ? 'update' : 'create'),
      options: {},
    }),
    initial: 'starting',
    states: {
      starting: { always: [{ guard: 'needsOptions', target: 'loadingOptions' }, { target: 'choosing' }] },
      // The organisations to choose from come first; without them the form still opens (the HTTP client said why).
      loadingOptions: {
        invoke: {
          src: 'loadOptions',
          onDone: { target: 'choosing', actions: assign({ options: ({ event }) => event.output }) },
          onError: 'choosing',
        },
      },
      choosing: { always: [{ guard: 'hasKeyId', target: 'loading' }, { target: 'editing' }] },
      loading: {
        invoke: {
          src: 'load',
          input: ({ context }) => ({ keyId: context.keyId }),
          onDone: { target: 'editing', actions: assign(({ event }) => opened(event.output)) },
          onError: 'failed',
        },
      },
      editing: {
        on: {
          CHANGE: {
            actions: assign(({ context, event }) => {
              const texts = { ...context.texts, [event.key]: event.text };
              const all = check(context.mode, texts).errors;
              const errors: Partial<Record<string, string>> = {};
              for (const f of formFields(def, context.mode)) {
                const judged = f.key === event.key || context.errors[f.key] !== undefined;
                if (judged && all[f.key]) errors[f.key] = all[f.key];
              }
              return { texts, errors };
            }),
          },
          SUBMIT: [{ guard: 'formValid', target: 'submitting' }, { actions: ['showAllErrors', 'warnIncomplete'] }],
        },
      },
      submitting: {
        invoke: {
          src: 'save',
          input: ({ context }) => ({
            mode: context.mode,
            keyId: context.keyId,
            version: context.version,
            form: check(context.mode, context.texts).form,
          }),
          onDone: { target: 'saved', actions: 'saved' },
          // The HTTP client has said why; what was typed stays.
          onError: 'editing',
        },
      },
      saved: { type: 'final' },
      failed: {},
    },
  });
}
