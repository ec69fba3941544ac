// 用户管理 (/basicDataManagement/userManagment): the tenant's users with a query form and a paged table whose
// 所属组织 comes from the organisation lookup; 查看 for everyone who sees the list (a read-only auditor
// included), 新增 / 编辑 / 分配角色 / 重置密码 / 启用·停用 each behind the operation code that grants it (SPEC §6),
// and the operation log. 停用 asks first and is never offered on the signed-in account's own row (the gateway
// refuses it too). Chosen rows can be exported, or enabled / disabled one call each with a count to confirm.
// The flows are made here, in the screen's own lazy chunk.
import { Badge, Button, Input, Select, Text } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { createPagedListMachine } from '../../../application/paged-list/paged-list.machine';
import { createUserActionsMachine } from '../../../application/users/user-actions.machine';
import { userPageLoader } from '../../../application/users/user-list';
import { batchSummary, setStatusInBatch } from '../../../application/users/user-batch';
import { formatDateTime } from '../../../domain/format/date-format';
import { filterTextInput } from '../../../domain/text-input/text-input-filter';
import { EMPTY_USER_QUERY, USER_MANAGEMENT_PATH, type UserQuery, type UserRecord } from '../../../domain/user/user';
import { USER_STATUS_LABEL, type UserStatus } from '../../../domain/user/user-form';
import { useServices } from '../../app/services';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { QueryForm, QueryFormItem } from '../../kit/dialogs/query-form';
import { StateConfirmDialog } from '../../kit/dialogs/state-confirm-dialog';
import { useConfirm } from '../../kit/dialogs/use-confirm';
import { downloadCsv, rowsToCsv, type ExportColumn } from '../../kit/table/export-rows';
import { RowActions } from '../../kit/table/row-actions';
import { ToolbarButton } from '../../kit/table/toolbar-button';
import { Permission, useOperation } from '../../shell/permission';
import {
  OperationLogDialog,
  PasswordOnceDialog,
  UserFormDialog,
  UserImportDialog,
  UserRolesDialog,
  UserViewDialog,
} from './user-dialogs';
import { usePagedList } from '../common/use-paged-list';
import { useListScreenStyles } from '../common/list-screen-styles';

const PATH = USER_MANAGEMENT_PATH;

const EXPORT_COLUMNS: ExportColumn<UserRecord>[] = [
  { title: '用户名', text: (r) => r.userName },
  { title: '姓名', text: (r) => r.nickName },
  { title: '所属组织', text: (r) => r.orgName },
  { title: '手机号', text: (r) => r.mobile },
  { title: '状态', text: (r) => USER_STATUS_LABEL[r.status] },
  { title: '创建时间', text: (r) => formatDateTime(r.createTime) },
];

type Editing =
  | { kind: 'view'; user: UserRecord }
  | { kind: 'create' }
  | { kind: 'import' }
  | { kind: 'edit'; user: UserRecord }
  | { kind: 'roles'; user: UserRecord }
  | { kind: 'log' }
  | null;

export function UserManagementScreen() {
  const styles = useListScreenStyles();
  const { users, notifier, session, clock } = useServices();
  const selfId = useSelector(session, (s) => s.context.user?.userId ?? '');
  const canEdit = useOperation('edit', PATH);
  const canAuthorize = useOperation('authorize', PATH);
  const canResetPwd = useOperation('resetPwd', PATH);
  const canExport = useOperation('export', PATH);
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [listMachine] = useState(() => createPagedListMachine(userPageLoader(users), EMPTY_USER_QUERY));
  const list = useActorRef(listMachine);
  const reload = useCallback(() => {
    list.send({ type: 'RELOAD' });
  }, [list]);
  const [actionsMachine] = useState(() => createUserActionsMachine({ gateway: users, notifier, onChanged: reload }));
  const actions = useActorRef(actionsMachine);
  const table = usePagedList(list, 'basic-data.users');
  const confirmingReset = useSelector(actions, (s) => s.matches('confirmingReset'));
  const shownPassword = useSelector(actions, (s) => (s.matches('showingPassword') ? s.context.password : null));
  const target = useSelector(actions, (s) => s.context.target);
  const exporting = useSelector(actions, (s) => s.matches('exporting'));
  const [draft, setDraft] = useState<UserQuery>(EMPTY_USER_QUERY);
  const [editing, setEditing] = useState<Editing>(null);
  const [created, setCreated] = useState<{ userName: string; password: string } | null>(null);

  const closeDialog = useCallback(() => setEditing(null), []);
  const onSaved = useCallback(
    (password: string | null, userName: string) => {
      setEditing(null);
      notifier.success(password ? '新增成功' : '修改成功');
      if (password) setCreated({ userName, password });
      reload();
    },
    [notifier, reload],
  );

  const disable = async (r: UserRecord) => {
    const yes = await confirm({
      title: '停用用户',
      message: `确定停用用户 ${r.userName}（${r.nickName}）吗？停用后该用户将立即退出登录且无法再登录。`,
      confirmText: '停用',
    });
    if (yes) actions.send({ type: 'SET_STATUS', userId: r.userId, userName: r.userName, status: 'DISABLED' });
  };
  const [batching, setBatching] = useState(false);
  const setInBatch = async (selected: readonly UserRecord[], status: UserStatus, clear: () => void) => {
    const action = status === 'DISABLED' ? '批量停用' : '批量启用';
    // The signed-in account is never disabled, in a batch either.
    const targets = selected.filter((u) => u.status !== status && !(status === 'DISABLED' && u.userId === selfId));
    if (targets.length === 0) {
      notifier.warning(`所选用户均已${USER_STATUS_LABEL[status]}`);
      return;
    }
    const yes = await confirm({
      title: action,
      message:
        `确定${status === 'DISABLED' ? '停用' : '启用'}所选的 ${targets.length} 个用户吗？` +
        (status === 'DISABLED' ? '停用后这些用户将立即退出登录。' : ''),
      confirmText: status === 'DISABLED' ? '停用' : '启用',
    });
    if (!yes) return;
    setBatching(true);
    const outcome = await setStatusInBatch(users, targets, status);
    setBatching(false);
    const summary = batchSummary(action, outcome);
    if (outcome.failed.length) notifier.warning(summary);
    else notifier.success(summary);
    clear();
    reload();
  };

  const columns: PagedTableColumn<UserRecord>[] = [
    { key: 'userName', title: '用户名', width: 110 },
    { key: 'nickName', title: '姓名', width: 80 },
    { key: 'orgName', title: '所属组织', width: 190, render: (r) => r.orgName || '--' },
    { key: 'mobile', title: '手机号', width: 110 },
    {
      key: 'status',
      title: '状态',
      width: 64,
      render: (r) => (
        <Badge appearance="tint" color={r.status === 'ENABLED' ? 'success' : 'subtle'}>
          {USER_STATUS_LABEL[r.status]}
        </Badge>
      ),
    },
    { key: 'createTime', title: '创建时间', width: 150, render: (r) => formatDateTime(r.createTime) },
    {
      key: 'operations',
      title: '操作',
      width: 230,
      fixed: 'right',
      hideable: false,
      render: (r) => (
        <RowActions
          label={r.userName}
          actions={[
            { label: '查看', onClick: () => setEditing({ kind: 'view', user: r }) },
            { label: '编辑', hidden: !canEdit, onClick: () => setEditing({ kind: 'edit', user: r }) },
            { label: '分配角色', hidden: !canAuthorize, onClick: () => setEditing({ kind: 'roles', user: r }) },
            {
              label: '重置密码',
              hidden: !canResetPwd,
              onClick: () => actions.send({ type: 'RESET_PASSWORD', userId: r.userId, userName: r.userName }),
            },
            r.status === 'ENABLED'
              ? { label: '停用', danger: true, hidden: !canEdit || r.userId === selfId, onClick: () => void disable(r) }
              : {
                  label: '启用',
                  hidden: !canEdit,
                  onClick: () =>
                    actions.send({ type: 'SET_STATUS', userId: r.userId, userName: r.userName, status: 'ENABLED' }),
                },
          ]}
        />
      ),
    },
  ];

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        用户管理
      </Text>
      <div className={styles.card}>
        <QueryForm
          searching={table.loading}
          onSearch={() => list.send({ type: 'SEARCH', query: draft })}
          onReset={() => {
            setDraft(EMPTY_USER_QUERY);
            list.send({ type: 'RESET' });
          }}
        >
          <QueryFormItem label="用户名">
            <Input
              value={draft.userName}
              placeholder="请输入用户名"
              onChange={(_, d) =>
                setDraft((q) => ({
                  ...q,
                  userName: filterTextInput(d.value, q.userName, { kind: 'singleLine', max: 30 }),
                }))
              }
            />
          </QueryFormItem>
          <QueryFormItem label="姓名">
            <Input
              value={draft.nickName}
              placeholder="请输入姓名"
              onChange={(_, d) =>
                setDraft((q) => ({
                  ...q,
                  nickName: filterTextInput(d.value, q.nickName, { kind: 'singleLine', max: 30 }),
                }))
              }
            />
          </QueryFormItem>
          <QueryFormItem label="手机号">
            <Input
              value={draft.mobile}
              placeholder="请输入手机号"
              maxLength={11}
              onChange={(_, d) => setDraft((q) => ({ ...q, mobile: d.value.replace(/\D/g, '') }))}
            />
          </QueryFormItem>
          <QueryFormItem label="状态">
            <Select
              value={draft.status}
              onChange={(_, d) => setDraft((q) => ({ ...q, status: d.value as UserQuery['status'] }))}
            >
              <option value="">全部</option>
              {(Object.keys(USER_STATUS_LABEL) as UserStatus[]).map((s) => (
                <option key={s} value={s}>
                  {USER_STATUS_LABEL[s]}
                </option>
              ))}
            </Select>
          </QueryFormItem>
        </QueryForm>
      </div>
      <div className={styles.card}>
        <PagedTable
          aria-label="用户列表"
          columns={columns}
          {...table}
          rowKey={(row) => row.userId}
          selectable={canExport || canEdit}
          rowSelectable={(r) => canExport || r.userId !== selfId}
          batchActions={(selected, clear) => (
            <>
              {canExport && (
                <Button
                  size="small"
                  icon={<ArrowDownloadRegular />}
                  onClick={() => downloadCsv('用户列表（所选）.csv', rowsToCsv(EXPORT_COLUMNS, selected))}
                >
                  导出所选
                </Button>
              )}
              {canEdit && (
                <>
                  <Button size="small" disabled={batching} onClick={() => void setInBatch(selected, 'ENABLED', clear)}>
                    批量启用
                  </Button>
                  <Button size="small" disabled={batching} onClick={() => void setInBatch(selected, 'DISABLED', clear)}>
                    批量停用
                  </Button>
                </>
              )}
            </>
          )}
          toolbar={
            <>
              <Permission code="add" path={PATH}>
                <ToolbarButton appearance="primary" onClick={() => setEditing({ kind: 'create' })}>
                  新增
                </ToolbarButton>
              </Permission>
              <Permission code="import" path={PATH}>
                <ToolbarButton onClick={() => setEditing({ kind: 'import' })}>导入</ToolbarButton>
              </Permission>
              <Permission code="export" path={PATH}>
                <ToolbarButton
                  disabled={exporting}
                  onClick={() => actions.send({ type: 'EXPORT', query: list.getSnapshot().context.query })}
                >
                  导出
                </ToolbarButton>
              </Permission>
              <ToolbarButton onClick={() => setEditing({ kind: 'log' })}>操作日志</ToolbarButton>
            </>
          }
        />
      </div>
      {editing?.kind === 'view' && (
        <UserViewDialog user={editing.user} gateway={users} notifier={notifier} onClose={closeDialog} />
      )}
      {(editing?.kind === 'create' || editing?.kind === 'edit') && (
        <UserFormDialog
          user={editing.kind === 'edit' ? editing.user : null}
          gateway={users}
          notifier={notifier}
          clock={clock}
          onClose={closeDialog}
          onSaved={onSaved}
        />
      )}
      {editing?.kind === 'roles' && (
        <UserRolesDialog user={editing.user} gateway={users} notifier={notifier} onClose={closeDialog} />
      )}
      {editing?.kind === 'log' && <OperationLogDialog gateway={users} onClose={closeDialog} />}
      {editing?.kind === 'import' && (
        <UserImportDialog gateway={users} notifier={notifier} onClose={closeDialog} onImported={reload} />
      )}
      <StateConfirmDialog
        open={confirmingReset}
        type="warning"
        title="重置密码"
        message={`确定重置用户 ${target?.userName ?? ''} 的密码吗？重置后该用户需用新密码重新登录。`}
        onConfirm={() => actions.send({ type: 'CONFIRM' })}
        onCancel={() => actions.send({ type: 'CANCEL' })}
      />
      {shownPassword && target && (
        <PasswordOnceDialog
          userName={target.userName}
          password={shownPassword}
          notifier={notifier}
          onClose={() => actions.send({ type: 'DONE' })}
        />
      )}
      {confirmDialog}
      {created && (
        <PasswordOnceDialog
          userName={created.userName}
          password={created.password}
          notifier={notifier}
          onClose={() => setCreated(null)}
        />
      )}
    </section>
  );
}
