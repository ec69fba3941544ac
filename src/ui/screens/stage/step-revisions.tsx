// A record made step by step in revisions (the kit's stepped store, gateway/src/stage/stage-steps.ts), read
// only: each step's card with whether it is done and who saved it last, its fields with the revisions side
// by side (a value a later revision changed is marked), and what the stage adds under a step.
import {
  Badge,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../domain/format/date-format';
import type { FieldDef, WireValue } from '../../../domain/resource/resource';
import { displayOf } from '../../../domain/resource/resource-form';
import { useMakeStyles } from './make-page-shell';

/** A step as the gateway sends it. */
export interface StepView {
  key: string;
  title: string;
  done: boolean;
  content: Record<string, WireValue>;
  savedAt: string | null;
  savedBy: string | null;
}

export type StepField = FieldDef & { group?: string };

const useStyles = makeStyles({
  table: { minWidth: '480px' },
  label: { width: '180px', color: tokens.colorNeutralForeground2, '@media (max-width: 720px)': { width: '104px' } },
  value: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  changed: { backgroundColor: tokens.colorPaletteYellowBackground1 },
});

const shown = (f: StepField, v: WireValue | undefined) => {
  const text = displayOf(f, v);
  return f.type === 'money' && text !== '--' ? `${text} 元` : text;
};

export function StepRevisions({
  steps,
  revisions,
  extra,
}: {
  steps: readonly { key: string; title: string; fields: readonly StepField[] }[];
  revisions: readonly { revision: number; steps: readonly StepView[] }[];
  extra?: (key: string) => ReactNode;
}) {
  const styles = { ...useMakeStyles(), ...useStyles() };
  return (
    <>
      {steps.map((step, index) => {
        const byRevision = revisions.map((r) => r.steps.find((s) => s.key === step.key));
        const last = byRevision.at(-1);
        return (
          <div key={step.key} className={styles.card} role="region" aria-label={step.title}>
            <div className={styles.row}>
              <Text weight="semibold">{`${index + 1}. ${step.title}`}</Text>
              {last?.done ? (
                <Badge appearance="tint" color="success">
                  已完成
                </Badge>
              ) : (
                <Badge appearance="tint" color="warning">
                  未完成
                </Badge>
              )}
              {last?.savedAt && (
                <Text size={200} className={styles.muted}>
                  {`${last.savedBy ?? ''} 保存于 ${formatDateTime(last.savedAt)}`}
                </Text>
              )}
            </div>
            {/* Several revisions side by side scroll sideways on a phone: the region takes focus to scroll by keys. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled */}
            <div className={styles.scroll} tabIndex={0} role="group" aria-label={`${step.title}（可左右滚动）`}>
              <Table size="small" aria-label={`${step.title}（各修订版）`} className={styles.table}>
                {revisions.length > 1 && (
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell className={styles.label}>项目</TableHeaderCell>
                      {revisions.map((r) => (
                        <TableHeaderCell key={r.revision}>{`修订版 ${r.revision}`}</TableHeaderCell>
                      ))}
                    </TableRow>
                  </TableHeader>
                )}
                <TableBody>
                  {step.fields.map((f) => {
                    const values = byRevision.map((s) => s?.content[f.key]);
                    return (
                      <TableRow key={f.key}>
                        <TableCell className={styles.label}>{f.group ? `${f.group} · ${f.label}` : f.label}</TableCell>
                        {values.map((v, i) => (
                          <TableCell
                            key={revisions[i]?.revision}
                            className={
                              i > 0 && (values[i - 1] ?? null) !== (v ?? null)
                                ? `${styles.value} ${styles.changed}`
                                : styles.value
                            }
                          >
                            {shown(f, v)}
                          </TableCell>
                        ))}
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </div>
            {extra?.(step.key)}
          </div>
        );
      })}
    </>
  );
}
