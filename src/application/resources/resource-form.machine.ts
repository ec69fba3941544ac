// 新增 / 编辑 of any plain resource: the dialog's texts are checked field by field as the person types, with
// the definition's own words; 提交 with a message still standing warns '请完善表格输入' and sends nothing.
// The version read is sent back with an edit (160300409 when someone else saved first). A refused call
// keeps the dialog and what was typed (the HTTP client has already said why).
import { assign, fromPromise, setup } from 'xstate';
import { PasswordChangeMessage } from '../../domain/password/password-change-form';
import {
  type ResourceDef,
  type ResourceForm,
  type ResourceRecord,
  formFields,
  refFormFields,
} from '../../domain/resource/resource';
import { type FormTexts, emptyTexts, fixedOrgChoices, readForm } from '../../domain/resource/resource-form';
import type { Clock } from '../ports/clock.port';
import type { Notifier } from '../ports/notifier.port';
import type { ResourceGateway, ResourceOption } from '../ports/resource-gateway.port';

export interface ResourceFormContext {
  mode: 'create' | 'update';
  keyId: string;
  version: number;
  texts: FormTexts;
  /** The texts as opened: a dialog whose texts differ asks before it closes. */
  initial: FormTexts;
  errors: Partial<Record<string, string>>;
  /** The choices of the organisation fields, loaded when the dialog first opens. */
  options: Record<string, ResourceOption[]>;
}

export type ResourceFormEvent =
  | { type: 'OPEN_CREATE' }
  | { type: 'OPEN_EDIT'; record: ResourceRecord }
  | { type: 'CHANGE'; key: string; text: string }
  | { type: 'SUBMIT' }
  | { type: 'CLOSE' };

export interface ResourceFormDeps {
  def: ResourceDef;
  gateway: ResourceGateway;
  notifier: Notifier;
  onSaved: () => void;
  /** Whose today the form's day rules judge against. */
  clock: Clock;
}

export function createResourceFormMachine({ def, gateway, notifier, onSaved, clock }: ResourceFormDeps) {
  const check = (mode: 'create' | 'update', texts: FormTexts) => readForm(def, texts, mode, clock.now());
  return setup({
    types: { context: {} as ResourceFormContext, events: {} as ResourceFormEvent },
    actors: {
      save: fromPromise(
        ({ input }: { input: { mode: 'create' | 'update'; keyId: string; version: number; form: ResourceForm } }) =>
          input.mode === 'create'
            ? gateway.create(def, input.form)
            : gateway.update(def, input.keyId, input.form, input.version),
      ),
      loadOptions: fromPromise(async () => {
        const fields = refFormFields(def);
        const lists = await Promise.all(fields.map((f) => gateway.options(def, f.key)));
        return Object.fromEntries(fields.map((f, i) => [f.key, lists[i] ?? []]));
      }),
    },
    guards: {
      needsOptions: ({ context }) => refFormFields(def).some((f) => !context.options[f.key]),
      formValid: ({ context }) => Object.keys(check(context.mode, context.texts).errors).length === 0,
    },
    actions: {
      openCreate: assign(({ context }) => {
        const texts = { ...emptyTexts(def, 'create'), ...fixedOrgChoices(def, context.options) };
        return { mode: 'create' as const, keyId: '', version: 0, texts, initial: texts, errors: {} };
      }),
      openEdit: assign(({ event }) => {
        if (event.type !== 'OPEN_EDIT') return {};
        const texts = emptyTexts(def, 'update', event.record);
        return {
          mode: 'update' as const,
          keyId: event.record.keyId,
          version: event.record.version,
          texts,
          initial: texts,
          errors: {},
        };
      }),
      warnIncomplete: () => notifier.warning(PasswordChangeMessage.formInvalid),
      showAllErrors: assign({ errors: ({ context }) => check(context.mode, context.texts).errors }),
      saved: () => {
        notifier.success('保存成功');
        onSaved();
      },
    },
  }).createMachine({
    id: 'resourceForm',
    context: { mode: 'create', keyId: '', version: 0, texts: {}, initial: {}, errors: {}, options: {} },
    initial: 'closed',
    states: {
      closed: {
        on: {
          OPEN_CREATE: [
            { guard: 'needsOptions', target: 'opening', actions: 'openCreate' },
            { target: 'editing', actions: 'openCreate' },
          ],
          OPEN_EDIT: [
            { guard: 'needsOptions', target: 'opening', actions: 'openEdit' },
            { target: 'editing', actions: 'openEdit' },
          ],
        },
      },
      opening: {
        invoke: {
          src: 'loadOptions',
          onDone: {
            target: 'editing',
            actions: assign(({ context, event }) => {
              // A new record's own-company field starts filled (and the dialog shows it fixed).
              const fixed = context.mode === 'create' ? fixedOrgChoices(def, event.output) : {};
              return {
                options: event.output,
                texts: { ...context.texts, ...fixed },
                initial: { ...context.initial, ...fixed },
              };
            }),
          },
          // Without its choices the dialog still opens; the HTTP client has said why.
          onError: 'editing',
        },
        on: { CLOSE: 'closed' },
      },
      editing: {
        on: {
          CHANGE: {
            actions: assign(({ context, event }) => {
              const texts = { ...context.texts, [event.key]: event.text };
              const all = check(context.mode, texts).errors;
              // Only the field being typed in, and fields that already showed a message, are judged again:
              // a person is not scolded for fields they have not reached yet.
              const errors: Partial<Record<string, string>> = {};
              for (const f of formFields(def, context.mode)) {
                if (f.key === event.key || context.errors[f.key] !== undefined) errors[f.key] = all[f.key];
              }
              return { texts, errors: Object.fromEntries(Object.entries(errors).filter(([, m]) => m)) };
            }),
          },
          SUBMIT: [{ guard: 'formValid', target: 'submitting' }, { actions: ['showAllErrors', 'warnIncomplete'] }],
          CLOSE: 'closed',
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
          onDone: { target: 'closed', actions: 'saved' },
          onError: 'editing',
        },
      },
    },
  });
}
