// 合同签章 (/business/contractFileMake/contractFileMakeSignature), a contract make page: on a contract version, who
// signs, in which order, and each signature's box on the stored PDF's pages. 发起线上签约 takes the parties and order
// the live contracts carry, and the provider draws each signature at its box; the contracts hand 签约 their live
// versions (file and signatories) through the kit's named source CONTRACTS_LIVE_SOURCE.
import { editableStates, statesOf } from '../stage/stage';
import type { StateKey } from './lifecycle';
import { ROLE } from './roles';
import { type SignerPlace, orderProblem } from './signing';

export const SIGNATORIES_PATH = '/business/contractFileMake/contractFileMakeSignature';

/** 合同签章: a signature's box in PDF points, placed by its top-left corner from the page's top-left corner. */
export const SIGNATURE_BOX = { width: 160, height: 56 } as const;

/** A signatory's box: its party in order, its page and top-left corner. */
export type SignatoryPosition = SignerPlace & { page: number } & PagePoint;
/** A point on a page and a page's size, in points. */
type PagePoint = { x: number; y: number };
export type PageSize = { width: number; height: number };

export const SignatoriesMessage = {
  offPage: (page: number, width: number, height: number) =>
    `签章位置超出第${page}页范围（页面宽${width}、高${height}，签章宽${SIGNATURE_BOX.width}、高${SIGNATURE_BOX.height}）`,
  noPage: (pages: number) => `签章页码应为1至${pages}`,
  contractLocked: (no: string) => `合同${no}已被合同锁定，不能设置签章`,
  contractVoid: '已作废的合同不能设置签章',
  signatoriesState: '签约发起后不能修改合同签章，签约失败后可重新设置',
} as const;

/** 合同签章's signatories: in the order 发起 wants, each box wholly on an existing page; else why not. */
export function signatoriesProblem(list: readonly SignatoryPosition[], pages: readonly PageSize[]): string | null {
  const order = orderProblem(list);
  if (order) return order;
  for (const s of list) {
    const size = pages[s.page - 1];
    if (!Number.isInteger(s.page) || !size) return SignatoriesMessage.noPage(pages.length);
    const inside =
      s.x >= 0 && s.y >= 0 && s.x + SIGNATURE_BOX.width <= size.width && s.y + SIGNATURE_BOX.height <= size.height;
    if (!inside) return SignatoriesMessage.offPage(s.page, Math.round(size.width), Math.round(size.height));
  }
  return null;
}

/** Who sets a contract's signatories: the contract's makers (法务, the business's 经办). */
export const SIGNATORIES_MAKERS = [ROLE.LEGAL, ROLE.OPERATOR] as const;

/** The states in which a contract's signatories may be set: 合同's, and 签约's while it may start (after a failure). */
export const SIGNATORIES_STATES: readonly StateKey[] = [...statesOf('CONTRACT'), ...editableStates('SIGNING')];

/** The name under which the contracts hand 签约 the business's live contracts (a voided one left out). */
export const CONTRACTS_LIVE_SOURCE = 'contracts.live';

/** A live contract as 签约 sends it: its stored PDF's evidence and the signatories 合同签章 set (null: none). */
export interface LiveContract {
  contractId: string;
  contractNo: string;
  name: string;
  fileId: string;
  sha256: string;
  signatories: SignatoryPosition[] | null;
}
