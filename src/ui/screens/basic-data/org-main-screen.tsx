// 组织管理 (/basicDataManagement/orgMain): the tenant's organisations as one tree — the group, its
// subsidiaries and project companies, suppliers and capital sides — the selected one's details and its
// accounts (org/account/page); 新增下级, 编辑 and 停用 / 启用 each behind its operation code (SPEC §6). The
// flows are made here, in the screen's own lazy chunk.
import {
  Badge,
  Button,
  Field,
  Input,
  Select,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { createOrganizationFormMachine } from '../../../application/organizations/organization-form.machine';
import { createOrganizationStatusMachine } from '../../../application/organizations/organization-status.machine';
import { createOrganizationTreeMachine } from '../../../application/organizations/organization-tree.machine';
import type { OrganizationGateway } from '../../../application/ports/organization-gateway.port';
import type { Notifier } from '../../../application/ports/notifier.port';
import { formatDateTime } from '../../../domain/format/date-format';
import {
  ALLOWED_PARENT_TYPES,
  buildOrganizationTree,
  ORG_MAIN_PATH,
  ORG_STATUS_LABEL,
  ORG_TYPE_LABEL,
  ORG_TYPES,
  type OrgAccount,
  type OrgType,
  type Organization,
  type OrganizationNode,
} from '../../../domain/organization/organization';
import { tenantApps, type AppEntry } from '../../../domain/session/session';
import { filterTextInput } from '../../../domain/text-input/text-input-filter';
import { useServices } from '../../app/services';
import { GenericDialog } from '../../kit/dialogs/generic-dialog';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { StateConfirmDialog } from '../../kit/dialogs/state-confirm-dialog';
import { Permission } from '../../shell/permission';
import { OrganizationFormFields } from './organization-form-fields';

const PATH = ORG_MAIN_PATH;

const useStyles = makeStyles({
  page: { padding: '16px 24px', display: 'flex', flexDirection: 'column', gap: '16px' },
  body: {
    display: 'grid',
    gridTemplateColumns: 'minmax(260px, 1fr) 2.4fr',
    gap: '16px',
    alignItems: 'start',
    '@media (max-width: 767px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  // The details stay in view while a long tree scrolls the page.
  detail: { position: 'sticky', top: '8px', minWidth: 0, '@media (max-width: 767px)': { position: 'static' } },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    padding: '16px',
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
  },
  tree: { listStyle: 'none', margin: 0, paddingLeft: '18px' },
  root: { listStyle: 'none', margin: 0, padding: 0 },
  node: {
    display: 'flex',
    alignItems: 'center',
    gap: '6px',
    padding: '3px 6px',
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    border: 'none',
    background: 'none',
    width: '100%',
    textAlign: 'left',
    font: 'inherit',
  },
  selected: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1 },
  disabled: { color: tokens.colorNeutralForeground4 },
  toolbar: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
  details: {
    display: 'grid',
    gridTemplateColumns: '120px 1fr 120px 1fr',
    rowGap: '8px',
    columnGap: '8px',
    '@media (max-width: 767px)': { gridTemplateColumns: '110px 1fr' },
  },
  label: { color: tokens.colorNeutralForeground3 },
  badge: { flexShrink: 0, whiteSpace: 'nowrap' },
});

/** The organisations whose name contains the text, each with the path above it. */
function filterTree(nodes: readonly OrganizationNode[], text: string): OrganizationNode[] {
  if (!text) return [...nodes];
  return nodes.flatMap((node) => {
    const children = filterTree(node.children, text);
    return node.org.enterpriseName.includes(text) || children.length ? [{ ...node, children }] : [];
  });
}

function TreeNodes({
  nodes,
  selectedId,
  onSelect,
  root,
}: {
  nodes: readonly OrganizationNode[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  root?: boolean;
}) {
  const styles = useStyles();
  return (
    <ul
      className={root ? styles.root : styles.tree}
      role={root ? 'tree' : 'group'}
      aria-label={root ? '组织机构' : undefined}
    >
      {nodes.map(({ org, children }) => (
        <li
          key={org.keyId}
          role="treeitem"
          aria-selected={org.keyId === selectedId}
          aria-expanded={children.length ? true : undefined}
        >
          <button
            type="button"
            className={mergeClasses(
              styles.node,
              org.keyId === selectedId && styles.selected,
              org.status === 'DISABLED' && styles.disabled,
            )}
            onClick={() => onSelect(org.keyId)}
          >
            <Badge
              className={styles.badge}
              size="small"
              appearance="outline"
              color={org.orgType === 'SUPPLIER' ? 'warning' : org.orgType === 'CAPITAL_SIDE' ? 'informative' : 'brand'}
            >
              {ORG_TYPE_LABEL[org.orgType]}
            </Badge>
            <span>{org.enterpriseName}</span>
            {org.status === 'DISABLED' && <span>（停用）</span>}
          </button>
          {children.length > 0 && <TreeNodes nodes={children} selectedId={selectedId} onSelect={onSelect} />}
        </li>
      ))}
    </ul>
  );
}

type Editing = { kind: 'create'; parent: Organization } | { kind: 'edit'; org: Organization } | null;

export function OrgMainScreen() {
  const styles = useStyles();
  const { organizations, notifier, session } = useServices();
  const [treeMachine] = useState(() => createOrganizationTreeMachine({ gateway: organizations }));
  const tree = useActorRef(treeMachine);
  const reload = useCallback(() => tree.send({ type: 'RELOAD' }), [tree]);
  const [statusMachine] = useState(() =>
    createOrganizationStatusMachine({ gateway: organizations, notifier, resource: 'org', onChanged: reload }),
  );
  const status = useActorRef(statusMachine);
  const orgs = useSelector(tree, (s) => s.context.orgs);
  const selectedId = useSelector(tree, (s) => s.context.selectedId);
  const accounts = useSelector(tree, (s) => s.context.accounts);
  const accountsTotal = useSelector(tree, (s) => s.context.accountsTotal);
  const accountsLoading = useSelector(tree, (s) => s.matches({ ready: 'accounts' }) || s.matches('loading'));
  const confirming = useSelector(status, (s) => s.matches('confirming'));
  const target = useSelector(status, (s) => s.context.target);
  const stored = useSelector(session, (s) => s.context.session);
  const tenants = useSelector(session, (s) => s.context.tenants);
  const apps = useMemo(() => tenantApps(tenants, stored?.tenantId ?? ''), [tenants, stored]);
  const [filter, setFilter] = useState('');
  const nodes = useMemo(() => filterTree(buildOrganizationTree(orgs), filter.trim()), [orgs, filter]);
  const selected = orgs.find((o) => o.keyId === selectedId) ?? null;
  const [editing, setEditing] = useState<Editing>(null);
  const onSaved = useCallback(() => {
    setEditing(null);
    reload();
  }, [reload]);
  const canHaveChildren =
    selected !== null &&
    selected.status === 'ENABLED' &&
    ORG_TYPES.some((t) => ALLOWED_PARENT_TYPES[t].includes(selected.orgType));

  const accountColumns: PagedTableColumn<OrgAccount>[] = [
    { key: 'userName', title: '用户名', width: 140 },
    { key: 'nickName', title: '姓名', width: 140 },
    { key: 'mobile', title: '手机号', width: 120, render: (r) => r.mobile || '--' },
    { key: 'status', title: '状态', render: (r) => ORG_STATUS_LABEL[r.status] },
  ];

  const detail = (label: string, value: string) => (
    <>
      <span className={styles.label}>{label}</span>
      <span>{value || '--'}</span>
    </>
  );

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        组织管理
      </Text>
      <div className={styles.body}>
        <div className={styles.card}>
          <Input
            aria-label="筛选组织"
            placeholder="按名称筛选"
            value={filter}
            contentBefore={<SearchRegular />}
            onChange={(_, d) => setFilter(filterTextInput(d.value, filter, { kind: 'singleLine', max: 50 }))}
          />
          {nodes.length === 0 && <Text>无匹配的组织</Text>}
          <TreeNodes
            root
            nodes={nodes}
            selectedId={selectedId}
            onSelect={(keyId) => tree.send({ type: 'SELECT', keyId })}
          />
        </div>
        <div className={mergeClasses(styles.card, styles.detail)}>
          {selected && (
            <>
              <div className={styles.toolbar}>
                <Text size={500} weight="semibold">
                  {selected.enterpriseName}
                </Text>
                {canHaveChildren && (
                  <Permission code="add" path={PATH}>
                    <Button appearance="primary" onClick={() => setEditing({ kind: 'create', parent: selected })}>
                      新增下级
                    </Button>
                  </Permission>
                )}
                <Permission code="edit" path={PATH}>
                  <Button onClick={() => setEditing({ kind: 'edit', org: selected })}>编辑</Button>
                </Permission>
                {selected.orgType !== 'GROUP' && (
                  <Permission code="delete" path={PATH}>
                    <Button
                      onClick={() =>
                        status.send({
                          type: 'REQUEST',
                          target: {
                            keyId: selected.keyId,
                            enterpriseName: selected.enterpriseName,
                            status: selected.status === 'ENABLED' ? 'DISABLED' : 'ENABLED',
                            version: selected.version,
                          },
                        })
                      }
                    >
                      {selected.status === 'ENABLED' ? '停用' : '启用'}
                    </Button>
                  </Permission>
                )}
              </div>
              <div className={styles.details}>
                {detail('组织类型', ORG_TYPE_LABEL[selected.orgType])}
                {detail('状态', ORG_STATUS_LABEL[selected.status])}
                {detail('上级组织', selected.parentName)}
                {detail('统一社会信用代码', selected.creditCode)}
                {selected.orgType === 'SUPPLIER' && detail('供应商编号', selected.gysId)}
                {selected.orgType === 'SUPPLIER' &&
                  detail(
                    '所属子系统',
                    selected.appIds.map((a) => apps.find((x) => String(x.appId) === a)?.appName ?? a).join('、'),
                  )}
                {detail('联系人', selected.contactName)}
                {detail('联系人手机号', selected.contactMobile)}
                {detail('电子邮箱', selected.email)}
                {detail('创建时间', formatDateTime(selected.createTime))}
                {detail('地址', selected.address)}
              </div>
              <Text weight="semibold">组织账号</Text>
              <PagedTable
                aria-label="组织账号"
                columns={accountColumns}
                rows={accounts}
                rowKey={(r) => r.userId}
                total={accountsTotal}
                page={1}
                pageSize={100}
                pageSizes={[100]}
                loading={accountsLoading}
                onPageChange={() => undefined}
              />
            </>
          )}
        </div>
      </div>
      {editing && (
        <OrganizationDialog
          key={editing.kind === 'edit' ? editing.org.keyId : `new-${editing.parent.keyId}`}
          editing={editing}
          gateway={organizations}
          notifier={notifier}
          apps={apps}
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        />
      )}
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

function OrganizationDialog({
  editing,
  gateway,
  notifier,
  apps,
  onClose,
  onSaved,
}: {
  editing: NonNullable<Editing>;
  gateway: OrganizationGateway;
  notifier: Notifier;
  apps: readonly AppEntry[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const creatable =
    editing.kind === 'create' ? ORG_TYPES.filter((t) => ALLOWED_PARENT_TYPES[t].includes(editing.parent.orgType)) : [];
  const [type, setType] = useState<OrgType>(editing.kind === 'edit' ? editing.org.orgType : creatable[0]!);
  // The type decides the form's rules, so another type is another form (and another flow).
  return (
    <DialogForm
      key={type}
      type={type}
      creatable={creatable}
      onType={setType}
      editing={editing}
      gateway={gateway}
      notifier={notifier}
      apps={apps}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function DialogForm({
  type,
  creatable,
  onType,
  editing,
  gateway,
  notifier,
  apps,
  onClose,
  onSaved,
}: {
  type: OrgType;
  creatable: readonly OrgType[];
  onType: (type: OrgType) => void;
  editing: NonNullable<Editing>;
  gateway: OrganizationGateway;
  notifier: Notifier;
  apps: readonly AppEntry[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [machine] = useState(() => createOrganizationFormMachine({ gateway, notifier }));
  const actor = useActorRef(machine, {
    input:
      editing.kind === 'edit'
        ? { resource: 'org', type, record: editing.org }
        : { resource: 'org', type, parentId: editing.parent.keyId },
  });
  const busy = useSelector(actor, (s) => s.matches('submitting') || s.matches('loading'));
  const saved = useSelector(actor, (s) => s.matches('saved'));
  const dirty = useSelector(actor, (s) => s.context.dirty && !s.matches('saved'));
  useEffect(() => {
    if (saved) onSaved();
  }, [saved, onSaved]);
  // The kit's footer (关闭 then 提交, as every dialog) and its question before a changed form closes.
  return (
    <GenericDialog
      open
      title={editing.kind === 'edit' ? '编辑组织' : '新增下级组织'}
      width="720px"
      onClose={onClose}
      dirty={dirty}
      onSubmit={() => actor.send({ type: 'SUBMIT' })}
      submitting={busy}
    >
      {editing.kind === 'create' && (
        <Field label="组织类型" required style={{ marginBottom: 12 }}>
          <Select value={type} onChange={(_, d) => onType(d.value as OrgType)}>
            {creatable.map((t) => (
              <option key={t} value={t}>
                {ORG_TYPE_LABEL[t]}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <OrganizationFormFields
        actor={actor}
        apps={apps}
        showApps={type === 'SUPPLIER'}
        companyDetailsRequired={type === 'SUPPLIER' || type === 'PROJECT_COMPANY'}
      />
    </GenericDialog>
  );
}
