// 申请预授信 (/business/applyForRufs, BUSINESS.md §4 "M"): supplier, project company, amount, validity and the
// basis orders picked with their eligible amounts, the ceiling the rule will hold the amount to, and the
// data-query authorisation shown before 提交. 保存 keeps a draft; 提交 saves and submits through the business's
// transition. The page is a `sublevel` one (SPEC §2.3): a reload returns to the list.
import {
  Badge,
  Button,
  Checkbox,
  Field,
  Input,
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
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { createApplyPreCreditMachine } from '../../../application/pre-credit/apply-pre-credit.machine';
import { choiceSummary } from '../../../domain/financing/pre-credit-form';
import { PRE_CREDIT_LIST_PATH, PRE_CREDIT_MAKE_PATH } from '../../../domain/financing/pre-credit';
import { financingRatio, ratioPercent } from '../../../domain/financing/pre-credit-rules';
import { formatFen } from '../../../domain/format/money-format';
import { useServices } from '../../app/services';
import { Permission } from '../../shell/permission';

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
  fields: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: '12px 24px',
  },
  orders: { overflowX: 'auto' },
  table: { minWidth: '560px' },
  amount: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  summary: { display: 'flex', flexWrap: 'wrap', gap: '8px 24px' },
  footer: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
});

export function ApplyForRufsScreen() {
  const [params] = useSearchParams();
  const keyId = params.get('id') ?? '';
  // Another record's 编辑 is a new form.
  return <ApplyForm key={keyId} keyId={keyId} />;
}

function ApplyForm({ keyId }: { keyId: string }) {
  const styles = useStyles();
  const { preCredit, notifier, store } = useServices();
  const navigate = useNavigate();
  // SPEC §2.3's sublevel flag marks "on this page": a reload finds it and returns to the list. Leaving by the
  // page's own buttons takes it down, so the next 申请预授信 opens the page rather than bouncing once.
  const leave = useCallback(() => {
    store.removeFlag('sublevel');
    navigate(PRE_CREDIT_LIST_PATH);
  }, [store, navigate]);
  const [machine] = useState(() => createApplyPreCreditMachine({ gateway: preCredit, notifier }));
  const actor = useActorRef(machine, { input: keyId ? { keyId } : {} });
  const texts = useSelector(actor, (s) => s.context.texts);
  const errors = useSelector(actor, (s) => s.context.errors);
  const suppliers = useSelector(actor, (s) => s.context.suppliers);
  const companies = useSelector(actor, (s) => s.context.companies);
  const orders = useSelector(actor, (s) => s.context.orders);
  const selected = useSelector(actor, (s) => s.context.selected);
  const ratio = useSelector(actor, (s) => s.context.ratio);
  const consent = useSelector(actor, (s) => s.context.consent);
  const locked = useSelector(actor, (s) => s.context.locked);
  const preCreditNo = useSelector(actor, (s) => s.context.preCreditNo);
  const savedKey = useSelector(actor, (s) => s.context.keyId);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const choosing = useSelector(actor, (s) => s.matches('choosing'));
  const busy = useSelector(actor, (s) => s.matches('saving') || s.matches('submitting'));
  const done = useSelector(actor, (s) => s.matches('done'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const change = (key: 'supplierId' | 'projectCompanyId' | 'amount' | 'validDays', text: string) =>
    actor.send({ type: 'CHANGE', key, text });

  // Leaving after the save is navigation, not a fetch.
  useEffect(() => {
    if (done) leave();
  }, [done, leave]);

  const summary = choiceSummary(orders, selected, ratio);
  const percent = ratioPercent(financingRatio(ratio));
  const title = keyId ? `编辑预授信${preCreditNo ? ` ${preCreditNo}` : ''}` : '申请预授信';

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        {title}
      </Text>
      {failed ? (
        <div className={styles.card}>
          <Text>预授信不存在或无权查看</Text>
          <div className={styles.footer}>
            <Button onClick={leave}>返回</Button>
          </div>
        </div>
      ) : loading ? (
        <Spinner label="加载中…" />
      ) : (
        <>
          <div className={styles.card} role="form" aria-label="预授信信息">
            <div className={styles.fields}>
              <Field label="供应商" required validationMessage={errors.supplierId}>
                <Select
                  aria-label="供应商"
                  value={texts.supplierId}
                  disabled={!!keyId || suppliers.length === 1}
                  onChange={(_, d) => change('supplierId', d.value)}
                >
                  <option value="">请选择供应商</option>
                  {suppliers.map((o) => (
                    <option key={o.keyId} value={o.keyId}>
                      {o.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="项目公司">
                <Select
                  aria-label="项目公司"
                  value={texts.projectCompanyId}
                  onChange={(_, d) => change('projectCompanyId', d.value)}
                >
                  <option value="">全部项目公司</option>
                  {companies.map((o) => (
                    <option key={o.keyId} value={o.keyId}>
                      {o.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="申请额度（元）" required validationMessage={errors.amount}>
                <Input
                  aria-label="申请额度（元）"
                  value={texts.amount}
                  maxLength={20}
                  placeholder="请输入申请额度"
                  onChange={(_, d) => change('amount', d.value)}
                />
              </Field>
              <Field label="有效期（天）" required validationMessage={errors.validDays} hint="默认90天">
                <Input
                  aria-label="有效期（天）"
                  value={texts.validDays}
                  maxLength={3}
                  onChange={(_, d) => change('validDays', d.value)}
                />
              </Field>
            </div>
            {consent === false && (
              <MessageBar intent="warning">
                <MessageBarBody>供应商尚未授权数据查询，授权后才能提交预授信。</MessageBarBody>
              </MessageBar>
            )}
            {consent === true && (
              <MessageBar intent="success">
                <MessageBarBody>供应商已授权数据查询。</MessageBarBody>
              </MessageBar>
            )}
            {locked && (
              <MessageBar intent="error">
                <MessageBarBody>供应商已被锁定，不能发起新的融资申请。</MessageBarBody>
              </MessageBar>
            )}
          </div>
          <div className={styles.card}>
            <Text as="h2" size={400} weight="semibold">
              依据付款单
            </Text>
            {choosing ? (
              <Spinner size="small" label="加载付款单…" />
            ) : !texts.supplierId ? (
              <Text>请先选择供应商</Text>
            ) : orders.length === 0 ? (
              <Text>该供应商暂无已确权、未锁定且有可融资余额的付款单</Text>
            ) : (
              <div className={styles.orders}>
                <Table aria-label="依据付款单" size="small" className={styles.table}>
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell style={{ width: 48 }}>选择</TableHeaderCell>
                      <TableHeaderCell>付款单号</TableHeaderCell>
                      <TableHeaderCell>项目公司</TableHeaderCell>
                      <TableHeaderCell style={{ width: 110 }}>到期日</TableHeaderCell>
                      <TableHeaderCell style={{ width: 150 }}>可融资余额（元）</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {orders.map((o) => (
                      <TableRow key={o.keyId}>
                        <TableCell>
                          <Checkbox
                            aria-label={`选择付款单 ${o.orderNo}`}
                            checked={selected.includes(o.keyId)}
                            onChange={() => actor.send({ type: 'TOGGLE', keyId: o.keyId })}
                          />
                        </TableCell>
                        <TableCell>{o.orderNo}</TableCell>
                        <TableCell>{o.projectCompanyName ?? '--'}</TableCell>
                        <TableCell>{o.dueDate}</TableCell>
                        <TableCell className={styles.amount}>{formatFen(BigInt(o.eligibleAmount))}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}
            <div className={styles.summary} aria-label="可申请额度">
              <Text>
                已选 <Badge appearance="tint">{summary.count}</Badge> 张
              </Text>
              <Text>可融资余额合计：{formatFen(summary.eligibleSum)} 元</Text>
              <Text weight="semibold">
                可申请上限（×{percent}）：{formatFen(summary.ceiling)} 元
              </Text>
            </div>
          </div>
          <div className={styles.footer}>
            <Permission code={savedKey ? 'edit' : 'add'} path={PRE_CREDIT_LIST_PATH}>
              <Button disabled={busy} onClick={() => actor.send({ type: 'SAVE' })}>
                保存
              </Button>
            </Permission>
            <Permission code="submit" path={PRE_CREDIT_MAKE_PATH}>
              <Button appearance="primary" disabled={busy} onClick={() => actor.send({ type: 'SUBMIT' })}>
                提交
              </Button>
            </Permission>
            <Button onClick={leave}>返回</Button>
          </div>
        </>
      )}
    </section>
  );
}
