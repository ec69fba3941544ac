// The dialogs of 角色管理: 新增/编辑 (name and code checked as the user types) and 分配用户 (the role's users,
// and the tenant's other users to add). Each dialog starts its flow when it opens and drops it when it closes.
import { Button, Checkbox, Field, Input, Select, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { createRoleEditorMachine, roleEditorErrors } from '../../../application/roles/role-editor.machine';
import { createRoleMembersMachine } from '../../../application/roles/role-members.machine';
import { createRoleGrantsMachine } from '../../../application/roles/role-grants.machine';
import { formatDateTime } from '../../../domain/format/date-format';
import {
  buildResourceTree,
  checkStateOf,
  operationLabel,
  ROLE_STATUS_LABEL,
  type GrantSelection,
  type ResourceNode,
  type Role,
  type RoleForm,
  type RoleStatus,
  type RoleUser,
} from '../../../domain/role/role';
import { filterTextInput } from '../../../domain/text-input/text-input-filter';
import { useServices } from '../../app/services';
import { GenericDialog } from '../../kit/dialogs/generic-dialog';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  members: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalL },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  search: { display: 'flex', gap: tokens.spacingHorizontalS },
  view: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  details: {
    display: 'grid',
    gridTemplateColumns: '80px minmax(0, 1fr) 80px minmax(0, 1fr)',
    rowGap: '6px',
    columnGap: '12px',
    margin: 0,
  },
  label: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
  granted: { listStyleType: 'none', margin: 0, paddingLeft: '18px' },
  grantedRoot: { listStyleType: 'none', margin: 0, padding: 0, maxHeight: '40vh', overflowY: 'auto' },
  ops: { color: tokens.colorNeutralForeground3, marginLeft: '8px', fontSize: tokens.fontSizeBase200 },
});

/** The granted part of the menu tree, read-only: a menu shows when the role holds it or something below it. */
function GrantedTree({
  nodes,
  selection,
  root,
}: {
  nodes: readonly ResourceNode[];
  selection: GrantSelection;
  root?: boolean;
}) {
  const styles = useStyles();
  const held = nodes.filter((n) => checkStateOf(selection, n) !== false);
  if (held.length === 0) return root ? <Text>未授予任何菜单权限</Text> : null;
  return (
    <ul
      className={root ? styles.grantedRoot : styles.granted}
      role={root ? 'tree' : 'group'}
      aria-label={root ? '已授权菜单' : undefined}
    >
      {held.map((n) => {
        const ops = selection[n.resource.menuId] ?? [];
        return (
          <li key={n.resource.menuId} role="treeitem" aria-selected={false} aria-readonly>
            <span>{n.resource.menuName}</span>
            {ops.length > 0 && (
              <span className={styles.ops}>（{ops.map((op) => operationLabel(n.resource.path, op)).join('、')}）</span>
            )}
            {n.children.length > 0 && <GrantedTree nodes={n.children} selection={selection} />}
          </li>
        );
      })}
    </ul>
  );
}

/** 查看 a role: its details, the menus and operation codes it grants, and its users — read-only, for an audit. */
export function RoleViewDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const styles = useStyles();
  const { roles, notifier } = useServices();
  const [grantsMachine] = useState(() => createRoleGrantsMachine({ roles, notifier }));
  const grants = useActorRef(grantsMachine, { input: { roleId: role.roleId } });
  const resources = useSelector(grants, (s) => s.context.resources);
  const selection = useSelector(grants, (s) => s.context.selection);
  const loadingGrants = useSelector(grants, (s) => s.matches('loading'));
  const tree = useMemo(() => buildResourceTree(resources), [resources]);
  const [membersMachine] = useState(() => createRoleMembersMachine({ roles, notifier }));
  const members = useActorRef(membersMachine, { input: { roleId: role.roleId } });
  const page = useSelector(members, (s) => s.context.members);
  const busy = useSelector(members, (s) => !s.matches('idle'));
  const item = (label: string, value: string) => (
    <>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value}>{value || '--'}</dd>
    </>
  );
  return (
    <GenericDialog open title={`查看角色 - ${role.roleName}`} width="70%" onClose={onClose}>
      <div className={styles.view}>
        <dl className={styles.details} aria-label="角色信息">
          {item('角色名称', role.roleName)}
          {item('角色编码', role.roleCode)}
          {item('状态', ROLE_STATUS_LABEL[role.status])}
          {item('创建时间', formatDateTime(role.createTime))}
          {item('备注', role.remark)}
        </dl>
        <Text weight="semibold">权限（只读）</Text>
        {loadingGrants ? <Text>加载中</Text> : <GrantedTree root nodes={tree} selection={selection} />}
        <Text weight="semibold">角色用户</Text>
        <PagedTable
          aria-label="角色用户列表"
          columns={memberColumns}
          rows={page.records}
          rowKey={(u) => u.userId}
          total={page.total}
          page={page.current}
          pageSize={page.size}
          loading={busy}
          onPageChange={(current, size) => members.send({ type: 'MEMBERS_PAGE', current, size })}
        />
      </div>
    </GenericDialog>
  );
}

export function RoleEditorDialog({
  role,
  onClose,
  onSaved,
}: {
  role: Role | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const styles = useStyles();
  const { roles, notifier } = useServices();
  const [machine] = useState(() => createRoleEditorMachine({ roles, notifier }));
  const editor = useActorRef(machine, { input: role ? { role } : {} });
  const form = useSelector(editor, (s) => s.context.form);
  const errors = useSelector(
    editor,
    (s) => roleEditorErrors(s.context),
    (a, b) => a.roleName === b.roleName && a.roleCode === b.roleCode,
  );
  const submitting = useSelector(editor, (s) => s.matches('submitting'));
  // The form as it opened: anything else is a change that 关闭 asks about.
  const [opened] = useState(() => JSON.stringify(editor.getSnapshot().context.form));
  const dirty = JSON.stringify(form) !== opened;
  // The flow says when it saved; the screen closes the dialog and reloads the list.
  useEffect(() => editor.on('saved', onSaved).unsubscribe, [editor, onSaved]);
  const change = (patch: Partial<RoleForm>) => editor.send({ type: 'CHANGE', form: { ...form, ...patch } });

  return (
    <GenericDialog
      open
      title={role ? '编辑角色' : '新增角色'}
      width={520}
      onClose={onClose}
      dirty={dirty && !submitting}
      onSubmit={() => editor.send({ type: 'SUBMIT' })}
      submitting={submitting}
    >
      <div className={styles.form}>
        <Field label="角色名称" required validationMessage={errors.roleName}>
          <Input
            value={form.roleName}
            placeholder="请输入角色名称"
            maxLength={50}
            onChange={(_, d) => change({ roleName: filterTextInput(d.value, form.roleName, { kind: 'singleLine' }) })}
          />
        </Field>
        <Field label="角色编码" required validationMessage={errors.roleCode}>
          <Input
            value={form.roleCode}
            placeholder="字母开头，字母、数字、下划线"
            maxLength={50}
            disabled={role?.platformAdmin}
            onChange={(_, d) => change({ roleCode: d.value })}
          />
        </Field>
        <Field label="状态">
          <Select
            value={form.status}
            disabled={role?.platformAdmin}
            onChange={(_, d) => change({ status: d.value as RoleStatus })}
          >
            {(Object.keys(ROLE_STATUS_LABEL) as RoleStatus[]).map((s) => (
              <option key={s} value={s}>
                {ROLE_STATUS_LABEL[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="备注">
          <Textarea
            value={form.remark}
            maxLength={200}
            onChange={(_, d) => change({ remark: filterTextInput(d.value, form.remark, { kind: 'textarea' }) })}
          />
        </Field>
      </div>
    </GenericDialog>
  );
}

const memberColumns: PagedTableColumn<RoleUser>[] = [
  { key: 'userName', title: '用户名', width: 110 },
  { key: 'nickName', title: '姓名', width: 90 },
  { key: 'orgName', title: '所属组织' },
];

export function RoleMembersDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const styles = useStyles();
  const { roles, notifier } = useServices();
  const [machine] = useState(() => createRoleMembersMachine({ roles, notifier }));
  const flow = useActorRef(machine, { input: { roleId: role.roleId } });
  const members = useSelector(flow, (s) => s.context.members);
  const candidates = useSelector(flow, (s) => s.context.candidates);
  const chosen = useSelector(flow, (s) => s.context.chosen);
  const busy = useSelector(flow, (s) => !s.matches('idle'));
  const [name, setName] = useState('');

  const candidateColumns: PagedTableColumn<RoleUser>[] = [
    {
      key: 'choose',
      title: '选择',
      width: 48,
      render: (u) => (
        <Checkbox
          aria-label={`选择 ${u.userName}`}
          checked={chosen.includes(u.userId)}
          onChange={(_, d) =>
            flow.send({
              type: 'CHOOSE',
              userIds: d.checked ? [...chosen, u.userId] : chosen.filter((id) => id !== u.userId),
            })
          }
        />
      ),
    },
    ...memberColumns,
  ];

  return (
    <GenericDialog open title={`分配用户：${role.roleName}`} width="80%" onClose={onClose}>
      <div className={styles.members}>
        <section className={styles.column} aria-label="已分配用户">
          <Text weight="semibold">已分配用户</Text>
          <PagedTable
            aria-label="已分配用户列表"
            columns={memberColumns}
            rows={members.records}
            rowKey={(u) => u.userId}
            total={members.total}
            page={members.current}
            pageSize={members.size}
            loading={busy}
            onPageChange={(current, size) => flow.send({ type: 'MEMBERS_PAGE', current, size })}
          />
        </section>
        <section className={styles.column} aria-label="可添加用户">
          <Text weight="semibold">可添加用户</Text>
          <div className={styles.search}>
            <Input
              aria-label="用户名或姓名"
              placeholder="用户名或姓名"
              value={name}
              onChange={(_, d) => setName(filterTextInput(d.value, name, { kind: 'singleLine' }))}
            />
            <Button onClick={() => flow.send({ type: 'SEARCH_CANDIDATES', name })}>查询</Button>
            <Button appearance="primary" disabled={busy} onClick={() => flow.send({ type: 'ADD' })}>
              添加
            </Button>
          </div>
          <PagedTable
            aria-label="可添加用户列表"
            columns={candidateColumns}
            rows={candidates.records}
            rowKey={(u) => u.userId}
            total={candidates.total}
            page={candidates.current}
            pageSize={candidates.size}
            loading={busy}
            onPageChange={(current, size) => flow.send({ type: 'CANDIDATES_PAGE', current, size })}
          />
        </section>
      </div>
    </GenericDialog>
  );
}
