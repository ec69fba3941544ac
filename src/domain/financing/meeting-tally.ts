// The review meeting's tally of one agenda item (BUSINESS.md "Contracts": the meeting's tally, and "Decisions
// for the lifecycle's second half": Meeting). Quorum when the attending voting members (主任委员 and 委员;
// 列席 has no vote) are at least ⌈2/3 × voting members⌉; passed when 同意 + 有条件同意 are at least
// ⌈2/3 × attending voting members⌉. A vote by anyone who is not an attending voting member counts for
// nothing, and a member's first vote is their vote (votes are final: BUSINESS.md §2 评审会, unique per
// item and member), so a repeated vote changes nothing. Integer arithmetic only: ⌈2n/3⌉ = ⌊(2n + 2)/3⌋.

export type MemberRole = 'CHAIR' | 'MEMBER' | 'OBSERVER';
export type Opinion = 'AGREE' | 'AGREE_WITH_CONDITIONS' | 'DISAGREE' | 'RECONSIDER';

export const MEMBER_ROLE_LABEL: Readonly<Record<MemberRole, string>> = {
  CHAIR: '主任委员',
  MEMBER: '委员',
  OBSERVER: '列席',
};

export const OPINION_LABEL: Readonly<Record<Opinion, string>> = {
  AGREE: '同意',
  AGREE_WITH_CONDITIONS: '有条件同意',
  DISAGREE: '不同意',
  RECONSIDER: '复议',
};

export interface MeetingMember {
  userId: string;
  role: MemberRole;
  attended: boolean;
}

export interface MeetingVote {
  userId: string;
  opinion: Opinion;
  conditions?: string[];
}

export interface AgendaTally {
  /** CHAIR and MEMBER. */
  votingMembers: number;
  /** Of those, attended. */
  attendingVoting: number;
  /** attendingVoting ≥ ⌈2/3 × votingMembers⌉ (and somebody attended). */
  quorum: boolean;
  /** AGREE + AGREE_WITH_CONDITIONS by attending voting members. */
  inFavour: number;
  /** quorum and inFavour ≥ ⌈2/3 × attendingVoting⌉. */
  passed: boolean;
  /** Every attending voting member has voted. */
  complete: boolean;
  /** Of AGREE_WITH_CONDITIONS votes, in vote order, each once. */
  conditions: string[];
}

export const isVotingRole = (role: MemberRole) => role === 'CHAIR' || role === 'MEMBER';

/** ⌈2/3 × n⌉ for n ≥ 0, in integers. */
export const twoThirds = (n: number) => Math.floor((2 * n + 2) / 3);

export function tallyAgendaItem(members: MeetingMember[], votes: MeetingVote[]): AgendaTally {
  // A member listed twice is one member; the first listing says their role and attendance.
  const byUser = new Map<string, MeetingMember>();
  for (const m of members) if (!byUser.has(m.userId)) byUser.set(m.userId, m);
  const voting = [...byUser.values()].filter((m) => isVotingRole(m.role));
  const attending = new Set(voting.filter((m) => m.attended).map((m) => m.userId));

  const counted = new Map<string, MeetingVote>();
  for (const v of votes) if (attending.has(v.userId) && !counted.has(v.userId)) counted.set(v.userId, v);

  let inFavour = 0;
  const conditions: string[] = [];
  for (const v of counted.values()) {
    if (v.opinion === 'AGREE' || v.opinion === 'AGREE_WITH_CONDITIONS') inFavour += 1;
    if (v.opinion !== 'AGREE_WITH_CONDITIONS') continue;
    for (const c of v.conditions ?? []) {
      const text = c.trim();
      if (text && !conditions.includes(text)) conditions.push(text);
    }
  }

  const votingMembers = voting.length;
  const attendingVoting = attending.size;
  // With nobody attending there is no meeting, whatever ⌈2/3 × 0⌉ says.
  const quorum = attendingVoting > 0 && attendingVoting >= twoThirds(votingMembers);
  return {
    votingMembers,
    attendingVoting,
    quorum,
    inFavour,
    passed: quorum && inFavour >= twoThirds(attendingVoting),
    complete: counted.size === attendingVoting,
    conditions,
  };
}
