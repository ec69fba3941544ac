// Provider states of the repayment contract, on the lending contract's pact loan (lending-fixtures.ts: 800,000.00
// lent on PACT_LOAN_DATE, BULLET, repaying): finance signed in with the 还款回单 uploaded and no repayment yet; or a
// repayment of 100,000.00 registered by finance and waiting, finance2 signed in; or that repayment confirmed, its
// part on the installment stored; or that repayment confirmed with 20,000.00 it could not apply (待退还), the 退款回单
// uploaded, and maybe a refund of 5,000.00 registered by finance waiting for finance2. Each state puts the rows back
// through the lending state first.
import type { Kysely } from 'kysely';
import { DEMO_TENANT_ID } from '../../../gateway/src/db/seed/demo-seed';
import { issueToken, type TestGateway } from '../../../gateway/src/testing/test-gateway';
import { storeFixtureFile } from './file-fixtures';
import {
  LENDING_TOKEN,
  LendingState,
  PACT_LENDING_ID,
  PACT_LOAN_DATE,
  providerStates as lending,
} from './lending-fixtures';
import type { ProviderStates } from './provider-states';

// biome-ignore lint/suspicious/noExplicitAny: the repayment tables are read as the module writes them
type AnyDb = Kysely<any>;

export const RepaymentState = {
  repaying: 'finance is signed in and the pact loan takes repayments',
  pending: 'finance2 is signed in and a pact repayment waits for confirmation',
  confirmed: 'finance is signed in and the pact repayment is confirmed',
  overpaid: 'finance is signed in and the pact repayment is confirmed with an amount to refund',
  refundPending: 'finance2 is signed in and a pact refund waits for confirmation',
} as const;

export const REPAYMENT_TOKEN = {
  finance: LENDING_TOKEN.finance,
  finance2: 'pact-token-finance2-repayment-000000000000',
} as const;

export const PACT_REPAYMENT = {
  itemId: '2590000000000000001',
  no: 'HK202611289901',
  amount: 100_000_00,
  flowNo: 'LS2026112800001',
  receipt: 'pact-file-repayment-receipt',
  valueDate: PACT_LOAN_DATE,
} as const;

export const PACT_REFUND = {
  itemId: '2590000000000000011',
  no: 'TK202611289901',
  unapplied: 20_000_00,
  amount: 5_000_00,
  flowNo: 'TK2026112800001',
  receipt: 'pact-file-refund-receipt',
} as const;

const FINANCE = '1300000000000000115';

export const providerStates: ProviderStates = (gateway: TestGateway) => {
  const db = gateway.db as unknown as AnyDb;
  const loanRepaying = lending(gateway)[LendingState.repaying] as () => Promise<void>;
  const registered = async (status: string, unapplied = 0) => {
    await loanRepaying();
    const at = new Date();
    await db
      .insertInto('repayment')
      .values({
        ...{ item_id: PACT_REPAYMENT.itemId, tenant_id: DEMO_TENANT_ID, business_id: PACT_LENDING_ID, seq: 1 },
        ...{ repayment_no: PACT_REPAYMENT.no, payer: '华东建材有限公司', amount: PACT_REPAYMENT.amount },
        ...{ value_date: PACT_REPAYMENT.valueDate, flow_no: PACT_REPAYMENT.flowNo, receipt_file_id: 'pact-file-x' },
        ...{ status, registrar_id: FINANCE, version: status === 'PENDING' ? 1 : 2, created_at: at, updated_at: at },
        unapplied,
      })
      .execute();
  };
  const overpaid = async () => {
    await registered('CONFIRMED', PACT_REFUND.unapplied);
    await storeFixtureFile(gateway, {
      ...{ keyId: PACT_REFUND.receipt, name: '退款回单.png', content: 'png', userName: 'finance' },
    });
  };

  return {
    [RepaymentState.repaying]: async () => {
      await loanRepaying();
      await storeFixtureFile(gateway, {
        ...{ keyId: PACT_REPAYMENT.receipt, name: '还款回单.png', content: 'png', userName: 'finance' },
      });
    },
    [RepaymentState.pending]: async () => {
      await issueToken(gateway.db, { userName: 'finance2', token: REPAYMENT_TOKEN.finance2 });
      await registered('PENDING');
    },
    [RepaymentState.overpaid]: overpaid,
    [RepaymentState.refundPending]: async () => {
      await issueToken(gateway.db, { userName: 'finance2', token: REPAYMENT_TOKEN.finance2 });
      await overpaid();
      const at = new Date();
      await db
        .insertInto('repayment_refund')
        .values({
          ...{ item_id: PACT_REFUND.itemId, tenant_id: DEMO_TENANT_ID, business_id: PACT_LENDING_ID, seq: 1 },
          ...{ repayment_id: PACT_REPAYMENT.itemId, refund_no: PACT_REFUND.no, amount: PACT_REFUND.amount },
          ...{ refund_date: PACT_LOAN_DATE, flow_no: PACT_REFUND.flowNo, receipt_file_id: 'pact-file-x' },
          ...{ status: 'PENDING', registrar_id: FINANCE, version: 1, created_at: at, updated_at: at },
        })
        .execute();
    },
    [RepaymentState.confirmed]: async () => {
      await registered('CONFIRMED');
      await db
        .insertInto('repayment_allocation')
        .values({
          ...{ allocation_id: `${PACT_REPAYMENT.itemId}1`, tenant_id: DEMO_TENANT_ID },
          ...{ repayment_id: PACT_REPAYMENT.itemId, business_id: PACT_LENDING_ID, period_no: 1, kind: 'EARLY' },
          principal: PACT_REPAYMENT.amount,
        })
        .execute();
      await db
        .updateTable('installment')
        .set({ principal_paid: PACT_REPAYMENT.amount })
        .where('business_id', '=', PACT_LENDING_ID)
        .execute();
    },
  };
};
