// 合同签章 (/business/contractFileMake/contractFileMakeSignature): the contract maker sets, on a contract version,
// who signs it, in which order, and where each signature stands (page, x, y from the page's top-left corner, in
// points — checked against that page's size in the stored PDF). Stored on the version; 发起线上签约 then takes its
// parties and order from the live contracts (refused when they disagree or the signers chosen differ), and the
// built-in provider draws each signature at its box. Refused in Chinese: a box off its page, a party twice, a
// voided contract or one under 合同锁定, and once signing started (until it failed).
import type { Kysely, Selectable } from 'kysely';
import { Type } from 'typebox';
import { isContractLocked } from '../../../../src/domain/risk/locks';
import {
  APPLY_ONLINE_PATH,
  SIGNATORIES_PATH,
  SIGNATORIES_STATES,
  type SignatoryPosition,
  SigningMessage,
  signatoriesProblem,
} from '../../../../src/domain/financing/signing';
import { ContractMessage } from '../../../../src/domain/financing/contracts';
import type { Database } from '../../db/database';
import type { GatewayDeps } from '../../deps';
import { pdfPages } from '../../esign/signature-widget';
import { invalidInput, notFound } from '../../plugins/envelope';
import { IdParams, Version } from '../../schemas/common';
import { jsonColumn } from '../../stage/stage-columns';
import { documentBytes } from '../../stage/stage-documents';
import type { StageContext, StageOwnRoutes } from '../../stage/stage-own-routes';
import { staleError } from '../../stage/stage-scope';
import { recordInScope } from '../../stage/stage-records';
import { type ContractFileTable, contractsOf } from '../contract/store';
import { liveLocksOn } from '../risk/repository';
import { Party, liveContracts } from './store';

declare module '../contract/store' {
  interface ContractFileTable {
    /** 合同签章: the version's signatories with their boxes (migration 0250); null until set. */
    signatories: import('kysely').ColumnType<SignatoryPosition[] | null, string | null, string | null>;
  }
}

const Position = Type.Object(
  {
    ...Party,
    page: Type.Integer({ minimum: 1, maximum: 2000, description: '签章页码' }),
    x: Type.Number({ minimum: -10000, maximum: 10000, description: '距页面左边（磅）' }),
    y: Type.Number({ minimum: -10000, maximum: 10000, description: '距页面上边（磅）' }),
  },
  { additionalProperties: false },
);
const SetBody = Type.Object(
  { version: Version, signatories: Type.Array(Position, { maxItems: 4 }) },
  { additionalProperties: false },
);
const ContractSignatories = Type.Object(
  {
    ...{ keyId: Type.String(), contractNo: Type.String(), name: Type.String(), version: Type.Integer() },
    ...{ contractVersion: Type.Integer(), fileId: Type.String(), locked: Type.Boolean() },
    pages: Type.Array(Type.Object({ width: Type.Number(), height: Type.Number() })),
    signatories: Type.Union([Type.Array(Position), Type.Null()]),
  },
  { additionalProperties: false },
);
const BusinessSignatories = Type.Object(
  {
    ...{ businessId: Type.String(), businessNo: Type.String(), state: Type.String() },
    editable: Type.Boolean({ description: '此刻可设置合同签章（合同阶段至签约发起前，或签约失败后）' }),
    contracts: Type.Array(ContractSignatories),
  },
  { additionalProperties: false },
);
const BusinessParams = Type.Object({ businessId: IdParams.properties.id }, { additionalProperties: false });

const stored = (v: unknown) => jsonColumn<SignatoryPosition[] | null>(v, null);

/** The live contracts' signatories of a business, in the contracts' order (those never set left out). */
export const signatoriesOf = async (db: Kysely<Database>, tenantId: string, businessId: string) =>
  (await contractsOf(db, tenantId, businessId))
    .filter((c) => c.status !== 'VOID')
    .map((c) => ({ contractId: c.itemId, signatories: stored(c.row.signatories) }));

export function registerSignatories(own: StageOwnRoutes, deps: GatewayDeps) {
  const db = deps.db;
  const locked = async (database: Kysely<Database>, tenantId: string, contractNo: string) =>
    isContractLocked(await liveLocksOn(database, tenantId, [contractNo], []), { contractNo }, deps.now());

  const view = async (ctx: StageContext, businessId: string) => {
    const business = await own.business(ctx, businessId);
    const contracts = [];
    for (const { contract: c, evidence, pdf } of await liveContracts(db, deps.filesDir, ctx.tenantId, businessId)) {
      contracts.push({
        ...{ keyId: c.itemId, contractNo: c.contractNo, name: c.name, version: c.version },
        ...{ contractVersion: c.contractVersion, fileId: evidence.fileId },
        locked: await locked(db, ctx.tenantId, c.contractNo),
        pages: (await pdfPages(pdf)).map((p) => ({ width: p.width, height: p.height })),
        signatories: stored(c.row.signatories),
      });
    }
    return {
      ...{ businessId: business.keyId, businessNo: business.businessNo, state: business.state },
      editable: SIGNATORIES_STATES.includes(business.state),
      contracts,
    };
  };

  for (const [path, menu, summary] of [
    ['/signatories/:businessId', SIGNATORIES_PATH, '合同签章：业务各有效合同的签署方、顺序与签章位置，及各页尺寸'],
    ['/:businessId/signatories', APPLY_ONLINE_PATH, '发起线上签约：各合同签章设置的签署方与顺序（预填）'],
  ] as const) {
    const spec = { method: 'GET', path, menu, summary, params: BusinessParams, response: BusinessSignatories } as const;
    own.route(spec, (ctx, request) => view(ctx, (request.params as { businessId: string }).businessId));
  }

  own.route(
    {
      method: 'PUT',
      path: '/signatories/contract/:id',
      menu: SIGNATORIES_PATH,
      op: 'submit',
      summary: '设置合同签章：签署方、顺序与各签章位置（页码、距左、距上，单位磅），存于该合同版本',
      params: IdParams,
      body: SetBody,
      response: ContractSignatories,
    },
    async (ctx, request) => {
      const { tenantId } = ctx;
      const body = request.body as { version: number; signatories: SignatoryPosition[] };
      const id = (request.params as IdParams).id;
      const businessId = await db.transaction().execute(async (trx) => {
        const source = { table: 'contract_file', id: 'item_id', notFound: ContractMessage.notFound } as const;
        const found = await recordInScope(trx, source, tenantId, ctx.actor, id, true);
        const [row, business] = [found.row as Selectable<ContractFileTable>, found.business];
        if (row.status === 'VOID') throw invalidInput(SigningMessage.contractVoid);
        if (!SIGNATORIES_STATES.includes(business.state)) throw invalidInput(SigningMessage.signatoriesState);
        if (await locked(trx, tenantId, row.contract_no))
          throw invalidInput(SigningMessage.contractLocked(row.contract_no));
        if (Number(row.version) !== body.version) throw staleError(SigningMessage.stale);
        const evidence = { fileId: row.file_id, sha256: row.file_sha256 };
        const { pdf } = await documentBytes(trx, deps.filesDir, tenantId, evidence);
        const problem = signatoriesProblem(body.signatories, await pdfPages(pdf));
        if (problem) throw invalidInput(problem);
        const list = [...body.signatories]
          .sort((a, b) => a.order - b.order)
          .map((s) => ({ order: s.order, role: s.role, page: s.page, x: s.x, y: s.y }));
        await trx
          .updateTable('contract_file')
          .set({ signatories: JSON.stringify(list), version: Number(row.version) + 1, updated_at: ctx.now })
          .where('item_id', '=', id)
          .execute();
        return row.business_id;
      });
      const answer = (await view(ctx, businessId)).contracts.find((c) => c.keyId === id);
      if (!answer) throw notFound(ContractMessage.notFound);
      return answer;
    },
  );
}
