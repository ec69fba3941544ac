// 正式函件管理's routes (BUSINESS.md §4 /business/formalLetterManagement) on the stage kit: the letters are the kit's
// stage items (发送, 上传回执, 拒收) and documents (the businesses letters may be made for, the list, the PDF, the
// receipts bound to them); what is theirs is 生成 (the template rendered once, stored as the letter's evidence).
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import {
  LETTER_API,
  LETTER_ITEM_STATES,
  LETTER_LIST_PATH,
  LETTER_TYPE_LABEL,
  LetterMessage,
  type LetterType,
} from '../../../../src/domain/financing/letters';
import type { GatewayDeps } from '../../deps';
import { BusinessParams, CodeOf } from '../../schemas/common';
import { registerDocumentRoutes } from '../../stage/stage-documents';
import { registerItems } from '../../stage/stage-items';
import { stageOwnRoutes } from '../../stage/stage-own-routes';
import { makeLetter } from './make';
import { LETTER_FILE_TYPE, LETTERS, RECEIPT_FILE_TYPE, LetterSchema, letterOf, letterWireOf } from './store';

const GenerateBody = Type.Object(
  { letterType: CodeOf<LetterType>(LETTER_TYPE_LABEL) },
  { additionalProperties: false },
);

export const letterRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  registerItems(app, deps, LETTERS);
  registerDocumentRoutes(app, deps, {
    api: LETTER_API,
    table: 'formal_letter',
    fileType: LETTER_FILE_TYPE,
    boundFileTypes: [RECEIPT_FILE_TYPE],
    list: LETTER_LIST_PATH,
    pdf: [{ path: '/:id/pdf', menu: LETTER_LIST_PATH }],
    notFound: LetterMessage.notFound,
    search: { letterNo: 'd.letter_no', businessNo: 'b.business_no' },
    row: { schema: LetterSchema, of: (r) => letterWireOf(letterOf(r)) },
    makeable: { states: LETTER_ITEM_STATES, summary: '可生成函件的业务（签约至放款前，数据授权范围内，至多50笔）' },
  });

  stageOwnRoutes(app, deps, LETTER_API, LETTER_LIST_PATH, LetterMessage.notFound).route(
    {
      ...{ method: 'POST', path: '/:businessId', op: 'add', params: BusinessParams, body: GenerateBody },
      summary: '生成函件：按模板生成PDF（含大写金额），存档并登记',
      response: LetterSchema,
    },
    // The kit's document logs the making (its number, version and sha-256).
    async (ctx, request) => {
      const { letterType } = request.body as { letterType: LetterType };
      const businessId = (request.params as { businessId: string }).businessId;
      return letterWireOf(await makeLetter(deps.db, deps, ctx, businessId, letterType));
    },
  );
};

export default letterRoutes;
