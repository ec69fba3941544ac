// 融资业务管理 (/business/financingBusinessManage, BUSINESS.md §4): every business of the tenant (a supplier
// user's own only) in four tabs — 进行中, 已放款, 已结清, 已终止 — with the query form (编号, 供应商, 阶段, 状态,
// 金额区间, 更新日期), 导出 of the current filter, and per row 详情 and the actions of this page that the gateway
// offered for the row (终止, 暂停, 恢复). What may happen is the lifecycle table's answer, never this screen's.
import { Badge, Input, Select, Tab, TabList, Text, makeStyles } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createPagedListMachine } from '../../../application/paged-list/paged-list.machine';
import type { BusinessQuery } from '../../../application/ports/business-gateway.port';
import type { RefOption } from '../../../application/ports/resource-gateway.port';
import { selectMenus } from '../../../application/session/session.selectors';
import {
  BUSINESS_TABS,
  BUSINESS_TAB_LABEL,
  type BusinessListItem,
  type BusinessTab,
  TAB_STAGES,
  isPreCreditAmount,
} from '../../../domain/financing/business-list';
import { LIVE_STATES, TERMINAL_STATES, stageOf, stateLabel } from '../../../domain/financing/lifecycle';
import { formatDateTime } from '../../../domain/format/date-format';
import { formatFen, yuanToFen } from '../../../domain/format/money-format';
import { operationCodesFor } from '../../../domain/menu/menu';
import { useServices } from '../../app/services';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { QueryForm, QueryFormItem } from '../../kit/dialogs/query-form';
import { RowActions } from '../../kit/table/row-actions';
import { ToolbarButton } from '../../kit/table/toolbar-button';
import { useLoadOnce } from '../../kit/use-load-once';
import { useListScreenStyles } from '../common/list-screen-styles';
import { usePagedList } from '../common/use-paged-list';
import { MANAGE_ACTIONS, actionLabel, actionTone, useBusinessAction } from './business-action';
import { STAGE_LABEL } from '../../../domain/financing/stages';

export const BUSINESS_MANAGE_PATH = '/business/financingBusinessManage';
export const BUSINESS_DETAIL_PATH = '/business/newDetails';

const useOwnStyles = makeStyles({
  range: { display: 'flex', alignItems: 'center', gap: '4px', minWidth: 0 },
  bound: { minWidth: 0, flexGrow: 1, flexBasis: 0 },
  boundInput: { minWidth: 0, width: '100%' },
  state: { display: 'flex', flexWrap: 'wrap', gap: '4px', alignItems: 'center' },
  money: { fontVariantNumeric: 'tabular-nums' },
});

interface Draft {
  businessNo: string;
  supplierId: string;
  stage: string;
  state: string;
  amountFrom: string;
  amountTo: string;
  updatedFrom: string;
  updatedTo: string;
}

const EMPTY: Draft = {
  businessNo: '',
  supplierId: '',
  stage: '',
  state: '',
  amountFrom: '',
  amountTo: '',
  updatedFrom: '',
  updatedTo: '',
};

/** Amounts are typed in 元 and asked for in 分; one that is not an amount is left out. */
function wireQuery(draft: Draft, tab: BusinessTab): BusinessQuery {
  const fen = (yuan: string) => {
    if (!yuan.trim()) return '';
    const value = yuanToFen(yuan.trim());
    return value === null || value < 0n ? '' : String(value);
  };
  return { ...draft, amountFrom: fen(draft.amountFrom), amountTo: fen(draft.amountTo), tab };
}

const NO_SUPPLIERS: RefOption[] = [];

const ALL_STATES = [...new Set([...LIVE_STATES, ...TERMINAL_STATES])].filter((s) => !s.startsWith('DEMAND/'));

/** Where a business stands: its state, 暂停, and the review level it waits at. */
export function BusinessState({
  row,
}: {
  row: Pick<BusinessListItem, 'state' | 'stateLabel' | 'suspended' | 'reviewLevel' | 'reviewLevels'>;
}) {
  const styles = useOwnStyles();
  const stage = stageOf(row.state);
  const color = stage === 'TERMINATED' ? 'danger' : row.state.endsWith('/RETURNED') ? 'warning' : 'brand';
  return (
    <span className={styles.state}>
      <Badge appearance="tint" color={color}>
        {stage === 'TERMINATED' ? row.stateLabel : (row.stateLabel.split('·')[1] ?? row.stateLabel)}
      </Badge>
      {row.reviewLevel !== null && row.reviewLevels !== null && (
        <Text size={200}>{`第${row.reviewLevel}/${row.reviewLevels}级`}</Text>
      )}
      {row.suspended && (
        <Badge appearance="filled" color="warning">
          已暂停
        </Badge>
      )}
    </span>
  );
}

export function BusinessManageScreen() {
  const styles = { ...useListScreenStyles(), ...useOwnStyles() };
  const { business, notifier, session } = useServices();
  const navigate = useNavigate();
  const menus = useSelector(session, selectMenus);
  const grants = useMemo(() => operationCodesFor(menus, BUSINESS_MANAGE_PATH), [menus]);
  const [tab, setTab] = useState<BusinessTab>('ACTIVE');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const suppliers = useLoadOnce(() => business.suppliers(), NO_SUPPLIERS);
  const [exporting, setExporting] = useState(false);
  const [machine] = useState(() =>
    createPagedListMachine((q: BusinessQuery, p) => business.page(q, p), wireQuery(EMPTY, 'ACTIVE')),
  );
  const list = useActorRef(machine);
  const table = usePagedList(list, 'financing-business');
  const query = useSelector(list, (s) => s.context.query);
  const reload = useCallback(() => list.send({ type: 'RELOAD' }), [list]);
  const action = useBusinessAction(reload);

  const set = (key: keyof Draft, value: string) =>
    setDraft((d) => ({ ...d, [key]: value, ...(key === 'stage' ? { state: '' } : {}) }));
  const stages = TAB_STAGES[tab];
  const states = ALL_STATES.filter((s) => (draft.stage ? stageOf(s) === draft.stage : stages.includes(stageOf(s))));
  const openDetail = (row: BusinessListItem) => navigate(`${BUSINESS_DETAIL_PATH}?id=${encodeURIComponent(row.keyId)}`);
  const exportList = async () => {
    setExporting(true);
    try {
      notifier.success(`已导出 ${await business.exportList(query)}`);
    } catch {
      // The HTTP client has said why.
    } finally {
      setExporting(false);
    }
  };

  // 阶段 and 状态 come right after the supplier: what a person scans for first, before the amounts. Each minimum
  // is what its content needs (an amount in the ten millions, a badge with its review level, a date to the
  // second) or, for names, what still tells them apart; so at 1440 wide, beside the sidebar, both amounts and
  // the project company fit with the pinned 操作. When room is short the optional columns go, the last first:
  // 经办人 (on the detail page), then 项目公司, then 批复金额 (empty until the pre-credit is approved).
  const columns: PagedTableColumn<BusinessListItem>[] = [
    { key: 'businessNo', title: '业务编号', width: 136, minWidth: 128, render: (r) => r.businessNo },
    { key: 'supplierName', title: '供应商', width: 180, minWidth: 104, render: (r) => r.supplierName ?? '--' },
    { key: 'stage', title: '阶段', width: 80, minWidth: 72, render: (r) => STAGE_LABEL[r.stage] ?? r.stage },
    {
      key: 'state',
      title: '状态',
      width: 160,
      // The badge beside its level; 已暂停 goes to a second line when squeezed.
      minWidth: 114,
      ellipsis: false,
      render: (r) => <BusinessState row={r} />,
    },
    {
      key: 'applyAmount',
      title: '申请金额(元)',
      width: 124,
      minWidth: 104,
      render: (r) => <span className={styles.money}>{formatFen(BigInt(r.applyAmount))}</span>,
    },
    {
      key: 'approvedAmount',
      title: '批复金额(元)',
      width: 124,
      minWidth: 104,
      optional: true,
      // Until the decision is approved the amount is the pre-credit's 批复额度, and says so.
      ellipsis: false,
      render: (r) =>
        r.approvedAmount === null ? (
          '--'
        ) : (
          <span className={styles.money}>
            {formatFen(BigInt(r.approvedAmount))}
            {isPreCreditAmount(r.state) && (
              <Text size={100} block>
                预授信
              </Text>
            )}
          </span>
        ),
    },
    {
      key: 'projectCompanyName',
      title: '项目公司',
      width: 160,
      minWidth: 84,
      optional: true,
      render: (r) => r.projectCompanyName ?? '--',
    },
    {
      key: 'capitalSideName',
      title: '资金方/产品',
      width: 170,
      minWidth: 92,
      render: (r) => [r.capitalSideName, r.productName].filter(Boolean).join(' / ') || '--',
    },
    { key: 'ownerName', title: '经办人', width: 90, minWidth: 72, optional: true, render: (r) => r.ownerName ?? '--' },
    { key: 'updatedAt', title: '更新时间', width: 150, minWidth: 146, render: (r) => formatDateTime(r.updatedAt) },
    {
      key: 'operations',
      title: '操作',
      width: 170,
      minWidth: 170,
      fixed: 'right',
      hideable: false,
      ellipsis: false,
      render: (row) => (
        <RowActions
          label={row.businessNo}
          actions={[
            { label: '详情', onClick: () => openDetail(row) },
            ...MANAGE_ACTIONS.filter((a) => row.actions.includes(a)).map((a) => ({
              label: actionLabel(row.state, a),
              danger: actionTone(row.state, a) === 'danger',
              onClick: () => action.request(row, a),
            })),
          ]}
        />
      ),
    },
  ];

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        融资业务管理
      </Text>
      <div className={styles.card}>
        <QueryForm
          searching={table.loading}
          onSearch={() => list.send({ type: 'SEARCH', query: wireQuery(draft, tab) })}
          onReset={() => {
            setDraft(EMPTY);
            list.send({ type: 'SEARCH', query: wireQuery(EMPTY, tab) });
          }}
        >
          <QueryFormItem label="业务编号">
            <Input
              value={draft.businessNo}
              maxLength={30}
              placeholder="请输入业务编号"
              onChange={(_, d) => set('businessNo', d.value)}
            />
          </QueryFormItem>
          <QueryFormItem label="供应商">
            <Select value={draft.supplierId} onChange={(_, d) => set('supplierId', d.value)}>
              <option value="">全部</option>
              {suppliers.map((s) => (
                <option key={s.keyId} value={s.keyId}>
                  {s.name}
                </option>
              ))}
            </Select>
          </QueryFormItem>
          <QueryFormItem label="阶段">
            <Select value={draft.stage} onChange={(_, d) => set('stage', d.value)}>
              <option value="">全部</option>
              {stages.map((s) => (
                <option key={s} value={s}>
                  {STAGE_LABEL[s]}
                </option>
              ))}
            </Select>
          </QueryFormItem>
          <QueryFormItem label="状态">
            <Select value={draft.state} onChange={(_, d) => set('state', d.value)}>
              <option value="">全部</option>
              {states.map((s) => (
                <option key={s} value={s}>
                  {stateLabel(s)}
                </option>
              ))}
            </Select>
          </QueryFormItem>
          <QueryFormItem label="申请金额">
            <div className={styles.range}>
              <Input
                className={styles.bound}
                input={{ className: styles.boundInput }}
                aria-label="申请金额起（元）"
                placeholder="元"
                value={draft.amountFrom}
                onChange={(_, d) => set('amountFrom', d.value)}
              />
              <span>至</span>
              <Input
                className={styles.bound}
                input={{ className: styles.boundInput }}
                aria-label="申请金额止（元）"
                placeholder="元"
                value={draft.amountTo}
                onChange={(_, d) => set('amountTo', d.value)}
              />
            </div>
          </QueryFormItem>
          <QueryFormItem label="更新日期">
            <div className={styles.range}>
              <Input
                className={styles.bound}
                input={{ className: styles.boundInput }}
                aria-label="更新日期起"
                type="date"
                value={draft.updatedFrom}
                onChange={(_, d) => set('updatedFrom', d.value)}
              />
              <span>至</span>
              <Input
                className={styles.bound}
                input={{ className: styles.boundInput }}
                aria-label="更新日期止"
                type="date"
                value={draft.updatedTo}
                onChange={(_, d) => set('updatedTo', d.value)}
              />
            </div>
          </QueryFormItem>
        </QueryForm>
      </div>
      <div className={styles.card}>
        <TabList
          selectedValue={tab}
          onTabSelect={(_, d) => {
            const next = d.value as BusinessTab;
            setTab(next);
            // A stage or state of another tab would match nothing there.
            const kept = { ...draft, stage: '', state: '' };
            setDraft(kept);
            list.send({ type: 'SEARCH', query: wireQuery(kept, next) });
          }}
        >
          {BUSINESS_TABS.map((t) => (
            <Tab key={t} value={t}>
              {BUSINESS_TAB_LABEL[t]}
            </Tab>
          ))}
        </TabList>
        <PagedTable
          aria-label="融资业务列表"
          columns={columns}
          {...table}
          rowKey={(row) => row.keyId}
          toolbar={
            grants.has('export') && (
              <ToolbarButton disabled={exporting} onClick={() => void exportList()}>
                {exporting ? '导出中…' : '导出'}
              </ToolbarButton>
            )
          }
        />
      </div>
      {action.dialog}
    </section>
  );
}
