// 角色权限 (/basicDataManagement/rolesManagment/jurisdiction?roleId=…): the menu tree with a checkbox per menu
// and per operation code; a parent shows checked or mixed from what is below it (domain/role). 保存 replaces
// the role's grants; 批量授权 adds the same selection to the roles chosen beside it.
import { Button, Checkbox, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { createPagedListMachine } from '../../../application/paged-list/paged-list.machine';
import { createRoleGrantsMachine } from '../../../application/roles/role-grants.machine';
import {
  buildResourceTree, checkStateOf, OPERATION_LABEL, type GrantSelection, type MenuResource, type ResourceNode,
} from '../../../domain/role/role';
import { filterTextInput } from '../../../domain/text-input/text-input-filter';
import { useServices } from '../../app/services';
import { CheckboxGroup } from '../../kit/checkbox-group';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { Permission } from '../../shell/permission';

const JURISDICTION_PATH = '/basicDataManagement/rolesManagment/jurisdiction';
const ROLES_PATH = '/basicDataManagement/rolesManagment';

const useStyles = makeStyles({
  page: { padding: '16px 24px', display: 'flex', flexDirection: 'column', gap: '16px' },
  card: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, padding: '16px', display: 'flex', flexDirection: 'column', gap: '8px' },
  toolbar: { display: 'flex', gap: '8px', alignItems: 'center' },
  tree: { listStyle: 'none', margin: 0, paddingLeft: '24px' },
  root: { listStyle: 'none', margin: 0, padding: 0 },
  row: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '4px' },
  ops: { display: 'flex', flexWrap: 'wrap', marginLeft: '12px', color: tokens.colorNeutralForeground2 },
  hidden: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

function TreeItems({ nodes, selection, onMenu, onOperation, root }: {
  nodes: readonly ResourceNode[];
  selection: GrantSelection;
  onMenu: (menuId: string, checked: boolean) => void;
  onOperation: (menuId: string, op: string, checked: boolean) => void;
  root?: boolean;
}) {
  const styles = useStyles();
  return (
    <ul className={root ? styles.root : styles.tree} role={root ? 'tree' : 'group'} aria-label={root ? '菜单权限' : undefined}>
      {nodes.map((node) => {
        const r = node.resource;
        const state = checkStateOf(selection, node);
        return (
          <li key={r.menuId} role="treeitem" aria-selected={state === true} aria-expanded={node.children.length ? true : undefined}>
            <div className={styles.row}>
              <Checkbox label={r.menuName} checked={state} onChange={(_, d) => onMenu(r.menuId, d.checked === true)} />
              {r.hidden && <span className={styles.hidden}>（页面内）</span>}
              {r.operationCodes.length > 0 && (
                <span className={styles.ops}>
                  {r.operationCodes.map((op) => (
                    <Checkbox key={op} size="medium" label={OPERATION_LABEL[op] ?? op} aria-label={`${r.menuName} ${OPERATION_LABEL[op] ?? op}`}
                      checked={selection[r.menuId]?.includes(op) ?? false} onChange={(_, d) => onOperation(r.menuId, op, d.checked === true)} />
                  ))}
                </span>
              )}
            </div>
            {node.children.length > 0 && <TreeItems nodes={node.children} selection={selection} onMenu={onMenu} onOperation={onOperation} />}
          </li>
        );
      })}
    </ul>
  );
}

export function RoleJurisdictionScreen() {
  const [params] = useSearchParams();
  const roleId = params.get('roleId');
  if (!roleId) return <NoRole />;
  // A new role id starts a new flow.
  return <RoleGrants key={roleId} roleId={roleId} />;
}

function NoRole() {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">角色权限</Text>
      <div className={styles.card}>
        <Text>请从角色列表选择要授权的角色。</Text>
        <div><Button onClick={() => navigate(ROLES_PATH)}>返回角色管理</Button></div>
      </div>
    </section>
  );
}

function RoleGrants({ roleId }: { roleId: string }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { roles, notifier } = useServices();
  const [machine] = useState(() => createRoleGrantsMachine({ roles, notifier }));
  const flow = useActorRef(machine, { input: { roleId } });
  const resources = useSelector(flow, (s) => s.context.resources);
  const selection = useSelector(flow, (s) => s.context.selection);
  const allRoles = useSelector(flow, (s) => s.context.roles);
  const failed = useSelector(flow, (s) => s.matches('failed'));
  const busy = useSelector(flow, (s) => !s.matches('editing'));
  const tree = useMemo(() => buildResourceTree(resources), [resources]);
  const [batchRoles, setBatchRoles] = useState<string[]>([]);
  const roleName = allRoles.find((r) => r.roleId === roleId)?.roleName ?? '';
  // 查找页面: the pages by name (resourceByPage); a box here checks the same grant as the tree.
  const [finderMachine] = useState(() =>
    createPagedListMachine((q: { menuName: string }, p) => roles.pageResources(roleId, q.menuName, p), { menuName: '' }));
  const finder = useActorRef(finderMachine);
  const found = useSelector(finder, (s) => s.context.records);
  const foundTotal = useSelector(finder, (s) => s.context.total);
  const foundPage = useSelector(finder, (s) => s.context.current);
  const foundSize = useSelector(finder, (s) => s.context.size);
  const finding = useSelector(finder, (s) => s.matches('loading'));
  const [menuName, setMenuName] = useState('');
  const finderColumns: PagedTableColumn<MenuResource>[] = [
    {
      key: 'granted', title: '授权', width: 56,
      render: (r) => (
        <Checkbox aria-label={`授权 ${r.menuName}`} checked={selection[r.menuId] !== undefined}
          onChange={(_, d) => flow.send({ type: 'TOGGLE_MENU', menuId: r.menuId, checked: d.checked === true })} />
      ),
    },
    { key: 'menuName', title: '页面', width: 180 },
    { key: 'path', title: '路径' },
    { key: 'operationCodes', title: '操作权限', render: (r) => r.operationCodes.map((op) => OPERATION_LABEL[op] ?? op).join('、') || '--' },
  ];

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">角色权限{roleName ? `：${roleName}` : ''}</Text>
      <div className={styles.card}>
        <div className={styles.toolbar}>
          <Permission code="authorize" path={JURISDICTION_PATH}>
            <Button appearance="primary" disabled={busy} onClick={() => flow.send({ type: 'SAVE' })}>保存</Button>
          </Permission>
          <Button onClick={() => navigate(ROLES_PATH)}>返回</Button>
          {failed && <Button onClick={() => flow.send({ type: 'RETRY' })}>重试</Button>}
        </div>
        <div className={styles.toolbar}>
          <Input aria-label="查找页面" placeholder="按页面名称查找" value={menuName}
            onChange={(_, d) => setMenuName(filterTextInput(d.value, menuName, { kind: 'singleLine' }))} />
          <Button onClick={() => finder.send({ type: 'SEARCH', query: { menuName } })}>查找</Button>
        </div>
        {menuName.trim() !== '' && (
          <PagedTable aria-label="页面查找结果" columns={finderColumns} rows={found} rowKey={(r) => r.menuId} total={foundTotal}
            page={foundPage} pageSize={foundSize} loading={finding}
            onPageChange={(current, size) => finder.send({ type: 'PAGE', current, size })} />
        )}
        <TreeItems root nodes={tree} selection={selection}
          onMenu={(menuId, checked) => flow.send({ type: 'TOGGLE_MENU', menuId, checked })}
          onOperation={(menuId, op, checked) => flow.send({ type: 'TOGGLE_OPERATION', menuId, op, checked })} />
      </div>
      <Permission code="authorize" path={JURISDICTION_PATH}>
        <div className={styles.card}>
          <Text weight="semibold">批量授权</Text>
          <Text size={200}>把上面勾选的菜单和操作权限追加给所选角色（不取消它们已有的权限）。</Text>
          <CheckboxGroup label="授权给角色" value={batchRoles} onChange={setBatchRoles}
            options={allRoles.filter((r) => r.roleId !== roleId).map((r) => ({ value: r.roleId, label: r.roleName }))} />
          <div>
            <Button disabled={busy} onClick={() => flow.send({ type: 'SAVE_BATCH', roleIds: batchRoles })}>批量授权</Button>
          </div>
        </div>
      </Permission>
    </section>
  );
}
