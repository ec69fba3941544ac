// 合同文件's screens (BUSINESS.md §4): 合同文件管理 (the contracts in the caller's scope, and the businesses waiting
// for theirs), its detail (the stored PDF previewed and downloaded, the series' versions, the factors beside the
// TERM elements, 作废 when the table offers it), 合同制作 (a template or an upload, the factors prefilled from the
// TERM elements; the business's 提交 to 合同审核), and 合同审核's section. Each read is made once by a component
// keyed by what it reads (useLoadOnce); what may be done comes from the gateway (an item's `actions`), never
// decided here.
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StoredFile } from '../../../application/ports/file-gateway.port';
import {
  CONTRACT_INFO_PATH,
  CONTRACT_LIST_PATH,
  CONTRACT_MAKE_PATH,
  CONTRACT_ORIGIN_LABEL,
  CONTRACT_TYPE_LABEL,
  CONTRACTS_API,
  type ContractType,
  type FactorRow,
} from '../../../domain/financing/contracts';
import { stateLabel } from '../../../domain/financing/lifecycle';
import { SIGNATORIES_PATH } from '../../../domain/financing/signatories';
import { fenToWire } from '../../../domain/decimal/wire-fen';
import { formatFen, yuanToFen } from '../../../domain/format/money-format';
import { REPAYMENT_METHOD_LABEL } from '../../../domain/funds/fund-product.resource';
import { useServices } from '../../app/services';
import { FileUpload } from '../../kit/upload/file-upload';
import { useLoadOnce } from '../../kit/use-load-once';
import { PreviewLink } from '../preview/preview-link';
import { Facts, SmallTable, yuan } from '../stage/detail-tab-parts';
import { StagePage, linkTo, useStagePageStyles } from '../stage/record-pages';
import { useStageAct } from '../stage/use-stage';
import { recordScreen } from '../stage/stage-parts';
import {
  DocumentList,
  type DocumentListSpec,
  DocumentMakeable,
  DocumentVersions,
  DocumentVoid,
  type DocumentRow,
  documentFields,
  useDocumentRoutes,
} from '../stage/document-parts';

const ROUTES = { resource: { api: CONTRACTS_API, noun: '合同' } };

interface Contract extends DocumentRow {
  contractNo: string;
  contractVersion: number;
  contractTypeLabel: string;
  originLabel: string;
  amountFen: number;
  annualRateText: string;
  termDays: number;
  repaymentMethodLabel: string;
  locked?: boolean;
}

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '12px' },
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(240px, 100%), 1fr))', gap: '12px 16px' },
  differs: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  warn: { color: tokens.colorPaletteRedForeground1 },
});

/** The factors beside the TERM elements: a row that differs in red. */
function FactorTable({ rows, label }: { rows: readonly FactorRow[]; label: string }) {
  const styles = useStyles();
  const mark = (r: FactorRow, text: string) => (r.equal ? text : <span className={styles.differs}>{text}</span>);
  return (
    <SmallTable
      label={label}
      columns={[{ title: '要素' }, { title: '合同约定' }, { title: '业务要素' }, { title: '比对' }]}
      rows={rows.map((r) => ({
        key: r.key,
        cells: [r.label, mark(r, r.contract), r.element, mark(r, r.equal ? '一致' : '不一致')],
      }))}
      empty="业务尚无可比对的要素"
    />
  );
}

const useGateway = () => useDocumentRoutes(ROUTES);

// ——— 合同文件管理 ———

export function ContractManageScreen() {
  return (
    <StagePage title="合同文件管理">
      <DocumentMakeable routes={ROUTES} makePath={CONTRACT_MAKE_PATH} label="制作合同" />
      <DocumentList<Contract> spec={LIST} />
    </StagePage>
  );
}

const LIST: DocumentListSpec<Contract> = {
  routes: ROUTES,
  label: '合同文件',
  search: { key: 'contractNo', label: '合同编号' },
  infoPath: CONTRACT_INFO_PATH,
  columns: ['合同编号', '名称', '类型', '业务编号', '供应商', '金额（元）', '版本', '状态', '锁定'].map((title, i) => ({
    title,
    ...(i === 0 ? { width: 150 } : i === 5 ? { amount: true } : {}),
  })),
  cells: (c) => [
    c.contractNo,
    c.name,
    c.contractTypeLabel,
    c.businessNo ?? '',
    c.supplierName ?? '',
    yuan(c.amountFen),
    `V${c.contractVersion}`,
    c.statusLabel,
    c.locked ? '已锁定' : '否',
  ],
};

// ——— 合同文件详情 ———

export const ContractInfoScreen = recordScreen(function ContractInfo({ id, onChanged }) {
  const navigate = useNavigate();
  const { get, download } = useGateway();
  const detail = useLoadOnce(async () => {
    const d = await get<{ contract: Contract; versions: Contract[]; factors: FactorRow[] }>(
      `/${encodeURIComponent(id)}`,
    );
    const items = await get<{ records: Contract[] }>(`/${encodeURIComponent(d.contract.businessId)}/items`, {
      size: 100,
    });
    return { ...d, actions: items.records.find((i) => i.keyId === id)?.actions ?? [] };
  }, null);
  if (!detail) return <Spinner size="small" label="加载合同…" />;
  const c = detail.contract;
  const aside = (
    <>
      <Button onClick={() => navigate(CONTRACT_LIST_PATH)}>返回</Button>
      <Button appearance="primary" onClick={() => void download(`/${encodeURIComponent(c.keyId)}/pdf`)}>
        下载
      </Button>
    </>
  );
  return (
    <StagePage title={`${c.name}（${c.contractNo}）`} aside={aside}>
      <Facts
        label="合同"
        items={[
          ['业务编号', c.businessNo ?? ''],
          ['供应商', c.supplierName ?? ''],
          ['类型', c.contractTypeLabel],
          ['来源', c.templateRef ? `${c.originLabel}（${c.templateRef}）` : c.originLabel],
          ['版本', `V${c.contractVersion}`],
          ['状态', c.statusLabel],
          ['锁定', c.locked ? '已锁定，不能发起签约' : '否'],
          ['金额', `${formatFen(BigInt(c.amountFen))}元`],
          ['年利率', c.annualRateText],
          ['期限', `${c.termDays}天`],
          ['还款方式', c.repaymentMethodLabel],
          ['存档SHA-256', c.fileSha256],
        ]}
      />
      <PreviewLink file={{ keyId: c.fileId, name: `${c.name}.pdf` }} label="预览合同PDF" />
      <Text as="h2" size={400} weight="semibold">
        合同要素比对
      </Text>
      <FactorTable rows={detail.factors} label="合同要素与业务要素" />
      <Text as="h2" size={400} weight="semibold">
        版本
      </Text>
      <DocumentVersions noun="合同" versions={detail.versions} />
      {detail.actions.includes('void') && <DocumentVoid routes={ROUTES} item={c} onDone={onChanged} />}
    </StagePage>
  );
});

// ——— 合同制作 ———

interface Prefill {
  businessId: string;
  businessNo: string;
  state: string;
  version: number;
  amountFen: number | null;
  annualRate: string | null;
  termDays: number | null;
  repaymentMethod: string | null;
  contracts: { contract: Contract; factors: FactorRow[] }[];
  differences: number;
}

/** 合同制作 of the business named by `?businessId=`, its terms read afresh once a contract is made. */
export const ContractMakeScreen = recordScreen(
  ({ id, onChanged }) =>
    id ? <ContractMake businessId={id} onMade={onChanged} /> : <Text>请从合同文件管理选择待制作合同的业务</Text>,
  'businessId',
);

function ContractMake({ businessId, onMade }: { businessId: string; onMade: () => void }) {
  const { get } = useGateway();
  const prefill = useLoadOnce(() => get<Prefill>(`/${encodeURIComponent(businessId)}/terms`), null);
  if (!prefill) return <Spinner size="small" label="加载业务要素…" />;
  return <ContractForm prefill={prefill} onMade={onMade} />;
}

function ContractForm({ prefill, onMade }: { prefill: Prefill; onMade: () => void }) {
  const styles = useStyles();
  const page = useStagePageStyles();
  const navigate = useNavigate();
  const { post, notifier } = useGateway();
  const { stages } = useServices();
  const [v, setV] = useState({
    origin: 'TEMPLATE',
    contractType: 'FACTORING' as ContractType,
    name: CONTRACT_TYPE_LABEL.FACTORING,
    amount: prefill.amountFen === null ? '' : formatFen(BigInt(prefill.amountFen)).replace(/,/g, ''),
    annualRate: prefill.annualRate ?? '',
    termDays: prefill.termDays === null ? '' : String(prefill.termDays),
    repaymentMethod: prefill.repaymentMethod ?? '',
    dueDate: '',
    payeeAccount: '',
    replacesId: '',
  });
  const [files, setFiles] = useState<StoredFile[]>([]);
  const set = (patch: Partial<typeof v>) => setV({ ...v, ...patch });
  const contracts = prefill.contracts.map((c) => c.contract);
  const voided = contracts.filter((c) => c.status === 'VOID');
  // Made, the page reads the business's terms and contracts again; submitted, it goes back to the list.
  const { busy, act } = useStageAct(onMade);
  const submitted = useStageAct(() => navigate(CONTRACT_LIST_PATH));
  const make = () => {
    const fen = yuanToFen(v.amount);
    if (fen === null) return notifier.error('请输入正确的合同金额');
    const body = {
      origin: v.origin,
      contractType: v.contractType,
      name: v.name,
      amountFen: fenToWire(fen),
      annualRate: v.annualRate.trim(),
      termDays: Number(v.termDays),
      repaymentMethod: v.repaymentMethod,
      dueDate: v.dueDate || null,
      payeeAccount: v.payeeAccount.trim() || null,
      ...(v.origin === 'UPLOAD' && files[0] ? { fileId: files[0].keyId } : {}),
      ...(v.replacesId ? { replacesId: v.replacesId } : {}),
    };
    return act(() => post(`/${encodeURIComponent(prefill.businessId)}`, body), '合同已生成');
  };
  const transition = { action: 'submit', version: prefill.version };
  const submit = () => submitted.act(() => stages.transition(prefill.businessId, transition), '已提交合同审核');
  const { choice, text } = documentFields(v, set);
  const aside = (
    <>
      <Button onClick={() => navigate(linkTo(SIGNATORIES_PATH, 'businessId', prefill.businessId))}>合同签章</Button>
      <Button onClick={() => navigate(CONTRACT_LIST_PATH)}>返回</Button>
    </>
  );
  return (
    <StagePage title={`合同制作（${prefill.businessNo}）`} aside={aside}>
      <Text>业务状态：{stateLabel(prefill.state)}。合同要素已按业务要素预填，与业务要素不一致的合同不能通过审核。</Text>
      <div className={styles.form}>
        {choice('origin', '来源', CONTRACT_ORIGIN_LABEL)}
        {choice('contractType', '合同类型', CONTRACT_TYPE_LABEL, (code) => ({
          name: CONTRACT_TYPE_LABEL[code as ContractType],
        }))}
        {text('name', '合同名称')}
        {text('amount', '金额（元）')}
        {text('annualRate', '年利率', '小数，如 0.0650')}
        {text('termDays', '期限（天）')}
        {choice('repaymentMethod', '还款方式', { '': '请选择', ...REPAYMENT_METHOD_LABEL })}
        {text('dueDate', '到期日', 'YYYY-MM-DD，可不填')}
        {text('payeeAccount', '收款账户', '可不填')}
        {voided.length > 0 &&
          choice('replacesId', '替代已作废合同（新版本）', {
            '': '不替代',
            ...Object.fromEntries(voided.map((c) => [c.keyId, `${c.contractNo} ${c.name} V${c.contractVersion}`])),
          })}
      </div>
      {v.origin === 'UPLOAD' && <FileUpload label="上传合同PDF" accept="pdf" limit={1} onChange={setFiles} />}
      <div className={page.row}>
        <Button appearance="primary" disabled={busy} onClick={() => void make()}>
          {v.origin === 'TEMPLATE' ? '生成合同' : '保存合同'}
        </Button>
        <Button disabled={busy || voided.length === contracts.length} onClick={() => void submit()}>
          提交审核
        </Button>
      </div>
      <SmallTable
        label="本业务的合同"
        columns={[
          { title: '合同编号' },
          { title: '名称' },
          { title: '版本' },
          { title: '金额（元）', amount: true },
          { title: '状态' },
        ]}
        rows={contracts.map((c) => ({
          key: c.keyId,
          cells: [c.contractNo, c.name, `V${c.contractVersion}`, yuan(c.amountFen), c.statusLabel],
        }))}
        empty="尚未制作合同"
      />
    </StagePage>
  );
}

// ——— 合同审核 ———

/** 合同审核's section under the business: each live contract's factors beside the TERM elements. */
export function ContractFactorSection({ id }: { id: string }) {
  const styles = useStyles();
  const page = useStagePageStyles();
  const { get } = useGateway();
  const review = useLoadOnce(() => get<Prefill>(`/review/${encodeURIComponent(id)}`), null);
  if (!review) return <Spinner size="small" label="加载合同…" />;
  const live = review.contracts.filter((c) => c.contract.status !== 'VOID');
  return (
    <section aria-label="合同要素审核" className={styles.section}>
      {review.differences > 0 && (
        <Text className={styles.warn} weight="semibold">
          有{review.differences}项合同要素与业务要素不一致，不能通过
        </Text>
      )}
      {live.map(({ contract: c, factors }) => (
        <div key={c.keyId}>
          <div className={page.row}>
            <Text weight="semibold">
              {c.contractNo} {c.name}（{c.contractTypeLabel}，V{c.contractVersion}）
            </Text>
            <PreviewLink file={{ keyId: c.fileId, name: `${c.name}.pdf` }} label="预览PDF" />
          </div>
          <FactorTable rows={factors} label={`${c.contractNo}的要素比对`} />
        </div>
      ))}
      {live.length === 0 && <Text>尚无有效合同</Text>}
    </section>
  );
}
