// 资产变更详情 (/assetsManage/assetChangeDetail?id=): the change, each field's before and after under its Chinese
// name, and the businesses it touches (none until the lifecycle exists) — BUSINESS.md §4.
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
import { ASSET_CHANGE, ASSET_CHANGE_PATH, CHANGED_FIELD_LABEL } from '../../../domain/assets/asset-change.resource';
import { detailFields } from '../../../domain/resource/resource';
import { displayOf } from '../../../domain/resource/resource-form';
import { useServices } from '../../app/services';
import { useListScreenStyles } from '../common/list-screen-styles';
import { useDetailStyles } from './detail-styles';

export function AssetChangeDetailScreen() {
  const styles = { ...useListScreenStyles(), ...useDetailStyles() };
  const { resources, assets } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [machine] = useState(() =>
    createDetailLoadMachine(async () => {
      const [change, extra] = await Promise.all([resources.get(ASSET_CHANGE, id), assets.changeDiffs(id)]);
      return { change, extra };
    }),
  );
  const flow = useActorRef(machine);
  const data = useSelector(flow, (s) => s.context.data);
  const failed = useSelector(flow, (s) => s.matches('failed'));
  const status = data ? ASSET_CHANGE.statuses[data.change.status as keyof typeof ASSET_CHANGE.statuses] : undefined;

  return (
    <section className={styles.page}>
      <div className={styles.header}>
        <Text as="h1" size={600} weight="semibold">
          资产变更详情
        </Text>
        {data && <Text size={500}>{String(data.change.changeNo ?? '')}</Text>}
        {status && (
          <Badge appearance="tint" color={status.tone}>
            {status.label}
          </Badge>
        )}
        <Button onClick={() => navigate(ASSET_CHANGE_PATH)}>返回列表</Button>
      </div>
      {failed && <Text className={styles.empty}>资产变更不存在或无权查看</Text>}
      {!data && !failed && <Text className={styles.empty}>加载中…</Text>}
      {data && (
        <>
          <div className={styles.card} role="region" aria-label="变更信息">
            <dl className={styles.grid}>
              {detailFields(ASSET_CHANGE).map((f) => (
                <div key={f.key} className={styles.item}>
                  <dt className={styles.label}>{f.label}</dt>
                  <dd className={styles.value}>{displayOf(f, data.change[f.key])}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div className={styles.card} role="region" aria-label="变更前后">
            <Text weight="semibold">变更前后对比</Text>
            <div className={styles.scroll}>
              <Table size="small" aria-label="变更字段">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>字段</TableHeaderCell>
                    <TableHeaderCell>变更前</TableHeaderCell>
                    <TableHeaderCell>变更后</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.extra.diffs.map((d) => (
                    <TableRow key={d.field}>
                      <TableCell>{CHANGED_FIELD_LABEL[d.field] ?? d.field}</TableCell>
                      <TableCell>{d.before || '--'}</TableCell>
                      <TableCell>{d.after || '--'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </div>
          <div className={styles.card} role="region" aria-label="影响业务">
            <Text weight="semibold">影响业务（{data.extra.impactedBusinessIds.length}）</Text>
            {data.extra.impactedBusinessIds.length === 0 ? (
              <Text className={styles.empty}>暂无受影响的融资业务</Text>
            ) : (
              <Text>{data.extra.impactedBusinessIds.join('、')}</Text>
            )}
          </div>
        </>
      )}
    </section>
  );
}
