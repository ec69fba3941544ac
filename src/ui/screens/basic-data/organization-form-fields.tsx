// The fields of an organisation's form, shared by /addSupplier, /addProjectCompany and 组织管理's dialog:
// one Field a form field, the domain's message under it, text filtered as the spec's inputs are (SPEC §5).
import {
  Checkbox,
  Field,
  Input,
  Label,
  Select,
  Text,
  Textarea,
  makeStyles,
  tokens,
  useId,
} from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { OrganizationFormMachine } from '../../../application/organizations/organization-form.machine';
import type { AppEntry } from '../../../domain/session/session';
import { filterTextInput } from '../../../domain/text-input/text-input-filter';
import { TreeSelect, treeOf } from '../../kit/tree-select';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
    columnGap: '24px',
    rowGap: '12px',
  },
  wide: { gridColumn: '1 / -1' },
  apps: { display: 'flex', flexWrap: 'wrap', columnGap: '16px' },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, display: 'block' },
});

type TextField = 'enterpriseName' | 'creditCode' | 'contactName' | 'contactMobile' | 'email';

export function OrganizationFormFields({
  actor,
  apps,
  showApps,
  companyDetailsRequired,
}: {
  actor: ActorRefFrom<OrganizationFormMachine>;
  /** The tenant's applications: a supplier's sub-systems. */
  apps: readonly AppEntry[];
  showApps: boolean;
  companyDetailsRequired: boolean;
}) {
  const styles = useStyles();
  const appsLabelId = useId('apps');
  const form = useSelector(actor, (s) => s.context.form);
  const errors = useSelector(actor, (s) => s.context.errors);
  const parents = useSelector(actor, (s) => s.context.parents);
  const type = useSelector(actor, (s) => s.context.type);
  const gysId = useSelector(actor, (s) => s.context.gysId);
  // The choices as the tree they sit in (a parent listed above its children), searchable by name.
  const parentTree = useMemo(
    () =>
      treeOf(
        parents,
        (p) => p.keyId,
        (p) => p.parentId,
        (p) => p.enterpriseName,
      ),
    [parents],
  );
  const change = (field: TextField | 'address' | 'parentId', value: string) =>
    actor.send({ type: 'CHANGE', field, value });

  const text = (
    field: TextField,
    label: string,
    max: number,
    required = false,
    filter?: (v: string, prev: string) => string,
  ) => (
    <Field
      label={label}
      required={required}
      validationMessage={errors[field]}
      validationState={errors[field] ? 'error' : 'none'}
    >
      <Input
        value={form[field]}
        maxLength={max}
        placeholder={`请输入${label}`}
        onChange={(_, d) =>
          change(
            field,
            filter ? filter(d.value, form[field]) : filterTextInput(d.value, form[field], { kind: 'singleLine', max }),
          )
        }
      />
    </Field>
  );

  return (
    <div className={styles.grid}>
      {gysId && (
        <Field label="供应商编号">
          <Input value={gysId} readOnly />
        </Field>
      )}
      {text('enterpriseName', '企业名称', 100, true)}
      {type !== 'GROUP' && (
        <Field
          label="上级组织"
          required
          validationMessage={errors.parentId}
          validationState={errors.parentId ? 'error' : 'none'}
        >
          <TreeSelect
            nodes={parentTree}
            value={form.parentId}
            placeholder="请选择上级组织"
            onChange={(v) => change('parentId', v)}
          />
        </Field>
      )}
      {text('creditCode', '统一社会信用代码', 18, companyDetailsRequired, (v) =>
        v.replace(/[^0-9A-Za-z]/g, '').toUpperCase(),
      )}
      {text('contactName', '联系人', 30)}
      {text('contactMobile', '联系人手机号', 11, companyDetailsRequired, (v) => v.replace(/\D/g, ''))}
      {text('email', '电子邮箱', 254, false, (v) => v.replace(/\s/g, ''))}
      {showApps && (
        // Not a Field: a Field's required would mark every checkbox in it.
        <div className={styles.wide}>
          <Label id={appsLabelId} required>
            所属子系统
          </Label>
          <div className={styles.apps} role="group" aria-labelledby={appsLabelId}>
            {apps.map((a) => (
              <Checkbox
                key={a.appId}
                label={a.appName}
                checked={form.appIds.includes(String(a.appId))}
                onChange={(_, d) => {
                  const current = actor.getSnapshot().context.form.appIds;
                  const id = String(a.appId);
                  actor.send({
                    type: 'CHANGE_APPS',
                    appIds: d.checked ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id),
                  });
                }}
              />
            ))}
          </div>
          {errors.appIds && (
            <Text role="alert" className={styles.error}>
              {errors.appIds}
            </Text>
          )}
        </div>
      )}
      <Field
        className={styles.wide}
        label="地址"
        validationMessage={errors.address}
        validationState={errors.address ? 'error' : 'none'}
      >
        <Textarea
          value={form.address}
          maxLength={200}
          placeholder="请输入地址"
          onChange={(_, d) => change('address', filterTextInput(d.value, form.address, { kind: 'textarea', max: 200 }))}
        />
      </Field>
    </div>
  );
}
