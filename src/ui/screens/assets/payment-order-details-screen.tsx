// 付款单详情 (/assetsManage/PaymentOrderDetails?id=): the order with its 确权 and 可融资, its invoices, its asset
// changes and its financing history — the businesses holding its 占用金额, each opening 业务详情 — BUSINESS.md §4.
import {
  Badge,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { createDetailLoadMachine } from '../../../application/assets/detail-load.machine';
import {
  ASSET_CHANGE,
  ASSET_CHANGE_DETAIL_PATH,
  CHANGE_TYPE_LABEL,
} from '../../../domain/assets/asset-change.resource';
import { PAYMENT_ORDER, PAYMENT_ORDER_PATH } from '../../../domain/assets/payment-order.resource';
import { formatDate, formatDateTime } from '../../../domain/format/date-format';
import { formatFen } from '../../../domain/format/money-format';
import { BUSINESS_DETAIL_PATH } from '../business/business-manage-screen';
import { detailFields } from '../../../domain/resource/resource';
import { displayOf } from '../../../domain/resource/resource-form';
import { useServices } from '../../app/services';
import { useListScreenStyles } from '../common/list-screen-styles';
import { useDetailStyles } from './detail-styles';

const changeTypeLabel = (t: string) => CHANGE_TYPE_LABEL[t as keyof typeof CHANGE_TYPE_LABEL] ?? t;
const changeStatusLabel = (s: string) => ASSET_CHANGE.statuses[s as keyof typeof ASSET_CHANGE.statuses]?.label ?? s;

export function PaymentOrderDetailsScreen() {
  const styles = { ...useListScreenStyles(), ...useDetailStyles() };
  const { resources, assets } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [machine] = useState(() =>
    createDetailLoadMachine(async () => {
      const [order, extra] = await Promise.all([resources.get(PAYMENT_ORDER, id), assets.orderDetails(id)]);
      return { order, extra };
    }),
  );
  const flow = useActorRef(machine);
  const data = useSelector(flow, (s) => s.context.data);
  const failed = useSelector(flow, (s) => s.matches('failed'));
  const openChange = (keyId: string) => navigate(`${ASSET_CHANGE_DETAIL_PATH}?id=${encodeURIComponent(keyId)}`);
  const openBusiness = (keyId: string) => navigate(`${BUSINESS_DETAIL_PATH}?id=${encodeURIComponent(keyId)}`);
  const status = data ? PAYMENT_ORDER.statuses[data.order.status as keyof typeof PAYMENT_ORDER.statuses] : undefined;

  return (
    <section className={styles.page}>
      <div className={styles.header}>
        <Text as="h1" size={600} weight="semibold">
          付款单详情
        </Text>
        {data && <Text size={500}>{String(data.order.orderNo ?? '')}</Text>}
        {status && (
          <Badge appearance="tint" color={status.tone}>
            {status.label}
          </Badge>
        )}
        <Button onClick={() => navigate(PAYMENT_ORDER_PATH)}>返回列表</Button>
      </div>
      {failed && <Text className={styles.empty}>付款单不存在或无权查看</Text>}
      {!data && !failed && <Text className={styles.empty}>加载中…</Text>}
      {data && (
        <>
          <div className={styles.card} role="region" aria-label="付款单信息">
            <Text weight="semibold">基本信息与确权</Text>
            <dl className={styles.grid}>
              {detailFields(PAYMENT_ORDER).map((f) => (
                <div key={f.key} className={styles.item}>
                  <dt className={styles.label}>{f.label}</dt>
                  <dd className={styles.value}>{displayOf(f, data.order[f.key])}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div className={styles.card} role="region" aria-label="发票">
            <Text weight="semibold">发票（{data.extra.invoices.length}）</Text>
            <div className={styles.scroll}>
              <Table size="small" aria-label="发票列表">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>发票号码</TableHeaderCell>
                    <TableHeaderCell>金额（元）</TableHeaderCell>
                    <TableHeaderCell>开票日期</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.extra.invoices.map((inv) => (
                    <TableRow key={inv.no}>
                      <TableCell>{inv.no}</TableCell>
                      <TableCell>{formatFen(BigInt(inv.amount))}</TableCell>
                      <TableCell>{formatDate(inv.date)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            {data.extra.invoices.length === 0 && <Text className={styles.empty}>暂无发票</Text>}
          </div>
          <div className={styles.card} role="region" aria-label="资产变更">
            <Text weight="semibold">资产变更（{data.extra.changes.length}）</Text>
            <div className={styles.scroll}>
              <Table size="small" aria-label="资产变更列表">
                <TableHeader>
                  <TableRow>
                    {['变更编号', '类型', '摘要', '状态', '时间'].map((title) => (
                      <TableHeaderCell key={title}>{title}</TableHeaderCell>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.extra.changes.map((c) => (
                    <TableRow key={c.keyId}>
                      <TableCell>
                        <Button appearance="transparent" size="small" onClick={() => openChange(c.keyId)}>
                          {c.changeNo}
                        </Button>
                      </TableCell>
                      <TableCell>{changeTypeLabel(c.changeType)}</TableCell>
                      <TableCell>{c.summary}</TableCell>
                      <TableCell>{changeStatusLabel(c.status)}</TableCell>
                      <TableCell>{formatDateTime(c.changedAt)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            {data.extra.changes.length === 0 && <Text className={styles.empty}>暂无资产变更</Text>}
          </div>
          <div className={styles.card} role="region" aria-label="融资记录">
            <Text weight="semibold">融资记录（{data.extra.financings.length}）</Text>
            {data.extra.financings.length > 0 && (
              <div className={styles.scroll}>
                <Table size="small" aria-label="融资记录列表" className={styles.wideTable}>
                  <TableHeader>
                    <TableRow>
                      {['业务编号', '融资申请编号', '业务状态', '占用金额（元）'].map((title) => (
                        <TableHeaderCell key={title}>{title}</TableHeaderCell>
                      ))}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {data.extra.financings.map((f) => (
                      <TableRow key={f.businessId}>
                        <TableCell>
                          <Button appearance="transparent" size="small" onClick={() => openBusiness(f.businessId)}>
                            {f.businessNo}
                          </Button>
                        </TableCell>
                        <TableCell className={styles.noWrap}>{f.applicationNo}</TableCell>
                        <TableCell className={styles.noWrap}>{f.stateLabel}</TableCell>
                        <TableCell className={styles.noWrap}>{formatFen(BigInt(f.reservedAmount))}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}
            {data.extra.financings.length === 0 && <Text className={styles.empty}>暂无融资记录</Text>}
          </div>
        </>
      )}
    </section>
  );
}
