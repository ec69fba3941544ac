import { useMemo } from 'react';
import { type StageClient, stageClient } from '../../../application/ports/stage-gateway.port';
import type { StageDef } from '../../../domain/stage/stage';
import { useServices } from '../../app/services';

/** The stage port bound to one stage's definition. */
export function useStage(def: StageDef): StageClient {
  const { stages } = useServices();
  return useMemo(() => stageClient(stages, def), [stages, def]);
}
