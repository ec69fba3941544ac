// 合同文件's routes (BUSINESS.md §4 /business/contractFileManage (+ /info), /business/contractFileMake/
// contractFileMake, /business/contractFileReview/contractFileReviewFactor) on the stage kit: a business's contracts
// and 作废 are the kit's stage items, their page, versions and stored PDF the kit's documents, and 制作 the kit's
// document made on a business (from a versioned template with the business's print values and the factors typed,
// or an upload, optionally as the new version of a voided contract). The contracts' own is the reviewers' read:
// each contract's factors beside the TERM elements from the one comparison the table's guard runs (the make page
// reads the elements too, as its prefill). 提交, 通过 and 退回 are the business's moves.
import type { FastifyPluginAsync } from 'fastify';
import { type Static, Type } from 'typebox';
import {
  CONTRACT_FACTOR_PATH,
  CONTRACT_ITEM_STATES,
  CONTRACT_LIST_PATH,
  CONTRACT_MAKE_PATH,
  CONTRACT_TYPE_LABEL,
  CONTRACTS_API,
  ContractMessage,
  type ContractType,
  checkContractDraft,
  factorProblems,
} from '../../../../src/domain/financing/contracts';
import { compareFactors, requiredTerms } from '../../../../src/domain/stage/term-factors';
import { ROLE } from '../../../../src/domain/financing/roles';
import { itemParentRefusal } from '../../../../src/domain/workflow/items';
import type { GatewayDeps } from '../../deps';
import { invalidInput } from '../../plugins/envelope';
import { BusinessParams, CalendarDate, CodeOf, Strict, TermFields } from '../../schemas/common';
import { registerDocumentRoutes } from '../../stage/stage-documents';
import { makeBusinessDocument } from '../../stage/stage-printed-make';
import { businessPrintValues } from '../../stage/stage-print-values';
import { makerRefusalOf } from '../../stage/stage-maker';
import { registerItems } from '../../stage/stage-items';
import { type BusinessRow, recordOf } from '../business/aggregate';
import { NullableSchema as Nullable, wireFen } from '../../stage/stage-money';
import { type StageContext, stageOwnRoutes } from '../../stage/stage-own-routes';
import { termElementsOf } from '../../stage/stage-terms';
import { CONTRACT_FILE_TYPE, CONTRACTS, ContractSchema, contractsOf, fromRow, wireOf } from './store';
import { lockedContractNos } from './store';
import { registerSignatories } from './signatories';
import { CONTRACT_TEMPLATES } from './templates';

const S = Type.String();
const MakeBody = Strict({
  origin: Type.Union([Type.Literal('TEMPLATE'), Type.Literal('UPLOAD')]),
  contractType: CodeOf<ContractType>(CONTRACT_TYPE_LABEL),
  name: Type.String({ maxLength: 200 }),
  ...TermFields('合同'),
  repaymentMethod: Type.String({ maxLength: 40 }),
  dueDate: Type.Union([CalendarDate, Type.Null()]),
  payeeAccount: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
  fileId: Type.Optional(Type.String({ maxLength: 64, description: '上传的合同PDF（上传时必填）' })),
  replacesId: Type.Optional(Type.String({ maxLength: 64, description: '被本版本替代的已作废合同' })),
});
type MakeBody = Static<typeof MakeBody>;

const FactorRow = Type.Object({ key: S, label: S, contract: S, element: S, equal: Type.Boolean() });

const BusinessView = Strict({
  ...{ businessId: S, businessNo: S, state: S },
  version: Type.Integer({ description: '业务的版本号（提交时回传）' }),
  amountFen: Nullable(Type.Integer({ description: '业务要素：金额（分）' })),
  ...{ annualRate: Nullable(S), termDays: Nullable(Type.Integer()), repaymentMethod: Nullable(S) },
  contracts: Type.Array(Type.Object({ contract: ContractSchema, factors: Type.Array(FactorRow) })),
  differences: Type.Integer({ description: '有效合同与业务要素不一致的要素个数；大于0时不能通过' }),
});

export const contractRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  registerItems(app, deps, CONTRACTS);
  const db = deps.db;
  const own = stageOwnRoutes(app, deps, CONTRACTS_API, CONTRACT_LIST_PATH, ContractMessage.notFound);
  registerSignatories(app, deps);

  registerDocumentRoutes(app, deps, {
    api: CONTRACTS_API,
    table: 'contract_file',
    fileType: CONTRACT_FILE_TYPE,
    list: CONTRACT_LIST_PATH,
    pdf: [
      { path: '/:id/pdf', menu: CONTRACT_LIST_PATH },
      { path: '/review/file/:id', menu: CONTRACT_FACTOR_PATH },
    ],
    notFound: ContractMessage.notFound,
    search: { contractNo: 'd.contract_no', businessNo: 'b.business_no' },
    makeable: {
      states: CONTRACT_ITEM_STATES,
      summary: '待制作合同的业务（合同草稿或已退回，数据授权范围内，至多50笔）',
    },
    row: { schema: ContractSchema, of: (r, state) => wireOf(fromRow(r), state) },
    detail: {
      key: 'contract',
      summary: '合同文件详情：合同、同系列各版本、与业务要素的比对',
      schema: { factors: Type.Array(FactorRow) },
      of: async (database, tenantId, row) => {
        const terms = await termElementsOf(database, tenantId, String(row.business_id));
        return { factors: compareFactors(fromRow(row).factors, terms) };
      },
    },
    extra: {
      schema: { locked: Type.Boolean({ description: '合同锁定' }) },
      // A page's contracts under a live 合同锁定 naming their numbers, read at once.
      of: async (database, tenantId, rows) => {
        const nos = rows.map((r) => r.contractNo);
        const locked = await lockedContractNos(database, tenantId, nos);
        return rows.map((r) => ({ locked: locked.has(r.contractNo) }));
      },
    },
  });

  /**
   * The business's contracts, each beside the TERM elements, the differences of the live ones counted, and the
   * elements as the make form's prefill: the reviewers' read (合同要素审核) and the make page's, one answer.
   */
  const businessView = async (ctx: StageContext, businessId: string) => {
    const business = await own.business(ctx, businessId);
    const terms = await termElementsOf(db, ctx.tenantId, business.keyId);
    const items = await contractsOf(db, ctx.tenantId, business.keyId);
    const contracts = items.map((c) => ({
      contract: wireOf(c, business.state),
      factors: compareFactors(c.factors, terms),
    }));
    const t = requiredTerms(terms);
    return {
      ...{ businessId: business.keyId, businessNo: business.businessNo, state: business.state },
      version: business.version,
      amountFen: t.amountFen === undefined ? null : wireFen(t.amountFen),
      ...{ annualRate: t.annualRate ?? null, termDays: t.termDays ?? null, repaymentMethod: t.repaymentMethod ?? null },
      contracts,
      // The guard's own refusals, one per factor of a live contract that differs.
      differences: factorProblems(items, terms).length,
    };
  };
  for (const [path, menu, summary] of [
    ['/review/:businessId', CONTRACT_FACTOR_PATH, '合同要素审核：各合同的要素与业务要素并列，不一致者标红'],
    ['/:businessId/terms', CONTRACT_MAKE_PATH, '制作合同：业务要素（预填合同要素）与该业务的合同'],
  ] as const) {
    own.route({ method: 'GET', path, menu, summary, params: BusinessParams, response: BusinessView }, (ctx, request) =>
      businessView(ctx, (request.params as { businessId: string }).businessId),
    );
  }

  own.route(
    {
      ...{ method: 'POST', path: '/:businessId', menu: CONTRACT_MAKE_PATH, op: 'edit' },
      summary: '制作合同：按模板生成PDF或上传PDF，录入合同要素；可作为已作废合同的新版本',
      ...{ params: BusinessParams, body: MakeBody, response: ContractSchema },
    },
    async (ctx, request) => {
      const body = request.body as MakeBody;
      const checked = checkContractDraft(body);
      if (!checked.ok) throw invalidInput(checked.message);
      if (body.origin === 'UPLOAD' && !body.fileId) throw invalidInput(ContractMessage.fileRequired);
      const f = checked.factors;
      const name = body.name.trim();
      const factors = { ...f, amountFen: String(f.amountFen) };
      const print = { template: CONTRACT_TEMPLATES[body.contractType], name, no: 'contractNo' };
      // The template's values: the business's parties and the day (the kit's print values), the contract's factors.
      const values = async (b: BusinessRow) => ({
        ...(await businessPrintValues(db, ctx.tenantId, b, ctx.now)),
        name,
        ...factors,
      });
      // The template's PDF is drawn before the transaction, which checks the business again and records it.
      const { row, business } = await makeBusinessDocument(db, deps, ctx, {
        businessId: (request.params as { businessId: string }).businessId,
        notFound: ContractMessage.notFound,
        async check(business, d) {
          // The maker of a contract: LEGAL, or whoever makes the business's 合同 by the table (its 经办, an administrator).
          const maker = () => (ctx.actor.roles.has(ROLE.LEGAL) ? null : makerRefusalOf(d, ctx, recordOf(business)));
          const refused = itemParentRefusal(business, CONTRACT_ITEM_STATES, '合同') ?? (await maker());
          if (refused) throw invalidInput(refused);
        },
        document: {
          ...{ table: 'contract_file', fileType: CONTRACT_FILE_TYPE, kind: 'contract' },
          ...{ numbering: { no: 'contract_no', version: 'contract_version' } },
          ...{ replacesId: body.replacesId, replaces: ContractMessage.replaces },
        },
        from: body.origin === 'UPLOAD' ? { uploadedFileId: body.fileId as string } : { ...print, values },
        columns: () => ({
          ...{ name, contract_type: body.contractType, origin: body.origin, amount_fen: factors.amountFen },
          ...{ annual_rate: f.annualRate, term_days: f.termDays, repayment_method: f.repaymentMethod },
          ...{ due_date: f.dueDate, payee_account: f.payeeAccount },
        }),
      });
      return wireOf(fromRow(row), business.state);
    },
  );
};

export default contractRoutes;
