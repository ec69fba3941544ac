// A review meeting walked through HTTP by the README's people, for tests only: the secretary makes it for
// businesses awaiting a meeting, sends the notice and opens the vote; the chair and member1–3 vote as each item
// asks; the secretary closes the vote, records the conclusions and sends the minutes to the chair. The chair's
// review is the test's own step.
import type { GatewayAnswer } from './test-gateway';

type Call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) => Promise<GatewayAnswer>;
const API = '/api/business/meeting';
const DAY = 24 * 3600_000;

export interface ItemPlan {
  businessId: string;
  /** Each voting member's opinion (chair, member1, member2, member3), and conditions for 有条件同意. */
  votes: readonly ('AGREE' | 'AGREE_WITH_CONDITIONS' | 'DISAGREE' | 'RECONSIDER')[];
  conditions?: readonly string[];
  conclusion: 'PASSED' | 'PASSED_WITH_CONDITIONS' | 'VETOED' | 'RECONSIDER';
}

/** The meeting, its minutes at the chair's review; answers its id and version. */
export async function meetingAtChairReview(
  call: Call,
  headers: Record<string, Record<string, string>>,
  ids: Record<string, string>,
  items: readonly ItemPlan[],
): Promise<{ meetingId: string; version: number }> {
  const as = async (who: string, method: string, url: string, body?: unknown) => {
    const a = await call(method, url, headers[who]!, body);
    if (a.code !== 0) throw new Error(`${who} ${method} ${url}: ${a.code} ${a.message}`);
    return a;
  };
  const ok = (a: GatewayAnswer) => a.data;
  const voters = ['chair', 'member1', 'member2', 'member3'];
  let m = ok(
    await as('secretary', 'POST', API, {
      title: '融资决议评审会',
      form: 'ON_SITE',
      location: '远景大厦8楼会议室',
      scheduledAt: new Date(Date.now() + 2 * DAY).toISOString(),
      chairId: ids.chair,
      members: voters.map((v) => ({ userId: ids[v], role: v === 'chair' ? 'CHAIR' : 'MEMBER' })),
      agenda: items.map((i) => ({ businessId: i.businessId })),
    }),
  );
  const id: string = m.meetingId;
  m = ok(await as('secretary', 'POST', `${API}/${id}/transition`, { action: 'notify', version: 1 }));
  m = ok(await as('secretary', 'POST', `${API}/${id}/transition`, { action: 'openVoting', version: m.version }));
  for (const [k, item] of items.entries()) {
    for (const [v, opinion] of item.votes.entries()) {
      ok(
        await as(voters[v]!, 'POST', `${API}/${id}/vote`, {
          seq: k + 1,
          opinion,
          ...(opinion === 'AGREE_WITH_CONDITIONS' ? { conditions: item.conditions ?? ['追加担保'] } : {}),
        }),
      );
    }
  }
  m = ok(await as('secretary', 'POST', `${API}/${id}/transition`, { action: 'closeVoting', version: m.version }));
  for (const [k, item] of items.entries()) {
    ok(await as('secretary', 'POST', `${API}/${id}/conclusion`, { seq: k + 1, conclusion: item.conclusion }));
  }
  m = ok(await as('secretary', 'GET', `${API}/${id}`));
  m = ok(await as('secretary', 'POST', `${API}/${id}/minutes/submit`, { version: m.version }));
  return { meetingId: id, version: m.version };
}
