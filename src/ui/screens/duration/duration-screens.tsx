// 存续期管理's screens (BUSINESS.md §4): 存续期检查报告 — the reports in the caller's scope, and one report on the same
// page (`?id=`, where the workbench's to-dos lead) with what the gateway lets the caller do on it now: the 经办人's
// form (检查发现, 风险分类, 结论; 保存 and 提交) or RISK_HEAD's 通过 / 退回 with an opinion —; 贷后报告统计 per 经办人 and
// month; and 业务详情's 存续期 tab. What may be done comes from the item's `actions`, never decided here; each read
// is made once by a component keyed by what it reads.
import { Button, Field, Input, Spinner, Text, Textarea, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  CONCLUSION_LABEL,
  DURATION_API,
  DURATION_LIST_PATH,
  DURATION_STATS_API,
  FINDINGS,
  RISK_CLASS_LABEL,
} from '../../../domain/financing/duration';
import { useServices } from '../../app/services';
import { useLoadOnce } from '../../kit/use-load-once';
import { Permission } from '../../shell/permission';
import type { DetailTabProps } from '../stage/define-detail-tab';
import { Facts, SmallTable, yuan } from '../stage/detail-tab-parts';
import { DocumentList, type DocumentListSpec } from '../stage/document-parts';
import { type FormField, FormFields, useFormValues } from '../stage/form-fields';

const ROUTES = { resource: { api: DURATION_API, noun: '存续期报告' } };
const STATS_ROUTES = { resource: { api: DURATION_STATS_API, noun: '贷后报告统计' } };

interface Report {
  keyId: string;
  businessId: string;
  reportNo: string;
  kindLabel: string;
  periodLabel: string;
  dueDate: string;
  findings: Record<string, string>;
  riskClass: string | null;
  riskClassLabel: string | null;
  conclusion: string | null;
  conclusionLabel: string | null;
  checkDate: string | null;
  reviewComment: string | null;
  status: string;
  statusLabel: string;
  version: number;
  businessNo?: string;
  supplierName?: string;
  actions?: string[];
}
interface Detail {
  report: Report;
  businessNo: string;
  supplierName: string;
  stateLabel: string;
  makerName: string | null;
  loanAmount: number | null;
  loanDate: string | null;
  maturityDate: string | null;
  actions: string[];
}
interface StatsRow {
  makerId: string | null;
  makerName: string;
  period: string;
  due: number;
  made: number;
  overdue: number;
}

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px', padding: '16px 20px' },
  section: { display: 'flex', flexDirection: 'column', gap: '12px' },
  finding: { margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '8px 12px' },
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(320px, 100%), 1fr))', gap: '12px 16px' },
});

function Title({ text, back }: { text: string; back?: string }) {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <div className={styles.row}>
      <Text as="h1" size={600} weight="semibold">
        {text}
      </Text>
      {back && <Button onClick={() => navigate(back)}>返回</Button>}
    </div>
  );
}

// ——— 存续期检查报告 ———

const LIST: DocumentListSpec<Report> = {
  routes: ROUTES,
  label: '存续期检查报告',
  search: { key: 'businessNo', label: '业务编号' },
  infoPath: DURATION_LIST_PATH,
  exportName: '存续期检查报告',
  columns: ['报告编号', '业务编号', '供应商', '检查期', '应完成日', '风险分类', '结论', '状态'].map((title, i) => ({
    title,
    ...(i < 2 ? { width: 140 } : i === 2 ? { width: 180 } : {}),
  })),
  cells: (r) => [
    r.reportNo,
    r.businessNo ?? '',
    r.supplierName ?? '',
    r.periodLabel,
    r.dueDate,
    r.riskClassLabel ?? '--',
    r.conclusionLabel ?? '--',
    r.statusLabel,
  ],
};

export function DurationReportScreen() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const [round, setRound] = useState(0);
  const id = params.get('id');
  if (id) return <ReportRecord key={`${id}/${round}`} id={id} onChanged={() => setRound((n) => n + 1)} />;
  return (
    <section className={styles.page}>
      <Title text="存续期检查报告" />
      <DocumentList<Report> spec={LIST} />
    </section>
  );
}

function ReportRecord({ id, onChanged }: { id: string; onChanged: () => void }) {
  const styles = useStyles();
  const { stages } = useServices();
  const detail = useLoadOnce(
    () => stages.custom<Detail>(ROUTES, 'GET', `/${encodeURIComponent(id)}`),
    null as Detail | null,
  );
  if (!detail) return <Spinner size="small" label="加载存续期报告…" />;
  const r = detail.report;
  const makes = detail.actions.includes('submit');
  return (
    <section className={styles.page}>
      <Title text={`存续期检查报告（${r.reportNo}）`} back={DURATION_LIST_PATH} />
      <Facts
        label="报告"
        items={[
          ['业务编号', detail.businessNo],
          ['供应商', detail.supplierName],
          ['业务状态', detail.stateLabel],
          ['经办人', detail.makerName ?? '--'],
          ['放款额', detail.loanAmount === null ? '--' : `${yuan(detail.loanAmount)}元`],
          ['放款日', detail.loanDate ?? '--'],
          ['到期日', detail.maturityDate ?? '--'],
          ['检查期', r.periodLabel],
          ['应完成日', r.dueDate],
          ['检查日', r.checkDate ?? '--'],
          ['状态', r.statusLabel],
          ...(r.reviewComment ? ([['审核意见', r.reviewComment]] as [string, string][]) : []),
        ]}
      />
      <Text as="h2" size={400} weight="semibold">
        检查结果
      </Text>
      {makes ? <ReportForm report={r} actions={detail.actions} onDone={onChanged} /> : <Findings report={r} />}
      {detail.actions.includes('approve') && <ReportReview report={r} onDone={onChanged} />}
    </section>
  );
}

/** The check as made: each finding under its label (a text may be long), then the class and the conclusion. */
function Findings({ report: r }: { report: Report }) {
  const styles = useStyles();
  return (
    <section aria-label="检查结果" className={styles.section}>
      {FINDINGS.map((f) => (
        <div key={f.key}>
          <Text weight="semibold">{f.label}</Text>
          <p className={styles.finding}>{r.findings[f.key] || '--'}</p>
        </div>
      ))}
      <Facts
        label="风险分类与结论"
        items={[
          ['风险分类', r.riskClassLabel ?? '--'],
          ['结论', r.conclusionLabel ?? '--'],
        ]}
      />
    </section>
  );
}

function useMove(report: Report, onDone: () => void) {
  const { stages, notifier } = useServices();
  const [busy, setBusy] = useState(false);
  const send = async (action: string, body: object, done: string) => {
    setBusy(true);
    try {
      await stages.custom(ROUTES, 'POST', `/items/${encodeURIComponent(report.keyId)}/transition`, {
        action,
        version: report.version,
        ...body,
      });
      notifier.success(done);
      onDone();
    } catch {
      // The HTTP client has shown the gateway's refusal.
    } finally {
      setBusy(false);
    }
  };
  return { busy, send };
}

/** The report's fields: each finding (at most 500 characters), 风险分类 and 结论, all required. */
const REPORT_FIELDS: FormField[] = [
  ...FINDINGS.map((f): FormField => ({ key: f.key, label: f.label, kind: 'textarea', required: true, max: 500 })),
  { key: 'riskClass', label: '风险分类', kind: { options: RISK_CLASS_LABEL, empty: '请选择' }, required: true },
  { key: 'conclusion', label: '结论', kind: { options: CONCLUSION_LABEL, empty: '请选择' }, required: true },
];

/** The 经办人's form: the findings, 风险分类 and 结论; 保存 keeps a draft, 提交 sends it to RISK_HEAD. */
function ReportForm({ report, actions, onDone }: { report: Report; actions: string[]; onDone: () => void }) {
  const styles = useStyles();
  const { busy, send } = useMove(report, onDone);
  const [v, set] = useFormValues<Record<string, string>>({
    ...report.findings,
    riskClass: report.riskClass ?? '',
    conclusion: report.conclusion ?? '',
  });
  return (
    <section aria-label="制作存续期报告" className={styles.section}>
      <div className={styles.form}>
        <FormFields fields={REPORT_FIELDS} values={v} onChange={set} />
      </div>
      <Text>风险分类为次级、可疑或损失的报告审核通过后，将生成风险预警。</Text>
      <div className={styles.row}>
        {actions.includes('save') && (
          <Button disabled={busy} onClick={() => void send('save', { values: v }, '已保存')}>
            保存
          </Button>
        )}
        <Button appearance="primary" disabled={busy} onClick={() => void send('submit', { values: v }, '已提交审核')}>
          提交
        </Button>
      </div>
    </section>
  );
}

/** RISK_HEAD's 通过 or 退回 (with its reason). */
function ReportReview({ report, onDone }: { report: Report; onDone: () => void }) {
  const styles = useStyles();
  const { busy, send } = useMove(report, onDone);
  const [comment, setComment] = useState('');
  return (
    <section aria-label="审核存续期报告" className={styles.section}>
      <Field label="审核意见" hint="退回时必填">
        <Textarea value={comment} maxLength={500} onChange={(_, d) => setComment(d.value)} />
      </Field>
      <div className={styles.row}>
        <Button appearance="primary" disabled={busy} onClick={() => void send('approve', { comment }, '审核通过')}>
          通过
        </Button>
        <Button disabled={busy} onClick={() => void send('return', { comment }, '已退回经办人')}>
          退回
        </Button>
      </div>
    </section>
  );
}

// ——— 贷后报告统计 ———

/** The period filter as the query sends it: only what was typed. */
const filled = (query: Record<string, string>) => Object.fromEntries(Object.entries(query).filter(([, v]) => v));

export function LoanReportStatisticsScreen() {
  const styles = useStyles();
  const { stages } = useServices();
  const [typed, setTyped] = useState({ periodFrom: '', periodTo: '' });
  const [query, setQuery] = useState(typed);
  return (
    <section className={styles.page}>
      <Title text="贷后报告统计" />
      <div className={styles.row}>
        {(['periodFrom', 'periodTo'] as const).map((key) => (
          <Field key={key} label={key === 'periodFrom' ? '期间自' : '期间至'} hint="YYYY-MM">
            <Input value={typed[key]} onChange={(_, d) => setTyped({ ...typed, [key]: d.value.trim() })} />
          </Field>
        ))}
        <Button appearance="primary" onClick={() => setQuery(typed)}>
          查询
        </Button>
        <Button
          onClick={() => {
            setTyped({ periodFrom: '', periodTo: '' });
            setQuery({ periodFrom: '', periodTo: '' });
          }}
        >
          重置
        </Button>
        <Permission code="export">
          <Button onClick={() => void stages.download(STATS_ROUTES, '/export', filled(query), '贷后报告统计.xlsx')}>
            导出
          </Button>
        </Permission>
      </div>
      <Statistics key={JSON.stringify(query)} query={query} />
    </section>
  );
}

function Statistics({ query }: { query: { periodFrom: string; periodTo: string } }) {
  const { stages } = useServices();
  const rows = useLoadOnce(
    () => stages.custom<StatsRow[]>(STATS_ROUTES, 'GET', '', filled(query)),
    null as StatsRow[] | null,
  );
  if (!rows) return <Spinner size="small" label="统计中…" />;
  const sum = (k: 'due' | 'made' | 'overdue') => String(rows.reduce((n, r) => n + r[k], 0));
  const columns = [
    { title: '经办人' },
    { title: '期间' },
    ...['应制作', '已制作', '逾期未制作'].map((title) => ({ title, amount: true })),
  ];
  return (
    <SmallTable
      label="贷后报告统计"
      scrollLabel="贷后报告统计表"
      minWidth="340px"
      columns={columns}
      rows={[
        ...rows.map((r) => ({
          key: `${r.makerId}/${r.period}`,
          cells: [r.makerName, r.period, String(r.due), String(r.made), String(r.overdue)],
        })),
        ...(rows.length ? [{ key: 'total', cells: ['合计', '', sum('due'), sum('made'), sum('overdue')] }] : []),
      ]}
      empty="所选期间没有存续期报告"
    />
  );
}

// ——— 业务详情 › 存续期 ———

export function DurationTab({ detail }: DetailTabProps) {
  const navigate = useNavigate();
  const { stages } = useServices();
  const page = useLoadOnce(
    () =>
      stages.custom<{ records: Report[] }>(ROUTES, 'GET', `/${encodeURIComponent(detail.keyId)}/items`, { size: 100 }),
    null as { records: Report[] } | null,
  );
  if (!page) return <Spinner size="small" label="加载存续期报告…" />;
  return (
    <SmallTable
      label="存续期报告"
      scrollLabel="存续期报告列表"
      minWidth="720px"
      columns={['报告编号', '检查期', '应完成日', '风险分类', '结论', '状态', '操作'].map((title) => ({ title }))}
      rows={page.records.map((r) => ({
        key: r.keyId,
        cells: [
          r.reportNo,
          r.periodLabel,
          r.dueDate,
          r.riskClassLabel ?? '--',
          r.conclusionLabel ?? '--',
          r.statusLabel,
          <Button
            key="view"
            size="small"
            onClick={() => navigate(`${DURATION_LIST_PATH}?id=${encodeURIComponent(r.keyId)}`)}
          >
            查看
          </Button>,
        ],
      }))}
      empty="尚无存续期报告：还款中的业务每月及到期前30天各生成一份"
    />
  );
}
