// 负面舆情 (/risk/negativePublicOpinion): the risk area's list of negative public opinion, with a query
// form and a paged table. Kept alive with its tag, so a typed query and the page number survive a visit
// elsewhere.
import { Badge, Input, Select, Text } from '@fluentui/react-components';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { createPagedListMachine } from '../../../application/paged-list/paged-list.machine';
import { formatDate } from '../../../domain/format/date-format';
import {
  EMPTY_OPINION_QUERY, OPINION_STATUS_LABEL, RISK_LEVEL_LABEL,
  type NegativeOpinion, type NegativeOpinionQuery, type RiskLevel,
} from '../../../domain/risk/negative-opinion';
import { filterTextInput } from '../../../domain/text-input/text-input-filter';
import { useServices } from '../../app/services';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { QueryForm, QueryFormItem } from '../../kit/dialogs/query-form';
import { usePagedList } from '../common/use-paged-list';
import { useListScreenStyles } from '../common/list-screen-styles';


const LEVEL_COLOR: Record<RiskLevel, 'danger' | 'warning' | 'informative'> = { HIGH: 'danger', MEDIUM: 'warning', LOW: 'informative' };

const COLUMNS: PagedTableColumn<NegativeOpinion>[] = [
  { key: 'enterpriseName', title: '企业名称', width: 200 },
  { key: 'title', title: '舆情标题' },
  { key: 'source', title: '来源', width: 180 },
  {
    key: 'riskLevel', title: '风险等级', width: 90,
    render: (row) => <Badge appearance="tint" color={LEVEL_COLOR[row.riskLevel]}>{RISK_LEVEL_LABEL[row.riskLevel]}</Badge>,
  },
  { key: 'status', title: '处理状态', width: 90, render: (row) => OPINION_STATUS_LABEL[row.status] },
  { key: 'publishedOn', title: '发布日期', width: 110, render: (row) => formatDate(row.publishedOn) },
];

export function NegativeOpinionScreen() {
  const styles = useListScreenStyles();
  const { risk } = useServices();
  const [machine] = useState(() => createPagedListMachine((q: NegativeOpinionQuery, p) => risk.pageNegativeOpinions(q, p), EMPTY_OPINION_QUERY));
  const list = useActorRef(machine);
  const table = usePagedList(list);
  const [draft, setDraft] = useState<NegativeOpinionQuery>(EMPTY_OPINION_QUERY);

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">负面舆情</Text>
      <div className={styles.card}>
        <QueryForm
          searching={table.loading}
          onSearch={() => list.send({ type: 'SEARCH', query: draft })}
          onReset={() => { setDraft(EMPTY_OPINION_QUERY); list.send({ type: 'RESET' }); }}
        >
          <QueryFormItem label="企业名称">
            <Input
              value={draft.enterpriseName}
              placeholder="请输入企业名称"
              onChange={(_, d) => setDraft((q) => ({ ...q, enterpriseName: filterTextInput(d.value, q.enterpriseName, { kind: 'singleLine' }) }))}
            />
          </QueryFormItem>
          <QueryFormItem label="风险等级">
            <Select value={draft.riskLevel} onChange={(_, d) => setDraft((q) => ({ ...q, riskLevel: d.value as NegativeOpinionQuery['riskLevel'] }))}>
              <option value="">全部</option>
              {(Object.keys(RISK_LEVEL_LABEL) as RiskLevel[]).map((level) => <option key={level} value={level}>{RISK_LEVEL_LABEL[level]}</option>)}
            </Select>
          </QueryFormItem>
        </QueryForm>
      </div>
      <div className={styles.card}>
        <PagedTable
          aria-label="负面舆情列表"
          columns={COLUMNS}
          {...table}
          rowKey={(row) => row.keyId}
        />
      </div>
    </section>
  );
}
