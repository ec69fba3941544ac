// The review list and review page of one stage, from its StageExamineScreens (stage-kit.tsx): a lazy chunk.
// The page shows the stage's own section by its review type (examine-sections.ts), as 业务审核 does.
import type { ComponentType } from 'react';
import type { StageExamineScreens } from './stage-examine';
import { useSearchParams } from 'react-router-dom';
import { StageExaminePage, StageExamineList } from './examine-shell';

/** `type`: the review type the queue is fixed to (REVIEW_TYPES). */
export function examineListScreen(type: string, s: StageExamineScreens): ComponentType {
  return function StageReviewList() {
    return (
      <StageExamineList
        title={s.title}
        fixedType={type}
        // Absolute: a review page's path written without its leading slash (SPEC's business/resolutionReview/audit)
        // would otherwise open under the list's own path.
        linkOf={(row) =>
          `${s.infoPath.startsWith('/') ? '' : '/'}${s.infoPath}?id=${encodeURIComponent(row.businessId)}`
        }
      />
    );
  };
}

export function examineInfoScreen(type: string, s: StageExamineScreens): ComponentType {
  return function StageReviewPage() {
    const [params] = useSearchParams();
    const id = params.get('id') ?? '';
    return <StageExaminePage key={id} id={id} type={type} back={s.listPath} />;
  };
}
