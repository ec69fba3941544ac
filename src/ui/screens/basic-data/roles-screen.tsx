// 角色管理 (/basicDataManagement/rolesManagment): the tenant's roles with a query form and a paged table;
// 查看 (the role, its granted menus and its users, read-only) for whoever sees the list — an auditor too —
// and 新增 / 编辑 / 删除 / 分配用户 / 权限 each behind the operation code that grants it (SPEC §6). 删除 asks first and
// is a status change on the gateway. The flows are made here, in the screen's own lazy chunk.
import { Badge, Button, Input, makeStyles, Select, Text } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createPagedListMachine } from '../../../application/paged-list/paged-list.machine';
import { createRoleDeleteMachine } from '../../../application/roles/role-delete.machine';
import { formatDateTime } from '../../../domain/format/date-format';
import {
  EMPTY_ROLE_QUERY,
  ROLE_STATUS_LABEL,
  type Role,
  type RoleQuery,
  type RoleStatus,
} from '../../../domain/role/role';
import { filterTextInput } from '../../../domain/text-input/text-input-filter';
import { useServices } from '../../app/services';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { QueryForm, QueryFormItem } from '../../kit/dialogs/query-form';
import { StateConfirmDialog } from '../../kit/dialogs/state-confirm-dialog';
import { RowActions } from '../../kit/table/row-actions';
import { ToolbarButton } from '../../kit/table/toolbar-button';
import { Permission, useOperation } from '../../shell/permission';
import { RoleEditorDialog, RoleMembersDialog, RoleViewDialog } from './role-dialogs';
import { usePagedList } from '../common/use-paged-list';
import { useListScreenStyles } from '../common/list-screen-styles';

export const ROLES_PATH = '/basicDataManagement/rolesManagment';
export const ROLE_JURISDICTION_PATH = '/basicDataManagement/rolesManagment/jurisdiction';

const useOwnStyles = makeStyles({
  actions: { display: 'flex', gap: '2px', flexWrap: 'nowrap', whiteSpace: 'nowrap' },
  op: { minWidth: 'auto', paddingLeft: '6px', paddingRight: '6px' },
});

type Dialog =
  | { kind: 'view'; role: Role }
  | { kind: 'create' }
  | { kind: 'edit'; role: Role }
  | { kind: 'members'; role: Role }
  | null;

export function RolesScreen() {
  const styles = { ...useListScreenStyles(), ...useOwnStyles() };
  const { roles, notifier } = useServices();
  const navigate = useNavigate();
  const [listMachine] = useState(() =>
    createPagedListMachine((q: RoleQuery, p) => roles.pageRoles(q, p), EMPTY_ROLE_QUERY),
  );
  const list = useActorRef(listMachine);
  const [deleteMachine] = useState(() => createRoleDeleteMachine({ roles, notifier }));
  const remover = useActorRef(deleteMachine);
  const table = usePagedList(list, 'basic-data.roles');
  const canEdit = useOperation('edit', ROLES_PATH);
  const canAuthorize = useOperation('authorize', ROLES_PATH);
  const canDelete = useOperation('delete', ROLES_PATH);
  const confirmingDelete = useSelector(remover, (s) => s.matches('confirming'));
  const deleting = useSelector(remover, (s) => s.context.role);
  const [draft, setDraft] = useState<RoleQuery>(EMPTY_ROLE_QUERY);
  const [dialog, setDialog] = useState<Dialog>(null);

  const reload = useCallback(() => {
    list.send({ type: 'RELOAD' });
  }, [list]);
  useEffect(() => remover.on('deleted', reload).unsubscribe, [remover, reload]);
  const closeDialog = useCallback(() => setDialog(null), []);
  const onSaved = useCallback(() => {
    setDialog(null);
    reload();
  }, [reload]);

  const columns: PagedTableColumn<Role>[] = [
    { key: 'roleName', title: '角色名称', width: 120 },
    { key: 'roleCode', title: '角色编码', width: 140 },
    {
      key: 'status',
      title: '状态',
      width: 70,
      render: (r) => (
        <Badge appearance="tint" color={r.status === 'ENABLED' ? 'success' : 'subtle'}>
          {ROLE_STATUS_LABEL[r.status]}
        </Badge>
      ),
    },
    { key: 'userCount', title: '用户数', width: 60, render: (r) => String(r.userCount ?? 0) },
    { key: 'remark', title: '备注', width: 110, render: (r) => r.remark || '--' },
    { key: 'createTime', title: '创建时间', width: 140, render: (r) => formatDateTime(r.createTime) },
    {
      key: 'operations',
      title: '操作',
      width: 230,
      fixed: 'right',
      hideable: false,
      render: (r) => (
        <RowActions
          label={r.roleName}
          actions={[
            { label: '查看', onClick: () => setDialog({ kind: 'view', role: r }) },
            { label: '编辑', hidden: !canEdit, onClick: () => setDialog({ kind: 'edit', role: r }) },
            {
              label: '权限',
              hidden: !canAuthorize,
              onClick: () => navigate(`${ROLE_JURISDICTION_PATH}?roleId=${encodeURIComponent(r.roleId)}`),
            },
            { label: '分配用户', hidden: !canAuthorize, onClick: () => setDialog({ kind: 'members', role: r }) },
            {
              label: '删除',
              danger: true,
              hidden: !canDelete || r.platformAdmin,
              onClick: () => remover.send({ type: 'ASK', role: r }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        角色管理
      </Text>
      <div className={styles.card}>
        <QueryForm
          searching={table.loading}
          onSearch={() => list.send({ type: 'SEARCH', query: draft })}
          onReset={() => {
            setDraft(EMPTY_ROLE_QUERY);
            list.send({ type: 'RESET' });
          }}
        >
          <QueryFormItem label="角色名称">
            <Input
              value={draft.roleName}
              placeholder="请输入角色名称"
              onChange={(_, d) =>
                setDraft((q) => ({ ...q, roleName: filterTextInput(d.value, q.roleName, { kind: 'singleLine' }) }))
              }
            />
          </QueryFormItem>
          <QueryFormItem label="角色编码">
            <Input
              value={draft.roleCode}
              placeholder="请输入角色编码"
              onChange={(_, d) =>
                setDraft((q) => ({ ...q, roleCode: filterTextInput(d.value, q.roleCode, { kind: 'singleLine' }) }))
              }
            />
          </QueryFormItem>
          <QueryFormItem label="状态">
            <Select
              value={draft.status}
              onChange={(_, d) => setDraft((q) => ({ ...q, status: d.value as RoleQuery['status'] }))}
            >
              <option value="">全部</option>
              {(Object.keys(ROLE_STATUS_LABEL) as RoleStatus[]).map((s) => (
                <option key={s} value={s}>
                  {ROLE_STATUS_LABEL[s]}
                </option>
              ))}
            </Select>
          </QueryFormItem>
        </QueryForm>
      </div>
      <div className={styles.card}>
        <PagedTable
          aria-label="角色列表"
          columns={columns}
          {...table}
          rowKey={(row) => row.roleId}
          toolbar={
            <Permission code="add" path={ROLES_PATH}>
              <ToolbarButton appearance="primary" onClick={() => setDialog({ kind: 'create' })}>
                新增
              </ToolbarButton>
            </Permission>
          }
        />
      </div>
      {dialog?.kind === 'view' && <RoleViewDialog role={dialog.role} onClose={closeDialog} />}
      {dialog?.kind === 'create' && <RoleEditorDialog role={null} onClose={closeDialog} onSaved={onSaved} />}
      {dialog?.kind === 'edit' && <RoleEditorDialog role={dialog.role} onClose={closeDialog} onSaved={onSaved} />}
      {dialog?.kind === 'members' && (
        <RoleMembersDialog
          role={dialog.role}
          onClose={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
      <StateConfirmDialog
        open={confirmingDelete}
        type="warning"
        title="删除角色"
        message={deleting ? `确定删除角色「${deleting.roleName}」吗？删除后其用户将不再拥有该角色的权限。` : ''}
        onConfirm={() => remover.send({ type: 'CONFIRM' })}
        onCancel={() => remover.send({ type: 'CANCEL' })}
      />
    </section>
  );
}
