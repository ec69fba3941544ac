import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { CERTIFICATE_SPEC, CertificationMessage, PERSONAL_SPEC } from '../../domain/certification/certification';
import { PatternMessage } from '../../domain/patterns/pattern-check';
import { residentIdCheckChar } from '../../domain/patterns/resident-id';
import { creditCodeCheckChar } from '../../domain/patterns/social-credit-code';
import type { CertificationGateway } from '../ports/certification-gateway.port';
import { createCertificationActionMachine, createCertificationFormMachine, FORM_INCOMPLETE_WARNING } from './certification.machines';

const CODE = '91310000MA1FL0000' + creditCodeCheckChar('91310000MA1FL0000');
const ID = '31010119900315123' + residentIdCheckChar('31010119900315123');
const BAD_ID = ID.slice(0, 17) + (ID[17] === '1' ? '2' : '1');

function fakeGateway(over: Partial<CertificationGateway> = {}): CertificationGateway {
  return {
    page: vi.fn(async () => ({ records: [], total: 0, current: 1, size: 10 })),
    get: vi.fn(),
    create: vi.fn(async () => ({ keyId: 'new', certNo: 'ZS2026000000000001' })),
    revoke: vi.fn(async () => undefined),
    review: vi.fn(async () => undefined),
    ...over,
  } as CertificationGateway;
}
const notifier = () => ({ error: vi.fn(), warning: vi.fn(), success: vi.fn() });

describe('certification form flow', () => {
  it('checks the id number by the holder type as typed, refuses to submit an incomplete form and saves a valid one', async () => {
    const gateway = fakeGateway();
    const n = notifier();
    const onSaved = vi.fn();
    const actor = createActor(createCertificationFormMachine({ gateway, notifier: n, spec: CERTIFICATE_SPEC, onSaved })).start();
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().context.form).toEqual({ holderType: 'ENTERPRISE', holderName: '', idNumber: '' });
    actor.send({ type: 'SUBMIT' });
    expect(n.warning).toHaveBeenCalledWith(FORM_INCOMPLETE_WARNING);
    expect(actor.getSnapshot().context.errors).toMatchObject({ holderName: '请输入持有者名称', idNumber: '请输入证件号码' });
    actor.send({ type: 'CHANGE', field: 'holderName', value: '钱二' });
    actor.send({ type: 'CHANGE', field: 'idNumber', value: ID });
    expect(actor.getSnapshot().context.errors).toEqual({ idNumber: PatternMessage.creditCode });
    // Switching the holder type re-checks the id number against the resident ID.
    actor.send({ type: 'CHANGE', field: 'holderType', value: 'PERSONAL' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(gateway.create).toHaveBeenCalledWith('CERTIFICATE', { holderType: 'PERSONAL', holderName: '钱二', idNumber: ID });
    expect(onSaved).toHaveBeenCalledOnce();
    expect(n.success).toHaveBeenCalledWith('申请成功');
  });

  it('shows the resident ID check digit message and keeps the form open when the gateway refuses', async () => {
    const gateway = fakeGateway({ create: vi.fn(async () => { throw new Error('refused'); }) });
    const actor = createActor(createCertificationFormMachine({ gateway, notifier: notifier(), spec: PERSONAL_SPEC, onSaved: vi.fn() })).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CHANGE', field: 'residentId', value: BAD_ID });
    expect(actor.getSnapshot().context.errors).toEqual({ residentId: PatternMessage.residentId });
    actor.send({ type: 'CHANGE', field: 'personName', value: '钱二' });
    actor.send({ type: 'CHANGE', field: 'residentId', value: ID });
    actor.send({ type: 'CHANGE', field: 'mobile', value: '13912345678' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(gateway.create).toHaveBeenCalledOnce();
  });
});

describe('certification action flow', () => {
  it('rejects only with a comment, approves without one, revokes with a reason, each with the version read, and reloads', async () => {
    const gateway = fakeGateway();
    const onChanged = vi.fn();
    const actor = createActor(createCertificationActionMachine({ gateway, notifier: notifier(), spec: PERSONAL_SPEC, onChanged })).start();
    actor.send({ type: 'REQUEST', target: { keyId: 'p1', name: '钱二', version: 2, action: 'REJECTED' } });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.error).toBe(CertificationMessage.commentRequired);
    actor.send({ type: 'COMMENT', value: '照片不清晰' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(gateway.review).toHaveBeenCalledWith('PERSONAL', 'p1', 'REJECTED', '照片不清晰', 2);
    actor.send({ type: 'REQUEST', target: { keyId: 'p2', name: '孙三', version: 1, action: 'APPROVED' } });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(gateway.review).toHaveBeenLastCalledWith('PERSONAL', 'p2', 'APPROVED', '', 1);
    expect(onChanged).toHaveBeenCalledTimes(2);

    const revoking = createActor(createCertificationActionMachine({ gateway, notifier: notifier(), spec: CERTIFICATE_SPEC, onChanged })).start();
    revoking.send({ type: 'REQUEST', target: { keyId: 'c1', name: CODE, version: 4, action: 'REVOKE' } });
    revoking.send({ type: 'CONFIRM' });
    expect(revoking.getSnapshot().context.error).toBe(CertificationMessage.reasonRequired);
    revoking.send({ type: 'COMMENT', value: '不再使用' });
    revoking.send({ type: 'CONFIRM' });
    await waitFor(revoking, (s) => s.matches('idle'));
    expect(gateway.revoke).toHaveBeenCalledWith('c1', '不再使用', 4);
  });
});
