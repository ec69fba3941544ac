// The lifecycle's dialog on 融资业务管理 and 业务详情: one business, one action the gateway offered, the
// action's comment box (终止原因 and 暂停原因 are required, 恢复说明 optional), and a 确定 that sends the version
// read. Danger actions say so in their words before anything happens.
import { Field, Text, Textarea, makeStyles } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import {
  type BusinessTarget,
  createBusinessActionMachine,
} from '../../../application/business/business-action.machine';
import { BUSINESS_MANAGE, LIFECYCLE, actionsOnPage, transitionOf } from '../../../domain/financing/lifecycle';
import { transitionCommentLabel } from '../../../domain/workflow/workflow';
import { useServices } from '../../app/services';
import { GenericDialog } from '../../kit/dialogs/generic-dialog';

/** The actions 融资业务管理 and 业务详情 take themselves; the others belong to their stage's own page. */
export const MANAGE_ACTIONS: readonly string[] = actionsOnPage(BUSINESS_MANAGE);

const useStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', gap: '12px' },
  warning: { color: 'var(--colorPaletteRedForeground1)' },
});

export function useBusinessAction(onChanged: () => void) {
  const styles = useStyles();
  const { business, notifier } = useServices();
  const [machine] = useState(() => createBusinessActionMachine({ gateway: business, notifier, onChanged }));
  const flow = useActorRef(machine);
  const open = useSelector(flow, (s) => !s.matches('idle'));
  const acting = useSelector(flow, (s) => s.matches('acting'));
  const target = useSelector(flow, (s) => s.context.business);
  const action = useSelector(flow, (s) => s.context.action);
  const comment = useSelector(flow, (s) => s.context.comment);
  const error = useSelector(flow, (s) => s.context.error);
  const t = target ? transitionOf(target.state, action) : undefined;

  const dialog =
    open && target && t ? (
      <GenericDialog
        open
        title={`${t.label}业务`}
        width={480}
        onClose={() => flow.send({ type: 'CANCEL' })}
        onSubmit={() => flow.send({ type: 'CONFIRM' })}
        submitText="确定"
        submitting={acting}
      >
        <div className={styles.fields}>
          <Text>{`确定${t.label}业务 ${target.businessNo} 吗？`}</Text>
          {t.tone === 'danger' && <Text className={styles.warning}>{`${t.label}后业务不可恢复。`}</Text>}
          {t.comment !== 'none' && (
            <Field
              label={transitionCommentLabel(t)}
              required={t.comment === 'required'}
              validationMessage={error ?? undefined}
            >
              <Textarea
                aria-label={transitionCommentLabel(t)}
                value={comment}
                maxLength={LIFECYCLE.commentMax ?? 200}
                resize="vertical"
                onChange={(_, d) => flow.send({ type: 'COMMENT', value: d.value })}
              />
            </Field>
          )}
        </div>
      </GenericDialog>
    ) : null;

  return {
    request: (business: BusinessTarget, next: string) => flow.send({ type: 'REQUEST', business, action: next }),
    dialog,
  };
}

/** The label of an action offered in this state, for its button. */
export const actionLabel = (state: string, action: string) => transitionOf(state, action)?.label ?? action;
export const actionTone = (state: string, action: string) => transitionOf(state, action)?.tone;
