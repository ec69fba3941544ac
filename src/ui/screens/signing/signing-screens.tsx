// 签约's screens (BUSINESS.md §4): 签约管理 (the signings in the caller's scope and the businesses waiting to be
// signed), 在线签约 (the online flows), 申请线上签约 (signers in order and the deadline), 签约详情 (the signer timeline,
// the provider's status, its notices — the demo's notice log — and, for the supplier's signer whose turn it is,
// 签署 with the one-time code; 催签 and 撤销 where offered) and 签约文件详情 (each signed PDF with every signature's
// signer, time and validity as the gateway read them, and its download). What may be done comes from the gateway
// (the business's and the record's `actions`); no screen sets a signing status.
import { Button, Field, Input, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { stateLabel } from '../../../domain/financing/lifecycle';
import {
  APPLY_ONLINE_PATH,
  DEFAULT_DEADLINE_DAYS,
  SIGN_FILE_DETAILS_PATH,
  SIGN_SUPPLEMENT_PATH,
  SUPPLEMENT_STATES,
  SIGNER_ROLE_LABEL,
  SIGNING_API,
  SIGNING_DETAILS_PATH,
  type SignerRole,
  signersProblem,
} from '../../../domain/financing/signing';
import { formatDateTime } from '../../../domain/format/date-format';
import { yuanToFen } from '../../../domain/format/money-format';
import type { StoredFile } from '../../../application/ports/file-gateway.port';
import { useServices } from '../../app/services';
import { FileUpload } from '../../kit/upload/file-upload';
import { useLoadOnce } from '../../kit/use-load-once';
import { Facts, SmallTable } from '../stage/detail-tab-parts';

const ROUTES = { resource: { api: SIGNING_API, noun: '签约' } };

interface SignerRow {
  order: number;
  role: SignerRole;
  organization: string;
  name: string;
  mobile: string;
  channel: string;
  statusLabel: string;
  signedAt: string | null;
}
interface Signing {
  keyId: string;
  businessId: string;
  signNo: string;
  kindLabel: string;
  statusLabel: string;
  providerFlowId: string | null;
  providerStatusLabel: string | null;
  deadline: string | null;
  signers: SignerRow[];
  progress: string;
  documents: { seq: number; name: string; sha256: string }[];
  originalsReceivedOn: string | null;
  reason: string | null;
  timeline: { at: string; text: string }[];
  version: number;
  businessNo?: string;
  supplierName?: string;
  businessState?: string;
}
interface Waiting {
  keyId: string;
  businessNo: string;
  supplierName: string;
  state: string;
  version: number;
  actions: string[];
}
interface Detail {
  record: Signing;
  notices: { at: string; kind: string; mobile: string; text: string }[];
  mySignerOrder: number | null;
  business: { version: number; actions: string[] };
  actions: string[];
}
interface SignatureInfo {
  index: number;
  signerName: string;
  issuer: string;
  signedAt: string | null;
  valid: boolean;
  coversWholeFile: boolean;
}

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px', padding: '16px 20px', minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '8px 12px' },
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(200px, 100%), 1fr))', gap: '12px 16px' },
  valid: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  invalid: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  hash: { wordBreak: 'break-all', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
});

function useGateway() {
  const { stages, notifier } = useServices();
  return {
    notifier,
    get: <T,>(path: string, query?: object) => stages.custom<T>(ROUTES, 'GET', path, query),
    post: <T,>(path: string, body?: object) => stages.custom<T>(ROUTES, 'POST', path, body ?? {}),
    transition: (path: string, body: object) => stages.custom<unknown>(ROUTES, 'POST', path, body),
    download: (path: string) => stages.download(ROUTES, path),
  };
}

const at = (v: string | null) => (v ? formatDateTime(v) : '');
const detailsLink = (id: string) => `${SIGNING_DETAILS_PATH}?id=${encodeURIComponent(id)}`;

function Title({ children }: { children: string }) {
  return (
    <Text as="h1" size={600} weight="semibold">
      {children}
    </Text>
  );
}

// ——— 签约管理 and 在线签约 ———

function SigningList({ kind, label }: { kind?: 'ONLINE'; label: string }) {
  const navigate = useNavigate();
  const { get } = useGateway();
  const page = useLoadOnce(() => get<{ records: Signing[] }>('', { current: 1, size: 50, ...(kind ? { kind } : {}) }), {
    records: [],
  });
  return (
    <SmallTable
      label={label}
      minWidth="900px"
      columns={['签约编号', '业务编号', '供应商', '方式', '进度', '截止', '状态', '操作'].map((title, i) => ({
        title,
        ...(i < 2 ? { width: 150 } : {}),
      }))}
      rows={page.records.map((r) => ({
        key: r.keyId,
        cells: [
          r.signNo,
          r.businessNo ?? '',
          r.supplierName ?? '',
          r.kindLabel,
          r.progress,
          at(r.deadline),
          r.providerStatusLabel ? `${r.statusLabel}（${r.providerStatusLabel}）` : r.statusLabel,
          <Button key="open" size="small" onClick={() => navigate(detailsLink(r.keyId))}>
            详情
          </Button>,
        ],
      }))}
      empty="暂无签约记录"
    />
  );
}

function WaitingList() {
  const navigate = useNavigate();
  const { get } = useGateway();
  const rows = useLoadOnce(() => get<Waiting[]>('/waiting'), []);
  const startable = rows.filter((b) => b.actions.includes('startOnline'));
  if (!startable.length) return null;
  return (
    <>
      <Text as="h2" size={400} weight="semibold">
        待签约的业务
      </Text>
      <SmallTable
        label="待签约的业务"
        columns={[{ title: '业务编号' }, { title: '供应商' }, { title: '状态' }, { title: '操作' }]}
        rows={startable.map((b) => ({
          key: b.keyId,
          cells: [
            b.businessNo,
            b.supplierName,
            stateLabel(b.state),
            <Button
              key="start"
              size="small"
              appearance="primary"
              onClick={() => navigate(`${APPLY_ONLINE_PATH}?businessId=${encodeURIComponent(b.keyId)}`)}
            >
              发起线上签约
            </Button>,
          ],
        }))}
      />
    </>
  );
}

export function SignManageScreen() {
  const styles = useStyles();
  return (
    <section className={styles.page}>
      <Title>签约管理</Title>
      <WaitingList />
      <SigningList label="签约记录" />
    </section>
  );
}

export function OnlineSigningScreen() {
  const styles = useStyles();
  return (
    <section className={styles.page}>
      <Title>在线签约</Title>
      <SigningList kind="ONLINE" label="线上签约流程" />
    </section>
  );
}

// ——— 申请线上签约 ———

const DEFAULT_ROLES: SignerRole[] = ['SUPPLIER', 'FACTOR'];

export function ApplyOnlineSigningScreen() {
  const styles = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { get, post, notifier } = useGateway();
  const businessId = params.get('businessId') ?? '';
  const waiting = useLoadOnce(() => get<Waiting[]>('/waiting'), []);
  const business = waiting.find((b) => b.keyId === businessId);
  const [signers, setSigners] = useState(
    DEFAULT_ROLES.map((role, i) => ({ order: i + 1, role, name: '', mobile: '' })),
  );
  const [days, setDays] = useState(String(DEFAULT_DEADLINE_DAYS));
  const [busy, setBusy] = useState(false);
  const problem = signersProblem(signers);
  const set = (i: number, key: 'role' | 'name' | 'mobile', value: string) =>
    setSigners((all) => all.map((s, j) => (j === i ? { ...s, [key]: value } : s)));
  const submit = async () => {
    if (!business || problem) return;
    setBusy(true);
    try {
      const made = await post<Signing>(`/${encodeURIComponent(business.keyId)}/online`, {
        version: business.version,
        deadlineDays: Number(days),
        signers,
      });
      notifier.success('已发起线上签约');
      navigate(detailsLink(made.keyId));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.page}>
      <Title>申请线上签约</Title>
      {!business ? (
        <Text>该业务当前不能发起线上签约，请从签约管理的待签约业务进入</Text>
      ) : (
        <>
          <Facts
            label="业务"
            items={[
              ['业务编号', business.businessNo],
              ['供应商', business.supplierName],
              ['状态', stateLabel(business.state)],
            ]}
          />
          <Text>签署顺序：按序号依次签署。供应商的签署人在本系统以验证码签署，其他签署方在签署服务页面签署。</Text>
          {signers.map((s, i) => (
            <div key={s.order} className={styles.form} role="group" aria-label={`第${s.order}签署方`}>
              <Field label={`第${s.order}签署方`}>
                <Select value={s.role} onChange={(_, d) => set(i, 'role', d.value)}>
                  {Object.entries(SIGNER_ROLE_LABEL).map(([code, label]) => (
                    <option key={code} value={code}>
                      {label}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="签署人姓名">
                <Input value={s.name} maxLength={20} onChange={(_, d) => set(i, 'name', d.value)} />
              </Field>
              <Field label="签署人手机号">
                <Input value={s.mobile} maxLength={11} onChange={(_, d) => set(i, 'mobile', d.value)} />
              </Field>
            </div>
          ))}
          <div className={styles.row}>
            <Field label="签署期限（天）">
              <Input type="number" min={1} max={30} value={days} onChange={(_, d) => setDays(d.value)} />
            </Field>
            <Button appearance="primary" disabled={busy || !!problem} onClick={() => void submit()}>
              发起签署
            </Button>
            <Button onClick={() => navigate(-1)}>返回</Button>
          </div>
          {problem && <Text role="note">{problem}</Text>}
        </>
      )}
    </section>
  );
}

// ——— 申请线下签约 ———

export function ApplyOfflineSigningScreen() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { get, post, notifier } = useGateway();
  const rows = useLoadOnce(() => get<Waiting[]>('/waiting'), []);
  const offered = rows.filter((b) => b.actions.includes('signOffline'));
  const [chosen, setChosen] = useState('');
  const [scans, setScans] = useState<StoredFile[]>([]);
  const [on, setOn] = useState('');
  const [busy, setBusy] = useState(false);
  const business = offered.find((b) => b.keyId === chosen) ?? offered[0];
  const submit = async () => {
    if (!business) return;
    setBusy(true);
    try {
      const made = await post<Signing>(`/${encodeURIComponent(business.keyId)}/offline`, {
        version: business.version,
        scanFileIds: scans.map((f) => f.keyId),
        originalsReceivedOn: on,
      });
      notifier.success('线下签约已登记');
      navigate(detailsLink(made.keyId));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.page}>
      <Title>申请线下签约</Title>
      {!business ? (
        <Text>暂无可线下签约的业务</Text>
      ) : (
        <>
          <Field label="业务">
            <Select value={business.keyId} onChange={(_, d) => setChosen(d.value)}>
              {offered.map((b) => (
                <option key={b.keyId} value={b.keyId}>
                  {`${b.businessNo} ${b.supplierName}`}
                </option>
              ))}
            </Select>
          </Field>
          <FileUpload label="签署扫描件" accept="pdf,jpg,png" limit={20} onChange={setScans} />
          <div className={styles.row}>
            <Field label="原件收回日期">
              <Input type="date" value={on} onChange={(_, d) => setOn(d.value)} />
            </Field>
            <Button appearance="primary" disabled={busy || !scans.length || !on} onClick={() => void submit()}>
              原件已收回，签约完成
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

// ——— 签约补充 ———

export function SignSupplementScreen() {
  const styles = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { post, notifier } = useGateway();
  const businessId = params.get('businessId') ?? '';
  const [v, setV] = useState({ reason: '', amount: '', rate: '', term: '' });
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [busy, setBusy] = useState(false);
  const fen = yuanToFen(v.amount);
  const ready = !!v.reason.trim() && fen !== null && /^\d+(\.\d{1,4})?$/.test(v.rate) && /^\d+$/.test(v.term);
  const set = (key: keyof typeof v) => (_: unknown, d: { value: string }) => setV((o) => ({ ...o, [key]: d.value }));
  const submit = async () => {
    if (!ready || fen === null) return;
    setBusy(true);
    try {
      const made = await post<Signing>(`/${encodeURIComponent(businessId)}/supplement`, {
        reason: v.reason.trim(),
        amountFen: Number(fen),
        annualRate: v.rate,
        termDays: Number(v.term),
        fileIds: files.map((f) => f.keyId),
      });
      notifier.success('补充签约已登记');
      navigate(detailsLink(made.keyId));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.page}>
      <Title>签约补充</Title>
      <Text>补充协议不得变更金额、利率或期限：请按已签合同填写，变更者须重新审批。</Text>
      <div className={styles.form}>
        <Field label="补充原因" required>
          <Input value={v.reason} maxLength={200} onChange={set('reason')} />
        </Field>
        <Field label="金额（元）" required>
          <Input value={v.amount} onChange={set('amount')} />
        </Field>
        <Field label="年利率（小数，如0.0650）" required>
          <Input value={v.rate} onChange={set('rate')} />
        </Field>
        <Field label="期限（天）" required>
          <Input value={v.term} onChange={set('term')} />
        </Field>
      </div>
      <FileUpload label="补充协议（已签署）" accept="pdf" limit={5} onChange={setFiles} />
      <div className={styles.row}>
        <Button appearance="primary" disabled={busy || !ready || !files.length} onClick={() => void submit()}>
          提交补充签约
        </Button>
        <Button onClick={() => navigate(-1)}>返回</Button>
      </div>
    </section>
  );
}

// ——— 签约详情 ———

export function SigningDetailsScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [round, setRound] = useState(0);
  return <SigningDetails key={`${id}/${round}`} id={id} onChanged={() => setRound((r) => r + 1)} />;
}

function SigningDetails({ id, onChanged }: { id: string; onChanged: () => void }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { get } = useGateway();
  const detail = useLoadOnce(() => get<Detail>(`/record/${encodeURIComponent(id)}`), null);
  if (!detail) return <Spinner size="small" label="加载签约…" />;
  const r = detail.record;
  return (
    <section className={styles.page}>
      <div className={styles.row}>
        <Title>{`签约详情（${r.signNo}）`}</Title>
        <Button onClick={() => navigate(-1)}>返回</Button>
        {SUPPLEMENT_STATES.includes(r.businessState as never) && (
          <Button onClick={() => navigate(`${SIGN_SUPPLEMENT_PATH}?businessId=${encodeURIComponent(r.businessId)}`)}>
            补充签约
          </Button>
        )}
        {r.documents.length > 0 && (
          <Button
            appearance="primary"
            onClick={() => navigate(`${SIGN_FILE_DETAILS_PATH}?id=${encodeURIComponent(r.keyId)}`)}
          >
            签署文件
          </Button>
        )}
      </div>
      <Facts
        label="签约"
        items={[
          ['业务编号', r.businessNo ?? ''],
          ['供应商', r.supplierName ?? ''],
          ['签约方式', r.kindLabel],
          ['状态', r.statusLabel],
          ['签署服务状态', r.providerStatusLabel ?? '--'],
          ['签署流程号', r.providerFlowId ?? '--'],
          ['签署截止', at(r.deadline) || '--'],
          ['进度', r.progress],
          ...(r.originalsReceivedOn ? ([['原件收回', r.originalsReceivedOn]] as [string, string][]) : []),
          ...(r.reason ? ([['说明', r.reason]] as [string, string][]) : []),
        ]}
      />
      {detail.mySignerOrder !== null && <SignPanel id={r.keyId} onDone={onChanged} />}
      <Moves detail={detail} onDone={onChanged} />
      <Text as="h2" size={400} weight="semibold">
        签署方
      </Text>
      <SmallTable
        label="签署方"
        minWidth="640px"
        columns={['顺序', '签署方', '单位', '签署人', '签署位置', '状态', '签署时间'].map((title) => ({ title }))}
        rows={r.signers.map((s) => ({
          key: s.order,
          cells: [
            String(s.order),
            SIGNER_ROLE_LABEL[s.role],
            s.organization,
            s.name,
            s.channel === 'BACK_OFFICE' ? '本系统（验证码）' : '签署服务页面',
            s.statusLabel,
            at(s.signedAt),
          ],
        }))}
      />
      <Text as="h2" size={400} weight="semibold">
        时间线
      </Text>
      <SmallTable
        label="签约时间线"
        columns={[{ title: '时间', width: 170 }, { title: '事件' }]}
        rows={r.timeline.map((t, i) => ({ key: i, cells: [at(t.at), t.text] }))}
      />
      {detail.notices.length > 0 && (
        <>
          <Text as="h2" size={400} weight="semibold">
            通知记录（演示）
          </Text>
          <SmallTable
            label="通知记录"
            minWidth="640px"
            columns={[{ title: '时间', width: 170 }, { title: '手机号', width: 120 }, { title: '内容' }]}
            rows={detail.notices.map((n, i) => ({ key: i, cells: [at(n.at), n.mobile, n.text] }))}
          />
        </>
      )}
    </section>
  );
}

/** 签署 by the supplier's signer: a one-time code sent to their phone (the notice log here), then confirmed. */
function SignPanel({ id, onDone }: { id: string; onDone: () => void }) {
  const styles = useStyles();
  const { post, notifier } = useGateway();
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, done: () => void) => {
    setBusy(true);
    try {
      await work();
      done();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.row} role="group" aria-label="签署">
      <Button
        disabled={busy}
        onClick={() =>
          void run(
            () => post(`/record/${encodeURIComponent(id)}/code`),
            () => {
              setSent(true);
              notifier.success('验证码已发送');
              onDone();
            },
          )
        }
      >
        {sent ? '重新获取验证码' : '获取验证码'}
      </Button>
      <Field label="验证码">
        <Input value={code} maxLength={6} inputMode="numeric" onChange={(_, d) => setCode(d.value.trim())} />
      </Field>
      <Button
        appearance="primary"
        disabled={busy || !/^\d{6}$/.test(code)}
        onClick={() =>
          void run(
            () => post(`/record/${encodeURIComponent(id)}/sign`, { code }),
            () => {
              notifier.success('签署完成');
              onDone();
            },
          )
        }
      >
        签署
      </Button>
    </div>
  );
}

/** 催签 (the record's move) and 撤销 (the business's), where the gateway offers them. */
function Moves({ detail, onDone }: { detail: Detail; onDone: () => void }) {
  const styles = useStyles();
  const { post, transition, notifier } = useGateway();
  const [reason, setReason] = useState('');
  const r = detail.record;
  const remind = detail.actions.includes('remind');
  const revoke = detail.business.actions.includes('revokeSigning');
  if (!remind && !revoke) return null;
  return (
    <div className={styles.row}>
      {remind && (
        <Button
          onClick={async () => {
            await transition(`/items/${encodeURIComponent(r.keyId)}/transition`, {
              action: 'remind',
              version: r.version,
            });
            notifier.success('已催签');
            onDone();
          }}
        >
          催签
        </Button>
      )}
      {revoke && (
        <>
          <Field label="撤销原因">
            <Input value={reason} maxLength={200} onChange={(_, d) => setReason(d.value)} />
          </Field>
          <Button
            disabled={!reason.trim()}
            onClick={async () => {
              await post(`/record/${encodeURIComponent(r.keyId)}/revoke`, {
                version: detail.business.version,
                comment: reason.trim(),
              });
              notifier.success('已撤销');
              onDone();
            }}
          >
            撤销
          </Button>
        </>
      )}
    </div>
  );
}

// ——— 签约文件详情 ———

export function SignFileDetailsScreen() {
  const styles = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { get, download } = useGateway();
  const docs = useLoadOnce(
    () =>
      get<{ seq: number; name: string; sha256: string; signatures: SignatureInfo[] }[]>(
        `/record/${encodeURIComponent(id)}/signatures`,
      ),
    null,
  );
  if (!docs) return <Spinner size="small" label="校验签名…" />;
  return (
    <section className={styles.page}>
      <div className={styles.row}>
        <Title>签约文件详情</Title>
        <Button onClick={() => navigate(detailsLink(id))}>返回签约详情</Button>
      </div>
      {docs.length === 0 && <Text>签署完成后，这里列出已签署的文件</Text>}
      {docs.map((d) => (
        <div key={d.seq} className={styles.page} style={{ padding: 0 }}>
          <div className={styles.row}>
            <Text as="h2" size={400} weight="semibold">
              {d.name}
            </Text>
            <Button
              appearance="primary"
              onClick={() => void download(`/record/${encodeURIComponent(id)}/file/${d.seq}`)}
            >
              下载已签署PDF
            </Button>
          </div>
          <Text className={styles.hash}>SHA-256 {d.sha256}</Text>
          <SmallTable
            label={`${d.name}的签名`}
            minWidth="640px"
            columns={['序号', '签署人', '有效性', '签署时间', '证书颁发者', '覆盖范围'].map((title) => ({ title }))}
            rows={d.signatures.map((s) => ({
              key: s.index,
              cells: [
                String(s.index),
                s.signerName,
                <span key="v" className={s.valid ? styles.valid : styles.invalid}>
                  {s.valid ? '有效' : '无效（文件已被改动）'}
                </span>,
                at(s.signedAt),
                s.issuer,
                s.coversWholeFile ? '整个文件' : '签署时的版本',
              ],
            }))}
            empty="文件中没有签名"
          />
        </div>
      ))}
    </section>
  );
}

// ——— 业务详情's 合同与签约 tab ———

export function SigningSection({ id }: { id: string }) {
  const navigate = useNavigate();
  const { get } = useGateway();
  const page = useLoadOnce(() => get<{ records: Signing[] }>(`/${encodeURIComponent(id)}/items`, { size: 100 }), {
    records: [],
  });
  return (
    <SmallTable
      label="签约"
      minWidth="640px"
      columns={['签约编号', '方式', '进度', '状态', '截止', '操作'].map((title, i) => ({
        title,
        ...(i === 0 ? { width: 150 } : {}),
      }))}
      rows={page.records.map((r) => ({
        key: r.keyId,
        cells: [
          r.signNo,
          r.kindLabel,
          r.progress,
          r.providerStatusLabel ? `${r.statusLabel}（${r.providerStatusLabel}）` : r.statusLabel,
          at(r.deadline),
          <Button key="open" size="small" onClick={() => navigate(detailsLink(r.keyId))}>
            详情
          </Button>,
        ],
      }))}
      empty="尚未签约"
    />
  );
}
