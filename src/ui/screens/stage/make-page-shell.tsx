// The make page's frame for every stage (stage-kit.ts): the heading, the return reason and the last comment at
// the top, the checkpoint rule's results, the stage's own form (children), and 保存 / 提交 / 返回 behind their
// operation codes. 返回 with unsaved changes asks first. Done (saved to leave, or submitted), back to the list.
// Leaving by the browser's back or by another tag takes the page's sublevel flag down (SPEC §2.3 marks the
// page so that a reload returns to the list), so the next 申请预授信 or 编辑 opens the page at the first click.
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import {
  type MakeContext,
  type MakePageMachine,
  type MakeSpec,
  createMakePageMachine,
  editableByStatus,
  makeContextOf,
} from '../../../application/stage/make-page.machine';
import type { StageRecord } from '../../../application/ports/stage-gateway.port';
import type { MakeNote } from '../../../domain/stage/make-notes';
import type { StageDef } from '../../../domain/stage/stage';
import { formatDateTime } from '../../../domain/format/date-format';
import type { OperationCode } from '../../../domain/menu/route-catalogue';
import { normalizeMenuPath } from '../../../domain/menu/menu';
import { useServices } from '../../app/services';
import { StateConfirmDialog } from '../../kit/dialogs/state-confirm-dialog';
import { Notice } from '../../kit/notice';
import { Permission } from '../../shell/permission';
import { UnsavedChangesGuard } from '../../shell/use-unsaved-changes';
import { useStage } from './use-stage';

export const useMakeStyles = makeStyles({
  page: { padding: '16px 24px', display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    padding: '16px 24px',
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    minWidth: 0,
  },
  // Each field as tall as its own content: stretched to a row whose neighbour shows a hint or an error, a
  // field spreads the extra height between its label, control and message, and its control sits lower.
  fields: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: '12px 24px',
    alignItems: 'start',
  },
  wide: { gridColumn: '1 / -1' },
  row: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  facts: { display: 'flex', flexWrap: 'wrap', gap: '8px 24px' },
  scroll: { overflowX: 'auto' },
  amount: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  error: { color: tokens.colorPaletteRedForeground1, display: 'block' },
  muted: { color: tokens.colorNeutralForeground3 },
  footer: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
  list: { margin: 0, paddingLeft: '20px' },
});

/** A make page's flow, typed as the stage's spec. */
export interface MakePage<R, V, X> {
  actor: ActorRefFrom<MakePageMachine>;
  context: MakeContext<R, V, X>;
  loading: boolean;
  failed: boolean;
  busy: boolean;
  refreshing: boolean;
  editable: boolean;
  /** Changes the form's values; `refresh` loads again what the form offers (the spec's `refresh`). */
  edit(patch: Partial<V>, refresh?: boolean): void;
}

/** Runs the stage's make spec for the record `keyId` ('' for a new one). */
export function useMakePage<R extends StageRecord, V extends object, B, X = undefined>(
  def: StageDef,
  spec: MakeSpec<R, V, B, X>,
  keyId: string,
): MakePage<R, V, X> {
  const { notifier } = useServices();
  const client = useStage(def);
  const [machine] = useState(() => createMakePageMachine(spec, { notifier, client }));
  const actor = useActorRef(machine, { input: { keyId } });
  const context = useSelector(actor, (s) => makeContextOf<R, V, X>(s));
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const busy = useSelector(actor, (s) => s.matches('saving') || s.matches('submitting'));
  const refreshing = useSelector(actor, (s) => s.matches('refreshing'));
  const editable = spec.editable ? spec.editable(context.record) : editableByStatus(def.stage, context.record);
  return {
    actor,
    context,
    loading,
    failed,
    busy,
    refreshing,
    editable,
    edit: (patch, refresh) => actor.send({ type: 'EDIT', patch: patch as Record<string, unknown>, refresh }),
  };
}

export interface MakePageShellProps<R, V, X> {
  def: StageDef;
  page: MakePage<R, V, X>;
  title: string;
  /** Where 返回 and a finished page go; default: the stage's list. */
  listPath?: string;
  /** The code and page 保存 needs; default `edit` on the make page. */
  save?: { code: OperationCode; path: string };
  /** The code and page 提交 needs; default `submit` on the make page. */
  submit?: { code: OperationCode; path: string };
  /** Shown when the record cannot be read. */
  notFound?: string;
  /** Shown instead of the form when it cannot be read, beside 返回 (e.g. a way to start one). */
  failedActions?: ReactNode;
  /** Facts above the form (业务编号, 供应商 …). */
  summary?: ReactNode;
  children: ReactNode;
}

function Note({ note, intent, title }: { note: MakeNote; intent: 'error' | 'info'; title: string }) {
  return (
    <Notice intent={intent} layout="multiline" aria-label={title} title={title}>
      {note.comment}
      <div>
        <Text size={200}>
          {`${note.actorName} · ${note.actionLabel}${note.level ? `（第${note.level}级）` : ''} · ${formatDateTime(note.at)}`}
        </Text>
      </div>
    </Notice>
  );
}

export function MakePageShell<R extends StageRecord, V, X>({
  def,
  page,
  title,
  listPath = def.resource.menuPath,
  save,
  submit,
  notFound = `${def.resource.noun}不存在或无权查看`,
  failedActions,
  summary,
  children,
}: MakePageShellProps<R, V, X>) {
  const styles = useMakeStyles();
  const { store } = useServices();
  const navigate = useNavigate();
  const makePath = def.makePath ?? def.resource.makePath ?? listPath;
  const left = useSelector(page.actor, (s) => s.matches('left'));
  const asking = useSelector(page.actor, (s) => s.matches('confirmingLeave'));
  const { notes, problems, dirty } = page.context;

  useEffect(() => {
    if (left) {
      store.removeFlag('sublevel');
      navigate(listPath);
    }
  }, [left, listPath, navigate, store]);
  // Hidden by a tag switch or left by the browser's back: the page is no longer open, so its mark goes too
  // (a reload runs no cleanup and still finds it). The address has moved on by then; while it has not (a
  // development double mount), the page is still here.
  useEffect(
    () => () => {
      if (normalizeMenuPath(window.location.pathname) !== normalizeMenuPath(makePath)) store.removeFlag('sublevel');
    },
    [makePath, store],
  );

  const saveGrant = save ?? { code: 'edit' as const, path: makePath };
  const submitGrant = submit ?? { code: 'submit' as const, path: makePath };
  return (
    <section className={styles.page} aria-busy={page.busy || page.loading}>
      <Text as="h1" size={600} weight="semibold">
        {title}
      </Text>
      {page.failed ? (
        <div className={styles.card}>
          <Text>{notFound}</Text>
          <div className={styles.footer}>
            {failedActions}
            <Button onClick={() => page.actor.send({ type: 'LEAVE' })}>返回</Button>
          </div>
        </div>
      ) : page.loading ? (
        <Spinner label="加载中…" />
      ) : (
        <>
          {notes.returnReason && <Note note={notes.returnReason} intent="error" title="退回原因" />}
          {notes.lastComment && <Note note={notes.lastComment} intent="info" title="最新意见" />}
          {summary}
          {!page.editable && (
            <Notice intent="info">{`当前状态不可编辑（仅草稿或已退回的${def.resource.noun}可以编辑）。`}</Notice>
          )}
          {page.editable && problems.length > 0 && (
            <Notice intent="warning" role="status" aria-label="提交校验" layout="multiline">
              {/* The bar's name stays 提交校验: a title would name it instead. */}
              提交前尚需处理：
              <ul className={styles.list}>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Notice>
          )}
          {children}
          <div className={styles.footer}>
            {page.editable && (
              <Permission code={saveGrant.code} path={saveGrant.path}>
                <Button disabled={page.busy} onClick={() => page.actor.send({ type: 'SAVE' })}>
                  保存
                </Button>
              </Permission>
            )}
            {page.editable && (
              <Permission code={submitGrant.code} path={submitGrant.path}>
                <Button appearance="primary" disabled={page.busy} onClick={() => page.actor.send({ type: 'SUBMIT' })}>
                  提交
                </Button>
              </Permission>
            )}
            <Button onClick={() => page.actor.send({ type: 'LEAVE' })}>返回</Button>
            {dirty && <Text className={styles.muted}>有未保存的修改</Text>}
          </div>
        </>
      )}
      {/* A move by the sidebar, a tag or the browser's back asks as 返回 does; a reload asks too (main-layout). */}
      <UnsavedChangesGuard dirty={dirty && page.editable && !left && !asking} />
      <StateConfirmDialog
        open={asking}
        type="warning"
        title="离开此页"
        message="有未保存的修改，离开后将丢失。确定离开吗？"
        confirmText="离开"
        cancelText="留下"
        onConfirm={() => page.actor.send({ type: 'CONFIRM_LEAVE' })}
        onCancel={() => page.actor.send({ type: 'STAY' })}
      />
    </section>
  );
}
