// The review list and review page of one stage, from its StageExamineScreens (stage-kit.tsx): a lazy chunk.
import type { ComponentType, ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { StageExaminePage, StageExamineList } from './examine-shell';

export interface StageExamineScreens {
  /** The review type the queue is fixed to (REVIEW_TYPES). */
  type: string;
  /** The menu title of the review list. */
  title: string;
  /** The review list's path and the review page's. */
  listPath: string;
  infoPath: string;
  /** The stage's own item under the business's summary, read-only. */
  section?: (id: string) => ReactNode;
}

export function examineListScreen(s: StageExamineScreens): ComponentType {
  return function StageReviewList() {
    return (
      <StageExamineList
        title={s.title}
        fixedType={s.type}
        // Absolute: a review page's path written without its leading slash (SPEC's business/resolutionReview/audit)
        // would otherwise open under the list's own path.
        linkOf={(row) =>
          `${s.infoPath.startsWith('/') ? '' : '/'}${s.infoPath}?id=${encodeURIComponent(row.businessId)}`
        }
      />
    );
  };
}

export function examineInfoScreen(s: StageExamineScreens): ComponentType {
  return function StageReviewPage() {
    const [params] = useSearchParams();
    const id = params.get('id') ?? '';
    return (
      <StageExaminePage key={id} id={id} type={s.type} back={s.listPath}>
        {s.section?.(id)}
      </StageExaminePage>
    );
  };
}
