// 风控汇总参数 (/parameterManage/summaryRiskControl, BUSINESS.md §4 "M + history"): the version in force as a
// form built from the definition's fields, 保存 (edit) making the next version, and below it every version —
// who saved it, when, what changed — as the kit's list of the same definition, with 查看 and 导出.
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { createSummaryParameterMachine } from '../../../application/parameters/summary-parameter.machine';
import { RISK_SUMMARY, summaryFields } from '../../../domain/parameters/risk-summary.resource';
import { formatDateTime } from '../../../domain/format/date-format';
import { rateHint } from '../../../domain/resource/resource-form';
import { useServices } from '../../app/services';
import { Permission } from '../../shell/permission';
import { ResourceScreen } from '../resource/resource-screen';

const HISTORY = { ...RISK_SUMMARY, title: '版本历史' };

const useStyles = makeStyles({
  page: { padding: '16px 24px', display: 'flex', flexDirection: 'column', gap: '16px' },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    padding: '16px 24px',
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: '12px 24px',
  },
  head: { gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', gap: '4px 24px', alignItems: 'baseline' },
  footer: { gridColumn: '1 / -1', display: 'flex', gap: '8px' },
});

export function SummaryRiskControlScreen() {
  const styles = useStyles();
  const { parameters, notifier, clock } = useServices();
  const [machine] = useState(() => createSummaryParameterMachine({ gateway: parameters, notifier, clock }));
  const actor = useActorRef(machine);
  const texts = useSelector(actor, (s) => s.context.texts);
  const errors = useSelector(actor, (s) => s.context.errors);
  const version = useSelector(actor, (s) => s.context.active?.version ?? 0);
  const savedBy = useSelector(actor, (s) => String(s.context.active?.approvedByName ?? '--'));
  const savedAt = useSelector(actor, (s) => s.context.active?.approvedAt ?? null);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const busy = useSelector(actor, (s) => s.matches('loading') || s.matches('saving'));
  const change = (key: string, text: string) => actor.send({ type: 'CHANGE', key, text });

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        {RISK_SUMMARY.title}
      </Text>
      <div className={styles.card} role="form" aria-label="生效中的风控汇总参数">
        <div className={styles.head}>
          <Text weight="semibold">
            {version ? `当前生效：第${version}版` : failed ? '风控汇总参数尚未设置' : '加载中…'}
          </Text>
          {version > 0 && (
            <Text>{`保存人 ${savedBy} · 保存时间 ${typeof savedAt === 'string' ? formatDateTime(savedAt) : '--'}`}</Text>
          )}
        </div>
        {!failed &&
          summaryFields().map((f) => (
            <Field
              key={f.key}
              label={f.type === 'money' ? `${f.label}（元）` : f.label}
              required
              validationMessage={errors[f.key]}
            >
              <Input
                value={texts[f.key] ?? ''}
                placeholder={f.hint ?? `请输入${f.label}`}
                maxLength={20}
                disabled={version === 0}
                contentAfter={
                  rateHint(f, texts[f.key] ?? '') ? (
                    <Text size={200}>{rateHint(f, texts[f.key] ?? '')}</Text>
                  ) : undefined
                }
                onChange={(_, d) => change(f.key, d.value)}
              />
            </Field>
          ))}
        <div className={styles.footer}>
          {!failed && (
            <Permission code="edit">
              <Button
                appearance="primary"
                disabled={busy || version === 0}
                onClick={() => actor.send({ type: 'SUBMIT' })}
              >
                保存为新版本
              </Button>
            </Permission>
          )}
          <Button disabled={busy} onClick={() => actor.send({ type: failed ? 'RETRY' : 'RESET' })}>
            {failed ? '重新加载' : '重置'}
          </Button>
        </div>
      </div>
      {/* A saved version is a new row: the history is read again. */}
      <ResourceScreen key={version} def={HISTORY} embedded />
    </section>
  );
}
