// 合同签章 (/business/contractFileMake/contractFileMakeSignature), a contract make page: on a contract version, who
// signs, in which order, and each signature's box (page, x, y in points from the top-left, checked against the
// stored PDF's page). 发起线上签约 takes its parties and order; the provider draws each signature at its box. Refused:
// a box off its page, a party twice, a voided or 合同锁定 contract, and once signing started (until it failed). Its
// routes stay under 签约's API, where the pages call them.
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { Type } from 'typebox';
import { ContractMessage, SIGNATORIES_PATH, SIGNATORIES_STATES } from '../../../../src/domain/financing/contracts';
import { SignatoriesMessage, type SignatoryPosition } from '../../../../src/domain/financing/contracts';
import { signatoriesProblem } from '../../../../src/domain/financing/contracts';
import { APPLY_ONLINE_PATH, SIGNING_API, SigningMessage } from '../../../../src/domain/financing/signing';
import { inOrder } from '../../../../src/domain/workflow/stepped-order';
import type { GatewayDeps } from '../../deps';
import { pdfPages } from '../../esign/signature-widget';
import { invalidInput, notFound } from '../../plugins/envelope';
import { BusinessParams, IdParams, SignerParty, Strict, Version } from '../../schemas/common';
import { documentBytes, rowEvidence, withStoredPdfs } from '../../stage/stage-documents';
import { type StageContext, stageOwnRoutes } from '../../stage/stage-own-routes';
import { staleError } from '../../stage/stage-scope';
import { recordInScope } from '../../stage/stage-records';
import { type ContractFileTable, liveContractsOf, lockedContractNos, storedSignatories } from './store';

const S = Type.String();
const I = Type.Integer();
const Points = (d: string) => Type.Number({ minimum: -1e4, maximum: 1e4, description: d });
const Position = Strict({
  ...{ ...SignerParty, page: Type.Integer({ minimum: 1, maximum: 2000, description: '签章页码' }) },
  ...{ x: Points('距页面左边（磅）'), y: Points('距页面上边（磅）') },
});
const SetBody = Strict({ version: Version, signatories: Type.Array(Position, { maxItems: 4 }) });
const ContractSignatories = Strict({
  ...{ keyId: S, contractNo: S, name: S, version: I, contractVersion: I, fileId: S, locked: Type.Boolean() },
  pages: Type.Array(Type.Object({ width: Type.Number(), height: Type.Number() })),
  signatories: Type.Union([Type.Array(Position), Type.Null()]),
});
const BusinessSignatories = Strict({
  ...{ businessId: S, businessNo: S, state: S },
  editable: Type.Boolean({ description: '此刻可设置合同签章（合同阶段至签约发起前，或签约失败后）' }),
  contracts: Type.Array(ContractSignatories),
});

export function registerSignatories(app: FastifyInstance, deps: GatewayDeps) {
  const db = deps.db;
  const own = stageOwnRoutes(app, deps, SIGNING_API, SIGNATORIES_PATH, SigningMessage.notFound);
  const view = async (ctx: StageContext, businessId: string) => {
    const business = await own.business(ctx, businessId);
    const contracts = [];
    const live = await liveContractsOf(db, ctx.tenantId, businessId);
    const nos = live.map((c) => c.contractNo);
    const locked = await lockedContractNos(db, ctx.tenantId, nos);
    const stored = (c: (typeof live)[number]) => rowEvidence(c.row);
    for (const { record: c, pdf } of await withStoredPdfs(db, deps.filesDir, ctx.tenantId, live, stored)) {
      contracts.push({
        ...{ keyId: c.itemId, contractNo: c.contractNo, name: c.name, version: c.version },
        ...{ contractVersion: c.contractVersion, fileId: stored(c).fileId },
        locked: locked.has(c.contractNo),
        pages: (await pdfPages(pdf)).map((p) => ({ width: p.width, height: p.height })),
        signatories: storedSignatories(c.row),
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
      ...{ method: 'PUT', path: '/signatories/contract/:id', menu: SIGNATORIES_PATH, op: 'submit', params: IdParams },
      summary: '设置合同签章：签署方、顺序与各签章位置（页码、距左、距上，单位磅），存于该合同版本',
      ...{ body: SetBody, response: ContractSignatories },
    },
    async (ctx, request) => {
      const { tenantId } = ctx;
      const body = request.body as { version: number; signatories: SignatoryPosition[] };
      const id = (request.params as IdParams).id;
      const businessId = await db.transaction().execute(async (trx) => {
        const source = { table: 'contract_file', id: 'item_id', notFound: ContractMessage.notFound } as const;
        const found = await recordInScope(trx, source, tenantId, ctx.actor, id, true);
        const [row, business] = [found.row as Selectable<ContractFileTable>, found.business];
        if (row.status === 'VOID') throw invalidInput(SignatoriesMessage.contractVoid);
        if (!SIGNATORIES_STATES.includes(business.state)) throw invalidInput(SignatoriesMessage.signatoriesState);
        if ((await lockedContractNos(trx, tenantId, [row.contract_no])).size)
          throw invalidInput(SignatoriesMessage.contractLocked(row.contract_no));
        if (Number(row.version) !== body.version) throw staleError(SigningMessage.stale);
        const { pdf } = await documentBytes(trx, deps.filesDir, tenantId, rowEvidence(found.row));
        const problem = signatoriesProblem(body.signatories, await pdfPages(pdf));
        if (problem) throw invalidInput(problem);
        const list = inOrder(body.signatories).map(({ order, role, page, x, y }) => ({ order, role, page, x, y }));
        const signatories = JSON.stringify(list);
        const set = { signatories, version: Number(row.version) + 1, updated_at: ctx.now };
        await trx.updateTable('contract_file').set(set).where('item_id', '=', id).execute();
        return row.business_id;
      });
      const answer = (await view(ctx, businessId)).contracts.find((c) => c.keyId === id);
      if (!answer) throw notFound(ContractMessage.notFound);
      return answer;
    },
  );
}
