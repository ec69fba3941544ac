// The dialogs of 用户管理: the user form (新增 / 编辑), 分配角色, the one-time password, and the operation log.
// Each starts its own flow when it opens and is unmounted when it closes, so nothing lingers between uses.
import { Button, Checkbox, Field, Input, Select, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { createPagedListMachine } from '../../../application/paged-list/paged-list.machine';
import type { Clock } from '../../../application/ports/clock.port';
import type { Notifier } from '../../../application/ports/notifier.port';
import type { UserGateway } from '../../../application/ports/user-gateway.port';
import { createUserFormMachine, fieldMessage } from '../../../application/users/user-form.machine';
import { createUserImportMachine } from '../../../application/users/user-import.machine';
import { createUserRolesMachine } from '../../../application/users/user-roles.machine';
import { formatDateTime } from '../../../domain/format/date-format';
import { OPERATION_LABEL, type OperationLogEntry, type UserRecord } from '../../../domain/user/user';
import { USER_STATUS_LABEL, type UserFormField } from '../../../domain/user/user-form';
import { GenericDialog } from '../../kit/dialogs/generic-dialog';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { TreeSelect, treeOf } from '../../kit/tree-select';
import { FilePicker } from '../../kit/upload/file-picker';
import { RowActions } from '../../kit/table/row-actions';
import { fieldChanges, type FieldChange } from './operation-log-fields';
import { usePagedList } from '../common/use-paged-list';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    columnGap: '24px',
    rowGap: '12px',
  },
  roles: { display: 'flex', flexDirection: 'column', gap: '4px' },
  password: { display: 'flex', alignItems: 'center', gap: '12px', marginTop: '12px' },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase500, letterSpacing: '1px' },
  hint: { color: tokens.colorNeutralForeground3 },
  importRow: { display: 'flex', alignItems: 'center', gap: '12px', marginBottom: '12px' },
  errors: { color: tokens.colorPaletteRedForeground1, margin: 0, paddingLeft: '20px' },
  logDetail: { display: 'flex', flexDirection: 'column', gap: '8px' },
  details: { display: 'grid', gridTemplateColumns: '88px minmax(0, 1fr)', rowGap: '8px', columnGap: '12px', margin: 0 },
  value: { margin: 0, wordBreak: 'break-all' },
});

const FIELDS: Array<{ field: UserFormField; label: string; required?: boolean; placeholder: string; max: number }> = [
  { field: 'userName', label: '用户名', required: true, placeholder: '3-30位字母、数字或 _ . @ -', max: 30 },
  { field: 'nickName', label: '姓名', required: true, placeholder: '请输入姓名', max: 30 },
  { field: 'mobile', label: '手机号', required: true, placeholder: '请输入手机号', max: 11 },
  { field: 'email', label: '邮箱', placeholder: '请输入邮箱', max: 100 },
  { field: 'idNumber', label: '身份证号', placeholder: '请输入身份证号', max: 18 },
  { field: 'oaAccount', label: 'OA账号', placeholder: '请输入OA账号', max: 50 },
];

export function UserFormDialog({
  user,
  gateway,
  notifier,
  clock,
  onClose,
  onSaved,
}: {
  user: UserRecord | null;
  gateway: UserGateway;
  notifier: Notifier;
  clock: Clock;
  onClose: () => void;
  /** The created account's one-time password, or null after an edit. */
  onSaved: (password: string | null, userName: string) => void;
}) {
  const styles = useStyles();
  const [machine] = useState(() => createUserFormMachine({ gateway, notifier, clock }));
  const flow = useActorRef(machine, { input: user ? { user } : {} });
  const context = useSelector(flow, (s) => s.context);
  const submitting = useSelector(flow, (s) => s.matches({ main: 'submitting' }));
  const saved = useSelector(flow, (s) => s.matches({ main: 'saved' }));
  const password = useSelector(flow, (s) => s.context.password);
  const userName = useSelector(flow, (s) => s.context.form.userName);
  useEffect(() => {
    if (saved) onSaved(password, userName);
  }, [saved, password, userName, onSaved]);

  const organizations = useSelector(flow, (s) => s.context.organizations);
  const orgTree = useMemo(
    () =>
      treeOf(
        organizations,
        (o) => o.keyId,
        (o) => o.parentId,
        (o) => o.enterpriseName,
      ),
    [organizations],
  );
  const dirty = useSelector(flow, (s) => s.context.dirty && !s.matches({ main: 'saved' }));
  const change = (field: UserFormField, value: string) => flow.send({ type: 'CHANGE', field, value });
  return (
    <GenericDialog
      open
      title={user ? '编辑用户' : '新增用户'}
      onClose={onClose}
      dirty={dirty}
      onSubmit={() => flow.send({ type: 'SUBMIT' })}
      submitting={submitting}
    >
      <form
        className={styles.grid}
        aria-label="用户信息"
        onSubmit={(e) => {
          e.preventDefault();
          flow.send({ type: 'SUBMIT' });
        }}
      >
        {FIELDS.slice(0, 2).map((f) => (
          <Field key={f.field} label={f.label} required={f.required} validationMessage={fieldMessage(context, f.field)}>
            <Input
              value={context.form[f.field]}
              placeholder={f.placeholder}
              maxLength={f.max}
              disabled={f.field === 'userName' && !!user}
              onChange={(_, d) => change(f.field, d.value)}
            />
          </Field>
        ))}
        <Field label="所属组织" required validationMessage={fieldMessage(context, 'organizationId')}>
          <TreeSelect
            nodes={orgTree}
            value={context.form.organizationId}
            placeholder="请选择所属组织"
            onChange={(v) => change('organizationId', v)}
          />
        </Field>
        {FIELDS.slice(2).map((f) => (
          <Field key={f.field} label={f.label} required={f.required} validationMessage={fieldMessage(context, f.field)}>
            <Input
              value={context.form[f.field]}
              placeholder={f.placeholder}
              maxLength={f.max}
              onChange={(_, d) => change(f.field, d.value)}
            />
          </Field>
        ))}
      </form>
    </GenericDialog>
  );
}

export function UserRolesDialog({
  user,
  gateway,
  notifier,
  onClose,
}: {
  user: UserRecord;
  gateway: UserGateway;
  notifier: Notifier;
  onClose: () => void;
}) {
  const styles = useStyles();
  const [machine] = useState(() => createUserRolesMachine({ gateway, notifier }));
  const flow = useActorRef(machine, { input: { userId: user.userId } });
  const roles = useSelector(flow, (s) => s.context.roles);
  const isAuthData = useSelector(flow, (s) => s.context.isAuthData);
  const loading = useSelector(flow, (s) => s.matches('loading'));
  const failed = useSelector(flow, (s) => s.matches('failed'));
  const saving = useSelector(flow, (s) => s.matches('saving'));
  const saved = useSelector(flow, (s) => s.matches('saved'));
  useEffect(() => {
    if (saved) onClose();
  }, [saved, onClose]);
  return (
    <GenericDialog
      open
      width={480}
      title={`分配角色 - ${user.nickName}`}
      onClose={onClose}
      onSubmit={() => flow.send({ type: 'SAVE' })}
      submitting={saving}
      submitDisabled={loading || failed}
    >
      {loading && <Text>加载中</Text>}
      {failed && <Button onClick={() => flow.send({ type: 'RETRY' })}>重试</Button>}
      <div className={styles.roles} role="group" aria-label="角色">
        {roles.map((r) => (
          <Checkbox
            key={r.roleId}
            label={r.roleName}
            checked={r.checked}
            onChange={() => flow.send({ type: 'TOGGLE_ROLE', roleId: r.roleId })}
          />
        ))}
      </div>
      <Switch
        label="启用数据授权"
        checked={isAuthData}
        onChange={(_, d) => flow.send({ type: 'SET_AUTH_DATA', value: d.checked })}
      />
    </GenericDialog>
  );
}

/** 查看: the user's details and roles, read-only — what an auditor needs, and no write button. */
export function UserViewDialog({
  user,
  gateway,
  notifier,
  onClose,
}: {
  user: UserRecord;
  gateway: UserGateway;
  notifier: Notifier;
  onClose: () => void;
}) {
  const styles = useStyles();
  const [machine] = useState(() => createUserRolesMachine({ gateway, notifier }));
  const flow = useActorRef(machine, { input: { userId: user.userId } });
  const roles = useSelector(flow, (s) => s.context.roles);
  const isAuthData = useSelector(flow, (s) => s.context.isAuthData);
  const loading = useSelector(flow, (s) => s.matches('loading'));
  const failed = useSelector(flow, (s) => s.matches('failed'));
  const granted = roles.filter((r) => r.checked).map((r) => r.roleName);
  const row = (label: string, value: string) => (
    <>
      <dt className={styles.hint}>{label}</dt>
      <dd className={styles.value}>{value || '--'}</dd>
    </>
  );
  return (
    <GenericDialog open width={560} title={`查看用户 - ${user.nickName}`} onClose={onClose}>
      <dl className={styles.details} aria-label="用户信息">
        {row('用户名', user.userName)}
        {row('姓名', user.nickName)}
        {row('所属组织', user.orgName)}
        {row('手机号', user.mobile)}
        {row('邮箱', user.email)}
        {row('OA账号', user.oaAccount)}
        {row('状态', USER_STATUS_LABEL[user.status])}
        {row('创建时间', formatDateTime(user.createTime))}
        {row('角色', loading ? '加载中' : failed ? '加载失败' : granted.join('、'))}
        {row('数据授权', loading || failed ? '' : isAuthData ? '已启用' : '未启用')}
      </dl>
      {failed && <Button onClick={() => flow.send({ type: 'RETRY' })}>重试</Button>}
    </GenericDialog>
  );
}

export function PasswordOnceDialog({
  userName,
  password,
  notifier,
  onClose,
}: {
  userName: string;
  password: string;
  notifier: Notifier;
  onClose: () => void;
}) {
  const styles = useStyles();
  const copy = () => {
    navigator.clipboard?.writeText(password).then(
      () => notifier.success('已复制'),
      () => notifier.warning('复制失败，请手动复制'),
    );
  };
  return (
    <GenericDialog open width={460} title="新密码" onClose={onClose} closeText="我已记下">
      <Text>用户 {userName} 的新密码如下，仅显示这一次，请转交本人并提醒其登录后修改。</Text>
      <div className={styles.password}>
        <Text className={styles.code} aria-label="新密码">
          {password}
        </Text>
        <Button icon={<CopyRegular />} onClick={copy}>
          复制
        </Button>
      </div>
    </GenericDialog>
  );
}

/** The log line as the gateway sends it: with the name of its record (operation-log module). */
type LogLine = OperationLogEntry & { targetName?: string };

const CHANGE_COLUMNS: PagedTableColumn<FieldChange>[] = [
  { key: 'label', title: '字段', width: 140 },
  { key: 'before', title: '修改前', minWidth: 160 },
  { key: 'after', title: '修改后', minWidth: 160 },
];

/** 操作日志: who did what to which record, and on 详情 the record before and after, field by field. */
export function OperationLogDialog({ gateway, onClose }: { gateway: UserGateway; onClose: () => void }) {
  const styles = useStyles();
  const [machine] = useState(() =>
    createPagedListMachine((q: { targetId?: string }, p) => gateway.pageOperationLog(q, p), {}),
  );
  const list = useActorRef(machine);
  const table = usePagedList(list);
  const [detail, setDetail] = useState<LogLine | null>(null);
  const columns: PagedTableColumn<LogLine>[] = [
    { key: 'operateTime', title: '时间', width: 160, render: (r) => formatDateTime(r.operateTime) },
    { key: 'userName', title: '操作人', width: 100 },
    { key: 'action', title: '操作', width: 110, render: (r) => OPERATION_LABEL[r.action] ?? r.action },
    { key: 'targetName', title: '对象', width: 200, render: (r) => r.targetName || r.targetId },
    {
      key: 'changes',
      title: '修改内容',
      minWidth: 200,
      render: (r) => {
        const changed = fieldChanges(r.targetType, r.before, r.after).filter((c) => c.changed);
        return changed.length ? changed.map((c) => c.label).join('、') : '--';
      },
    },
    {
      key: 'operations',
      title: '操作',
      width: 72,
      fixed: 'right',
      hideable: false,
      render: (r) => <RowActions label={r.keyId} actions={[{ label: '详情', onClick: () => setDetail(r) }]} />,
    },
  ];
  const changes = detail ? fieldChanges(detail.targetType, detail.before, detail.after) : [];
  return (
    <GenericDialog
      open
      width="80%"
      title={detail ? `操作详情 - ${OPERATION_LABEL[detail.action] ?? detail.action}` : '操作日志'}
      onClose={onClose}
    >
      {detail ? (
        <div className={styles.logDetail}>
          <div>
            <Button size="small" onClick={() => setDetail(null)}>
              返回列表
            </Button>
          </div>
          <Text>
            {formatDateTime(detail.operateTime)}　{detail.userName}　{detail.targetName || detail.targetId}
          </Text>
          <PagedTable
            aria-label="修改前后"
            columns={CHANGE_COLUMNS}
            rows={changes}
            rowKey={(c) => c.key}
            total={changes.length}
            page={1}
            pageSize={Math.max(changes.length, 10)}
            pageSizes={[Math.max(changes.length, 10)]}
            layout={['total']}
            emptyText="无记录的字段"
            onPageChange={() => undefined}
          />
        </div>
      ) : (
        <PagedTable aria-label="操作日志列表" columns={columns} rowKey={(r) => r.keyId} {...table} />
      )}
    </GenericDialog>
  );
}

export function UserImportDialog({
  gateway,
  notifier,
  onClose,
  onImported,
}: {
  gateway: UserGateway;
  notifier: Notifier;
  onClose: () => void;
  onImported: () => void;
}) {
  const styles = useStyles();
  const [machine] = useState(() => createUserImportMachine({ gateway, notifier, onImported }));
  const flow = useActorRef(machine);
  const fileName = useSelector(flow, (s) => s.context.fileName);
  const report = useSelector(flow, (s) => s.context.report);
  const importing = useSelector(flow, (s) => s.matches('importing'));
  const copyAll = () => {
    const text = (report?.imported ?? []).map((i) => `${i.userName}\t${i.password}`).join('\n');
    navigator.clipboard?.writeText(text).then(
      () => notifier.success('已复制'),
      () => notifier.warning('复制失败，请手动复制'),
    );
  };
  return (
    <GenericDialog
      open
      width={640}
      title="导入用户"
      onClose={onClose}
      submitText="导入"
      submitting={importing}
      {...(report ? {} : { onSubmit: () => flow.send({ type: 'IMPORT' }) })}
    >
      {!report && (
        <>
          <div className={styles.importRow}>
            <Button onClick={() => flow.send({ type: 'TEMPLATE' })}>下载模板</Button>
            <Text className={styles.hint}>
              按模板填写用户名、姓名、手机号、所属组织（全称）和角色（多个用逗号分隔），一次最多1000条。
            </Text>
          </div>
          <FilePicker
            label="导入文件"
            accept=".xlsx"
            hint="支持格式：.xlsx，不超过5MB"
            chosen={fileName}
            onPick={(file) => flow.send({ type: 'CHOOSE', file })}
          />
        </>
      )}
      {report && (
        <div role="region" aria-label="导入结果">
          <Text weight="semibold">
            共 {report.total} 条，成功 {report.imported.length} 条，失败 {report.errors.length} 条
          </Text>
          {report.errors.length > 0 && (
            <ul className={styles.errors} aria-label="失败的行">
              {report.errors.map((e) => (
                <li key={e.row}>
                  第 {e.row} 行：{e.message}
                </li>
              ))}
            </ul>
          )}
          {report.imported.length > 0 && (
            <>
              <Text block className={styles.hint}>
                以下为新用户的初始密码，仅显示这一次：
              </Text>
              <ul aria-label="新用户密码">
                {report.imported.map((i) => (
                  <li key={i.row}>
                    <span className={styles.code}>
                      {i.userName}　{i.password}
                    </span>
                  </li>
                ))}
              </ul>
              <Button icon={<CopyRegular />} onClick={copyAll}>
                复制全部
              </Button>
            </>
          )}
        </div>
      )}
    </GenericDialog>
  );
}
