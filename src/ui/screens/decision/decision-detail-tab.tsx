// 融资决议 on 业务详情: the decision read-only, its limits and its element items.
import type { DetailTabProps } from '../stage/define-detail-tab';
import { DecisionSection } from './decision-view';

export function DecisionDetailTab({ detail }: DetailTabProps) {
  return <DecisionSection id={detail.keyId} />;
}
