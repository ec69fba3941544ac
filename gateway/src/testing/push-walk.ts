// A business at 签约·已签约 walked to 资金方通过 (放款·待放款) as the seeded people and the capital side would, through
// the letters' and the push stage's own functions: the 经办 generates the 应收账款转让通知书 and sends it by express, pushes through the
// built-in channel (the package made and stored), `reviewer1` approves the push (the channel accepts it), and the
// capital side's approval arrives as the channel's event, received by the inbound kit as the system actor — the
// same path a signed callback takes once verified. The seed and the lending walk call it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { capitalProvider, BUILTIN_CHANNEL } from '../modules/push/channel';
import { makeLetter } from '../modules/letters/make';
import { LETTERS } from '../modules/letters/store';
import { makePush } from '../modules/push/make';
import { pushesOf } from '../modules/push/store';
import { type Actor, loadBusiness, transitionBusiness } from '../modules/business/aggregate';
import { DEFAULT_CJK_FONT } from '../modules/file/pdf-convert';
import { findFlow, receiveEvent } from '../inbound/callback-store';
import { moveItem } from '../stage/stage-items';
import type { DocumentPlace } from '../stage/stage-print-values';
import { wireFen } from '../stage/stage-money';

/** Where a walk with no gateway of its own stores its documents: a folder of its own (nothing reads them back). */
export const walkPlace = (): DocumentPlace => ({
  filesDir: mkdtempSync(join(tmpdir(), 'push-walk-')),
  cjkFont: DEFAULT_CJK_FONT,
});

/** Walks the business from SIGNING/SIGNED (已签约) to LENDING/WAIT_LOAN on `now`; answers its version. */
export async function walkPush(
  db: Kysely<Database>,
  place: DocumentPlace,
  tenantId: string,
  businessId: string,
  people: { maker: Actor; reviewer: Actor },
  now: Date,
): Promise<number> {
  const m = { tenantId, actor: people.maker, now };
  const letter = await makeLetter(db, place, m, businessId, 'TRANSFER_NOTICE');
  await moveItem(db, LETTERS, {
    ...m,
    id: letter.itemId,
    body: { action: 'send', version: letter.version, values: { sendMethod: 'EXPRESS' } },
  });
  const { version } = await loadBusiness(db, tenantId, businessId);
  await makePush(db, place, m, businessId, { version, channel: 'API', zhongdengQueryNo: `ZD${letter.letterNo}` });
  const pushed = await loadBusiness(db, tenantId, businessId);
  await transitionBusiness(db, {
    ...{ tenantId, businessId, actor: people.reviewer, action: 'approve', version: pushed.version, now },
  });
  const push = (await pushesOf(db, tenantId, businessId))[0];
  const flow = await findFlow(db, BUILTIN_CHANNEL, String(push?.acceptance_no));
  if (!flow) throw new Error(`the channel did not accept the push of ${businessId}`);
  const event = {
    ...{ eventId: `walk-${push?.push_no}`, flowId: flow.flowId, result: 'APPROVED' as const },
    ...{
      capitalRefNo: `ZJ${push?.push_no}`,
      approvedAmount: pushed.approvedAmount === null ? null : wireFen(pushed.approvedAmount),
      comment: '同意放款',
    },
  };
  await receiveEvent(db, capitalProvider(BUILTIN_CHANNEL), flow, event, now);
  return (await loadBusiness(db, tenantId, businessId)).version;
}
