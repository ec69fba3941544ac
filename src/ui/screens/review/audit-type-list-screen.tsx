// 审核类型配置 (/business/auditTypeList, BUSINESS.md §1.5): every review type with its levels, and an editor
// for one (编辑, op `edit`): 1–5 levels, each with its roles and/or people, how opinions combine, what a
// rejection does and an optional reminder. The editor shows checkAuditType's problems as the user works; the
// gateway checks again. A change applies to submissions made after it — the page says so.
import { Badge, Button, Dropdown, Field, Option, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { createAuditTypeConfigMachine } from '../../../application/review/audit-type-config.machine';
import type { AuditTypeCandidates, AuditTypeRow } from '../../../application/ports/review-gateway.port';
import {
  APPROVE_METHOD_LABEL,
  type ApproveMethod,
  MAX_REVIEW_LEVELS,
  REJECT_HANDLER_LABEL,
  type RejectHandler,
  type ReviewLevelConfig,
  checkAuditType,
} from '../../../domain/financing/review';
import { DEFAULT_UI_SIZE } from '../../../domain/constants';
import { formatDateTime } from '../../../domain/format/date-format';
import { useServices } from '../../app/services';
import { GenericDialog } from '../../kit/dialogs/generic-dialog';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { NumberInput } from '../../kit/number-input';
import { Notice } from '../../kit/notice';
import { SearchSelect } from '../../kit/search-select';
import { useOperation } from '../../shell/permission';
import { useListScreenStyles } from '../common/list-screen-styles';

export const AUDIT_TYPE_PATH = '/business/auditTypeList';
export const NEW_SUBMISSIONS_ONLY = '修改仅对此后提交的事项生效；已提交的事项按提交时的配置审核。';

const useStyles = makeStyles({
  levels: { display: 'flex', flexDirection: 'column', gap: '4px' },
  level: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '12px',
    display: 'grid',
    gap: '8px 16px',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(240px, 100%), 1fr))',
  },
  levelHead: { gridColumn: '1 / -1', display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  editor: { display: 'flex', flexDirection: 'column', gap: '12px' },
  problems: { margin: 0, paddingLeft: '18px' },
});

const methods = Object.entries(APPROVE_METHOD_LABEL) as Array<[ApproveMethod, string]>;
const handlers = Object.entries(REJECT_HANDLER_LABEL) as Array<[RejectHandler, string]>;

function roleNames(level: ReviewLevelConfig, candidates: AuditTypeCandidates): string {
  const roles = level.roles.map((code) => candidates.roles.find((r) => r.code === code)?.name ?? code);
  const people = level.userIds.map((id) => candidates.users.find((u) => u.userId === id)?.nickName ?? id);
  return [...roles, ...people].join('、') || '—';
}

const methodText = (l: ReviewLevelConfig) =>
  l.approveMethod === 'RATIO'
    ? `${APPROVE_METHOD_LABEL.RATIO}（${l.ratioPercent ?? '—'}%）`
    : APPROVE_METHOD_LABEL[l.approveMethod];
const handlerText = (l: ReviewLevelConfig) =>
  l.rejectHandler === 'RETURN_TO_LEVEL' ? `退回第${l.returnToLevel ?? '—'}级` : REJECT_HANDLER_LABEL[l.rejectHandler];

/** One line per level: 第1级：…; the cells of the list. */
const perLevel = (row: AuditTypeRow, text: (l: ReviewLevelConfig) => string) =>
  row.levels.map((l, i) => <div key={i}>{`${i + 1}. ${text(l)}`}</div>);

export function AuditTypeListScreen() {
  const styles = useListScreenStyles();
  const { review, notifier } = useServices();
  const [machine] = useState(() => createAuditTypeConfigMachine({ review, notifier }));
  const flow = useActorRef(machine);
  const types = useSelector(flow, (s) => s.context.types);
  const candidates = useSelector(flow, (s) => s.context.candidates);
  const editing = useSelector(flow, (s) => s.context.editing);
  const loading = useSelector(flow, (s) => s.matches('loading'));
  const saving = useSelector(flow, (s) => s.matches('saving'));
  const refused = useSelector(flow, (s) => s.context.problems);
  const mayEdit = useOperation('edit', AUDIT_TYPE_PATH);
  const current = types.find((t) => t.code === editing) ?? null;

  const columns: PagedTableColumn<AuditTypeRow>[] = [
    { key: 'name', title: '审核类型', width: 140 },
    { key: 'levels', title: '级数', width: 64, render: (r) => String(r.levels.length) },
    {
      key: 'roles',
      title: '各级角色',
      minWidth: 200,
      ellipsis: false,
      render: (r) => perLevel(r, (l) => roleNames(l, candidates)),
    },
    { key: 'method', title: '审批方式', width: 150, ellipsis: false, render: (r) => perLevel(r, methodText) },
    { key: 'reject', title: '驳回方式', width: 130, ellipsis: false, render: (r) => perLevel(r, handlerText) },
    {
      key: 'enabled',
      title: '启用',
      width: 80,
      render: (r) => (
        <Badge appearance="tint" color={r.enabled ? 'success' : 'subtle'}>
          {r.enabled ? '启用' : '停用'}
        </Badge>
      ),
    },
    {
      key: 'updatedAt',
      title: '最近修改',
      width: 170,
      render: (r) =>
        r.updatedByName ? `${r.updatedByName} ${formatDateTime(r.updatedAt)}` : formatDateTime(r.updatedAt),
    },
    ...(mayEdit
      ? [
          {
            key: 'op',
            title: '操作',
            width: 80,
            fixed: 'right' as const,
            hideable: false,
            render: (r: AuditTypeRow) => (
              <Button size="small" appearance="transparent" onClick={() => flow.send({ type: 'EDIT', code: r.code })}>
                编辑
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        审核类型配置
      </Text>
      <Notice intent="info">{NEW_SUBMISSIONS_ONLY}</Notice>
      <div className={styles.card}>
        <PagedTable
          aria-label="审核类型配置"
          columns={columns}
          rows={types}
          rowKey={(r) => r.code}
          total={types.length}
          page={1}
          pageSize={Math.max(types.length, 10)}
          pageSizes={[Math.max(types.length, 10)]}
          layout={['total']}
          onPageChange={() => {}}
          loading={loading}
          onRefresh={() => flow.send({ type: 'RELOAD' })}
        />
      </div>
      {current && (
        <AuditTypeEditor
          key={`${current.code}-${current.version}`}
          row={current}
          candidates={candidates}
          saving={saving}
          problems={refused}
          onCancel={() => flow.send({ type: 'CANCEL' })}
          onSave={(enabled, levels) =>
            flow.send({ type: 'SAVE', change: { enabled, levels, version: current.version } })
          }
        />
      )}
    </section>
  );
}

const blankLevel = (): ReviewLevelConfig => ({
  roles: [],
  userIds: [],
  approveMethod: 'ANY',
  ratioPercent: null,
  rejectHandler: 'RETURN_TO_MAKER',
  returnToLevel: null,
  timeoutHours: null,
});

function AuditTypeEditor(props: {
  row: AuditTypeRow;
  candidates: AuditTypeCandidates;
  saving: boolean;
  problems: string[];
  onCancel: () => void;
  onSave: (enabled: boolean, levels: ReviewLevelConfig[]) => void;
}) {
  const styles = useStyles();
  const { row, candidates } = props;
  // The draft lives here until 保存; the flow keeps what is stored.
  const [enabled, setEnabled] = useState(row.enabled);
  const [levels, setLevels] = useState<ReviewLevelConfig[]>(() => row.levels.map((l) => ({ ...l })));
  const [tried, setTried] = useState(false);
  const problems = checkAuditType({ levels });
  const shown = tried ? problems : [];
  const dirty = enabled !== row.enabled || JSON.stringify(levels) !== JSON.stringify(row.levels);
  const change = (i: number, patch: Partial<ReviewLevelConfig>) =>
    setLevels((all) => all.map((l, n) => (n === i ? { ...l, ...patch } : l)));
  const roleOptions = candidates.roles.map((r) => ({ value: r.code, label: r.name }));
  const userOptions = candidates.users.map((u) => ({ value: u.userId, label: `${u.nickName}（${u.userName}）` }));

  return (
    <GenericDialog
      open
      title={`编辑审核类型：${row.name}`}
      width={860}
      dirty={dirty}
      submitText="保存"
      submitting={props.saving}
      onClose={props.onCancel}
      onSubmit={() => {
        setTried(true);
        props.onSave(enabled, levels);
      }}
    >
      <div className={styles.editor}>
        <Text size={200}>{NEW_SUBMISSIONS_ONLY}</Text>
        <Switch label={enabled ? '启用' : '停用'} checked={enabled} onChange={(_, d) => setEnabled(d.checked)} />
        {(shown.length > 0 || props.problems.length > 0) && (
          <Notice intent="error">
            <ul className={styles.problems}>
              {[...new Set([...shown, ...props.problems])].map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Notice>
        )}
        {levels.map((level, i) => (
          <div key={i} className={styles.level} role="group" aria-label={`第${i + 1}级`}>
            <div className={styles.levelHead}>
              <Text weight="semibold">第{i + 1}级</Text>
              <Button
                size="small"
                appearance="subtle"
                onClick={() => setLevels((all) => all.filter((_, n) => n !== i))}
              >
                删除本级
              </Button>
            </div>
            <SearchSelect
              label="审核角色"
              multiple
              options={roleOptions}
              value={level.roles}
              onChange={(roles) => change(i, { roles })}
            />
            <SearchSelect
              label="指定人员"
              multiple
              options={userOptions}
              value={level.userIds}
              onChange={(userIds) => change(i, { userIds })}
            />
            <Field label="审批方式">
              <Dropdown
                size={DEFAULT_UI_SIZE}
                value={APPROVE_METHOD_LABEL[level.approveMethod]}
                selectedOptions={[level.approveMethod]}
                onOptionSelect={(_, d) => change(i, { approveMethod: d.optionValue as ApproveMethod })}
              >
                {methods.map(([value, label]) => (
                  <Option key={value} value={value}>
                    {label}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            {level.approveMethod === 'RATIO' && (
              <NumberInput
                label="通过比例（%）"
                min={1}
                max={100}
                precision={0}
                value={level.ratioPercent ?? null}
                onChange={(ratioPercent) => change(i, { ratioPercent })}
              />
            )}
            <Field label="驳回方式">
              <Dropdown
                size={DEFAULT_UI_SIZE}
                value={REJECT_HANDLER_LABEL[level.rejectHandler]}
                selectedOptions={[level.rejectHandler]}
                onOptionSelect={(_, d) => change(i, { rejectHandler: d.optionValue as RejectHandler })}
              >
                {handlers
                  .filter(([value]) => value !== 'RETURN_TO_LEVEL' || i > 0)
                  .map(([value, label]) => (
                    <Option key={value} value={value}>
                      {label}
                    </Option>
                  ))}
              </Dropdown>
            </Field>
            {level.rejectHandler === 'RETURN_TO_LEVEL' && (
              <Field label="退回至">
                <Dropdown
                  size={DEFAULT_UI_SIZE}
                  value={level.returnToLevel ? `第${level.returnToLevel}级` : ''}
                  placeholder="选择级次"
                  selectedOptions={level.returnToLevel ? [String(level.returnToLevel)] : []}
                  onOptionSelect={(_, d) => change(i, { returnToLevel: Number(d.optionValue) })}
                >
                  {Array.from({ length: i }, (_, n) => (
                    <Option key={n + 1} value={String(n + 1)}>
                      {`第${n + 1}级`}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            )}
            <NumberInput
              label="超时提醒（小时，仅提醒）"
              min={1}
              max={8760}
              precision={0}
              value={level.timeoutHours ?? null}
              onChange={(timeoutHours) => change(i, { timeoutHours })}
            />
          </div>
        ))}
        <div>
          <Button
            disabled={levels.length >= MAX_REVIEW_LEVELS}
            onClick={() => setLevels((all) => [...all, blankLevel()])}
          >
            添加级次
          </Button>
        </div>
      </div>
    </GenericDialog>
  );
}
