// An action on one record of a plain resource — a transition of its workflow table, or 删除 — asked first
// in a dialog that names the record, with the transition's comment box when it has one. The comment is
// checked by the table's own rule as typed and again on 确定; the version read is sent back. A refused
// call keeps the dialog (the HTTP client has already said why).
import { assign, fromPromise, setup } from 'xstate';
import {
  type ResourceDef,
  type ResourceForm,
  type ResourceRecord,
  fieldByKey,
  validateField,
} from '../../domain/resource/resource';
import { type FormTexts, wireValueOf } from '../../domain/resource/resource-form';
import { checkTransitionComment } from '../../domain/workflow/workflow';
import type { Clock } from '../ports/clock.port';
import type { Notifier } from '../ports/notifier.port';
import type { ResourceGateway } from '../ports/resource-gateway.port';

export const DELETE_ACTION = 'delete';

interface ActInput {
  record: ResourceRecord;
  action: string;
  comment: string;
  values: ResourceForm;
}

export interface ResourceActionContext {
  record: ResourceRecord | null;
  /** A transition's action, or DELETE_ACTION. */
  action: string;
  comment: string;
  error: string | null;
  /** The typed texts of the transition's own fields (e.g. 确权金额), and the message of each that does not pass. */
  inputs: FormTexts;
  inputErrors: Partial<Record<string, string>>;
}

export type ResourceActionEvent =
  | { type: 'REQUEST'; record: ResourceRecord; action: string }
  | { type: 'COMMENT'; value: string }
  | { type: 'INPUT'; key: string; text: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export interface ResourceActionDeps {
  def: ResourceDef;
  gateway: ResourceGateway;
  notifier: Notifier;
  onChanged: () => void;
  /** Whose today an input's day rule judges against. */
  clock: Clock;
}

export function createResourceActionMachine({ def, gateway, notifier, onChanged, clock }: ResourceActionDeps) {
  const transitionOf = (action: string) => def.workflow?.transitions.find((t) => t.action === action);
  const commentError = (action: string, comment: string) => {
    const t = transitionOf(action);
    return t && def.workflow ? checkTransitionComment(def.workflow, t, comment) : null;
  };
  /** The wire values of the inputs and the refusals: each field's own rule, then the action's rule on the record. */
  const readInputs = (
    context: ResourceActionContext,
  ): { values: ResourceForm; errors: Partial<Record<string, string>> } => {
    const t = transitionOf(context.action);
    const values: ResourceForm = {};
    const errors: Partial<Record<string, string>> = {};
    for (const key of t?.inputs?.keys ?? []) {
      const f = fieldByKey(def, key);
      if (!f) continue;
      const read = wireValueOf(f, context.inputs[key] ?? '');
      if ('error' in read) errors[key] = read.error;
      else values[key] = read.value;
      const refusal = errors[key] ?? validateField({ ...f, required: true }, values, clock.now());
      if (refusal) errors[key] = refusal;
    }
    if (Object.keys(errors).length === 0 && t?.inputs?.check && context.record) {
      const refusal = t.inputs.check(context.record, values);
      const last = t.inputs.keys[t.inputs.keys.length - 1];
      if (refusal && last) errors[last] = refusal;
    }
    return { values, errors };
  };
  const firstOptions = (action: string): FormTexts => {
    const out: FormTexts = {};
    for (const key of transitionOf(action)?.inputs?.keys ?? []) {
      const f = fieldByKey(def, key);
      out[key] = f?.options ? (Object.keys(f.options)[0] ?? '') : '';
    }
    return out;
  };
  return setup({
    types: { context: {} as ResourceActionContext, events: {} as ResourceActionEvent },
    actors: {
      act: fromPromise(async ({ input }: { input: ActInput }) => {
        if (input.action === DELETE_ACTION) await gateway.remove(def, input.record.keyId, input.record.version);
        else
          await gateway.transition(
            def,
            input.record.keyId,
            input.action,
            input.record.version,
            input.comment,
            input.values,
          );
      }),
    },
    guards: {
      commentOk: ({ context }) =>
        commentError(context.action, context.comment) === null && Object.keys(readInputs(context).errors).length === 0,
    },
    actions: {
      done: ({ context }) => {
        const t = transitionOf(context.action);
        notifier.success(t ? `${t.label}成功` : '删除成功');
        onChanged();
      },
    },
  }).createMachine({
    id: 'resourceAction',
    context: { record: null, action: '', comment: '', error: null, inputs: {}, inputErrors: {} },
    initial: 'idle',
    states: {
      idle: {
        on: {
          REQUEST: {
            target: 'confirming',
            actions: assign(({ event }) => ({
              record: event.record,
              action: event.action,
              comment: '',
              error: null,
              inputs: firstOptions(event.action),
              inputErrors: {},
            })),
          },
        },
      },
      confirming: {
        on: {
          COMMENT: {
            actions: assign(({ context, event }) => ({
              comment: event.value,
              error: commentError(context.action, event.value),
            })),
          },
          INPUT: {
            actions: assign(({ context, event }) => {
              const inputs = { ...context.inputs, [event.key]: event.text };
              const { [event.key]: _old, ...others } = context.inputErrors;
              return { inputs, inputErrors: others };
            }),
          },
          CONFIRM: [
            { guard: 'commentOk', target: 'acting' },
            {
              actions: assign(({ context }) => ({
                error: commentError(context.action, context.comment),
                inputErrors: readInputs(context).errors,
              })),
            },
          ],
          CANCEL: { target: 'idle', actions: assign({ record: null }) },
        },
      },
      acting: {
        invoke: {
          src: 'act',
          input: ({ context }) => ({
            record: context.record as ResourceRecord,
            action: context.action,
            comment: context.comment,
            values: readInputs(context).values,
          }),
          onDone: { target: 'idle', actions: ['done', assign({ record: null })] },
          onError: 'confirming',
        },
      },
    },
  });
}
