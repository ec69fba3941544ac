// 报告制作流程 (/business/report-production-make/makeProcess, SPEC §2.2 cached stepper; BUSINESS.md §2 尽调报告):
// the eight steps of the report on the kit's make page. Each step is saved on its own (保存 writes the step
// shown; moving to another step saves the one left when it changed); 核心指标 is computed from 财务数据's three
// statements as they are typed; 方案建议 shows each limit beside its field and checks it as the maker types,
// with the same function the gateway refuses with; its rates and ratios are typed as percentages (5 means 5 %) and
// its repayment methods are the product's. 提交 saves the step shown, then the table's SUBMIT_REPORT
// rule decides (its findings stand above the form). A returned report opens its new revision.
import { Badge, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useRef, useState } from 'react';
import type { MakeRead, MakeSpec } from '../../../application/stage/make-page.machine';
import {
  REPORT_STEPS,
  type ReportField,
  type ReportStepKey,
  type StepContent,
  coreIndicators,
  proposalLimits,
  stepDone,
} from '../../../domain/financing/report';
import { REPORT_STAGE, stepSaveRefusal, termsBoundsOf } from '../../../domain/financing/report-stage';
import { formatFen } from '../../../domain/format/money-format';
import { typedTextOf, typedWireValueOf } from '../../../domain/resource/resource-form';
import { REPAYMENT_METHOD_LABEL } from '../../../domain/funds/fund-product.resource';
import { MakePageShell, useMakePage, useMakeStyles } from '../stage/make-page-shell';
import { MakeSummary, StageField, recordScreen } from '../stage/stage-parts';
import { useServices } from '../../app/services';
import { useStage } from '../stage/use-stage';
import { IndicatorTable, type ReportDetail } from './report-view';

type Texts = Record<string, string>;
type Values = Record<ReportStepKey, Texts>;
type Body = { step: ReportStepKey; content: StepContent };

const useStyles = makeStyles({
  layout: {
    display: 'flex',
    gap: '16px',
    alignItems: 'flex-start',
    '@media (max-width: 720px)': { flexDirection: 'column' },
  },
  steps: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    padding: '8px',
    flexShrink: 0,
    '@media (max-width: 720px)': { width: '100%', boxSizing: 'border-box', overflowX: 'auto' },
  },
  body: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '16px', width: '100%' },
  tab: { justifyContent: 'flex-start' },
  // On a phone the eight steps sit two to a row, so the step's form starts within the first screen.
  list: { '@media (max-width: 720px)': { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

/** The step's typed texts as its content on the wire, and the message of each field that cannot be one. */
function contentOf(key: ReportStepKey, texts: Texts): { content: StepContent; errors: Record<string, string> } {
  const step = REPORT_STEPS.find((s) => s.key === key);
  const content: StepContent = {};
  const errors: Record<string, string> = {};
  for (const f of step?.fields ?? []) {
    const read = typedWireValueOf(f, texts[f.key] ?? '');
    if ('error' in read) errors[f.key] = read.error;
    else content[f.key] = read.value === '' ? null : read.value;
  }
  return { content, errors };
}

const textsOf = (record: ReportDetail | null): Values =>
  Object.fromEntries(
    REPORT_STEPS.map((s) => {
      const saved = record?.steps.find((x) => x.key === s.key)?.content ?? {};
      return [s.key, Object.fromEntries(s.fields.map((f) => [f.key, typedTextOf(f, saved[f.key] ?? null)]))];
    }),
  ) as Values;

export const ReportMakeScreen = recordScreen(ReportStepper);

function ReportStepper({ id }: { id: string }) {
  const styles = { ...useMakeStyles(), ...useStyles() };
  const { browser, clock } = useServices();
  // The stepper reopens on the step it was left on (a reload, 编辑 again), per report.
  const stepKey = `reportStep:${id}`;
  const [active, setActiveState] = useState<ReportStepKey>(() => {
    const kept = browser.readPreference(stepKey);
    return REPORT_STEPS.some((s) => s.key === kept) ? (kept as ReportStepKey) : 'CUSTOMER';
  });
  const setActive = (key: ReportStepKey) => {
    browser.writePreference(stepKey, key);
    setActiveState(key);
  };
  const activeRef = useRef(active);
  activeRef.current = active;
  const client = useStage(REPORT_STAGE);

  const spec = useMemo<MakeSpec<ReportDetail, Values, Body>>(
    () => ({
      stage: 'REPORT',
      open: async (keyId) => ({ record: keyId ? await client.detail<ReportDetail>(keyId) : null, extra: undefined }),
      valuesOf: (record) => textsOf(record),
      read: (values, opened): MakeRead<Body> => {
        const key = activeRef.current;
        const { content, errors } = contentOf(key, values[key]);
        const bounds = opened.record?.bounds ? termsBoundsOf(opened.record.bounds) : null;
        if (Object.keys(errors).length) return { errors };
        const refusal = stepSaveRefusal(key, content, bounds, clock.now());
        if (refusal) return { errors: { [key]: refusal }, message: refusal };
        return { body: { step: key, content } };
      },
      save: (record, body) =>
        client.save<ReportDetail>((record as ReportDetail).keyId, body, (record as ReportDetail).version),
      problemsOf: (record) => record?.problems ?? [],
      messages: { saved: '本章已保存' },
    }),
    [client, clock],
  );
  const page = useMakePage(REPORT_STAGE, spec, id);

  const record = page.context.record;
  const values = page.context.values as Values;
  const texts = values[active] ?? {};
  const contents = useMemo(() => {
    const out: Partial<Record<ReportStepKey, StepContent>> = {};
    for (const s of REPORT_STEPS) if (values[s.key]) out[s.key] = contentOf(s.key, values[s.key]).content;
    return out;
  }, [values]);
  const bounds = record?.bounds ? termsBoundsOf(record.bounds) : null;
  const limits = active === 'PROPOSAL' && bounds ? proposalLimits(contents.PROPOSAL ?? {}, bounds) : [];
  const limitOf = new Map(limits.map((l) => [l.key, l]));

  /** Another step: the one left is saved first when it changed (each step saves on its own). */
  const go = (next: ReportStepKey) => {
    if (next === active) return;
    if (page.context.dirty && page.editable) {
      page.actor.send({ type: 'SAVE' });
      if (!page.actor.getSnapshot().matches('saving')) return;
    }
    setActive(next);
  };
  const step = REPORT_STEPS.find((s) => s.key === active) ?? (REPORT_STEPS[0] as (typeof REPORT_STEPS)[number]);
  const fieldError = page.context.errors;
  const stepMessage = fieldError[active];

  const summary = record && (
    <MakeSummary>
      <Text weight="semibold">业务编号：{record.businessNo}</Text>
      <Text>报告编号：{record.reportNo ?? '首次保存后生成'}</Text>
      <Text>供应商：{record.supplierName ?? '--'}</Text>
      <Text>申请金额：{record.applyAmount === null ? '--' : `${formatFen(BigInt(record.applyAmount))} 元`}</Text>
      <Badge appearance="tint">{`修订版 ${record.revision}`}</Badge>
      <Text>{record.stateLabel}</Text>
      {record.bounds && <Text>资金产品：{record.bounds.product.productName}</Text>}
    </MakeSummary>
  );

  return (
    <MakePageShell
      def={REPORT_STAGE}
      page={page}
      title="尽调报告制作"
      summary={summary}
      notFound="尽调报告不存在或无权制作"
    >
      <div className={styles.layout}>
        <nav className={styles.steps} aria-label="报告章节">
          <TabList
            vertical
            className={styles.list}
            selectedValue={active}
            onTabSelect={(_, d) => go(d.value as ReportStepKey)}
          >
            {REPORT_STEPS.map((s, i) => {
              const done = stepDone(s.key, contents[s.key], contents, clock.now());
              return (
                <Tab key={s.key} value={s.key} className={styles.tab}>
                  {`${i + 1}. ${s.title}`} {done ? '✓' : ''}
                </Tab>
              );
            })}
          </TabList>
        </nav>
        <div className={styles.body}>
          <div className={styles.card} role="region" aria-label={step.title}>
            <Text weight="semibold" size={500}>
              {step.title}
            </Text>
            {stepMessage && (
              <Text className={styles.error} role="alert">
                {stepMessage}
              </Text>
            )}
            {active === 'INDICATORS' && (
              <>
                <Text className={styles.muted}>核心指标由「财务数据」的三张报表计算，随录入实时更新。</Text>
                <IndicatorTable indicators={coreIndicators(contents.FINANCIALS ?? {})} />
              </>
            )}
            {groupsOf(step.fields).map(([group, fields]) => (
              <div key={group || 'main'} className={styles.card} style={{ padding: 0 }}>
                {group && <Text weight="semibold">{group}</Text>}
                <div className={styles.fields}>
                  {fields.map((f) => (
                    <StageField
                      key={f.key}
                      field={f.key === 'proposedRepaymentMethod' ? productMethods(f, bounds) : f}
                      value={texts[f.key] ?? ''}
                      error={fieldError[f.key]}
                      limit={limitOf.get(f.key)}
                      disabled={!page.editable || page.busy}
                      onChange={(v) => page.edit({ [active]: { ...texts, [f.key]: v } } as Partial<Values>)}
                    />
                  ))}
                </div>
              </div>
            ))}
          </div>
        </div>
      </div>
    </MakePageShell>
  );
}

/** The repayment methods the business's product offers, when it names them (BUSINESS.md §2 FundProduct). */
function productMethods(f: ReportField, bounds: ReturnType<typeof termsBoundsOf> | null): ReportField {
  const methods = bounds?.product.repaymentMethods;
  if (!methods?.length) return f;
  return { ...f, options: Object.fromEntries(methods.map((m) => [m, REPAYMENT_METHOD_LABEL[m]])) };
}

function groupsOf(fields: readonly ReportField[]): [string, ReportField[]][] {
  const out: [string, ReportField[]][] = [];
  for (const f of fields) {
    const g = f.group ?? '';
    const last = out.at(-1);
    if (last && last[0] === g) last[1].push(f);
    else out.push([g, [f]]);
  }
  return out;
}
