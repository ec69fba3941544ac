// 风控汇总参数's form (BUSINESS.md §2 Parameters): the version in force is read and shown as the form; 保存
// sends the typed values with the version number read, and the gateway makes them the next version. The
// texts are judged by the definition's words, as every resource form is. A refused save (stale, unchanged)
// keeps what was typed; 重置 puts back the version in force.
import { assign, fromPromise, setup } from 'xstate';
import { PasswordChangeMessage } from '../../domain/password/password-change-form';
import { RISK_SUMMARY } from '../../domain/parameters/risk-summary.resource';
import { type ResourceRecord, formFields } from '../../domain/resource/resource';
import { type FormTexts, emptyTexts, readForm } from '../../domain/resource/resource-form';
import type { Clock } from '../ports/clock.port';
import type { Notifier } from '../ports/notifier.port';
import type { ParametersGateway } from '../ports/parameters-gateway.port';

export interface SummaryParameterContext {
  active: ResourceRecord | null;
  texts: FormTexts;
  errors: Partial<Record<string, string>>;
}

export type SummaryParameterEvent =
  | { type: 'CHANGE'; key: string; text: string }
  | { type: 'SUBMIT' }
  | { type: 'RESET' }
  | { type: 'RETRY' };

export interface SummaryParameterDeps {
  gateway: ParametersGateway;
  notifier: Notifier;
  /** Whose today the form's day rules judge against. */
  clock: Clock;
}

export function createSummaryParameterMachine({ gateway, notifier, clock }: SummaryParameterDeps) {
  const check = (texts: FormTexts) => readForm(RISK_SUMMARY, texts, 'update', clock.now());
  const shown = (record: ResourceRecord) => ({
    active: record,
    texts: emptyTexts(RISK_SUMMARY, 'update', record),
    errors: {},
  });
  return setup({
    types: { context: {} as SummaryParameterContext, events: {} as SummaryParameterEvent },
    actors: {
      load: fromPromise(() => gateway.activeSummary()),
      save: fromPromise(({ input }: { input: { texts: FormTexts; version: number } }) =>
        gateway.saveSummary(check(input.texts).form, input.version),
      ),
    },
    guards: {
      formValid: ({ context }) => Object.keys(check(context.texts).errors).length === 0,
    },
    actions: {
      warnIncomplete: () => notifier.warning(PasswordChangeMessage.formInvalid),
      showAllErrors: assign({ errors: ({ context }) => check(context.texts).errors }),
    },
  }).createMachine({
    id: 'summaryParameter',
    context: { active: null, texts: {}, errors: {} },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'load',
          onDone: { target: 'editing', actions: assign(({ event }) => shown(event.output)) },
          onError: 'failed',
        },
      },
      editing: {
        on: {
          CHANGE: {
            actions: assign(({ context, event }) => {
              const texts = { ...context.texts, [event.key]: event.text };
              const all = check(texts).errors;
              const errors: Partial<Record<string, string>> = {};
              for (const f of formFields(RISK_SUMMARY, 'update')) {
                const judged = f.key === event.key || context.errors[f.key] !== undefined;
                if (judged && all[f.key]) errors[f.key] = all[f.key];
              }
              return { texts, errors };
            }),
          },
          RESET: { actions: assign(({ context }) => (context.active ? shown(context.active) : {})) },
          SUBMIT: [{ guard: 'formValid', target: 'saving' }, { actions: ['showAllErrors', 'warnIncomplete'] }],
        },
      },
      saving: {
        invoke: {
          src: 'save',
          input: ({ context }) => ({ texts: context.texts, version: context.active?.version ?? 1 }),
          onDone: {
            target: 'editing',
            actions: [
              assign(({ event }) => shown(event.output)),
              ({ event }) => notifier.success(`已保存为第${event.output.version}版`),
            ],
          },
          // The HTTP client has said why (stale, unchanged, a rule); what was typed stays.
          onError: 'editing',
        },
      },
      failed: { on: { RETRY: 'loading' } },
    },
  });
}
