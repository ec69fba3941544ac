// 用户管理 (/basicDataManagement/userManagment): the tenant's users with a query form and a paged table whose
// 所属组织 comes from the organisation lookup; 新增 / 编辑 / 分配角色 / 重置密码 / 启用·停用 each behind the
// operation code that grants it (SPEC §6), and the operation log. The flows are made here, in the screen's
// own lazy chunk.
import { Badge, Button, Input, Select, Text } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { createPagedListMachine } from '../../../application/paged-list/paged-list.machine';
import { createUserActionsMachine } from '../../../application/users/user-actions.machine';
import { userPageLoader } from '../../../application/users/user-list';
import { formatDateTime } from '../../../domain/format/date-format';
import { filterTextInput } from '../../../domain/text-input/text-input-filter';
import { EMPTY_USER_QUERY, USER_MANAGEMENT_PATH, type UserQuery, type UserRecord } from '../../../domain/user/user';
import { USER_STATUS_LABEL, type UserStatus } from '../../../domain/user/user-form';
import { useServices } from '../../app/services';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { QueryForm, QueryFormItem } from '../../kit/dialogs/query-form';
import { StateConfirmDialog } from '../../kit/dialogs/state-confirm-dialog';
import { Permission } from '../../shell/permission';
import { OperationLogDialog, PasswordOnceDialog, UserFormDialog, UserImportDialog, UserRolesDialog } from './user-dialogs';
import { usePagedList } from '../common/use-paged-list';
import { useListScreenStyles } from '../common/list-screen-styles';


const PATH = USER_MANAGEMENT_PATH;

type Editing = { kind: 'create' } | { kind: 'import' } | { kind: 'edit'; user: UserRecord } | { kind: 'roles'; user: UserRecord } | { kind: 'log' } | null;

export function UserManagementScreen() {
  const styles = useListScreenStyles();
  const { users, notifier } = useServices();
  const [listMachine] = useState(() => createPagedListMachine(userPageLoader(users), EMPTY_USER_QUERY));
  const list = useActorRef(listMachine);
  const reload = useCallback(() => {
    list.send({ type: 'RELOAD' });
  }, [list]);
  const [actionsMachine] = useState(() => createUserActionsMachine({ gateway: users, notifier, onChanged: reload }));
  const actions = useActorRef(actionsMachine);
  const table = usePagedList(list);
  const confirmingReset = useSelector(actions, (s) => s.matches('confirmingReset'));
  const shownPassword = useSelector(actions, (s) => (s.matches('showingPassword') ? s.context.password : null));
  const target = useSelector(actions, (s) => s.context.target);
  const exporting = useSelector(actions, (s) => s.matches('exporting'));
  const [draft, setDraft] = useState<UserQuery>(EMPTY_USER_QUERY);
  const [editing, setEditing] = useState<Editing>(null);
  const [created, setCreated] = useState<{ userName: string; password: string } | null>(null);

  const closeDialog = useCallback(() => setEditing(null), []);
  const onSaved = useCallback((password: string | null, userName: string) => {
    setEditing(null);
    notifier.success(password ? '新增成功' : '修改成功');
    if (password) setCreated({ userName, password });
    reload();
  }, [notifier, reload]);

  const columns: PagedTableColumn<UserRecord>[] = [
    { key: 'userName', title: '用户名', width: 110 },
    { key: 'nickName', title: '姓名', width: 80 },
    { key: 'orgName', title: '所属组织', width: 190, render: (r) => r.orgName || '--' },
    { key: 'mobile', title: '手机号', width: 110 },
    {
      key: 'status', title: '状态', width: 64,
      render: (r) => <Badge appearance="tint" color={r.status === 'ENABLED' ? 'success' : 'subtle'}>{USER_STATUS_LABEL[r.status]}</Badge>,
    },
    { key: 'createTime', title: '创建时间', width: 150, render: (r) => formatDateTime(r.createTime) },
    {
      key: 'operations', title: '操作',
      render: (r) => (
        <div className={styles.actions}>
          <Permission code="edit" path={PATH}>
            <Button className={styles.op} size="small" appearance="transparent" onClick={() => setEditing({ kind: 'edit', user: r })}>编辑</Button>
          </Permission>
          <Permission code="authorize" path={PATH}>
            <Button className={styles.op} size="small" appearance="transparent" onClick={() => setEditing({ kind: 'roles', user: r })}>分配角色</Button>
          </Permission>
          <Permission code="resetPwd" path={PATH}>
            <Button className={styles.op} size="small" appearance="transparent" onClick={() => actions.send({ type: 'RESET_PASSWORD', userId: r.userId, userName: r.userName })}>重置密码</Button>
          </Permission>
          <Permission code="edit" path={PATH}>
            <Button className={styles.op} size="small" appearance="transparent"
              onClick={() => actions.send({ type: 'SET_STATUS', userId: r.userId, userName: r.userName, status: r.status === 'ENABLED' ? 'DISABLED' : 'ENABLED' })}>
              {r.status === 'ENABLED' ? '停用' : '启用'}
            </Button>
          </Permission>
        </div>
      ),
    },
  ];

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">用户管理</Text>
      <div className={styles.card}>
        <QueryForm
          searching={table.loading}
          onSearch={() => list.send({ type: 'SEARCH', query: draft })}
          onReset={() => { setDraft(EMPTY_USER_QUERY); list.send({ type: 'RESET' }); }}
        >
          <QueryFormItem label="用户名">
            <Input value={draft.userName} placeholder="请输入用户名"
              onChange={(_, d) => setDraft((q) => ({ ...q, userName: filterTextInput(d.value, q.userName, { kind: 'singleLine', max: 30 }) }))} />
          </QueryFormItem>
          <QueryFormItem label="姓名">
            <Input value={draft.nickName} placeholder="请输入姓名"
              onChange={(_, d) => setDraft((q) => ({ ...q, nickName: filterTextInput(d.value, q.nickName, { kind: 'singleLine', max: 30 }) }))} />
          </QueryFormItem>
          <QueryFormItem label="手机号">
            <Input value={draft.mobile} placeholder="请输入手机号" maxLength={11}
              onChange={(_, d) => setDraft((q) => ({ ...q, mobile: d.value.replace(/\D/g, '') }))} />
          </QueryFormItem>
          <QueryFormItem label="状态">
            <Select value={draft.status} onChange={(_, d) => setDraft((q) => ({ ...q, status: d.value as UserQuery['status'] }))}>
              <option value="">全部</option>
              {(Object.keys(USER_STATUS_LABEL) as UserStatus[]).map((s) => <option key={s} value={s}>{USER_STATUS_LABEL[s]}</option>)}
            </Select>
          </QueryFormItem>
        </QueryForm>
      </div>
      <div className={styles.card}>
        <div className={styles.toolbar}>
          <Permission code="add" path={PATH}>
            <Button appearance="primary" onClick={() => setEditing({ kind: 'create' })}>新增</Button>
          </Permission>
          <Permission code="import" path={PATH}>
            <Button onClick={() => setEditing({ kind: 'import' })}>导入</Button>
          </Permission>
          <Permission code="export" path={PATH}>
            <Button disabled={exporting} onClick={() => actions.send({ type: 'EXPORT', query: list.getSnapshot().context.query })}>导出</Button>
          </Permission>
          <Button onClick={() => setEditing({ kind: 'log' })}>操作日志</Button>
        </div>
        <PagedTable
          aria-label="用户列表"
          columns={columns}
          {...table}
          rowKey={(row) => row.userId}
        />
      </div>
      {(editing?.kind === 'create' || editing?.kind === 'edit') && (
        <UserFormDialog user={editing.kind === 'edit' ? editing.user : null} gateway={users} notifier={notifier} onClose={closeDialog} onSaved={onSaved} />
      )}
      {editing?.kind === 'roles' && <UserRolesDialog user={editing.user} gateway={users} notifier={notifier} onClose={closeDialog} />}
      {editing?.kind === 'log' && <OperationLogDialog gateway={users} onClose={closeDialog} />}
      {editing?.kind === 'import' && <UserImportDialog gateway={users} notifier={notifier} onClose={closeDialog} onImported={reload} />}
      <StateConfirmDialog
        open={confirmingReset}
        type="warning"
        title="重置密码"
        message={`确定重置用户 ${target?.userName ?? ''} 的密码吗？重置后该用户需用新密码重新登录。`}
        onConfirm={() => actions.send({ type: 'CONFIRM' })}
        onCancel={() => actions.send({ type: 'CANCEL' })}
      />
      {shownPassword && target && (
        <PasswordOnceDialog userName={target.userName} password={shownPassword} notifier={notifier} onClose={() => actions.send({ type: 'DONE' })} />
      )}
      {created && <PasswordOnceDialog userName={created.userName} password={created.password} notifier={notifier} onClose={() => setCreated(null)} />}
    </section>
  );
}
