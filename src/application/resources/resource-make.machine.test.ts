import { createActor, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { ResourceGateway } from '../ports/resource-gateway.port';
import { INTERVIEW_MINUTES } from '../../domain/crm/interview-minutes.resource';
import type { ResourceRecord } from '../../domain/resource/resource';
import { createResourceMakeMachine } from './resource-make.machine';

const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn(), info: vi.fn() };
const clock = { now: () => new Date() };
const record: ResourceRecord = {
  keyId: 'm1',
  status: 'SAVED',
  version: 3,
  minutesNo: 'FT202604080001',
  enterpriseName: '华东建材有限公司',
  minutesType: 'POST_LOAN',
  interviewDate: '2026-04-08',
  place: '项目现场',
  interviewees: '张明（财务总监）',
  interviewers: '李娜',
  content: '回款正常',
  conclusion: '风险可控',
  businessNos: null,
  authorName: '平台管理员',
  createTime: '2026-04-08T02:00:00.000Z',
};
const gatewayOf = (over: Partial<ResourceGateway> = {}) =>
  ({
    get: vi.fn(async () => record),
    create: vi.fn(async () => record),
    update: vi.fn(async () => ({ ...record, version: 4 })),
    ...over,
  }) as unknown as ResourceGateway & Record<'get' | 'create' | 'update', ReturnType<typeof vi.fn>>;

const type = (
  actor: { send: (e: { type: 'CHANGE'; key: string; text: string }) => void },
  texts: Record<string, string>,
) => {
  for (const [key, text] of Object.entries(texts)) actor.send({ type: 'CHANGE', key, text });
};

describe('resource make machine', () => {
  it('creates from what was typed and ends saved', async () => {
    const gateway = gatewayOf();
    const actor = createActor(createResourceMakeMachine({ def: INTERVIEW_MINUTES, gateway, notifier, clock }), {
      input: {},
    }).start();
    expect(actor.getSnapshot().value).toBe('editing');
    type(actor, {
      enterpriseName: '华东建材有限公司',
      interviewDate: '2026-04-08',
      place: '项目现场',
      interviewees: '张明',
      interviewers: '李娜',
      content: '回款正常',
      conclusion: '风险可控',
    });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(gateway.create).toHaveBeenCalledWith(
      INTERVIEW_MINUTES,
      expect.objectContaining({ enterpriseName: '华东建材有限公司', minutesType: 'PRE_LOAN' }),
    );
  });

  it('loads the record of ?id= and saves it with the version read', async () => {
    const gateway = gatewayOf();
    const actor = createActor(createResourceMakeMachine({ def: INTERVIEW_MINUTES, gateway, notifier, clock }), {
      input: { keyId: 'm1' },
    }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.title).toBe('FT202604080001');
    type(actor, { conclusion: '风险可控，继续合作' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(gateway.update).toHaveBeenCalledWith(
      INTERVIEW_MINUTES,
      'm1',
      expect.objectContaining({ conclusion: '风险可控，继续合作' }),
      3,
    );
  });

  it('sends nothing while a field is wrong, and cannot submit while loading', async () => {
    const gateway = gatewayOf({ get: vi.fn(() => new Promise<ResourceRecord>(() => {})) });
    const loading = createActor(createResourceMakeMachine({ def: INTERVIEW_MINUTES, gateway, notifier, clock }), {
      input: { keyId: 'm1' },
    }).start();
    expect(loading.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    const actor = createActor(createResourceMakeMachine({ def: INTERVIEW_MINUTES, gateway, notifier, clock }), {
      input: {},
    }).start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors.enterpriseName).toBe('请输入企业');
    expect(gateway.create).not.toHaveBeenCalled();
  });

  it('fails when the record cannot be read, and keeps the texts when the save is refused', async () => {
    const gateway = gatewayOf({
      get: vi.fn(async () => {
        throw new Error('404');
      }),
    });
    const missing = createActor(createResourceMakeMachine({ def: INTERVIEW_MINUTES, gateway, notifier, clock }), {
      input: { keyId: 'x' },
    }).start();
    await waitFor(missing, (s) => s.matches('failed'));
    const refusing = gatewayOf({
      update: vi.fn(async () => {
        throw new Error('stale');
      }),
    });
    const actor = createActor(
      createResourceMakeMachine({ def: INTERVIEW_MINUTES, gateway: refusing, notifier, clock }),
      {
        input: { keyId: 'm1' },
      },
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    type(actor, { place: '线上视频' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && refusing.update.mock.calls.length === 1);
    expect(actor.getSnapshot().context.texts.place).toBe('线上视频');
  });
});
