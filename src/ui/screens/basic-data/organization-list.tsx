// The list half of 供应商管理 and 项目公司管理: a query form and a paged table over the paged-list flow, 新增
// opening the hidden add page, 编辑 the same page with the record's keyId, 停用 / 启用 after a confirmation —
// each behind its operation code on the list's menu path (SPEC §6). The flows are made here, in the screen's
// own lazy chunk.
import { Badge, Button, Input, Select, Text } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createOrganizationStatusMachine } from '../../../application/organizations/organization-status.machine';
import { createPagedListMachine } from '../../../application/paged-list/paged-list.machine';
import { formatDateTime } from '../../../domain/format/date-format';
import {
  EMPTY_ORGANIZATION_QUERY,
  ORG_STATUS_LABEL,
  type OrgStatus,
  type Organization,
  type OrganizationQuery,
} from '../../../domain/organization/organization';
import { tenantApps } from '../../../domain/session/session';
import { filterTextInput } from '../../../domain/text-input/text-input-filter';
import { useServices } from '../../app/services';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { QueryForm, QueryFormItem } from '../../kit/dialogs/query-form';
import { StateConfirmDialog } from '../../kit/dialogs/state-confirm-dialog';
import { RowActions } from '../../kit/table/row-actions';
import { ToolbarButton } from '../../kit/table/toolbar-button';
import { Permission, useOperation } from '../../shell/permission';
import { usePagedList } from '../common/use-paged-list';
import { useListScreenStyles } from '../common/list-screen-styles';

type Query = OrganizationQuery & { gysId: string };
const EMPTY_QUERY: Query = { ...EMPTY_ORGANIZATION_QUERY, gysId: '' };

export interface OrganizationListConfig {
  resource: 'supplier' | 'projectCompany';
  title: string;
  listPath: string;
  addPath: string;
  tableLabel: string;
}

export function OrganizationList({ config }: { config: OrganizationListConfig }) {
  const styles = useListScreenStyles();
  const { organizations, notifier, session } = useServices();
  const navigate = useNavigate();
  const isSupplier = config.resource === 'supplier';
  const [listMachine] = useState(() =>
    createPagedListMachine((q: Query, page) => organizations.page(config.resource, q, page), EMPTY_QUERY),
  );
  const list = useActorRef(listMachine);
  const reload = useCallback(() => {
    list.send({ type: 'RELOAD' });
  }, [list]);
  const [statusMachine] = useState(() =>
    createOrganizationStatusMachine({ gateway: organizations, notifier, resource: config.resource, onChanged: reload }),
  );
  const status = useActorRef(statusMachine);
  const table = usePagedList(list, `basic-data.${config.resource}`);
  const canEdit = useOperation('edit', config.listPath);
  const canDelete = useOperation('delete', config.listPath);
  const confirming = useSelector(status, (s) => s.matches('confirming'));
  const target = useSelector(status, (s) => s.context.target);
  const stored = useSelector(session, (s) => s.context.session);
  const tenants = useSelector(session, (s) => s.context.tenants);
  const appNames = useMemo(
    () => new Map(tenantApps(tenants, stored?.tenantId ?? '').map((a) => [String(a.appId), a.appName])),
    [tenants, stored],
  );
  const [draft, setDraft] = useState<Query>(EMPTY_QUERY);
  const { listPath, addPath } = config;

  const columns: PagedTableColumn<Organization>[] = [
    ...(isSupplier ? [{ key: 'gysId', title: '供应商编号', width: 116 } as PagedTableColumn<Organization>] : []),
    { key: 'enterpriseName', title: '企业名称', width: 210, minWidth: 180 },
    { key: 'creditCode', title: '统一社会信用代码', width: 170, render: (r) => r.creditCode || '--' },
    { key: 'parentName', title: '上级组织', width: 150, render: (r) => r.parentName || '--' },
    { key: 'contactName', title: '联系人', width: 70, render: (r) => r.contactName || '--' },
    { key: 'contactMobile', title: '手机号', width: 110, render: (r) => r.contactMobile || '--' },
    ...(isSupplier
      ? [
          {
            key: 'appIds',
            title: '所属子系统',
            width: 140,
            render: (r: Organization) => r.appIds.map((a) => appNames.get(a) ?? a).join('、') || '--',
          } as PagedTableColumn<Organization>,
        ]
      : []),
    {
      key: 'status',
      title: '状态',
      width: 64,
      render: (r) => (
        <Badge appearance="tint" color={r.status === 'ENABLED' ? 'success' : 'subtle'}>
          {ORG_STATUS_LABEL[r.status]}
        </Badge>
      ),
    },
    { key: 'createTime', title: '创建时间', width: 146, render: (r) => formatDateTime(r.createTime) },
    {
      key: 'operations',
      title: '操作',
      width: 120,
      fixed: 'right',
      hideable: false,
      render: (r) => (
        <RowActions
          label={r.enterpriseName}
          actions={[
            {
              label: '编辑',
              hidden: !canEdit,
              onClick: () => navigate(`${addPath}?keyId=${encodeURIComponent(r.keyId)}`),
            },
            {
              label: r.status === 'ENABLED' ? '停用' : '启用',
              hidden: !canDelete,
              danger: r.status === 'ENABLED',
              onClick: () =>
                status.send({
                  type: 'REQUEST',
                  target: {
                    keyId: r.keyId,
                    enterpriseName: r.enterpriseName,
                    status: r.status === 'ENABLED' ? 'DISABLED' : 'ENABLED',
                    version: r.version,
                  },
                }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        {config.title}
      </Text>
      <div className={styles.card}>
        <QueryForm
          searching={table.loading}
          onSearch={() => list.send({ type: 'SEARCH', query: draft })}
          onReset={() => {
            setDraft(EMPTY_QUERY);
            list.send({ type: 'RESET' });
          }}
        >
          <QueryFormItem label="企业名称">
            <Input
              value={draft.enterpriseName}
              placeholder="请输入企业名称"
              onChange={(_, d) =>
                setDraft((q) => ({
                  ...q,
                  enterpriseName: filterTextInput(d.value, q.enterpriseName, { kind: 'singleLine', max: 100 }),
                }))
              }
            />
          </QueryFormItem>
          <QueryFormItem label="统一社会信用代码">
            <Input
              value={draft.creditCode}
              placeholder="请输入统一社会信用代码"
              maxLength={18}
              onChange={(_, d) =>
                setDraft((q) => ({ ...q, creditCode: d.value.replace(/[^0-9A-Za-z]/g, '').toUpperCase() }))
              }
            />
          </QueryFormItem>
          {isSupplier && (
            <QueryFormItem label="供应商编号">
              <Input
                value={draft.gysId}
                placeholder="请输入供应商编号"
                maxLength={32}
                onChange={(_, d) =>
                  setDraft((q) => ({ ...q, gysId: d.value.replace(/[^0-9A-Za-z]/g, '').toUpperCase() }))
                }
              />
            </QueryFormItem>
          )}
          <QueryFormItem label="状态">
            <Select
              value={draft.status}
              onChange={(_, d) => setDraft((q) => ({ ...q, status: d.value as Query['status'] }))}
            >
              <option value="">全部</option>
              {(Object.keys(ORG_STATUS_LABEL) as OrgStatus[]).map((s) => (
                <option key={s} value={s}>
                  {ORG_STATUS_LABEL[s]}
                </option>
              ))}
            </Select>
          </QueryFormItem>
        </QueryForm>
      </div>
      <div className={styles.card}>
        <PagedTable
          aria-label={config.tableLabel}
          columns={columns}
          {...table}
          rowKey={(row) => row.keyId}
          toolbar={
            <Permission code="add" path={listPath}>
              <ToolbarButton appearance="primary" onClick={() => navigate(addPath)}>
                新增
              </ToolbarButton>
            </Permission>
          }
        />
      </div>
      <StateConfirmDialog
        open={confirming}
        type="warning"
        title={target?.status === 'DISABLED' ? '停用' : '启用'}
        message={`确定${target?.status === 'DISABLED' ? '停用' : '启用'} ${target?.enterpriseName ?? ''} 吗？`}
        onConfirm={() => status.send({ type: 'CONFIRM' })}
        onCancel={() => status.send({ type: 'CANCEL' })}
      />
    </section>
  );
}
