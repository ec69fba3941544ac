// 业务审核 (/business/examine, BUSINESS.md §4): without `id`, the items awaiting the signed-in user's review
// (the gateway's queue: the current level lists them, they are not the maker and have not yet given their
// opinion); with `type` and `id`, the review page. Both are the stage kit's examine shell.
import { useSearchParams } from 'react-router-dom';
import { StageExaminePage, StageExamineList } from '../stage/examine-shell';

export function ExamineScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <StageExaminePage key={id} id={id} type={params.get('type') ?? ''} /> : <StageExamineList />;
}
