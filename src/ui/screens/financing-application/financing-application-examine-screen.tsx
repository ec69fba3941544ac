// 融资申请审核 (/business/financingApplicationExamine) and its detail (/business/financingApplicationExamineInfo,
// BUSINESS.md §4 "L" and "E"): the review queue filtered to 融资申请, and the one review page with the
// application read-only under the business's summary — its lines, its 准入资料 (each file opens in 文件预览),
// and the SUBMIT_APPLICATION rule's results as the gateway finds them now. The opinion box,
// the buttons the gateway offers, the progress and the timeline are the review page's own.
import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { REPAYMENT_SOURCES } from '../../../domain/financing/financing-application-rules';
import {
  FINANCING_APPLICATION_EXAMINE_INFO_PATH,
  FINANCING_APPLICATION_EXAMINE_PATH,
  FINANCING_APPLICATION_STAGE,
} from '../../../domain/financing/financing-application';
import { formatFen } from '../../../domain/format/money-format';
import { PreviewLink } from '../preview/preview-link';
import { SmallTable } from '../stage/detail-tab-parts';
import { useMakeStyles } from '../stage/make-page-shell';
import { useStage } from '../stage/use-stage';
import type { FinancingApplicationDetail } from './financing-application-make';
import type { StageExamineScreens } from '../stage/stage-kit';
import { formatPercent } from '../../../domain/format/percent-format';

/** 融资申请审核 and its detail on the stage kit's examine shell, with the application as its section. */
export const FINANCING_APPLICATION_EXAMINE: StageExamineScreens = {
  title: '融资申请审核',
  listPath: FINANCING_APPLICATION_EXAMINE_PATH,
  infoPath: FINANCING_APPLICATION_EXAMINE_INFO_PATH,
  section: (id) => <ExaminedFinancingApplication id={id} />,
};

const useOwnStyles = makeStyles({
  ok: { color: tokens.colorPaletteGreenForeground1 },
  bad: { color: tokens.colorPaletteRedForeground1 },
});

const money = (fen: number) => formatFen(BigInt(fen));

function ExaminedFinancingApplication({ id }: { id: string }) {
  const styles = { ...useMakeStyles(), ...useOwnStyles() };
  const client = useStage(FINANCING_APPLICATION_STAGE);
  const [detail, setDetail] = useState<FinancingApplicationDetail | null>(null);
  useEffect(() => {
    // The reviewer's read: the stage's own route, granted on the review page.
    client
      .custom<FinancingApplicationDetail>('GET', `/${encodeURIComponent(id)}/review`)
      .then(setDetail, () => setDetail(null));
  }, [client, id]);
  if (!detail) return null;
  const byId = new Map(detail.orders.map((o) => [o.keyId, o]));
  const source = REPAYMENT_SOURCES.find((s) => s.code === detail.repaymentSource)?.label ?? '—';
  return (
    <>
      <div className={styles.card} role="region" aria-label="融资申请">
        <Text weight="semibold">融资申请 {detail.applicationNo}</Text>
        <div className={styles.facts}>
          <Text>申请总额：{money(detail.totalAmount ?? 0)} 元</Text>
          <Text>期限：{detail.termDays ?? '—'} 天</Text>
          <Text>还款来源：{source}</Text>
          <Text>
            收款账户：{detail.supplierName} / {detail.payeeBank ?? '—'} / {detail.payeeAccount ?? '—'}
          </Text>
          <Text>融资比例：{formatPercent(detail.ratio, { trim: true })}</Text>
          <Text>
            预授信可用额度：
            {detail.preCreditAvailable === null ? '未批复' : `${money(detail.preCreditAvailable)} 元`}
          </Text>
        </div>
        <SmallTable
          label="融资明细"
          scrollLabel="融资明细（可左右滚动）"
          minWidth="640px"
          columns={[
            { title: '付款单号' },
            { title: '应付日' },
            { title: '可融资余额（元）', amount: true },
            { title: '本单上限（元）', amount: true },
            { title: '融资金额（元）', amount: true },
          ]}
          rows={detail.lines.map((l) => {
            const o = byId.get(l.orderId);
            return {
              key: l.orderId,
              cells: [
                <>
                  {o?.orderNo ?? l.orderId}
                  {o?.locked && (
                    <Badge appearance="tint" color="danger">
                      已锁定
                    </Badge>
                  )}
                </>,
                o?.dueDate ?? '—',
                o ? money(o.eligibleAmount) : '—',
                o ? money(o.maxFinanceAmount) : '—',
                money(l.financeAmount),
              ],
            };
          })}
        />
      </div>
      <div className={styles.card} role="region" aria-label="准入资料">
        <Text weight="semibold">准入资料</Text>
        <SmallTable
          label="准入资料清单"
          minWidth="640px"
          columns={[{ title: '资料类型' }, { title: '文件' }, { title: '有效期至' }]}
          rows={detail.docs
            .filter((d) => d.required || d.files.length > 0)
            .map((d) => {
              const expired = !!d.validTo && d.validTo < detail.today;
              return {
                key: d.docType,
                cells: [
                  `${d.required ? '* ' : ''}${d.label}`,
                  d.files.length === 0 ? (
                    <Text key="files" className={styles.bad}>
                      未上传
                    </Text>
                  ) : (
                    d.files.map((f) => (
                      <div key={f.keyId}>
                        <PreviewLink file={f} />
                      </div>
                    ))
                  ),
                  <span key="validTo" className={expired ? styles.bad : undefined}>
                    {d.validTo ?? '—'}
                    {expired ? '（已过期）' : ''}
                  </span>,
                ],
              };
            })}
        />
      </div>
      <div className={styles.card} role="region" aria-label="规则校验">
        <Text weight="semibold">规则校验（融资申请提交规则）</Text>
        {detail.problems.length === 0 ? (
          <Text className={styles.ok}>
            全部通过：付款单已确权、未锁定、剩余期限足够，金额在比例与额度之内，必填资料齐全有效。
          </Text>
        ) : (
          <ul className={styles.list}>
            {detail.problems.map((p) => (
              <li key={p} className={styles.bad}>
                {p}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
