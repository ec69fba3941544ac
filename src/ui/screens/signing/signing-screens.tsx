// 签约's screens (BUSINESS.md §4): 签约管理 (the signings in the caller's scope and the businesses waiting to be
// signed), 在线签约, 申请线上签约 / 线下签约, 签约补充, 签约详情 (signers, the provider's status and notices; 签署 with the
// one-time code for the supplier's signer whose turn it is; 催签 and 撤销 where offered) and 签约文件详情. What may be
// done comes from the gateway (the business's and the record's `actions`); no screen sets a signing status.
import { Button, Field, Input, Text } from '@fluentui/react-components';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { StoredFile } from '../../../application/ports/file-gateway.port';
import { stateLabel } from '../../../domain/financing/lifecycle';
import * as D from '../../../domain/financing/signing';
import { FileUpload } from '../../kit/upload/file-upload';
import { useLoadOnce } from '../../kit/use-load-once';
import { ActionForm } from '../stage/action-form';
import { ChoiceField } from '../stage/choice-field';
import { type FormField, FormFields, type FormValues, asIds, trimmed } from '../stage/form-fields';
import { termFields } from '../stage/term-fields';
import { OrderedRows, useOrderedRows } from '../stage/ordered-rows';
import { DataTable } from '../stage/data-table';
import { Facts } from '../stage/detail-tab-parts';
import { useDocumentRoutes } from '../stage/document-parts';
import { EventTimeline, type RecordsSpec, StagePage, StageRecords, at } from '../stage/record-pages';
import { type WaitingBusiness, WaitingBusinesses, linkTo, useWaiting } from '../stage/record-pages';
import { textColumn as col, useStagePageStyles } from '../stage/record-pages';
import { SignedFiles } from '../stage/signed-files';
import { recordScreen } from '../stage/stage-parts';
import { ActButton } from '../stage/act-button';
import { useStageAct } from '../stage/use-stage';
import { type StageGet, loadedScreen } from '../stage/loaded-page';

const ROUTES = { resource: { api: D.SIGNING_API, noun: '签约' } };
const enc = encodeURIComponent;
const detailsLink = (id: string) => linkTo(D.SIGNING_DETAILS_PATH, 'id', id);
const useRoutes = () => ({ ...useDocumentRoutes(ROUTES), navigate: useNavigate() });

type Texts<K extends string, V = string> = Record<K, V>;
type Signer = Texts<'organization' | 'name' | 'channel' | 'statusLabel'> & { order: number; role: D.SignerRole } & {
  signedAt: string | null;
};
type Signing = Texts<'keyId' | 'businessId' | 'signNo' | 'kindLabel' | 'statusLabel' | 'progress'> &
  Texts<'providerFlowId' | 'providerStatusLabel' | 'deadline' | 'originalsReceivedOn' | 'reason', string | null> &
  Partial<Texts<'businessNo' | 'supplierName' | 'businessState'>> & { signers: Signer[]; version: number } & {
    documents: { seq: number }[];
    timeline: { at: string; text: string }[];
  };
type Notice = { at: string; mobile: string; text: string };
interface Detail {
  record: Signing;
  notices: Notice[];
  mySignerOrder: number | null;
  business: { version: number; actions: string[] };
  actions: string[];
}

// ——— 签约管理, 在线签约 and 业务详情's 合同与签约 tab ———

const NO = col<Signing>('签约编号', (r) => r.signNo, 150);
const KIND = col<Signing>('方式', (r) => r.kindLabel);
const PROGRESS = col<Signing>('进度', (r) => r.progress);
const DEADLINE = col<Signing>('截止', (r) => at(r.deadline));
const STATUS = col<Signing>(
  '状态',
  (r) => r.statusLabel + (r.providerStatusLabel ? `（${r.providerStatusLabel}）` : ''),
);
const BUSINESS = [
  col<Signing>('业务编号', (r) => r.businessNo ?? '', 150),
  col<Signing>('供应商', (r) => r.supplierName ?? ''),
];

/** The signings across businesses, each opening its 签约详情. */
const LIST: RecordsSpec<Signing> = {
  ...{ routes: ROUTES, label: '签约记录', empty: '暂无签约记录', openPath: D.SIGNING_DETAILS_PATH, minWidth: '900px' },
  columns: [NO, ...BUSINESS, KIND, PROGRESS, DEADLINE, STATUS],
};
const PAGE = { current: 1, size: 50 };

export function SignManageScreen() {
  return (
    <StagePage title="签约管理">
      <WaitingBusinesses
        {...{ routes: ROUTES, action: 'startOnline', label: '待签约的业务' }}
        {...{ button: '发起线上签约', path: D.APPLY_ONLINE_PATH }}
      />
      <StageRecords spec={LIST} query={PAGE} />
    </StagePage>
  );
}

export function OnlineSigningScreen() {
  return (
    <StagePage title="在线签约">
      <StageRecords spec={{ ...LIST, label: '线上签约流程' }} query={{ ...PAGE, kind: 'ONLINE' }} />
    </StagePage>
  );
}

export function SigningSection({ id }: { id: string }) {
  const spec = { ...LIST, label: '签约', empty: '尚未签约', minWidth: '640px' };
  return (
    <StageRecords
      spec={{ ...spec, columns: [NO, KIND, PROGRESS, STATUS, DEADLINE] }}
      path={`/${enc(id)}/items`}
      query={{ size: 100 }}
    />
  );
}

/** A page of a business's move that makes a signing, then opens its 签约详情; its title, a word when none waits. */
function MovePage(props: { title: string; business?: WaitingBusiness; none: string; children: ReactNode }) {
  const { title, business, none, children } = props;
  return <StagePage title={title}>{business ? children : <Text>{none}</Text>}</StagePage>;
}
const made = (navigate: (to: string) => void) => (s: Signing) => navigate(detailsLink(s.keyId));
/** That move sent (`/{businessId}/{path}` under the version read), busy while it runs. */
function useMove(path: string, success: string) {
  const { post, navigate } = useRoutes();
  const { busy, act } = useStageAct(() => undefined);
  const call = (b: WaitingBusiness, body: object) =>
    post<Signing>(`/${enc(b.keyId)}/${path}`, { version: b.version, ...body });
  const send = (b: WaitingBusiness | undefined, body: object) =>
    b && act(() => call(b, body).then(made(navigate)), success);
  return { busy, send };
}

// ——— 申请线上签约 ———

type SignerRow = { order: number; role: D.SignerRole; name: string; mobile: string };
const blank = (roles: D.SignerRole[]) => roles.map((role, i) => ({ order: i + 1, role, name: '', mobile: '' }));
/** A signer's row: the party (fixed when 合同签章 set them), the signer's name and phone. */
const signerFields = (order: number, preset: boolean): FormField<SignerRow>[] => [
  { key: 'role', label: `第${order}签署方`, kind: { options: D.SIGNER_ROLE_LABEL }, disabled: preset },
  { key: 'name', label: '签署人姓名', kind: 'text', max: 20 },
  { key: 'mobile', label: '签署人手机号', kind: 'text', max: 11 },
];

export function ApplyOnlineSigningScreen() {
  const styles = useStagePageStyles();
  const { get, navigate } = useRoutes();
  const businessId = useSearchParams()[0].get('businessId') ?? '';
  const business = useWaiting(ROUTES).find((b) => b.keyId === businessId);
  const signers = useOrderedRows(() => blank(['SUPPLIER', 'FACTOR']));
  const [days, setDays] = useState(String(D.DEFAULT_DEADLINE_DAYS));
  const { busy, send } = useMove('online', '已发起线上签约');
  // The parties and order 合同签章 set on the contracts, when set: the signers follow them (names typed here).
  type Set = { contracts: { signatories: { order: number; role: D.SignerRole }[] | null }[] };
  const preset = useLoadOnce(async () => {
    if (!businessId) return null;
    const set = await get<Set>(`/${enc(businessId)}/signatories`);
    return set.contracts.find((c) => c.signatories?.length)?.signatories ?? null;
  }, null);
  const { replace } = signers;
  useEffect(() => {
    if (preset) replace(blank(D.roleOrderOf(preset)));
  }, [preset, replace]);
  const problem = D.signersProblem(signers.rows);
  const submit = () => send(business, { deadlineDays: Number(days), signers: signers.rows });
  const none = '该业务当前不能发起线上签约，请从签约管理的待签约业务进入';
  const facts = { 业务编号: business?.businessNo ?? '', 供应商: business?.supplierName ?? '' };
  return (
    <MovePage title="申请线上签约" {...{ business, none }}>
      <Facts label="业务" items={Object.entries({ ...facts, 状态: stateLabel(business?.state ?? '') })} />
      <Text>签署顺序：按序号依次签署。供应商的签署人在本系统以验证码签署，其他签署方在签署服务页面签署。</Text>
      <Text>
        {preset
          ? '签署方与顺序按合同签章的设置，签章显示在设置的位置。'
          : '合同未设置签章：签署方与顺序在此选择，签名不显示位置。'}
      </Text>
      <OrderedRows
        {...{ state: signers, noun: '签署方', min: 2, max: D.MAX_SIGNERS, remove: '移除最后一方', fixed: !!preset }}
        more={(all) => ({ role: D.unusedRole(all), name: '', mobile: '' })}
      >
        {(s, i) => (
          <FormFields
            {...{ fields: signerFields(s.order, !!preset), values: s }}
            onChange={(patch) => signers.set(i, patch)}
          />
        )}
      </OrderedRows>
      <div className={styles.row}>
        <Field label="签署期限（天）">
          <Input type="number" min={1} max={30} value={days} onChange={(_, d) => setDays(d.value)} />
        </Field>
        <Button appearance="primary" disabled={busy || !!problem} onClick={submit}>
          发起签署
        </Button>
        <Button onClick={() => navigate(-1)}>返回</Button>
      </div>
      {problem && <Text role="note">{problem}</Text>}
    </MovePage>
  );
}

// ——— 申请线下签约 ———

export function ApplyOfflineSigningScreen() {
  const styles = useStagePageStyles();
  const offered = useWaiting(ROUTES, 'signOffline');
  const [chosen, setChosen] = useState('');
  const [scans, setScans] = useState<StoredFile[]>([]);
  const [on, setOn] = useState('');
  const { busy, send } = useMove('offline', '线下签约已登记');
  const business = offered.find((b) => b.keyId === chosen) ?? offered[0];
  const submit = () => send(business, { scanFileIds: scans.map((f) => f.keyId), originalsReceivedOn: on });
  const options = Object.fromEntries(offered.map((b) => [b.keyId, `${b.businessNo} ${b.supplierName}`]));
  return (
    <MovePage title="申请线下签约" business={business} none="暂无可线下签约的业务">
      <ChoiceField label="业务" value={business?.keyId ?? ''} options={options} onChange={setChosen} />
      <FileUpload label="签署扫描件" accept="pdf,jpg,png" limit={20} onChange={setScans} />
      <div className={styles.row}>
        <Field label="原件收回日期">
          <Input type="date" value={on} onChange={(_, d) => setOn(d.value)} />
        </Field>
        <Button appearance="primary" disabled={busy || !scans.length || !on} onClick={submit}>
          原件已收回，签约完成
        </Button>
      </div>
    </MovePage>
  );
}

// ——— 签约补充 ———

const SUPPLEMENT_FIELDS: readonly FormField[] = [
  { key: 'reason', label: '补充原因', kind: 'text', required: true, max: 200, wire: trimmed },
  ...termFields('补充协议'),
  { key: 'fileIds', label: '补充协议（已签署）', kind: { upload: 'pdf', limit: 5 }, required: true, wire: asIds },
];

export function SignSupplementScreen() {
  const { post, navigate } = useRoutes();
  const businessId = useSearchParams()[0].get('businessId') ?? '';
  const ready = (v: FormValues) => !!v.reason?.trim() && !!v.fileIds;
  const send = (_: FormValues, body: object) =>
    post<Signing>(`/${enc(businessId)}/supplement`, body).then(made(navigate));
  return (
    <StagePage title="签约补充" back={-1}>
      <Text>补充协议不得变更金额、利率或期限：请按已签合同填写，变更者须重新审批。</Text>
      <ActionForm
        {...{ label: '提交补充签约', fields: SUPPLEMENT_FIELDS, ready, send }}
        {...{ success: '补充签约已登记', done: () => undefined }}
      />
    </StagePage>
  );
}

// ——— 签约详情 ———

const SIGNERS = [
  col<Signer>('顺序', (s) => String(s.order)),
  col<Signer>('签署方', (s) => D.SIGNER_ROLE_LABEL[s.role]),
  col<Signer>('单位', (s) => s.organization),
  col<Signer>('签署人', (s) => s.name),
  col<Signer>('签署位置', (s) => (s.channel === 'BACK_OFFICE' ? '本系统（验证码）' : '签署服务页面')),
  col<Signer>('状态', (s) => s.statusLabel),
  col<Signer>('签署时间', (s) => at(s.signedAt)),
];
const NOTICES = [
  col<Notice>('时间', (n) => at(n.at), 170),
  col<Notice>('手机号', (n) => n.mobile, 120),
  col<Notice>('内容', (n) => n.text),
];

const REVOKE = [{ key: 'comment', label: '撤销原因', kind: 'text', required: true, max: 200 }] as const;

const readSigning = (get: StageGet, id: string) => get<Detail>(`/record/${enc(id)}`);

export const SigningDetailsScreen = loadedScreen(
  { routes: ROUTES, loading: '加载签约…', read: readSigning },
  function SigningDetails({ record: detail, onChanged }) {
    const { post, navigate } = useRoutes();
    const r = detail.record;
    // 催签 (the record's move) and 撤销 (the business's), where the gateway offers them.
    const remind = () => post(`/items/${enc(r.keyId)}/transition`, { action: 'remind', version: r.version });
    const revoke = (v: FormValues) =>
      post(`/record/${enc(r.keyId)}/revoke`, { version: detail.business.version, comment: v.comment?.trim() });
    const aside = (
      <>
        {D.SUPPLEMENT_STATES.includes(r.businessState as never) && (
          <Button onClick={() => navigate(linkTo(D.SIGN_SUPPLEMENT_PATH, 'businessId', r.businessId))}>补充签约</Button>
        )}
        {r.documents.length > 0 && (
          <Button appearance="primary" onClick={() => navigate(linkTo(D.SIGN_FILE_DETAILS_PATH, 'id', r.keyId))}>
            签署文件
          </Button>
        )}
      </>
    );
    const facts = {
      ...{ 业务编号: r.businessNo ?? '', 供应商: r.supplierName ?? '', 签约方式: r.kindLabel, 状态: r.statusLabel },
      ...{ 签署服务状态: r.providerStatusLabel ?? '--', 签署流程号: r.providerFlowId ?? '--' },
      ...{ 签署截止: at(r.deadline) || '--', 进度: r.progress },
      ...(r.originalsReceivedOn ? { 原件收回: r.originalsReceivedOn } : {}),
      ...(r.reason ? { 说明: r.reason } : {}),
    };
    const table = { heading: true, minWidth: '640px', empty: '' };
    return (
      <StagePage title={`签约详情（${r.signNo}）`} back={-1} aside={aside}>
        <Facts label="签约" items={Object.entries(facts)} />
        {detail.mySignerOrder !== null && <SignPanel id={r.keyId} onDone={onChanged} />}
        {detail.actions.includes('remind') && (
          <ActButton call={remind} success="已催签" done={onChanged}>
            催签
          </ActButton>
        )}
        {detail.business.actions.includes('revokeSigning') && (
          <ActionForm
            {...{ label: '撤销', fields: REVOKE, send: revoke, success: '已撤销', done: onChanged }}
            ready={(v) => !!v.comment?.trim()}
          />
        )}
        <DataTable label="签署方" {...table} rows={r.signers} rowKey={(s) => s.order} columns={SIGNERS} />
        <EventTimeline label="签约时间线" events={r.timeline} />
        {detail.notices.length > 0 && (
          <DataTable label="通知记录" {...table} rows={detail.notices} rowKey={(_, i) => i} columns={NOTICES} />
        )}
      </StagePage>
    );
  },
);

/** 签署 by the supplier's signer: a one-time code sent to their phone (the notice log here), then confirmed. */
function SignPanel({ id, onDone }: { id: string; onDone: () => void }) {
  const styles = useStagePageStyles();
  const { post } = useDocumentRoutes(ROUTES);
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const { busy, act } = useStageAct(onDone);
  const send = () => act(() => post(`/record/${enc(id)}/code`, {}).then(() => setSent(true)), '验证码已发送');
  const sign = () => act(() => post(`/record/${enc(id)}/sign`, { code }), '签署完成');
  return (
    <div className={styles.row} role="group" aria-label="签署">
      <Button disabled={busy} onClick={send}>
        {sent ? '重新获取验证码' : '获取验证码'}
      </Button>
      <Field label="验证码">
        <Input value={code} maxLength={6} inputMode="numeric" onChange={(_, d) => setCode(d.value.trim())} />
      </Field>
      <Button appearance="primary" disabled={busy || !/^\d{6}$/.test(code)} onClick={sign}>
        签署
      </Button>
    </div>
  );
}

// ——— 签约文件详情 ———

export const SignFileDetailsScreen = recordScreen(function SignFileDetails({ id }) {
  const navigate = useNavigate();
  return (
    <StagePage title="签约文件详情" aside={<Button onClick={() => navigate(detailsLink(id))}>返回签约详情</Button>}>
      <SignedFiles
        {...{ routes: ROUTES, read: `/record/${enc(id)}/signatures`, file: (seq) => `/record/${enc(id)}/file/${seq}` }}
        empty="签署完成后，这里列出已签署的文件"
      />
    </StagePage>
  );
});
