// The wire shape of a stage's part of a business that more than one page reads: 业务详情's 预授信 tab and the
// pre-credit review page both show the item read-only — amounts, validity and the basis orders with what each
// may still finance at its own project company's ratio.
import { type TSchema, Type } from 'typebox';

const nullable = (s: TSchema) => Type.Union([s, Type.Null()]);

export const PreCreditSectionSchema = Type.Object(
  {
    preCreditNo: Type.String(),
    applyAmount: Type.Integer({ description: '申请额度（分）' }),
    approvedAmount: nullable(Type.Integer({ description: '批复额度（分）' })),
    validDays: Type.Integer(),
    validFrom: nullable(Type.String()),
    validTo: nullable(Type.String()),
    orders: Type.Array(
      Type.Object(
        {
          orderNo: Type.String(),
          projectCompanyName: nullable(Type.String()),
          dueDate: Type.String(),
          eligibleAmount: Type.Integer({ description: '可融资余额（分）' }),
          ratio: Type.String({ description: '该付款单项目公司的融资比例' }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** An agenda item's tally (domain/financing/meeting-tally.ts), as the meeting's pages and 业务详情 read it. */
export const MeetingTallySchema = Type.Object(
  {
    votingMembers: Type.Integer(),
    attendingVoting: Type.Integer(),
    quorum: Type.Boolean(),
    inFavour: Type.Integer(),
    passed: Type.Boolean(),
    complete: Type.Boolean(),
    conditions: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);

/** 业务详情's 评审会 tab: the meetings that heard the business, with the named votes once voting closed. */
export const MeetingSectionSchema = Type.Object(
  {
    hearings: Type.Array(
      Type.Object(
        {
          meetingId: Type.String(),
          meetingNo: Type.String(),
          title: Type.String(),
          scheduledAt: Type.String(),
          status: Type.String(),
          seq: Type.Integer(),
          conclusion: nullable(Type.String()),
          conditions: Type.Array(Type.String()),
          minutes: nullable(Type.String()),
          votes: Type.Array(
            Type.Object(
              {
                memberId: Type.String(),
                name: Type.String(),
                opinion: Type.String(),
                conditions: Type.Array(Type.String()),
                comment: Type.String(),
                votedAt: Type.String(),
              },
              { additionalProperties: false },
            ),
          ),
          tally: nullable(MeetingTallySchema),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
