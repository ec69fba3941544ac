// 准入资料制作 (/business/accessDocumentsMake, BUSINESS.md §4 "M"): the financing application of one business.
// Without `id`, the businesses at 融资申请·草稿 that have no application yet, to start one (新增). With it: the
// supplier's payment orders with their eligible amount and this order's cap (eligible × the binding ratio),
// computed live as amounts are typed (application-form.ts, the same functions as the gateway's rule); term,
// repayment source and payee account (户名 is the supplier's name); the 准入资料 checklist (* required, files
// through the file service's upload, 有效期至 per document); totals; 保存 and 提交. 提交 saves, then takes the
// business's transition, whose SUBMIT_APPLICATION rule answers in words the page shows.
import {
  Badge,
  Button,
  Checkbox,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type {
  ApplicationCandidate,
  ApplicationDetail,
  ApplicationOrder,
  ApplicationSave,
} from '../../../application/ports/application-gateway.port';
import type { StoredFile } from '../../../application/ports/file-gateway.port';
import { fenToYuanText, lineFigures, totals } from '../../../domain/financing/application-form';
import { REPAYMENT_SOURCES } from '../../../domain/financing/application-rules';
import { APPLICATION_LIST_PATH, APPLICATION_MAKE_PATH } from '../../../domain/financing/financing-application';
import { ratioPercent } from '../../../domain/financing/pre-credit-rules';
import { formatFen } from '../../../domain/format/money-format';
import { useServices } from '../../app/services';
import { Permission } from '../../shell/permission';
import { FileUpload } from '../../kit/upload/file-upload';

const useStyles = makeStyles({
  page: { padding: '16px 24px', display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    padding: '16px 24px',
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    minWidth: 0,
  },
  fields: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '12px 24px' },
  facts: { display: 'flex', flexWrap: 'wrap', gap: '8px 24px' },
  scroll: { overflowX: 'auto' },
  table: { minWidth: '860px' },
  amount: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  input: { width: '150px' },
  error: { color: tokens.colorPaletteRedForeground1, display: 'block' },
  muted: { color: tokens.colorNeutralForeground3 },
  docs: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: '16px' },
  doc: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '12px',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    minWidth: 0,
  },
  required: { color: tokens.colorPaletteRedForeground1 },
  footer: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
});

export function AccessDocumentsMakeScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return id ? <MakeForm key={id} id={id} /> : <ChooseBusiness />;
}

/** 新增: the businesses whose pre-credit passed and which have no application yet. */
function ChooseBusiness() {
  const styles = useStyles();
  const { financingApplication } = useServices();
  const navigate = useNavigate();
  const [rows, setRows] = useState<ApplicationCandidate[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    financingApplication.candidates().then(setRows, () => setRows([]));
  }, [financingApplication]);
  const start = async (row: ApplicationCandidate) => {
    setBusy(true);
    try {
      const made = await financingApplication.create(row.keyId);
      navigate(`${APPLICATION_MAKE_PATH}?id=${encodeURIComponent(made.keyId)}`, { replace: true });
    } catch {
      setBusy(false);
    }
  };
  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        新增融资申请
      </Text>
      <div className={styles.card}>
        <Text>请选择预授信已通过、尚未制作融资申请的业务：</Text>
        {rows === null ? (
          <Spinner label="加载中…" />
        ) : rows.length === 0 ? (
          <Text className={styles.muted}>暂无可新增融资申请的业务</Text>
        ) : (
          <div className={styles.scroll}>
            <Table aria-label="可新增融资申请的业务" size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>业务编号</TableHeaderCell>
                  <TableHeaderCell>供应商</TableHeaderCell>
                  <TableHeaderCell className={styles.amount}>申请额（元）</TableHeaderCell>
                  <TableHeaderCell>操作</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.keyId}>
                    <TableCell>{r.businessNo}</TableCell>
                    <TableCell>{r.supplierName}</TableCell>
                    <TableCell className={styles.amount}>{formatFen(BigInt(r.applyAmount))}</TableCell>
                    <TableCell>
                      <Button size="small" appearance="primary" disabled={busy} onClick={() => void start(r)}>
                        制作融资申请
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        <div className={styles.footer}>
          <Button onClick={() => navigate(APPLICATION_LIST_PATH)}>返回</Button>
        </div>
      </div>
    </section>
  );
}

interface DocState {
  files: StoredFile[];
  validTo: string;
}

const storedOf = (f: { keyId: string; name: string }): StoredFile => ({
  keyId: f.keyId,
  name: f.name,
  size: 0,
  contentType: '',
  extension: f.name.split('.').pop()?.toLowerCase() ?? '',
});

function MakeForm({ id }: { id: string }) {
  const styles = useStyles();
  const { financingApplication, notifier } = useServices();
  const navigate = useNavigate();
  const [detail, setDetail] = useState<ApplicationDetail | null>(null);
  const [failed, setFailed] = useState(false);
  // A business at 融资申请·草稿 without an application yet (the workbench's 待制作 links here): offer 新增.
  const [startable, setStartable] = useState<ApplicationCandidate | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [orders, setOrders] = useState<ApplicationOrder[]>([]);
  const [ratio, setRatio] = useState('0.8000');
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [term, setTerm] = useState('');
  const [source, setSource] = useState('');
  const [bank, setBank] = useState('');
  const [account, setAccount] = useState('');
  const [docs, setDocs] = useState<Record<string, DocState>>({});
  const [busy, setBusy] = useState(false);

  const adopt = useCallback((d: ApplicationDetail) => {
    setDetail(d);
    setAmounts(Object.fromEntries(d.lines.map((l) => [l.orderId, fenToYuanText(l.financeAmount)])));
    setTerm(d.termDays === null ? '' : String(d.termDays));
    setSource(d.repaymentSource ?? '');
    setBank(d.payeeBank ?? '');
    setAccount(d.payeeAccount ?? '');
    setDocs(
      Object.fromEntries(d.docs.map((x) => [x.docType, { files: x.files.map(storedOf), validTo: x.validTo ?? '' }])),
    );
  }, []);

  useEffect(() => {
    let live = true;
    Promise.all([financingApplication.get(id), financingApplication.orders(id)]).then(
      ([d, o]) => {
        if (!live) return;
        adopt(d);
        // The lines' own orders first (one may have been locked since), then the rest the supplier may use.
        const seen = new Set(d.orders.map((x) => x.keyId));
        setOrders([...d.orders, ...o.records.filter((x) => !seen.has(x.keyId))]);
        setRatio(o.ratio);
      },
      () => {
        if (!live) return;
        setFailed(true);
        financingApplication.candidates().then(
          (rows) => live && setStartable(rows.find((r) => r.keyId === id) ?? null),
          () => undefined,
        );
      },
    );
    return () => {
      live = false;
    };
  }, [financingApplication, id, adopt, attempt]);

  const start = async () => {
    setBusy(true);
    try {
      await financingApplication.create(id);
      setFailed(false);
      setStartable(null);
      setAttempt((n) => n + 1);
    } catch {
      // The HTTP client has said why.
    } finally {
      setBusy(false);
    }
  };

  const chosen = useMemo(() => orders.filter((o) => amounts[o.keyId] !== undefined), [orders, amounts]);
  const figures = useMemo(
    () => chosen.map((o) => lineFigures({ orderId: o.keyId, text: amounts[o.keyId] ?? '' }, o.eligibleAmount, ratio)),
    [chosen, amounts, ratio],
  );
  const sum = totals(
    figures,
    chosen.map((o) => o.eligibleAmount),
  );
  const overPreCredit =
    detail?.preCreditAvailable !== null && detail?.preCreditAvailable !== undefined
      ? sum.total > BigInt(detail.preCreditAvailable)
      : false;
  const editable = !!detail && ['DRAFT', 'RETURNED'].includes(detail.status);
  const today = detail?.today ?? '';

  const toggle = (o: ApplicationOrder, on: boolean) =>
    setAmounts((a) => {
      const next = { ...a };
      if (on) next[o.keyId] = fenToYuanText(o.maxFinanceAmount);
      else delete next[o.keyId];
      return next;
    });

  const form = (): ApplicationSave | null => {
    if (figures.some((f) => f.amount === null)) {
      notifier.error('请检查融资金额');
      return null;
    }
    const termDays = term.trim() === '' ? null : Number(term);
    if (termDays !== null && !(Number.isInteger(termDays) && termDays > 0)) {
      notifier.error('融资期限须为正整数天数');
      return null;
    }
    return {
      termDays,
      repaymentSource: source || null,
      payeeBank: bank.trim() || null,
      payeeAccount: account.trim() || null,
      lines: figures.map((f) => ({ orderId: f.orderId, financeAmount: Number(f.amount) })),
      docs: Object.entries(docs).map(([docType, d]) => ({
        docType,
        fileIds: d.files.map((f) => f.keyId),
        validTo: d.validTo || null,
      })),
    };
  };

  const save = async (): Promise<ApplicationDetail | null> => {
    if (!detail) return null;
    const value = form();
    if (!value) return null;
    setBusy(true);
    try {
      const saved = await financingApplication.save(id, value, detail.version);
      adopt(saved);
      return saved;
    } catch {
      return null;
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const saved = await save();
    if (!saved) return;
    setBusy(true);
    try {
      await financingApplication.submit(id, saved.version);
      notifier.success('提交成功');
      navigate(APPLICATION_LIST_PATH);
    } catch {
      // The gateway's words are already shown; the page keeps what was typed.
      financingApplication.get(id).then(adopt, () => undefined);
    } finally {
      setBusy(false);
    }
  };

  if (failed) {
    return (
      <section className={styles.page}>
        <div className={styles.card}>
          <Text>{startable ? `业务 ${startable.businessNo} 尚未制作融资申请` : '融资申请不存在或无权查看'}</Text>
          <div className={styles.footer}>
            {startable && (
              <Permission code="add" path={APPLICATION_LIST_PATH}>
                <Button appearance="primary" disabled={busy} onClick={() => void start()}>
                  制作融资申请
                </Button>
              </Permission>
            )}
            <Button onClick={() => navigate(APPLICATION_LIST_PATH)}>返回</Button>
          </div>
        </div>
      </section>
    );
  }
  if (!detail) return <Spinner label="加载中…" />;

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        准入资料制作 {detail.applicationNo}
      </Text>
      <div className={styles.card} role="region" aria-label="申请信息">
        <div className={styles.facts}>
          <Text>业务编号：{detail.businessNo}</Text>
          <Text>供应商：{detail.supplierName}</Text>
          <Text>
            状态：<Badge appearance="tint">{detail.stateLabel}</Badge>
          </Text>
          <Text>
            预授信可用额度：
            {detail.preCreditAvailable === null ? '未批复' : `${formatFen(BigInt(detail.preCreditAvailable))}元`}
          </Text>
          <Text>融资比例：{ratioPercent(ratio)}</Text>
          {detail.singleMax !== null && <Text>单笔上限：{formatFen(BigInt(detail.singleMax))}元</Text>}
        </div>
        {!editable && (
          <MessageBar intent="info">
            <MessageBarBody>当前状态不可编辑（仅草稿或已退回的融资申请可以编辑）。</MessageBarBody>
          </MessageBar>
        )}
        {detail.problems.length > 0 && editable && (
          <MessageBar intent="warning" role="status" aria-label="提交校验">
            <MessageBarBody>
              提交前尚需处理：
              <ul>
                {detail.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </MessageBarBody>
          </MessageBar>
        )}
      </div>

      <div className={styles.card} role="region" aria-label="融资明细">
        <Text weight="semibold">融资明细（选择付款单）</Text>
        <div className={styles.scroll}>
          <Table aria-label="付款单" size="small" className={styles.table}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell style={{ width: 44 }} />
                <TableHeaderCell>付款单号</TableHeaderCell>
                <TableHeaderCell>项目公司</TableHeaderCell>
                <TableHeaderCell>应付日</TableHeaderCell>
                <TableHeaderCell className={styles.amount}>可融资余额（元）</TableHeaderCell>
                <TableHeaderCell className={styles.amount}>本单上限（元）</TableHeaderCell>
                <TableHeaderCell>融资金额（元）</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {orders.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>该供应商暂无可融资的付款单</TableCell>
                </TableRow>
              )}
              {orders.map((o) => {
                const on = amounts[o.keyId] !== undefined;
                const f = figures.find((x) => x.orderId === o.keyId);
                const cap = f?.cap ?? BigInt(o.maxFinanceAmount);
                return (
                  <TableRow key={o.keyId}>
                    <TableCell>
                      <Checkbox
                        aria-label={`选择付款单${o.orderNo}`}
                        checked={on}
                        disabled={!editable || (!on && (o.locked || o.eligibleAmount <= 0))}
                        onChange={(_, d) => toggle(o, !!d.checked)}
                      />
                    </TableCell>
                    <TableCell>
                      {o.orderNo}
                      {o.locked && (
                        <Badge appearance="tint" color="danger">
                          已锁定
                        </Badge>
                      )}
                    </TableCell>
                    <TableCell>{o.projectCompanyName ?? '—'}</TableCell>
                    <TableCell>{o.dueDate}</TableCell>
                    <TableCell className={styles.amount}>{formatFen(BigInt(o.eligibleAmount))}</TableCell>
                    <TableCell className={styles.amount} data-testid={`cap-${o.orderNo}`}>
                      {formatFen(cap)}
                    </TableCell>
                    <TableCell>
                      {on ? (
                        <>
                          <Input
                            className={styles.input}
                            aria-label={`融资金额 ${o.orderNo}`}
                            value={amounts[o.keyId]}
                            disabled={!editable}
                            onChange={(_, d) => setAmounts((a) => ({ ...a, [o.keyId]: d.value }))}
                          />
                          {f?.error && <Text className={styles.error}>{f.error}</Text>}
                        </>
                      ) : (
                        <Text className={styles.muted}>—</Text>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
        <div className={styles.facts} role="status" aria-label="合计">
          <Text>已选 {sum.count} 张</Text>
          <Text>可融资余额合计 {formatFen(sum.eligible)} 元</Text>
          <Text>上限合计 {formatFen(sum.cap)} 元</Text>
          <Text weight="semibold">申请总额 {formatFen(sum.total)} 元</Text>
          {overPreCredit && <Text className={styles.error}>申请总额超过预授信可用额度</Text>}
        </div>
      </div>

      <div className={styles.card} role="region" aria-label="融资要素">
        <div className={styles.fields}>
          <Field label="融资期限（天）" required hint="30至360天">
            <Input value={term} disabled={!editable} onChange={(_, d) => setTerm(d.value.replace(/\D/g, ''))} />
          </Field>
          <Field label="还款来源" required>
            <Select aria-label="还款来源" value={source} disabled={!editable} onChange={(_, d) => setSource(d.value)}>
              <option value="">请选择</option>
              {REPAYMENT_SOURCES.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="收款户名">
            <Input value={detail.supplierName} readOnly />
          </Field>
          <Field label="开户行" required>
            <Input value={bank} maxLength={100} disabled={!editable} onChange={(_, d) => setBank(d.value)} />
          </Field>
          <Field
            label="账号"
            required
            validationMessage={account && !/^[0-9]{8,30}$/.test(account) ? '账号须为8至30位数字' : undefined}
          >
            <Input
              value={account}
              maxLength={30}
              disabled={!editable}
              onChange={(_, d) => setAccount(d.value.replace(/\s/g, ''))}
            />
          </Field>
        </div>
      </div>

      <div className={styles.card} role="region" aria-label="准入资料">
        <Text weight="semibold">准入资料（带*号的为必填，支持 JPG/PNG/PDF）</Text>
        <div className={styles.docs}>
          {detail.docs.map((t) => {
            const d = docs[t.docType] ?? { files: [], validTo: '' };
            const expired = !!d.validTo && d.validTo < today && d.files.length > 0;
            return (
              <div key={t.docType} className={styles.doc} role="group" aria-label={t.label}>
                <Text weight="semibold">
                  {t.required && <span className={styles.required}>* </span>}
                  {t.label}
                </Text>
                {editable ? (
                  <FileUpload
                    label="上传"
                    accept="jpg,jpeg,png,pdf"
                    initial={d.files}
                    onChange={(files) =>
                      setDocs((all) => ({ ...all, [t.docType]: { ...(all[t.docType] ?? { validTo: '' }), files } }))
                    }
                  />
                ) : (
                  d.files.map((f) => <Link key={f.keyId}>{f.name}</Link>)
                )}
                <Field
                  label="有效期至"
                  validationMessage={expired ? '资料已过期，请重新上传' : undefined}
                  validationState={expired ? 'error' : 'none'}
                >
                  <Input
                    type="date"
                    aria-label={`${t.label}有效期至`}
                    value={d.validTo}
                    disabled={!editable}
                    onChange={(_, v) =>
                      setDocs((all) => ({
                        ...all,
                        [t.docType]: { ...(all[t.docType] ?? { files: [] }), validTo: v.value },
                      }))
                    }
                  />
                </Field>
              </div>
            );
          })}
        </div>
      </div>

      <div className={styles.footer}>
        {editable && (
          <Permission code="edit" path={APPLICATION_MAKE_PATH}>
            <Button disabled={busy} onClick={() => void save().then((s) => s && notifier.success('保存成功'))}>
              保存
            </Button>
          </Permission>
        )}
        {editable && (
          <Permission code="submit" path={APPLICATION_MAKE_PATH}>
            <Button appearance="primary" disabled={busy} onClick={() => void submit()}>
              提交
            </Button>
          </Permission>
        )}
        <Button onClick={() => navigate(APPLICATION_LIST_PATH)}>返回</Button>
      </div>
    </section>
  );
}
