// 合同文件's screens (BUSINESS.md §4): 合同文件管理 (the contracts in the caller's scope, and the businesses waiting
// for theirs), its detail (the stored PDF previewed and downloaded, the series' versions, the factors beside the
// TERM elements, 作废 when the table offers it), 合同制作 (a template or an upload, the factors prefilled from the
// TERM elements; the business's 提交 to 合同审核), 合同签章 (each live contract's signatories in order and their
// boxes — page, top-left corner — typed or placed by a click on the page's outline; 申请线上签约 takes their
// parties and order) and 合同审核's section. Each read is made once by a component keyed by what it reads (the
// kit's pages read first); what may be done, and every refusal, comes from the gateway, never decided here.
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import * as C from '../../../domain/financing/contracts';
import type { SignatoryPosition } from '../../../domain/financing/contracts';
import type { FactorRow } from '../../../domain/stage/term-factors';
import { SIGNATORIES_PATH, signatoriesProblem } from '../../../domain/financing/contracts';
import { A4_PAGE, type PageSize, SIGNATURE_BOX } from '../../../domain/stage/signature-boxes';
import { isCalendarDate } from '../../../domain/calendar/calendar-date';
import { stateLabel } from '../../../domain/financing/lifecycle';
import { MAX_SIGNERS, SIGNER_ROLE_LABEL, SIGNING_API, unusedRole } from '../../../domain/financing/signing';
import { formatFen } from '../../../domain/format/money-format';
import { useServices } from '../../app/services';
import { useLoadOnce } from '../../kit/use-load-once';
import { PreviewLink } from '../preview/preview-link';
import { Facts, Heading, SmallTable, useDetailTabStyles, yuan } from '../stage/detail-tab-parts';
import { type DocumentListSpec, type DocumentRow, DocumentList, DocumentMakeable } from '../stage/document-parts';
import { DocumentVersions, DocumentVoid, useDocumentRoutes } from '../stage/document-parts';
import { ActionForm } from '../stage/action-form';
import { type FormField, FormFields, type FormValues } from '../stage/form-fields';
import { ifChosen, orNull } from '../stage/form-fields';
import { type TermPrefill, termFields } from '../stage/term-fields';
import { type DataColumn, DataTable } from '../stage/data-table';
import { useMakeStyles } from '../stage/make-page-shell';
import { OrderedRows, useOrderedRows } from '../stage/ordered-rows';
import { PageBoxes } from '../stage/page-boxes';
import { StagePage, linkTo, textColumn as col, useStagePageStyles } from '../stage/record-pages';
import { type StageGet, loadedScreen } from '../stage/loaded-page';
import { ActButton } from '../stage/act-button';
import type { StageExamineScreens } from '../stage/stage-kit';

const ROUTES = { resource: { api: C.CONTRACTS_API, noun: '合同' } };
const SIGNING = { resource: { api: SIGNING_API, noun: '签约' } };
const enc = encodeURIComponent;

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
  differs: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  card: {
    ...{ display: 'flex', flexWrap: 'wrap', gap: '16px 24px', padding: '12px 16px' },
    ...{ border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  },
  rows: { display: 'flex', flexDirection: 'column', gap: '12px', flex: '1 1 420px', minWidth: 0 },
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
      <DocumentMakeable routes={ROUTES} makePath={C.CONTRACT_MAKE_PATH} label="制作合同" />
      <DocumentList<Contract> spec={LIST} />
    </StagePage>
  );
}

const NO = col<Contract>('合同编号', (c) => c.contractNo, 150);
const NAME = col<Contract>('名称', (c) => c.name);
const AMOUNT: DataColumn<Contract> = { title: '金额（元）', amount: true, cell: (c) => yuan(c.amountFen) };
const VERSION = col<Contract>('版本', (c) => `V${c.contractVersion}`);
const STATUS = col<Contract>('状态', (c) => c.statusLabel);

const LIST: DocumentListSpec<Contract> = {
  routes: ROUTES,
  label: '合同文件',
  search: { key: 'contractNo', label: '合同编号' },
  infoPath: C.CONTRACT_INFO_PATH,
  columns: [
    NO,
    NAME,
    col<Contract>('类型', (c) => c.contractTypeLabel),
    col<Contract>('业务编号', (c) => c.businessNo ?? ''),
    col<Contract>('供应商', (c) => c.supplierName ?? ''),
    AMOUNT,
    VERSION,
    STATUS,
    col<Contract>('锁定', (c) => (c.locked ? '已锁定' : '否')),
  ],
};

// ——— 合同文件详情 ———

/** The contract, its series' versions, its factors, and what its items say the caller may do on it. */
async function readInfo(get: StageGet, id: string) {
  const d = await get<{ contract: Contract; versions: Contract[]; factors: FactorRow[] }>(`/${enc(id)}`);
  const items = await get<{ records: Contract[] }>(`/${enc(d.contract.businessId)}/items`, { size: 100 });
  return { ...d, actions: items.records.find((i) => i.keyId === id)?.actions ?? [] };
}

export const ContractInfoScreen = loadedScreen({ routes: ROUTES, loading: '加载合同…', read: readInfo }, (props) => {
  const { record: detail, onChanged } = props;
  const { download } = useGateway();
  const c = detail.contract;
  const aside = (
    <Button appearance="primary" onClick={() => void download(`/${enc(c.keyId)}/pdf`)}>
      下载
    </Button>
  );
  return (
    <StagePage title={`${c.name}（${c.contractNo}）`} back={C.CONTRACT_LIST_PATH} aside={aside}>
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
      <Heading>合同要素比对</Heading>
      <FactorTable rows={detail.factors} label="合同要素与业务要素" />
      <Heading>版本</Heading>
      <DocumentVersions noun="合同" versions={detail.versions} />
      {detail.actions.includes('void') && <DocumentVoid routes={ROUTES} item={c} onDone={onChanged} />}
    </StagePage>
  );
});

// ——— 合同制作 ———

/** The business's terms (the TERM elements, the make form's prefill) and its contracts beside them. */
interface Prefill extends TermPrefill {
  businessId: string;
  businessNo: string;
  state: string;
  version: number;
  contracts: { contract: Contract; factors: FactorRow[] }[];
  differences: number;
}

/** 合同制作's fields, the factors prefilled from the business's elements; 替代 offered once a contract is voided. */
const makeFields = (p: Prefill, voided: readonly Contract[]): FormField[] => [
  { key: 'origin', label: '来源', kind: { options: C.CONTRACT_ORIGIN_LABEL }, value: 'TEMPLATE' },
  {
    ...{ key: 'contractType', label: '合同类型', kind: { options: C.CONTRACT_TYPE_LABEL }, value: 'FACTORING' },
    sets: (code) => ({ name: C.CONTRACT_TYPE_LABEL[code as C.ContractType] }),
  },
  { key: 'name', label: '合同名称', kind: 'text', required: true, max: 100, value: C.CONTRACT_TYPE_LABEL.FACTORING },
  ...termFields('合同', p, true),
  {
    ...{ key: 'dueDate', label: '到期日', kind: 'text', hint: 'YYYY-MM-DD，可不填', wire: orNull },
    problem: (typed) => (!typed.trim() || isCalendarDate(typed.trim()) ? null : C.ContractMessage.dueDate),
  },
  { key: 'payeeAccount', label: '收款账户', kind: 'text', hint: '可不填', wire: orNull },
  {
    ...{ key: 'fileId', label: '上传合同PDF', kind: { upload: 'pdf', limit: 1 }, wire: ifChosen },
    shown: (v) => v.origin === 'UPLOAD',
  },
  {
    ...{ key: 'replacesId', label: '替代已作废合同（新版本）', shown: () => voided.length > 0, wire: ifChosen },
    kind: {
      empty: '不替代',
      options: Object.fromEntries(voided.map((c) => [c.keyId, `${c.contractNo} ${c.name} V${c.contractVersion}`])),
    },
  },
];

/** 合同制作 of the business named by `?businessId=`, its terms read afresh once a contract is made. */
export const ContractMakeScreen = loadedScreen(
  {
    routes: ROUTES,
    key: 'businessId',
    read: (get, id) => get<Prefill>(`/${enc(id)}/terms`),
    loading: '加载业务要素…',
    none: '请从合同文件管理选择待制作合同的业务',
  },
  ContractForm,
);

function ContractForm({ record: p, onChanged }: { record: Prefill; onChanged: () => void }) {
  const navigate = useNavigate();
  const { post } = useGateway();
  const { stages } = useServices();
  const contracts = p.contracts.map((c) => c.contract);
  const voided = contracts.filter((c) => c.status === 'VOID');
  // Made, the page reads the business's terms and contracts again; submitted, it goes back to the list.
  const submitted = () => navigate(C.CONTRACT_LIST_PATH);
  const make = (_: FormValues, factors: object) => post(`/${enc(p.businessId)}`, factors);
  const transition = { action: 'submit', version: p.version };
  const submit = () => stages.transition(p.businessId, transition);
  const signatories = linkTo(SIGNATORIES_PATH, 'businessId', p.businessId);
  return (
    <StagePage
      title={`合同制作（${p.businessNo}）`}
      back={C.CONTRACT_LIST_PATH}
      aside={<Button onClick={() => navigate(signatories)}>合同签章</Button>}
    >
      <Text>业务状态：{stateLabel(p.state)}。合同要素已按业务要素预填，与业务要素不一致的合同不能通过审核。</Text>
      <ActionForm
        {...{ label: '合同要素', fields: makeFields(p, voided), send: make, success: '合同已生成', done: onChanged }}
        button={(v) => (v.origin === 'TEMPLATE' ? '生成合同' : '保存合同')}
        more={
          <ActButton
            {...{ call: submit, success: '已提交合同审核', done: submitted }}
            disabled={voided.length === contracts.length}
          >
            提交审核
          </ActButton>
        }
      />
      <DataTable
        {...{ label: '本业务的合同', rows: contracts, rowKey: (c: Contract) => c.keyId, empty: '尚未制作合同' }}
        columns={[NO, NAME, VERSION, AMOUNT, STATUS]}
      />
    </StagePage>
  );
}

// ——— 合同签章 ———

type ContractSignatories = Record<'keyId' | 'contractNo' | 'name' | 'fileId', string> & { locked: boolean } & {
  version: number;
  contractVersion: number;
  pages: PageSize[];
  signatories: SignatoryPosition[] | null;
};
type View = Record<'businessId' | 'businessNo' | 'state', string> & {
  editable: boolean;
  contracts: ContractSignatories[];
};

/** The demo's usual signatories: the supplier first, the capital side's factor next, boxes at the last page's foot. */
const proposed = (c: ContractSignatories): SignatoryPosition[] => {
  const page = c.pages.length;
  const size = c.pages[page - 1] ?? A4_PAGE;
  const y = Math.max(0, Math.round(size.height - SIGNATURE_BOX.height - 80));
  return [
    { order: 1, role: 'SUPPLIER', page, x: 60, y },
    { order: 2, role: 'FACTOR', page, x: Math.max(0, Math.round(size.width - SIGNATURE_BOX.width - 60)), y },
  ];
};

/** A signatory's row: the party, the page and the box's top-left corner in points. */
const signatoryFields = (order: number, pages: number): FormField<SignatoryPosition>[] => [
  { key: 'role', label: `第${order}签署方`, kind: { options: SIGNER_ROLE_LABEL } },
  {
    ...{ key: 'page', label: '页码', numeric: true },
    kind: { options: Object.fromEntries(Array.from({ length: pages }, (_, p) => [p + 1, `第${p + 1}页`])) },
  },
  { key: 'x', label: '距左（磅）', kind: 'number' },
  { key: 'y', label: '距上（磅）', kind: 'number' },
];

export const SignatoriesScreen = loadedScreen(
  {
    ...{ routes: SIGNING, key: 'businessId', read: (get, id) => get<View>(`/signatories/${enc(id)}`) },
    ...{ loading: '加载中…', none: '请从合同制作进入要设置签章的业务' },
  },
  function Signatories({ record: view, onChanged }) {
    const styles = useMakeStyles();
    return (
      <StagePage title={`合同签章（${view.businessNo}）`} back={-1}>
        <Facts label="业务" items={Object.entries({ 业务编号: view.businessNo, 状态: stateLabel(view.state) })} />
        <Text>
          设置每份合同的签署方、签署顺序与签章位置（单位：磅，自页面左上角量起；签章宽{SIGNATURE_BOX.width}、高
          {SIGNATURE_BOX.height}）。在页面示意图上点击即可放置当前签署方的签章。发起线上签约时按此处的签署方与顺序签署。
        </Text>
        {!view.editable && <Text className={styles.error}>签约已发起或已完成，签章设置不能修改</Text>}
        {view.contracts.length === 0 && <Text>该业务没有有效合同</Text>}
        {view.contracts.map((c) => (
          <ContractCard key={c.keyId} contract={c} editable={view.editable} onSaved={onChanged} />
        ))}
      </StagePage>
    );
  },
);

function ContractCard(props: { contract: ContractSignatories; editable: boolean; onSaved: () => void }) {
  const { contract: c, editable, onSaved } = props;
  const styles = { ...useMakeStyles(), ...useStagePageStyles(), ...useStyles() };
  const { stages } = useServices();
  const list = useOrderedRows(() => c.signatories ?? proposed(c));
  const chosen = list.rows[list.active];
  const problem = signatoriesProblem(list.rows, c.pages);
  const shown = chosen?.page ?? 1;
  const body = { version: c.version, signatories: list.rows };
  const put = () => stages.custom(SIGNING, 'PUT', `/signatories/contract/${enc(c.keyId)}`, body);
  const disabled = !editable || c.locked;
  const save = (
    <ActButton primary {...{ call: put, success: '合同签章已保存', done: onSaved }} disabled={disabled || !!problem}>
      保存签章设置
    </ActButton>
  );
  return (
    <div className={styles.card} role="group" aria-label={`${c.name}（${c.contractNo}）`}>
      <div className={styles.rows}>
        <div className={styles.row}>
          <Text weight="semibold">
            {c.name}（{c.contractNo}，第{c.contractVersion}版，共{c.pages.length}页）
          </Text>
          <PreviewLink file={{ keyId: c.fileId, name: `${c.name}.pdf` }} label="预览合同PDF" />
        </div>
        {c.locked && <Text className={styles.error}>合同已被合同锁定，不能设置签章</Text>}
        <OrderedRows
          {...{
            state: list,
            noun: '签署方',
            min: 2,
            max: MAX_SIGNERS,
            remove: '删除最后一方',
            disabled,
            buttons: save,
            choose: { chosen: '正在放置', choose: '在图上放置' },
          }}
          more={(all) => ({ role: unusedRole(all), page: c.pages.length, x: 0, y: 0 })}
        >
          {(s, i) => (
            <FormFields
              {...{ fields: signatoryFields(s.order, c.pages.length), values: s, disabled }}
              onChange={(patch) => list.set(i, patch)}
            />
          )}
        </OrderedRows>
        {problem && !disabled && <Text role="note">{problem}</Text>}
      </div>
      <PageBoxes
        label={`第${shown}页签章位置示意`}
        caption={`第${shown}页示意（点击放置第${chosen?.order ?? 1}签署方）`}
        {...{ size: c.pages[shown - 1] ?? A4_PAGE, box: SIGNATURE_BOX, chosen: chosen?.order }}
        boxes={list.rows
          .filter((s) => s.page === shown)
          .map((s) => ({ ...s, key: s.order, label: `${s.order}.${SIGNER_ROLE_LABEL[s.role]}` }))}
        onPlace={disabled ? undefined : (at) => list.set(list.active, at)}
      />
    </div>
  );
}

// ——— 合同审核 ———

/** 合同审核 and its page on the kit's examine shell, with each live contract's factors under the business. */
export const CONTRACT_EXAMINE: StageExamineScreens = {
  title: '合同审核',
  listPath: C.CONTRACT_REVIEW_PATH,
  infoPath: C.CONTRACT_FACTOR_PATH,
  section: (id) => <ContractFactorSection id={id} />,
};

/** 合同审核's section under the business: each live contract's factors beside the TERM elements. */
export function ContractFactorSection({ id }: { id: string }) {
  const styles = { ...useMakeStyles(), ...useStagePageStyles(), ...useDetailTabStyles() };
  const { get } = useGateway();
  const review = useLoadOnce(() => get<Prefill>(`/review/${enc(id)}`), null);
  if (!review) return <Spinner size="small" label="加载合同…" />;
  const live = review.contracts.filter((c) => c.contract.status !== 'VOID');
  return (
    <section aria-label="合同要素审核" className={styles.section}>
      {review.differences > 0 && (
        <Text className={styles.error} weight="semibold">
          有{review.differences}项合同要素与业务要素不一致，不能通过
        </Text>
      )}
      {live.map(({ contract: c, factors }) => (
        <div key={c.keyId}>
          <div className={styles.row}>
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
