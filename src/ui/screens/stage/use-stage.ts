import { useMemo, useState } from 'react';
import { type StageClient, stageClient } from '../../../application/ports/stage-gateway.port';
import type { StageDef } from '../../../domain/stage/stage';
import { useServices } from '../../app/services';

/** The stage port bound to one stage's definition. */
export function useStage(def: StageDef): StageClient {
  const { stages } = useServices();
  return useMemo(() => stageClient(stages, def), [stages, def]);
}

/**
 * A call of a stage's page (登记, 推送, 发送 …): busy while it runs, the success words said, `done` after (the page
 * reads its record again). The gateway's refusal is already shown by the shared client.
 */
export function useStageAct(done: () => void) {
  const { notifier } = useServices();
  const [busy, setBusy] = useState(false);
  const act = async (call: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await call();
      notifier.success(success);
      done();
    } catch {
      setBusy(false);
    }
  };
  return { busy, act };
}
