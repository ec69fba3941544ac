// The form half of 供应商管理 and 项目公司管理 (/addSupplier, /addProjectCompany: hidden menu items under their
// lists). Without a keyId it adds — 保存 behind the add page's `add`; with ?keyId= it edits — 保存 behind the
// list's `edit` (the add page grants only `add`). Saved, it returns to the list; leaving with changes not
// saved (返回, the sidebar, the browser's back) asks first.
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { createOrganizationFormMachine } from '../../../application/organizations/organization-form.machine';
import type { OrgType } from '../../../domain/organization/organization';
import { tenantApps } from '../../../domain/session/session';
import { useServices } from '../../app/services';
import { Permission } from '../../shell/permission';
import { useUnsavedChanges } from '../../shell/use-unsaved-changes';
import { OrganizationFormFields } from './organization-form-fields';

const useStyles = makeStyles({
  page: { padding: '16px 24px', display: 'flex', flexDirection: 'column', gap: '16px' },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    padding: '16px 24px',
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
  },
  footer: { display: 'flex', gap: '8px' },
});

export interface OrganizationFormPageConfig {
  resource: 'supplier' | 'projectCompany';
  type: OrgType;
  noun: string;
  listPath: string;
  addPath: string;
}

export function OrganizationFormPage({ config }: { config: OrganizationFormPageConfig }) {
  const [params] = useSearchParams();
  const keyId = params.get('keyId') ?? '';
  // A new keyId (another row's 编辑) is a new form.
  return <FormPage key={keyId} config={config} keyId={keyId} />;
}

function FormPage({ config, keyId }: { config: OrganizationFormPageConfig; keyId: string }) {
  const styles = useStyles();
  const { organizations, notifier, session } = useServices();
  const navigate = useNavigate();
  const [machine] = useState(() => createOrganizationFormMachine({ gateway: organizations, notifier }));
  const actor = useActorRef(machine, {
    input: { resource: config.resource, type: config.type, ...(keyId ? { keyId } : {}) },
  });
  const saved = useSelector(actor, (s) => s.matches('saved'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const busy = useSelector(actor, (s) => s.matches('submitting') || s.matches('loading'));
  const stored = useSelector(session, (s) => s.context.session);
  const tenants = useSelector(session, (s) => s.context.tenants);
  const apps = tenantApps(tenants, stored?.tenantId ?? '');
  const editing = keyId !== '';
  // Declared before the navigation below, so the save has made the page clean before it leaves.
  const dirty = useSelector(actor, (s) => s.context.dirty && !s.matches('saved'));
  const leavePrompt = useUnsavedChanges(dirty);

  // Leaving after the save is navigation, not a fetch.
  useEffect(() => {
    if (saved) navigate(config.listPath);
  }, [saved, navigate, config.listPath]);

  const submit = (
    <Button appearance="primary" disabled={busy} onClick={() => actor.send({ type: 'SUBMIT' })}>
      保存
    </Button>
  );

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        {editing ? `编辑${config.noun}` : `新增${config.noun}`}
      </Text>
      <div className={styles.card} role="form" aria-label={`${config.noun}信息`}>
        {failed ? (
          <Text>{config.noun}不存在或无权查看</Text>
        ) : (
          <OrganizationFormFields
            actor={actor}
            apps={apps}
            showApps={config.type === 'SUPPLIER'}
            companyDetailsRequired
          />
        )}
        <div className={styles.footer}>
          {!failed &&
            (editing ? (
              <Permission code="edit" path={config.listPath}>
                {submit}
              </Permission>
            ) : (
              <Permission code="add" path={config.addPath}>
                {submit}
              </Permission>
            ))}
          <Button onClick={() => navigate(config.listPath)}>返回</Button>
        </div>
      </div>
      {leavePrompt}
    </section>
  );
}
