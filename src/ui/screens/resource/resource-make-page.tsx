// A resource's full-page make form (BUSINESS.md §4 "M" pages, e.g. /CRM/interviewMinutesMake): the same fields,
// words and checks as the dialog, on a page of its own; `?id=` edits that record. 提交 is behind the make
// page's `submit` (SPEC §6); saved, it returns to the list.
import { Button, Field, Input, Select, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { createResourceMakeMachine } from '../../../application/resources/resource-make.machine';
import { type ResourceDef, createTitle, formFields, textMax } from '../../../domain/resource/resource';
import { dateBounds, rateHint } from '../../../domain/resource/resource-form';
import { useServices } from '../../app/services';
import { Permission } from '../../shell/permission';
import { MultipleOptionInput } from './multiple-option-input';
import { RefSelect } from './ref-select';

const useStyles = makeStyles({
  page: { padding: '16px 24px', display: 'flex', flexDirection: 'column', gap: '16px' },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    padding: '16px 24px',
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: '12px 24px',
    // A taller field (a group of checkboxes) does not stretch the inputs beside it.
    alignItems: 'start',
  },
  wide: { gridColumn: '1 / -1' },
  footer: { gridColumn: '1 / -1', display: 'flex', gap: '8px' },
});

/**
 * Where the save button's grant lives (SPEC §6): `submit` on the make page, unless the definition names the
 * make page's own code (e.g. /addFund grants `add`); then editing is the list's `edit`, as in the dialog.
 */
function saveGrant(def: ResourceDef, makePath: string, mode: 'create' | 'update') {
  if (!def.makeOp) return { code: 'submit' as const, path: makePath };
  return mode === 'create'
    ? { code: def.makeOp, path: makePath }
    : { code: def.update?.op ?? ('edit' as const), path: def.menuPath };
}

export function ResourceMakePage({ def, makePath }: { def: ResourceDef; makePath: string }) {
  const [params] = useSearchParams();
  const keyId = params.get('id') ?? '';
  // Another record's 编辑 is a new form.
  return <MakeForm key={keyId} def={def} makePath={makePath} keyId={keyId} />;
}

function MakeForm({ def, makePath, keyId }: { def: ResourceDef; makePath: string; keyId: string }) {
  const styles = useStyles();
  const { resources, notifier, clock } = useServices();
  const navigate = useNavigate();
  const [machine] = useState(() => createResourceMakeMachine({ def, gateway: resources, notifier, clock }));
  const actor = useActorRef(machine, { input: keyId ? { keyId } : {} });
  const mode = useSelector(actor, (s) => s.context.mode);
  const texts = useSelector(actor, (s) => s.context.texts);
  const errors = useSelector(actor, (s) => s.context.errors);
  const title = useSelector(actor, (s) => s.context.title);
  const options = useSelector(actor, (s) => s.context.options);
  const saved = useSelector(actor, (s) => s.matches('saved'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const busy = useSelector(
    actor,
    (s) => s.matches('loading') || s.matches('loadingOptions') || s.matches('submitting'),
  );
  const change = (key: string, text: string) => actor.send({ type: 'CHANGE', key, text });

  // Leaving after the save is navigation, not a fetch.
  useEffect(() => {
    if (saved) navigate(def.menuPath);
  }, [saved, navigate, def.menuPath]);

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        {mode === 'create' ? createTitle(def) : `编辑${def.noun}${title ? ` ${title}` : ''}`}
      </Text>
      <div className={styles.card} role="form" aria-label={`${def.noun}信息`}>
        {failed ? (
          <Text>{def.noun}不存在或无权查看</Text>
        ) : (
          formFields(def, mode).map((f) => (
            <Field
              key={f.key}
              className={f.type === 'textarea' ? styles.wide : undefined}
              label={f.type === 'money' ? `${f.label}（元）` : f.label}
              required={f.required !== false}
              validationMessage={errors[f.key]}
            >
              {f.ref ? (
                <RefSelect
                  field={f}
                  value={texts[f.key] ?? ''}
                  options={options[f.key] ?? []}
                  onChange={(text) => change(f.key, text)}
                />
              ) : f.multiple ? (
                <MultipleOptionInput field={f} text={texts[f.key] ?? ''} onChange={(text) => change(f.key, text)} />
              ) : f.options ? (
                <Select value={texts[f.key] ?? ''} onChange={(_, d) => change(f.key, d.value)}>
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
                  rows={f.key === 'content' ? 8 : 3}
                  onChange={(_, d) => change(f.key, d.value)}
                />
              ) : (
                <Input
                  value={texts[f.key] ?? ''}
                  type={f.type === 'date' ? 'date' : 'text'}
                  {...dateBounds(f, clock.now())}
                  placeholder={f.hint ?? `请输入${f.label}`}
                  contentAfter={
                    rateHint(f, texts[f.key] ?? '') ? (
                      <Text size={200}>{rateHint(f, texts[f.key] ?? '')}</Text>
                    ) : undefined
                  }
                  maxLength={f.type === 'money' || f.type === 'int' ? 20 : textMax(f)}
                  onChange={(_, d) => change(f.key, d.value)}
                />
              )}
            </Field>
          ))
        )}
        <div className={styles.footer}>
          {!failed && (
            <Permission {...saveGrant(def, makePath, mode)}>
              <Button appearance="primary" disabled={busy} onClick={() => actor.send({ type: 'SUBMIT' })}>
                提交
              </Button>
            </Permission>
          )}
          <Button onClick={() => navigate(def.menuPath)}>返回</Button>
        </div>
      </div>
    </section>
  );
}
