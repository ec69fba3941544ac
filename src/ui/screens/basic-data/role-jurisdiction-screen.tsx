// 角色权限 (/basicDataManagement/rolesManagment/jurisdiction?roleId=…): the menu tree with a checkbox per menu
// and per operation code; a parent shows checked or mixed from what is below it (domain/role). About 250
// boxes: the tree folds (全部展开 / 全部折叠, each group on its own), 全选 / 全不选 act on the whole tree, and a
// filter finds menus by their Chinese title, each shown with its place in the tree ('风险管理 › 负面舆情'),
// never a route path. 保存 sits in a bar fixed to the bottom of the page, always in reach; it replaces the
// role's grants. 批量授权 adds the same selection to the roles chosen beside it. Leaving with changes not saved
// asks first.
import { Button, Checkbox, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular, SearchRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { createRoleGrantsMachine } from '../../../application/roles/role-grants.machine';
import { findMenus, grantsChanged } from '../../../application/roles/role-grants.selectors';
import {
  buildResourceTree,
  checkStateOf,
  operationLabel,
  type GrantSelection,
  type MenuResource,
  type ResourceNode,
} from '../../../domain/role/role';
import { filterTextInput } from '../../../domain/text-input/text-input-filter';
import { useServices } from '../../app/services';
import { CheckboxGroup } from '../../kit/checkbox-group';
import { Permission, useOperation } from '../../shell/permission';
import { useUnsavedChanges } from '../../shell/use-unsaved-changes';

const JURISDICTION_PATH = '/basicDataManagement/rolesManagment/jurisdiction';
const ROLES_PATH = '/basicDataManagement/rolesManagment';

const useStyles = makeStyles({
  page: { padding: '16px 24px 0', display: 'flex', flexDirection: 'column', gap: '16px' },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    padding: '16px',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
  },
  toolbar: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  filter: { minWidth: '220px', flexGrow: 1, maxWidth: '360px' },
  tree: { listStyle: 'none', margin: 0, paddingLeft: '24px' },
  root: { listStyle: 'none', margin: 0, padding: 0 },
  row: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '4px' },
  toggle: { minWidth: '24px', width: '24px', padding: 0 },
  spacer: { display: 'inline-block', width: '24px' },
  ops: { display: 'flex', flexWrap: 'wrap', marginLeft: '12px', color: tokens.colorNeutralForeground2 },
  hidden: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  trail: { color: tokens.colorNeutralForeground3 },
  // Fixed to the bottom of the scrolling page: 保存 is in reach wherever the tree is scrolled to.
  bar: {
    position: 'sticky',
    bottom: 0,
    zIndex: 2,
    display: 'flex',
    gap: '8px',
    alignItems: 'center',
    padding: '10px 16px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow8,
  },
  changed: { color: tokens.colorPaletteMarigoldForeground1 },
});

interface TreeProps {
  selection: GrantSelection;
  expanded: ReadonlySet<string>;
  readOnly: boolean;
  onToggle: (menuId: string) => void;
  onMenu: (menuId: string, checked: boolean) => void;
  onOperation: (menuId: string, op: string, checked: boolean) => void;
}

function Operations({
  resource,
  selection,
  readOnly,
  onOperation,
}: { resource: MenuResource } & Pick<TreeProps, 'selection' | 'readOnly' | 'onOperation'>) {
  const styles = useStyles();
  if (resource.operationCodes.length === 0) return null;
  return (
    <span className={styles.ops}>
      {resource.operationCodes.map((op) => (
        <Checkbox
          key={op}
          size="medium"
          label={operationLabel(resource.path, op)}
          aria-label={`${resource.menuName} ${operationLabel(resource.path, op)}`}
          disabled={readOnly}
          checked={selection[resource.menuId]?.includes(op) ?? false}
          onChange={(_, d) => onOperation(resource.menuId, op, d.checked === true)}
        />
      ))}
    </span>
  );
}

function TreeItems({ nodes, root, ...props }: TreeProps & { nodes: readonly ResourceNode[]; root?: boolean }) {
  const styles = useStyles();
  const { selection, expanded, readOnly, onToggle, onMenu } = props;
  return (
    <ul
      className={root ? styles.root : styles.tree}
      role={root ? 'tree' : 'group'}
      aria-label={root ? '菜单权限' : undefined}
    >
      {nodes.map((node) => {
        const r = node.resource;
        const state = checkStateOf(selection, node);
        const open = expanded.has(r.menuId);
        const hasChildren = node.children.length > 0;
        return (
          <li
            key={r.menuId}
            role="treeitem"
            aria-selected={state === true}
            aria-expanded={hasChildren ? open : undefined}
          >
            <div className={styles.row}>
              {hasChildren ? (
                <Button
                  className={styles.toggle}
                  size="small"
                  appearance="transparent"
                  aria-label={`${open ? '折叠' : '展开'} ${r.menuName}`}
                  icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />}
                  onClick={() => onToggle(r.menuId)}
                />
              ) : (
                <span className={styles.spacer} />
              )}
              <Checkbox
                label={r.menuName}
                checked={state}
                disabled={readOnly}
                onChange={(_, d) => onMenu(r.menuId, d.checked === true)}
              />
              {r.hidden && <span className={styles.hidden}>（页面内）</span>}
              <Operations resource={r} {...props} />
            </div>
            {hasChildren && open && <TreeItems nodes={node.children} {...props} />}
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
      <Text as="h1" size={600} weight="semibold">
        角色权限
      </Text>
      <div className={styles.card}>
        <Text>请从角色列表选择要授权的角色。</Text>
        <div>
          <Button onClick={() => navigate(ROLES_PATH)}>返回角色管理</Button>
        </div>
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
  const canAuthorize = useOperation('authorize', JURISDICTION_PATH);
  const tree = useMemo(() => buildResourceTree(resources), [resources]);
  const groups = useMemo(
    () => resources.filter((r) => resources.some((c) => c.parentKid === r.menuId)).map((r) => r.menuId),
    [resources],
  );
  // Folded to the areas at first: the 250 boxes open one area at a time.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [filter, setFilter] = useState('');
  const found = useMemo(() => findMenus(resources, filter), [resources, filter]);
  const [batchRoles, setBatchRoles] = useState<string[]>([]);
  const roleName = allRoles.find((r) => r.roleId === roleId)?.roleName ?? '';
  const changed = !busy && grantsChanged(resources, selection);
  const leavePrompt = useUnsavedChanges(changed && canAuthorize);
  const treeProps: TreeProps = {
    selection,
    expanded,
    readOnly: !canAuthorize,
    onToggle: (menuId) =>
      setExpanded((e) => {
        const next = new Set(e);
        if (next.has(menuId)) next.delete(menuId);
        else next.add(menuId);
        return next;
      }),
    onMenu: (menuId, checked) => flow.send({ type: 'TOGGLE_MENU', menuId, checked }),
    onOperation: (menuId, op, checked) => flow.send({ type: 'TOGGLE_OPERATION', menuId, op, checked }),
  };
  const selectAll = (checked: boolean) => {
    for (const node of tree) flow.send({ type: 'TOGGLE_MENU', menuId: node.resource.menuId, checked });
  };

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        角色权限{roleName ? `：${roleName}` : ''}
      </Text>
      <div className={styles.card}>
        <div className={styles.toolbar}>
          <Input
            className={styles.filter}
            aria-label="筛选菜单"
            placeholder="按菜单名称筛选，如：负面舆情"
            value={filter}
            contentBefore={<SearchRegular />}
            onChange={(_, d) => setFilter(filterTextInput(d.value, filter, { kind: 'singleLine', max: 30 }))}
          />
          <Button size="small" onClick={() => setExpanded(new Set(groups))}>
            全部展开
          </Button>
          <Button size="small" onClick={() => setExpanded(new Set())}>
            全部折叠
          </Button>
          {canAuthorize && (
            <>
              <Button size="small" disabled={busy} onClick={() => selectAll(true)}>
                全选
              </Button>
              <Button size="small" disabled={busy} onClick={() => selectAll(false)}>
                全不选
              </Button>
            </>
          )}
          {failed && (
            <Button size="small" onClick={() => flow.send({ type: 'RETRY' })}>
              重试
            </Button>
          )}
        </div>
        {filter.trim() !== '' ? (
          <ul className={styles.root} aria-label="筛选结果">
            {found.length === 0 && (
              <li>
                <Text>没有名称包含“{filter.trim()}”的菜单</Text>
              </li>
            )}
            {found.map(({ resource, trail }) => {
              const state = checkStateOf(selection, findNode(tree, resource.menuId) ?? { resource, children: [] });
              return (
                <li key={resource.menuId} className={styles.row}>
                  <Checkbox
                    label={trail.join(' › ')}
                    checked={state}
                    disabled={!canAuthorize}
                    onChange={(_, d) =>
                      flow.send({ type: 'TOGGLE_MENU', menuId: resource.menuId, checked: d.checked === true })
                    }
                  />
                  <Operations resource={resource} {...treeProps} />
                </li>
              );
            })}
          </ul>
        ) : (
          <TreeItems root nodes={tree} {...treeProps} />
        )}
      </div>
      <Permission code="authorize" path={JURISDICTION_PATH}>
        <div className={styles.card}>
          <Text weight="semibold">批量授权</Text>
          <Text size={200}>把上面勾选的菜单和操作权限追加给所选角色（不取消它们已有的权限）。</Text>
          <CheckboxGroup
            label="授权给角色"
            value={batchRoles}
            onChange={setBatchRoles}
            options={allRoles.filter((r) => r.roleId !== roleId).map((r) => ({ value: r.roleId, label: r.roleName }))}
          />
          <div>
            <Button disabled={busy} onClick={() => flow.send({ type: 'SAVE_BATCH', roleIds: batchRoles })}>
              批量授权
            </Button>
          </div>
        </div>
      </Permission>
      <div className={styles.bar} role="toolbar" aria-label="保存权限">
        <Permission code="authorize" path={JURISDICTION_PATH}>
          <Button appearance="primary" disabled={busy} onClick={() => flow.send({ type: 'SAVE' })}>
            保存
          </Button>
        </Permission>
        <Button onClick={() => navigate(ROLES_PATH)}>返回</Button>
        {changed && canAuthorize && <Text className={styles.changed}>有尚未保存的修改</Text>}
      </div>
      {leavePrompt}
    </section>
  );
}

function findNode(nodes: readonly ResourceNode[], menuId: string): ResourceNode | undefined {
  for (const n of nodes) {
    if (n.resource.menuId === menuId) return n;
    const below = findNode(n.children, menuId);
    if (below) return below;
  }
  return undefined;
}
