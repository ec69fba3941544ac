// 申请预授信 (/business/applyForRufs, BUSINESS.md §4 "M"): supplier, project company, amount, validity and the
// basis orders picked with their eligible amounts, the ceiling the rule will hold the amount to, and the
// data-query authorisation shown before 提交. The flow, 保存 / 提交 / 返回, the return reason and the last
// comment are the stage kit's (pre-credit-make.ts says what is the pre-credit's). The page is a `sublevel`
// one (SPEC §2.3): a reload returns to the list.
import { Badge, Checkbox, Spinner, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { choiceSummary } from '../../../domain/financing/pre-credit-form';
import { PRE_CREDIT_LIST_PATH, PRE_CREDIT_MAKE_PATH, PRE_CREDIT_STAGE } from '../../../domain/financing/pre-credit';
import { financingRatio, orderRatio, ratioPercent } from '../../../domain/financing/pre-credit-rules';
import { formatFen } from '../../../domain/format/money-format';
import { SelectField, TextField } from '../../kit/form-fields';
import { Notice } from '../../kit/notice';
import { SmallTable } from '../stage/detail-tab-parts';
import { MakePageShell, useMakePage, useMakeStyles } from '../stage/make-page-shell';
import { MakeSection, recordScreen } from '../stage/stage-parts';
import { useStage } from '../stage/use-stage';
import { preCreditMakeSpec } from './pre-credit-make';

function ApplyForm({ id: keyId }: { id: string }) {
  const styles = useMakeStyles();
  const client = useStage(PRE_CREDIT_STAGE);
  const [spec] = useState(() => preCreditMakeSpec(client));
  const page = useMakePage(PRE_CREDIT_STAGE, spec, keyId);
  const { values, errors, extra, record } = page.context;
  const { suppliers = [], companies = [], orders = [], ratio = '0.8000', consent = null, locked = false } = extra ?? {};
  const texts = values;
  const selected = values.selected ?? [];
  const summary = choiceSummary(orders, selected, ratio);
  const title = keyId ? `编辑预授信${record?.preCreditNo ? ` ${record.preCreditNo}` : ''}` : '申请预授信';
  const toggle = (id: string) =>
    page.edit({ selected: selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id] });

  return (
    <MakePageShell
      def={PRE_CREDIT_STAGE}
      page={page}
      title={title}
      save={{ code: record ? 'edit' : 'add', path: PRE_CREDIT_LIST_PATH }}
      submit={{ code: 'submit', path: PRE_CREDIT_MAKE_PATH }}
    >
      <div className={styles.card} role="form" aria-label="预授信信息">
        <div className={styles.fields}>
          <SelectField
            label="供应商"
            required
            validationMessage={errors.supplierId}
            value={texts.supplierId}
            disabled={!!keyId || suppliers.length === 1}
            empty="请选择供应商"
            choices={suppliers.map((o) => ({ value: o.keyId, label: o.name }))}
            // Another supplier's orders are no basis: the choice starts again.
            onChange={(supplierId) => page.edit({ supplierId, selected: [] }, true)}
          />
          <SelectField
            label="项目公司"
            value={texts.projectCompanyId}
            empty="全部项目公司"
            choices={companies.map((o) => ({ value: o.keyId, label: o.name }))}
            onChange={(projectCompanyId) => page.edit({ projectCompanyId }, true)}
          />
          <TextField
            label="申请额度（元）"
            required
            validationMessage={errors.amount}
            value={texts.amount}
            maxLength={20}
            placeholder="请输入申请额度"
            onChange={(amount) => page.edit({ amount })}
          />
          <TextField
            label="有效期（天）"
            required
            validationMessage={errors.validDays}
            hint="默认90天"
            value={texts.validDays}
            maxLength={3}
            onChange={(validDays) => page.edit({ validDays })}
          />
        </div>
        {consent === false && <Notice intent="warning">供应商尚未授权数据查询，授权后才能提交预授信。</Notice>}
        {consent === true && <Notice intent="success">供应商已授权数据查询。</Notice>}
        {locked && <Notice intent="error">供应商已被锁定，不能发起新的融资申请。</Notice>}
      </div>
      <MakeSection title="依据付款单">
        {page.refreshing ? (
          <Spinner size="small" label="加载付款单…" />
        ) : !texts.supplierId ? (
          <Text>请先选择供应商</Text>
        ) : orders.length === 0 ? (
          <Text>该供应商暂无已确权、未锁定且有可融资余额的付款单</Text>
        ) : (
          <SmallTable
            label="依据付款单"
            minWidth="700px"
            columns={[
              { title: '选择', width: 48 },
              { title: '付款单号', width: 140 },
              { title: '项目公司' },
              { title: '到期日', width: 110 },
              { title: '可融资余额（元）', width: 150, amount: true },
              { title: '融资比例', width: 90, amount: true },
            ]}
            rows={orders.map((o) => ({
              key: o.keyId,
              cells: [
                <Checkbox
                  key="pick"
                  aria-label={`选择付款单 ${o.orderNo}`}
                  checked={selected.includes(o.keyId)}
                  onChange={() => toggle(o.keyId)}
                />,
                o.orderNo,
                o.projectCompanyName ?? '--',
                o.dueDate,
                formatFen(BigInt(o.eligibleAmount)),
                // The cap of the order's own project company, which the ceiling below applies.
                ratioPercent(orderRatio(o, financingRatio(ratio))),
              ],
            }))}
          />
        )}
        <div className={styles.facts} aria-label="可申请额度">
          <Text>
            已选 <Badge appearance="tint">{summary.count}</Badge> 张
          </Text>
          <Text>可融资余额合计：{formatFen(summary.eligibleSum)} 元</Text>
          <Text weight="semibold">
            可申请上限（可融资余额×{summary.ratioText}）：{formatFen(summary.ceiling)} 元
          </Text>
        </div>
      </MakeSection>
    </MakePageShell>
  );
}

// Another record's 编辑 is a new form.
export const ApplyForRufsScreen = recordScreen(ApplyForm);
