// What a stage's own screens draw with beyond the shells (stage-kit.tsx): the make page's route, summary and sections,
// a record's card of facts, one field of a stage form with the limit it stands beside, the read of a record (the maker's detail or the
// reviewers' `/review`) with its waiting and missing states, and the list whose 查看 opens a read-only page.
import { Button, Field, Input, Select, Spinner, Text, Textarea } from '@fluentui/react-components';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { StageRecord } from '../../../application/ports/stage-gateway.port';
import type { FieldDef } from '../../../domain/resource/resource';
import type { StageDef } from '../../../domain/stage/stage';
import { useLoadOnce } from '../../kit/use-load-once';
import { ResourceScreen } from '../resource/resource-screen';
import { Facts, Heading } from './detail-tab-parts';
import { useMakeStyles } from './make-page-shell';
import { useStage } from './use-stage';

/**
 * The route of a page of one record, named by `?id=` ('' for none: a make page's new one) or by the query key
 * given (`businessId`), opened afresh when it changes or when the page says it changed the record (`onChanged`:
 * its reads are made again): the make pages, the meeting's pages, a contract's.
 */
export function recordScreen(Page: ComponentType<{ id: string; onChanged: () => void }>, key = 'id'): ComponentType {
  return function RecordScreen() {
    const [params] = useSearchParams();
    const id = params.get(key) ?? '';
    const [round, setRound] = useState(0);
    return <Page key={`${id}/${round}`} id={id} onChanged={() => setRound((r) => r + 1)} />;
  };
}

/** The facts above a make page's form (业务编号, 供应商 …). */
export function MakeSummary({ children }: { children: ReactNode }) {
  const styles = useMakeStyles();
  return (
    <div className={styles.card} role="region" aria-label="业务概况">
      <div className={styles.facts}>{children}</div>
    </div>
  );
}

/**
 * A record's card on its stage page (推送概况, 放款概况): its facts, what the gateway would refuse now beneath them as
 * alerts, then what stands with them (a note, a way on).
 */
export function FactsCard(props: {
  label: string;
  items: [string, string][];
  problems: string[];
  children?: ReactNode;
}) {
  const styles = useMakeStyles();
  return (
    <section className={styles.card} aria-label={props.label}>
      <Facts label={props.label} items={props.items} />
      {props.problems.map((p) => (
        <Text key={p} role="alert" className={styles.error}>
          {p}
        </Text>
      ))}
      {props.children}
    </section>
  );
}

/** A card of a make page under its heading (依据付款单, 参会人员 …). */
export function MakeSection({ title, children }: { title: string; children: ReactNode }) {
  const styles = useMakeStyles();
  return (
    <div className={styles.card}>
      <Heading>{title}</Heading>
      {children}
    </div>
  );
}

/** A limit a field stands beside: its words, and the refusal when the value breaks it. */
export interface FieldLimit {
  limit: string;
  message?: string | null;
}

/**
 * One field of a stage form: its label (money in 元), the limit beside it as a hint, the field's own error
 * (else the broken limit's) under it; a select for a field with options, a text area for a `textarea`, an input
 * otherwise — a rate or ratio typed as a percentage, with % after it (typedWireValueOf reads it).
 */
export function StageField({
  field,
  value,
  error,
  limit,
  disabled,
  rows,
  note,
  onChange,
}: {
  field: FieldDef;
  value: string;
  error?: string | undefined;
  limit?: FieldLimit | undefined;
  disabled: boolean;
  rows?: number;
  /** More words under the field (what it must contain). */
  note?: string | undefined;
  onChange: (value: string) => void;
}) {
  const styles = useMakeStyles();
  const shown = error ?? limit?.message ?? undefined;
  const hint = [limit ? `限额：${limit.limit}` : '', note].filter(Boolean).join('；');
  const change = (_: unknown, d: { value: string }) => onChange(d.value);
  return (
    <Field
      label={
        field.type === 'money' ? `${field.label}（元）` : field.type === 'rate' ? `${field.label}（%）` : field.label
      }
      required={field.required !== false}
      className={field.type === 'textarea' ? styles.wide : undefined}
      validationMessage={shown}
      validationState={shown ? 'error' : 'none'}
      hint={hint || undefined}
    >
      {field.options ? (
        <Select value={value} disabled={disabled} onChange={change}>
          <option value="">请选择</option>
          {Object.entries(field.options).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </Select>
      ) : field.type === 'textarea' ? (
        <Textarea value={value} disabled={disabled} resize="vertical" rows={rows} onChange={change} />
      ) : (
        <Input
          value={value}
          disabled={disabled}
          type={field.type === 'date' ? 'date' : 'text'}
          inputMode={field.type === 'money' || field.type === 'int' || field.type === 'rate' ? 'decimal' : undefined}
          placeholder={field.hint}
          contentAfter={field.type === 'rate' ? <span aria-hidden="true">%</span> : undefined}
          onChange={change}
        />
      )}
    </Field>
  );
}

/**
 * Reads the stage's record of business `id`: the maker's detail, or the reviewers' read through `/review`. Read
 * once for the component's life (a kept-alive page shown again asks nothing): a caller whose `id` can change
 * keys the component by it, as StageSection does.
 */
export function useStageRecord<R extends StageRecord>(def: StageDef, id: string, review = false) {
  const client = useStage(def);
  return useLoadOnce<R | null | 'missing'>(() => {
    if (!id) return new Promise<null>(() => undefined);
    const read = review
      ? client.custom<R>('GET', `/${encodeURIComponent(id)}/review`, undefined, { silent: true })
      : client.detail<R>(id);
    return read.catch(() => 'missing' as const);
  }, null);
}

interface StageSectionProps<R extends StageRecord> {
  def: StageDef;
  id: string;
  review?: boolean | undefined;
  /** Shown when there is none (or the caller may not read it). */
  missing: string;
  children: (record: R) => ReactNode;
}

/** The stage's record of business `id`, read, then drawn by `children` — or a spinner, or why not. */
export function StageSection<R extends StageRecord>(props: StageSectionProps<R>) {
  return <StageRecordSection<R> key={`${props.id}/${props.review === true}`} {...props} />;
}

function StageRecordSection<R extends StageRecord>({
  def,
  id,
  review = false,
  missing,
  children,
}: StageSectionProps<R>) {
  const record = useStageRecord<R>(def, id, review);
  if (record === 'missing') return <Text>{missing}</Text>;
  if (!record) return <Spinner size="small" label={`加载${def.resource.noun}…`} />;
  return <>{children(record)}</>;
}

/** The stage's list whose 查看 opens the read-only page `infoPath?id=`. */
export function stageViewList(def: StageDef, infoPath: string): ComponentType {
  return function StageViewList() {
    const navigate = useNavigate();
    return (
      <ResourceScreen
        def={def.resource}
        onView={(row) => navigate(`${infoPath}?id=${encodeURIComponent(row.keyId)}`)}
      />
    );
  };
}

/** The read-only page of one record: its title, 返回 to the list, the stage's section for `?id=`. */
export function stageInfoScreen(def: StageDef, title: string, Section: ComponentType<{ id: string }>): ComponentType {
  return function StageInfoScreen() {
    const styles = useMakeStyles();
    const navigate = useNavigate();
    const [params] = useSearchParams();
    const id = params.get('id') ?? '';
    return (
      <section className={styles.page}>
        <div className={styles.row}>
          <Text as="h1" size={600} weight="semibold">
            {title}
          </Text>
          <Button onClick={() => navigate(def.resource.menuPath)}>返回</Button>
        </div>
        <Section key={id} id={id} />
      </section>
    );
  };
}

/**
 * A stage's list whose 查看 opens one record on the same page (`?id=`): its title, 返回 to the list, and the record
 * drawn by `Record`, read afresh after each move made on it (`done`). 放款登记, 还款登记 and 推送制作 are such pages.
 */
export function stageListAndRecord<R extends StageRecord>(
  def: StageDef,
  page: { title: string; missing: string },
  Record: ComponentType<{ record: R; done: () => void }>,
): ComponentType {
  function RecordPage({ id }: { id: string }) {
    const styles = useMakeStyles();
    const navigate = useNavigate();
    const [round, setRound] = useState(0);
    return (
      <section className={styles.page}>
        <div className={styles.row}>
          <Text as="h1" size={600} weight="semibold">
            {page.title}
          </Text>
          <Button onClick={() => navigate(def.resource.menuPath)}>返回</Button>
        </div>
        <StageSection<R> key={round} def={def} id={id} missing={page.missing}>
          {(r) => <Record record={r} done={() => setRound((n) => n + 1)} />}
        </StageSection>
      </section>
    );
  }
  return function StageListAndRecord() {
    const [params] = useSearchParams();
    const navigate = useNavigate();
    const id = params.get('id');
    if (id) return <RecordPage key={id} id={id} />;
    return <ResourceScreen def={def.resource} onView={(row) => navigate(`?id=${encodeURIComponent(row.keyId)}`)} />;
  };
}
