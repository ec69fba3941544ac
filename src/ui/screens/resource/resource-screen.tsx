// The list, form and detail of any plain resource, built from its definition and the kit: the query form of
// its search fields and status, the paged table of its list fields, 新增 / 导出 in the toolbar, and per row
// 查看, 编辑, the actions its workflow table allows this user now, and 删除 — each behind its operation code on
// the resource's menu (SPEC §6). The screen holds no rule of its own: what may happen is the definition's.
import { Badge, Field, Input, Select, Text, Textarea, makeStyles } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createPagedListMachine } from '../../../application/paged-list/paged-list.machine';
import type { ResourceQuery } from '../../../application/ports/resource-gateway.port';
import { DELETE_ACTION, createResourceActionMachine } from '../../../application/resources/resource-action.machine';
import { createResourceFormMachine } from '../../../application/resources/resource-form.machine';
import { selectMenus } from '../../../application/session/session.selectors';
import { operationCodesFor } from '../../../domain/menu/menu';
import {
  type FieldDef,
  type HistoryEntry,
  type ResourceDef,
  type ResourceRecord,
  canRemove,
  canUpdate,
  columnFields,
  createTitle,
  detailFields,
  fieldByKey,
  formFields,
  isSortable,
  searchFields,
  sumFields,
  textMax,
} from '../../../domain/resource/resource';
import { formatDateTime } from '../../../domain/format/date-format';
import { dateBounds, fixedOrgChoices, rateHint, displayOf, wireValueOf } from '../../../domain/resource/resource-form';
import { allowedActions, transitionCommentLabel } from '../../../domain/workflow/workflow';
import { useServices } from '../../app/services';
import { GenericDialog } from '../../kit/dialogs/generic-dialog';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { QueryForm, QueryFormItem } from '../../kit/dialogs/query-form';
import { type RowAction, RowActions } from '../../kit/table/row-actions';
import { ToolbarButton } from '../../kit/table/toolbar-button';
import { useListScreenStyles } from '../common/list-screen-styles';
import { usePagedList, useReadAgainWhenShown } from '../common/use-paged-list';
import { MultipleOptionInput } from './multiple-option-input';
import { RefSelect } from './ref-select';

const useOwnStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', gap: '12px' },
  details: {
    display: 'grid',
    gridTemplateColumns: 'minmax(90px, 140px) 1fr',
    rowGap: '8px',
    columnGap: '12px',
    margin: 0,
  },
  history: { margin: '8px 0 0', paddingLeft: '20px', display: 'flex', flexDirection: 'column', gap: '6px' },
  // The two bounds share the field's width; where that leaves a bound too narrow for a whole date (年/月/日 and
  // its calendar button: 融资决议管理's 创建日期 read "mm/dd/y"), the second wraps under the first.
  range: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px', minWidth: 0 },
  bound: { minWidth: '132px', flexGrow: 1, flexBasis: 0 },
  boundInput: { minWidth: 0, width: '100%' },
  embedded: { display: 'flex', flexDirection: 'column', gap: '16px' },
  sums: { display: 'flex', flexWrap: 'wrap', gap: '8px 24px', paddingTop: '8px', justifyContent: 'flex-end' },
});

/** A text cell is cut with an ellipsis and shows its whole text on hover: it may give up width down to this. */
const TEXT_MIN_WIDTH_PX = 96;

/**
 * A field's column width in a list. Only text may narrow: a figure, a date or a status cut short would mislead.
 * Were every column's width also its minimum, a list whose widths add up to a little more than the frame
 * (项目信息 at 1440 wide) would scroll sideways and put its 状态 under the pinned 操作.
 */
export function listColumnWidth(f: FieldDef): { width?: number; minWidth?: number } {
  const width = typeof f.list === 'object' ? f.list.width : undefined;
  if (width === undefined) return {};
  const text = f.type === 'text' || f.type === 'textarea';
  return text ? { width, minWidth: Math.min(width, TEXT_MIN_WIDTH_PX) } : { width };
}

/** The escape hatches a definition may not say: a cell of its own, and an extra row action. */
export interface ResourceScreenProps {
  def: ResourceDef;
  renderCell?: Partial<Record<string, (row: ResourceRecord) => ReactNode>>;
  extraActions?: (row: ResourceRecord) => RowAction[];
  /** Buttons of the screen's own beside 新增 / 导出 (e.g. 导入), each behind its own code. */
  toolbar?: (grants: ReadonlySet<string>, reload: () => void) => ReactNode;
  /** 查看 opens this instead of the detail dialog (a detail page of its own). */
  onView?: (row: ResourceRecord) => void;
  /** Shown inside a screen of its own (e.g. a version history under a form): no page frame, a section heading. */
  embedded?: boolean;
}

const emptyQuery = (def: ResourceDef): ResourceQuery => {
  const query: ResourceQuery = { status: '' };
  for (const f of searchFields(def)) {
    if (f.search === 'range') Object.assign(query, { [`${f.key}From`]: '', [`${f.key}To`]: '' });
    else query[f.key] = '';
  }
  return query;
};

/** Money bounds are typed in 元 and asked for in 分. */
function wireQuery(def: ResourceDef, draft: ResourceQuery): ResourceQuery {
  const query = { ...draft };
  for (const f of searchFields(def).filter((x) => x.search === 'range' && x.type === 'money')) {
    for (const key of [`${f.key}From`, `${f.key}To`]) {
      const read = wireValueOf(f, query[key] ?? '');
      query[key] = 'value' in read && read.value !== null ? String(read.value) : '';
    }
  }
  return query;
}

function StatusBadge({ def, status }: { def: ResourceDef; status: string }) {
  const s = def.statuses[status as keyof typeof def.statuses];
  return (
    <Badge appearance="tint" color={s?.tone ?? 'subtle'}>
      {s?.label ?? status}
    </Badge>
  );
}

// Plain text, not an element, so that the table cuts a long value with an ellipsis and shows it whole on hover.
function cellOf(field: FieldDef, row: ResourceRecord): ReactNode {
  const value = row[field.key];
  const tone = typeof value === 'string' ? field.optionTones?.[value] : undefined;
  return tone ? (
    <Badge appearance="tint" color={tone}>
      {displayOf(field, value)}
    </Badge>
  ) : (
    displayOf(field, value)
  );
}

function SearchInput({
  field,
  draft,
  set,
}: {
  field: FieldDef;
  draft: ResourceQuery;
  set: (key: string, value: string) => void;
}) {
  const styles = useOwnStyles();
  if (field.search === 'range') {
    const type = field.type === 'date' || field.type === 'datetime' ? 'date' : 'text';
    return (
      <div className={styles.range}>
        <Input
          className={styles.bound}
          input={{ className: styles.boundInput }}
          aria-label={`${field.label}起`}
          type={type}
          value={draft[`${field.key}From`] ?? ''}
          onChange={(_, d) => set(`${field.key}From`, d.value)}
        />
        <span>至</span>
        <Input
          className={styles.bound}
          input={{ className: styles.boundInput }}
          aria-label={`${field.label}止`}
          type={type}
          value={draft[`${field.key}To`] ?? ''}
          onChange={(_, d) => set(`${field.key}To`, d.value)}
        />
      </div>
    );
  }
  if (field.options) {
    return (
      <Select value={draft[field.key] ?? ''} onChange={(_, d) => set(field.key, d.value)}>
        <option value="">全部</option>
        {Object.entries(field.options).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Select>
    );
  }
  return (
    <Input
      value={draft[field.key] ?? ''}
      placeholder={`请输入${field.label}`}
      maxLength={textMax(field)}
      onChange={(_, d) => set(field.key, d.value)}
    />
  );
}

export function ResourceScreen({
  def,
  renderCell = {},
  extraActions,
  toolbar,
  onView,
  embedded = false,
}: ResourceScreenProps) {
  const styles = { ...useListScreenStyles(), ...useOwnStyles() };
  const { resources, notifier, session, clock } = useServices();
  const menus = useSelector(session, selectMenus);
  const grants = useMemo(() => operationCodesFor(menus, def.menuPath), [menus, def.menuPath]);
  // A record made on a page of its own may be edited by who holds the code there as well as on the list (a
  // decision's maker holds 保存 on 决议制作, not on 融资决议管理).
  const editGrants = useMemo(
    () => (def.makePath ? new Set([...grants, ...operationCodesFor(menus, def.makePath)]) : grants),
    [menus, def.makePath, grants],
  );
  const [sums, setSums] = useState<Record<string, number> | undefined>(undefined);
  const [listMachine] = useState(() =>
    createPagedListMachine(async (q: ResourceQuery, p) => {
      const page = await resources.page(def, q, p);
      setSums(page.sums);
      return page;
    }, emptyQuery(def)),
  );
  const list = useActorRef(listMachine);
  const reload = useCallback(() => list.send({ type: 'RELOAD' }), [list]);
  // A list whose records are made on a page of their own (makePath): coming back from 提交, the new record is in it.
  useReadAgainWhenShown(list, !!def.makePath);
  const [formMachine] = useState(() =>
    createResourceFormMachine({ def, gateway: resources, notifier, onSaved: reload, clock }),
  );
  const editor = useActorRef(formMachine);
  const [actionMachine] = useState(() =>
    createResourceActionMachine({ def, gateway: resources, notifier, onChanged: reload, clock }),
  );
  const action = useActorRef(actionMachine);
  const table = usePagedList(list, def.name);
  const formOpen = useSelector(editor, (s) => !s.matches('closed'));
  const submitting = useSelector(editor, (s) => s.matches('submitting'));
  const mode = useSelector(editor, (s) => s.context.mode);
  const texts = useSelector(editor, (s) => s.context.texts);
  const errors = useSelector(editor, (s) => s.context.errors);
  const confirming = useSelector(action, (s) => !s.matches('idle'));
  const acting = useSelector(action, (s) => s.matches('acting'));
  const target = useSelector(action, (s) => s.context.record);
  const actionName = useSelector(action, (s) => s.context.action);
  const comment = useSelector(action, (s) => s.context.comment);
  const commentError = useSelector(action, (s) => s.context.error);
  const inputs = useSelector(action, (s) => s.context.inputs);
  const inputErrors = useSelector(action, (s) => s.context.inputErrors);
  const [draft, setDraft] = useState<ResourceQuery>(() => emptyQuery(def));
  const [viewing, setViewing] = useState<ResourceRecord | null>(null);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const options = useSelector(editor, (s) => s.context.options);
  const [exporting, setExporting] = useState(false);
  const query = useSelector(list, (s) => s.context.query);
  const setDraftKey = (key: string, value: string) => setDraft((q) => ({ ...q, [key]: value }));
  const now = clock.now();
  const navigate = useNavigate();
  const makePath = def.makePath;
  const openCreate = () => (makePath ? navigate(makePath) : editor.send({ type: 'OPEN_CREATE' }));
  const openEdit = (row: ResourceRecord) =>
    makePath
      ? navigate(`${makePath}?id=${encodeURIComponent(row.keyId)}`)
      : editor.send({ type: 'OPEN_EDIT', record: row });

  const view = async (row: ResourceRecord) => {
    setViewing(row);
    setHistory([]);
    // The detail asks again: values masked in the list are whole here for someone who may act on them.
    try {
      const [record, entries] = await Promise.all([
        resources.get(def, row.keyId),
        def.history ? resources.history(def, row.keyId) : Promise.resolve([]),
      ]);
      setViewing(record);
      setHistory(entries);
    } catch {
      // The HTTP client has said why; the list's values stay shown.
    }
  };
  const exportList = async () => {
    setExporting(true);
    try {
      notifier.success(`已导出 ${await resources.exportList(def, query)}`);
    } catch {
      // The HTTP client has said why.
    } finally {
      setExporting(false);
    }
  };

  const transitions = def.workflow;
  const columns: PagedTableColumn<ResourceRecord>[] = [
    ...columnFields(def).map((f) => ({
      key: f.key,
      title: f.label,
      ...listColumnWidth(f),
      sortable: isSortable(f),
      render: (row: ResourceRecord) => renderCell[f.key]?.(row) ?? cellOf(f, row),
    })),
    { key: 'status', title: '状态', width: 80, render: (row) => <StatusBadge def={def} status={row.status} /> },
    {
      key: 'operations',
      title: '操作',
      // Room for three actions and 更多 on one line, so the pinned column is never squeezed by wide tables.
      width: 210,
      minWidth: 210,
      fixed: 'right',
      hideable: false,
      ellipsis: false,
      render: (row) => (
        <RowActions
          label={String(row[def.titleField] ?? row.keyId)}
          actions={[
            { label: '查看', onClick: () => (onView ? onView(row) : void view(row)) },
            {
              label: '编辑',
              onClick: () => openEdit(row),
              hidden: !(def.update && canUpdate(def, row) && editGrants.has(def.update.op ?? 'edit')),
            },
            ...(transitions ? allowedActions(transitions, row, { actorId: '', grants, now }) : []).map((t) => ({
              label: t.label,
              danger: t.tone === 'danger',
              onClick: () => action.send({ type: 'REQUEST', record: row, action: t.action }),
            })),
            {
              label: '删除',
              danger: true,
              onClick: () => action.send({ type: 'REQUEST', record: row, action: DELETE_ACTION }),
              hidden: !(def.remove && canRemove(def, row) && grants.has(def.remove.op ?? 'delete')),
            },
            ...(extraActions?.(row) ?? []),
          ]}
        />
      ),
    },
  ];

  const transition = transitions?.transitions.find((t) => t.action === actionName);
  const inputFields = (transition?.inputs?.keys ?? [])
    .map((key) => fieldByKey(def, key))
    .filter((f): f is FieldDef => !!f);
  const actionLabel = transition?.label ?? '删除';
  const targetName = target ? String(target[def.titleField] ?? '') : '';

  return (
    <section className={embedded ? styles.embedded : styles.page} aria-label={embedded ? def.title : undefined}>
      <Text as={embedded ? 'h2' : 'h1'} size={embedded ? 500 : 600} weight="semibold">
        {def.title}
      </Text>
      <div className={styles.card}>
        <QueryForm
          searching={table.loading}
          onSearch={() => list.send({ type: 'SEARCH', query: wireQuery(def, draft) })}
          onReset={() => {
            setDraft(emptyQuery(def));
            list.send({ type: 'RESET' });
          }}
        >
          {searchFields(def).map((f) => (
            <QueryFormItem key={f.key} label={f.label}>
              <SearchInput field={f} draft={draft} set={setDraftKey} />
            </QueryFormItem>
          ))}
          {Object.keys(def.statuses).length > 1 && (
            <QueryFormItem label="状态">
              <Select value={draft.status ?? ''} onChange={(_, d) => setDraftKey('status', d.value)}>
                <option value="">全部</option>
                {Object.entries(def.statuses).map(([value, s]) => (
                  <option key={value} value={value}>
                    {s.label}
                  </option>
                ))}
              </Select>
            </QueryFormItem>
          )}
        </QueryForm>
      </div>
      <div className={styles.card}>
        <PagedTable
          aria-label={`${def.noun}列表`}
          columns={columns}
          {...table}
          rowKey={(row) => row.keyId}
          toolbar={
            <>
              {def.create && grants.has(def.create.op ?? 'add') && (
                <ToolbarButton appearance="primary" onClick={openCreate}>
                  {def.create.label}
                </ToolbarButton>
              )}
              {grants.has('export') && (
                <ToolbarButton disabled={exporting} onClick={() => void exportList()}>
                  {exporting ? '导出中…' : '导出'}
                </ToolbarButton>
              )}
              {toolbar?.(grants, reload)}
            </>
          }
        />
        {sums && (
          <div className={styles.sums} aria-label="合计">
            <Text weight="semibold">合计（当前筛选）</Text>
            {sumFields(def).map((f) => (
              <Text key={f.key}>{`${f.label}：${displayOf(f, sums[f.key] ?? 0)} 元`}</Text>
            ))}
          </div>
        )}
      </div>
      {formOpen && (
        <GenericDialog
          open
          title={mode === 'create' ? createTitle(def) : `编辑${def.noun}`}
          width={560}
          onClose={() => editor.send({ type: 'CLOSE' })}
          onSubmit={() => editor.send({ type: 'SUBMIT' })}
          submitting={submitting}
        >
          <div className={styles.fields}>
            {formFields(def, mode).map((f) => (
              <Field
                key={f.key}
                label={f.type === 'money' ? `${f.label}（元）` : f.label}
                required={f.required !== false}
                validationMessage={errors[f.key]}
              >
                {f.ref ? (
                  <RefSelect
                    field={f}
                    value={texts[f.key] ?? ''}
                    options={options[f.key] ?? []}
                    // The only company a supplier user may name is its own: shown, not chosen.
                    fixed={mode === 'create' && fixedOrgChoices(def, options)[f.key] !== undefined}
                    onChange={(text) => editor.send({ type: 'CHANGE', key: f.key, text })}
                  />
                ) : f.multiple ? (
                  <MultipleOptionInput
                    field={f}
                    text={texts[f.key] ?? ''}
                    onChange={(text) => editor.send({ type: 'CHANGE', key: f.key, text })}
                  />
                ) : f.options ? (
                  <Select
                    value={texts[f.key] ?? ''}
                    onChange={(_, d) => editor.send({ type: 'CHANGE', key: f.key, text: d.value })}
                  >
                    {/* A value not chosen yet (a record saved without it) shows as such, not as the first option. */}
                    {!texts[f.key] && <option value="">请选择</option>}
                    {Object.entries(f.options).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </Select>
                ) : f.type === 'textarea' ? (
                  <Textarea
                    value={texts[f.key] ?? ''}
                    maxLength={textMax(f)}
                    resize="vertical"
                    onChange={(_, d) => editor.send({ type: 'CHANGE', key: f.key, text: d.value })}
                  />
                ) : (
                  <Input
                    value={texts[f.key] ?? ''}
                    type={f.type === 'date' ? 'date' : 'text'}
                    {...dateBounds(f, now)}
                    maxLength={f.type === 'money' || f.type === 'int' ? 20 : textMax(f)}
                    contentAfter={
                      rateHint(f, texts[f.key] ?? '') ? (
                        <Text size={200}>{rateHint(f, texts[f.key] ?? '')}</Text>
                      ) : undefined
                    }
                    placeholder={f.hint ?? `请输入${f.label}`}
                    onChange={(_, d) => editor.send({ type: 'CHANGE', key: f.key, text: d.value })}
                  />
                )}
              </Field>
            ))}
          </div>
        </GenericDialog>
      )}
      {viewing && (
        <GenericDialog open title={`${def.noun}详情`} width={560} onClose={() => setViewing(null)}>
          <dl className={styles.details}>
            {detailFields(def).map((f) => (
              <div key={f.key} style={{ display: 'contents' }}>
                <dt>{f.label}</dt>
                <dd style={{ margin: 0 }}>{displayOf(f, viewing[f.key])}</dd>
              </div>
            ))}
            <dt>状态</dt>
            <dd style={{ margin: 0 }}>
              <StatusBadge def={def} status={viewing.status} />
            </dd>
          </dl>
          {def.history && (
            <section aria-label="操作历史">
              <Text as="h2" size={400} weight="semibold">
                操作历史
              </Text>
              {history.length === 0 ? (
                <Text>暂无记录</Text>
              ) : (
                <ol className={styles.history}>
                  {history.map((h) => (
                    <li key={`${h.occurredAt}-${h.action}`}>
                      <Text weight="semibold">{h.label}</Text>
                      {` ${h.userName} ${formatDateTime(h.occurredAt)}`}
                      {h.comment && <div>{h.comment}</div>}
                    </li>
                  ))}
                </ol>
              )}
            </section>
          )}
        </GenericDialog>
      )}
      {confirming && target && (
        <GenericDialog
          open
          title={`${actionLabel}${def.noun}`}
          width={480}
          onClose={() => action.send({ type: 'CANCEL' })}
          onSubmit={() => action.send({ type: 'CONFIRM' })}
          submitText="确定"
          submitting={acting}
        >
          <div className={styles.fields}>
            <Text>{`确定${actionLabel}${targetName ? ` ${targetName} 的` : ''}${def.noun}吗？`}</Text>
            {inputFields.map((f) => (
              <Field
                key={f.key}
                label={f.type === 'money' ? `${f.label}（元）` : f.label}
                required
                validationMessage={inputErrors[f.key]}
              >
                {f.options ? (
                  <Select
                    aria-label={f.label}
                    value={inputs[f.key] ?? ''}
                    onChange={(_, d) => action.send({ type: 'INPUT', key: f.key, text: d.value })}
                  >
                    {Object.entries(f.options).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <Input
                    aria-label={f.label}
                    value={inputs[f.key] ?? ''}
                    type={f.type === 'date' ? 'date' : 'text'}
                    maxLength={20}
                    placeholder={`请输入${f.label}`}
                    onChange={(_, d) => action.send({ type: 'INPUT', key: f.key, text: d.value })}
                  />
                )}
              </Field>
            ))}
            {transition && transition.comment !== 'none' && (
              <Field
                label={transitionCommentLabel(transition)}
                required={transition.comment === 'required'}
                validationMessage={commentError ?? undefined}
              >
                <Textarea
                  value={comment}
                  maxLength={transitions?.commentMax ?? 200}
                  onChange={(_, d) => action.send({ type: 'COMMENT', value: d.value })}
                />
              </Field>
            )}
          </div>
        </GenericDialog>
      )}
    </section>
  );
}
