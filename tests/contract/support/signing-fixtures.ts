// Provider states of the signing contract: the pact business (fixed id) of the demo 经办 and of the supplier whose
// user signs in the back office, with one approved contract (a real PDF stored through the file service) — waiting
// to be signed (签约·待签约), signing (the built-in provider's flow started, the supplier's signer holding a known
// one-time code), or signed by both parties for real (推送·待推送). The signing record gets a fixed id. Each state
// puts the rows back.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEMO_TENANT_ID, DemoOrg } from '../../../gateway/src/db/seed/demo-seed';
import { loadPdfKit } from '../../../gateway/src/lazy-libraries';
import { actorById } from '../../../gateway/src/modules/business/aggregate';
import { startOnlineSigning } from '../../../gateway/src/modules/signing/store';
import { storeGeneratedDocument } from '../../../gateway/src/stage/stage-documents';
import { DEMO_SIGNERS, walkProvider, walkSigning } from '../../../gateway/src/testing/signing-walk';
import { issueToken, type TestGateway } from '../../../gateway/src/testing/test-gateway';
import type { ProviderStates } from './provider-states';

// biome-ignore lint/suspicious/noExplicitAny: the module tables are read as the modules write them
type AnyDb = Kysely<any>;

export const SigningState = {
  waiting: 'the operator is signed in and the pact business waits to be signed',
  signing: 'the operator and the supplier are signed in and the pact business is being signed',
  signed: 'the operator is signed in and the pact business is signed',
} as const;

export const SIGNING_TOKEN = {
  operator: 'pact-token-operator-signing-000000000000',
  supplier: 'pact-token-supplier-signing-000000000000',
} as const;

export const PACT_SIGNING_BUSINESS = '2610000000000000001';
export const PACT_SIGNING_ID = '2610000000000000201';
export const PACT_SIGNING_CODE = '246810';
/** The operator's unbound upload of a scan, for 线下签约. */
export const PACT_SIGNING_SCAN = '2610000000000000301';
export const PACT_SIGNING_CONTRACT = '2610000000000000101';
const CONTRACT_ID = PACT_SIGNING_CONTRACT;
const OPERATOR = '1300000000000000002';

async function contractPdf(): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ info: { CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.text('Factoring contract HT202611289901');
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

export const providerStates: ProviderStates = (gateway: TestGateway) => {
  const db = gateway.db as unknown as AnyDb;
  const at = new Date();

  const reset = async () => {
    const flows = await db
      .selectFrom('callback_flow')
      .select('flow_id')
      .where('business_id', '=', PACT_SIGNING_BUSINESS)
      .execute();
    const ids = flows.map((f) => f.flow_id as string);
    if (ids.length) {
      for (const table of ['esign_document', 'esign_signer', 'esign_notice', 'callback_inbox']) {
        await db.deleteFrom(table).where('flow_id', 'in', ids).execute();
      }
      await db.deleteFrom('esign_flow').where('flow_id', 'in', ids).execute();
    }
    for (const table of ['signing_record', 'callback_flow', 'contract_file', 'business_event']) {
      await db.deleteFrom(table).where('business_id', '=', PACT_SIGNING_BUSINESS).execute();
    }
    await db
      .deleteFrom('stored_file')
      .where('business_type', 'in', ['contractFile', 'signingRecord'])
      .where('created_by', '=', OPERATOR)
      .where('file_name', 'like', '%HT202611289901%')
      .execute();
    await db.deleteFrom('financing_business').where('business_id', '=', PACT_SIGNING_BUSINESS).execute();
    await db
      .insertInto('financing_business')
      .values({
        business_id: PACT_SIGNING_BUSINESS,
        tenant_id: DEMO_TENANT_ID,
        business_no: 'RZ202611289901',
        supplier_id: DemoOrg.huadongBuildingMaterials,
        state: 'SIGNING/WAIT_SIGN',
        stage: 'SIGNING',
        owner_id: OPERATOR,
        apply_amount: 1_000_000_00,
        approved_amount: 800_000_00,
        created_at: at,
        updated_at: at,
        version: 3,
      })
      .execute();
    const evidence = await storeGeneratedDocument(
      gateway.db,
      gateway.filesDir,
      { tenantId: DEMO_TENANT_ID, userId: OPERATOR, now: at },
      { name: '保理合同-HT202611289901.pdf', pdf: await contractPdf() },
      { type: 'contractFile', id: CONTRACT_ID },
    );
    await db
      .insertInto('contract_file')
      .values({
        ...{ item_id: CONTRACT_ID, tenant_id: DEMO_TENANT_ID, business_id: PACT_SIGNING_BUSINESS, seq: 1 },
        ...{ contract_no: 'HT202611289901', series_no: 'HT202611289901', contract_version: 1, name: '保理合同' },
        ...{ contract_type: 'FACTORING', origin: 'UPLOAD', amount_fen: '80000000', annual_rate: '0.0650' },
        ...{ term_days: 180, repayment_method: 'BULLET', file_id: evidence.fileId, file_sha256: evidence.sha256 },
        ...{ created_by: OPERATOR, created_at: at, updated_at: at },
      })
      .execute();
  };

  /** The signing record under its fixed id (and its signed files bound to it). */
  const fixId = async () => {
    const row = await db
      .selectFrom('signing_record')
      .select('item_id')
      .where('business_id', '=', PACT_SIGNING_BUSINESS)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('signing_record')
      .set({ item_id: PACT_SIGNING_ID })
      .where('item_id', '=', row.item_id)
      .execute();
    await db
      .updateTable('stored_file')
      .set({ business_id: PACT_SIGNING_ID })
      .where('business_type', '=', 'signingRecord')
      .where('business_id', '=', row.item_id)
      .execute();
  };

  /** The operator's unbound upload (a scan, a signed supplement). */
  const scan = async () => {
    await db.deleteFrom('stored_file').where('key_id', '=', PACT_SIGNING_SCAN).execute();
    await db
      .insertInto('stored_file')
      .values({
        ...{ key_id: PACT_SIGNING_SCAN, tenant_id: DEMO_TENANT_ID, file_name: '签署扫描件-9901.pdf', extension: 'pdf' },
        ...{ content_type: 'application/pdf', size: 16, sha256: 'b'.repeat(64), created_by: OPERATOR, created_at: at },
      })
      .execute();
  };

  const tokens = async () => {
    await issueToken(gateway.db, { userName: 'operator', token: SIGNING_TOKEN.operator });
    await issueToken(gateway.db, { userName: 'supplier', token: SIGNING_TOKEN.supplier });
  };

  return {
    [SigningState.waiting]: async () => {
      await tokens();
      await reset();
      await db.deleteFrom('stored_file').where('key_id', '=', PACT_SIGNING_SCAN).execute();
      await db
        .insertInto('stored_file')
        .values({
          ...{
            key_id: PACT_SIGNING_SCAN,
            tenant_id: DEMO_TENANT_ID,
            file_name: '签署扫描件-9901.pdf',
            extension: 'pdf',
          },
          ...{
            content_type: 'application/pdf',
            size: 16,
            sha256: 'b'.repeat(64),
            created_by: OPERATOR,
            created_at: at,
          },
        })
        .execute();
    },
    [SigningState.signing]: async () => {
      await tokens();
      await reset();
      const provider = walkProvider(gateway.db, gateway.filesDir);
      const actor = await actorById(gateway.db, DEMO_TENANT_ID, OPERATOR);
      await gateway.db.transaction().execute((trx) =>
        startOnlineSigning(trx, provider, gateway.filesDir, {
          ...{ tenantId: DEMO_TENANT_ID, businessId: PACT_SIGNING_BUSINESS, actor, version: 3, now: at },
          ...{ deadlineDays: 7, signers: DEMO_SIGNERS },
        }),
      );
      await provider.deliver(gateway.db, at);
      await fixId();
      const flow = await db
        .selectFrom('signing_record')
        .select('provider_flow_id')
        .where('item_id', '=', PACT_SIGNING_ID)
        .executeTakeFirstOrThrow();
      const hash = createHash('sha256').update(`${flow.provider_flow_id}:1:${PACT_SIGNING_CODE}`).digest('hex');
      await db
        .updateTable('esign_signer')
        .set({ code_hash: hash, code_expires_at: new Date(Date.now() + 3_600_000) })
        .where('flow_id', '=', flow.provider_flow_id)
        .where('seq', '=', 1)
        .execute();
    },
    [SigningState.signed]: async () => {
      await tokens();
      await reset();
      await walkSigning(gateway.db, DEMO_TENANT_ID, PACT_SIGNING_BUSINESS, at, gateway.filesDir);
      await fixId();
      await scan();
    },
  };
};
