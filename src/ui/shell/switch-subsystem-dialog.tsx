// 切换子系统 (SPEC §2.5, §4, §5): 400 px wide, submit 切换; the tenant's applications without the current
// one; the domain decides between the two messages and the redirect with token, tenantId and sysId.
import { Radio, RadioGroup, Text } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { tenantApps } from '../../domain/session/session';
import { planSubsystemSwitch, switchableSystems } from '../../domain/subsystem/subsystem-switch';
import { useServices } from '../app/services';
import { GenericDialog } from '../kit/dialogs/generic-dialog';

export function SwitchSubsystemDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { session, browser, notifier } = useServices();
  const stored = useSelector(session, (s) => s.context.session);
  const tenants = useSelector(session, (s) => s.context.tenants);
  const [chosenId, setChosenId] = useState('');
  const systems = useMemo(
    () => (stored ? switchableSystems(tenantApps(tenants, stored.tenantId), stored.sysId) : []),
    [tenants, stored],
  );

  const submit = () => {
    if (!stored) return;
    const decision = planSubsystemSwitch(
      systems.find((s) => String(s.appId) === chosenId),
      stored,
    );
    if (decision.kind === 'warning') notifier.warning(decision.message);
    else if (decision.kind === 'error') notifier.error(decision.message);
    else browser.redirect(decision.url);
  };

  return (
    <GenericDialog open={open} title="切换子系统" width={400} submitText="切换" onSubmit={submit} onClose={onClose}>
      {systems.length === 0 ? (
        <Text>没有可切换的子系统</Text>
      ) : (
        <RadioGroup aria-label="子系统" value={chosenId} onChange={(_, d) => setChosenId(d.value)}>
          {systems.map((s) => (
            <Radio key={String(s.appId)} value={String(s.appId)} label={s.appName} />
          ))}
        </RadioGroup>
      )}
    </GenericDialog>
  );
}
