// 准入资料制作 (/business/accessDocumentsMake, BUSINESS.md §4 "M"): the financing application of one business.
// Without `id`, the businesses at 融资申请·草稿 that have no application yet, to start one (新增: nothing is
// written until the first 保存). With it: the supplier's payment orders with their eligible amount and this
// order's cap, computed live as amounts are typed; term, repayment source and payee account (户名 is the
// supplier's name); the 准入资料 checklist (* required, files through the file service's upload, 有效期至 per
// document); totals. The flow, 保存 / 提交 / 返回, the return reason, the last comment and the rule's results
// are the stage kit's (financing-application-make.ts says what is the application's).
import { Badge, Button, Checkbox, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fenToYuanText, totals } from '../../../domain/financing/financing-application-form';
import { REPAYMENT_SOURCES } from '../../../domain/financing/financing-application-rules';
import {
  FINANCING_APPLICATION_LIST_PATH,
  FINANCING_APPLICATION_MAKE_PATH,
  FINANCING_APPLICATION_STAGE,
} from '../../../domain/financing/financing-application';
import { formatFen } from '../../../domain/format/money-format';
import { PagedTable } from '../../kit/dialogs/paged-table';
import { useLoadOnce } from '../../kit/use-load-once';
import { SelectField, TextField } from '../../kit/form-fields';
import { Notice } from '../../kit/notice';
import { PreviewLink } from '../preview/preview-link';
import { FileUpload } from '../../kit/upload/file-upload';
import { SmallTable } from '../stage/detail-tab-parts';
import { MakePageShell, useMakePage, useMakeStyles } from '../stage/make-page-shell';
import { recordScreen } from '../stage/stage-parts';
import { useStage } from '../stage/use-stage';
import { formatPercent } from '../../../domain/format/percent-format';
import {
  type FinancingApplicationCandidate,
  type FinancingApplicationOrder,
  type DocValue,
  financingApplicationMakeSpec,
  figuresOf,
  isStored,
  warningsOf,
} from './financing-application-make';

const useStyles = makeStyles({
  input: { width: '150px' },
  docs: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(300px, 100%), 1fr))', gap: '16px' },
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
  // A capital side's long name stays inside its own column instead of running under the next field.
  choice: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(360px, 100%), 1fr))',
    gap: '16px',
  },
  choiceField: { minWidth: 0 },
  choiceSelect: { width: '100%', minWidth: 0 },
});

export const AccessDocumentsMakeScreen = recordScreen(({ id }) => (id ? <MakeForm id={id} /> : <ChooseBusiness />));

/** 新增: the businesses whose pre-credit passed and which have no application yet. */
function ChooseBusiness() {
  const styles = useMakeStyles();
  const client = useStage(FINANCING_APPLICATION_STAGE);
  const navigate = useNavigate();
  // Read once while the tag stays open, not in an effect that a kept-alive tag re-runs each time it is shown.
  const rows = useLoadOnce<FinancingApplicationCandidate[] | null>(
    () => client.custom<FinancingApplicationCandidate[]>('GET', '/candidates').catch(() => []),
    null,
  );
  // Opening the page writes nothing: the application is made by its first 保存.
  const start = (row: FinancingApplicationCandidate) =>
    navigate(`${FINANCING_APPLICATION_MAKE_PATH}?id=${encodeURIComponent(row.keyId)}`, { replace: true });
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
          // The kit's table: a card a business on a phone, the 操作 pinned on a wide screen.
          <PagedTable
            aria-label="可新增融资申请的业务"
            rows={rows}
            rowKey={(r) => r.keyId}
            total={rows.length}
            page={1}
            pageSize={Math.max(rows.length, 10)}
            onPageChange={() => {}}
            layout={['total']}
            columns={[
              { key: 'businessNo', title: '业务编号', width: 150 },
              { key: 'supplierName', title: '供应商', width: 220 },
              {
                key: 'applyAmount',
                title: '申请额（元）',
                width: 140,
                render: (r) => formatFen(BigInt(r.applyAmount)),
              },
              {
                key: 'warnings',
                title: '提示',
                card: true,
                ellipsis: false,
                render: (r) =>
                  r.warnings.length === 0 ? (
                    <Text key="amount" className={styles.muted}>
                      —
                    </Text>
                  ) : (
                    // Said before the page is opened: what 保存 and 提交 would refuse.
                    <Text className={styles.error} role="note" aria-label={`${r.businessNo}的提示`}>
                      {r.warnings.join('；')}
                    </Text>
                  ),
              },
              {
                key: 'actions',
                title: '操作',
                width: 130,
                fixed: 'right',
                hideable: false,
                render: (r) => (
                  <Button size="small" appearance="primary" onClick={() => start(r)}>
                    制作融资申请
                  </Button>
                ),
              },
            ]}
          />
        )}
        <div className={styles.footer}>
          <Button onClick={() => navigate(FINANCING_APPLICATION_LIST_PATH)}>返回</Button>
        </div>
      </div>
    </section>
  );
}

function MakeForm({ id }: { id: string }) {
  const styles = { ...useMakeStyles(), ...useStyles() };
  const client = useStage(FINANCING_APPLICATION_STAGE);
  const [spec] = useState(() => financingApplicationMakeSpec(client));
  const page = useMakePage(FINANCING_APPLICATION_STAGE, spec, id);
  const { values, extra, record: detail } = page.context;
  const orders = extra?.orders ?? [];
  const ratio = extra?.ratio ?? '0.8000';
  const amounts = values.amounts ?? {};
  const docs = values.docs ?? {};
  const editable = page.editable;
  const stored = isStored(detail);

  const figures = useMemo(() => (extra ? figuresOf(values, extra) : []), [values, extra]);
  const sum = totals(
    figures,
    orders.filter((o) => amounts[o.keyId] !== undefined).map((o) => o.eligibleAmount),
  );
  const overPreCredit =
    detail?.preCreditAvailable !== null && detail?.preCreditAvailable !== undefined
      ? sum.total > BigInt(detail.preCreditAvailable)
      : false;
  const today = detail?.today ?? '';
  const warnings = warningsOf(detail, values);
  const sides = detail?.capitalSides ?? [];
  const products = (detail?.products ?? []).filter((p) => p.capitalSideId === values.capitalSideId);
  const product = products.find((p) => p.keyId === values.productId);

  const toggle = (o: FinancingApplicationOrder, on: boolean) => {
    const next = { ...amounts };
    if (on) next[o.keyId] = fenToYuanText(o.maxFinanceAmount);
    else delete next[o.keyId];
    page.edit({ amounts: next });
  };
  const setDoc = (docType: string, patch: Partial<DocValue>) =>
    page.edit({ docs: { ...docs, [docType]: { ...(docs[docType] ?? { files: [], validTo: '' }), ...patch } } });

  return (
    <MakePageShell
      def={FINANCING_APPLICATION_STAGE}
      page={page}
      title={stored ? `准入资料制作 ${detail?.applicationNo ?? ''}` : '准入资料制作（新融资申请）'}
      save={
        stored
          ? { code: 'edit', path: FINANCING_APPLICATION_MAKE_PATH }
          : { code: 'add', path: FINANCING_APPLICATION_LIST_PATH }
      }
      listPath={FINANCING_APPLICATION_LIST_PATH}
      summary={
        detail && (
          <div className={styles.card} role="region" aria-label="申请信息">
            <div className={styles.facts}>
              <Text>业务编号：{detail.businessNo}</Text>
              <Text>供应商：{detail.supplierName}</Text>
              <Text>
                状态：<Badge appearance="tint">{stored ? detail.stateLabel : '未保存'}</Badge>
              </Text>
              <Text>
                预授信可用额度：
                {detail.preCreditAvailable === null ? '未批复' : `${formatFen(BigInt(detail.preCreditAvailable))}元`}
              </Text>
              <Text>融资比例：{formatPercent(ratio, { trim: true })}</Text>
              {detail.singleMax !== null && <Text>单笔上限：{formatFen(BigInt(detail.singleMax))}元</Text>}
            </div>
            {warnings.map((w) => (
              <Notice key={w} intent="warning">
                {w}
              </Notice>
            ))}
          </div>
        )
      }
    >
      <div className={styles.card} role="region" aria-label="资金方与产品">
        <div className={styles.choice}>
          <SelectField
            label="资金方"
            required
            className={styles.choiceField}
            selectClassName={styles.choiceSelect}
            value={values.capitalSideId}
            disabled={!editable}
            empty="请选择资金方"
            choices={sides.map((s) => ({
              value: s.keyId,
              label: s.consented ? s.name : `${s.name}（未授权数据查询）`,
            }))}
            // Another side's product is no choice: the product starts again.
            onChange={(capitalSideId) => page.edit({ capitalSideId, productId: '' })}
          />
          <SelectField
            label="资金产品"
            required
            className={styles.choiceField}
            selectClassName={styles.choiceSelect}
            hint={
              product
                ? `期限${product.termMinDays}至${product.termMaxDays}天，年利率${formatPercent(product.minRate, { trim: true })}至${formatPercent(product.maxRate, { trim: true })}`
                : undefined
            }
            value={values.productId}
            disabled={!editable || !values.capitalSideId}
            empty={values.capitalSideId ? '请选择资金产品' : '请先选择资金方'}
            choices={products.map((p) => ({ value: p.keyId, label: p.name }))}
            onChange={(productId) => page.edit({ productId })}
          />
        </div>
      </div>

      <div className={styles.card} role="region" aria-label="融资明细">
        <Text weight="semibold">融资明细（选择付款单）</Text>
        {/* Wider than a phone: reached and scrolled sideways by keyboard too. */}
        <SmallTable
          label="付款单"
          scrollLabel="付款单（可左右滚动）"
          minWidth="860px"
          empty="该供应商暂无可融资的付款单"
          columns={[
            { title: '', width: 44 },
            { title: '付款单号' },
            { title: '项目公司' },
            { title: '应付日' },
            { title: '可融资余额（元）', amount: true },
            { title: '本单上限（元）', amount: true },
            { title: '融资金额（元）' },
          ]}
          rows={orders.map((o) => {
            const on = amounts[o.keyId] !== undefined;
            const f = figures.find((x) => x.orderId === o.keyId);
            return {
              key: o.keyId,
              cells: [
                <Checkbox
                  key="pick"
                  aria-label={`选择付款单${o.orderNo}`}
                  checked={on}
                  disabled={!editable || (!on && (o.locked || o.eligibleAmount <= 0))}
                  onChange={(_, d) => toggle(o, !!d.checked)}
                />,
                <>
                  {o.orderNo}
                  {o.locked && (
                    <Badge appearance="tint" color="danger">
                      已锁定
                    </Badge>
                  )}
                </>,
                o.projectCompanyName ?? '—',
                o.dueDate,
                formatFen(BigInt(o.eligibleAmount)),
                <span key="cap" data-testid={`cap-${o.orderNo}`}>
                  {formatFen(f?.cap ?? BigInt(o.maxFinanceAmount))}
                </span>,
                on ? (
                  <>
                    <Input
                      className={styles.input}
                      aria-label={`融资金额 ${o.orderNo}`}
                      value={amounts[o.keyId]}
                      disabled={!editable}
                      onChange={(_, d) => page.edit({ amounts: { ...amounts, [o.keyId]: d.value } })}
                    />
                    {f?.error && <Text className={styles.error}>{f.error}</Text>}
                  </>
                ) : (
                  <Text key="amount" className={styles.muted}>
                    —
                  </Text>
                ),
              ],
            };
          })}
        />
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
          <TextField
            label="融资期限（天）"
            required
            hint={
              product
                ? `${Math.max(30, product.termMinDays)}至${Math.min(360, product.termMaxDays)}天（资金产品）`
                : '30至360天'
            }
            value={values.term}
            disabled={!editable}
            onChange={(term) => page.edit({ term: term.replace(/\D/g, '') })}
          />
          <SelectField
            label="还款来源"
            required
            value={values.source}
            disabled={!editable}
            empty="请选择"
            choices={REPAYMENT_SOURCES.map((s) => ({ value: s.code, label: s.label }))}
            onChange={(source) => page.edit({ source })}
          />
          <TextField label="收款户名" value={detail?.supplierName ?? ''} readOnly />
          <TextField
            label="开户行"
            required
            value={values.bank}
            maxLength={100}
            disabled={!editable}
            onChange={(bank) => page.edit({ bank })}
          />
          <TextField
            label="账号"
            required
            validationMessage={
              values.account && !/^[0-9]{8,30}$/.test(values.account) ? '账号须为8至30位数字' : undefined
            }
            value={values.account}
            maxLength={30}
            disabled={!editable}
            onChange={(account) => page.edit({ account: account.replace(/\s/g, '') })}
          />
        </div>
      </div>

      <div className={styles.card} role="region" aria-label="准入资料">
        <Text weight="semibold">准入资料（带*号的为必填，支持 JPG/PNG/PDF）</Text>
        <div className={styles.docs}>
          {(detail?.docs ?? []).map((t) => {
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
                    onChange={(files) => setDoc(t.docType, { files })}
                  />
                ) : (
                  d.files.map((f) => <PreviewLink key={f.keyId} file={f} />)
                )}
                <TextField
                  label="有效期至"
                  validationMessage={expired ? '资料已过期，请重新上传' : undefined}
                  validationState={expired ? 'error' : 'none'}
                  type="date"
                  aria-label={`${t.label}有效期至`}
                  value={d.validTo}
                  disabled={!editable}
                  onChange={(validTo) => setDoc(t.docType, { validTo })}
                />
              </div>
            );
          })}
        </div>
      </div>
    </MakePageShell>
  );
}
