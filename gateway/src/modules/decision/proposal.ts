// Where a new decision's prefill comes from (Decisions: Decision — "prefilled from the report's proposal and
// the meeting's conditions"). The report module owns its proposal and registers how to read it here, as a
// module registers its checkpoint rules; until one does, the decision starts from the application's figures.
import type { Kysely } from 'kysely';
import type { StepContent } from '../../../../src/domain/financing/report';

// biome-ignore lint/suspicious/noExplicitAny: the source reads another module's tables
type AnyDb = Kysely<any>;

/** The report's 方案建议 step of the business (its approved revision), or undefined when it has none. */
export type ProposalSource = (db: AnyDb, tenantId: string, businessId: string) => Promise<StepContent | undefined>;

let source: ProposalSource | null = null;

/** The report module tells the decision where its approved proposal is. */
export function registerProposalSource(load: ProposalSource): void {
  source = load;
}

export async function reportProposal(db: AnyDb, tenantId: string, businessId: string) {
  return source ? source(db, tenantId, businessId) : undefined;
}
