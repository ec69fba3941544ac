// 合同签章 (/business/contractFileMake/contractFileMakeSignature?businessId=…): each live contract's signatories in
// order and their boxes (page, top-left corner), typed or placed by a click on the page's outline. 保存 stores them on
// the contract version; 申请线上签约 takes their parties and order. What may be set, and every refusal, is the gateway's.
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { stateLabel } from '../../../domain/financing/lifecycle';
import { SIGNATURE_BOX, signatoriesProblem } from '../../../domain/financing/signatories';
import type { PageSize, SignatoryPosition } from '../../../domain/financing/signatories';
import { SIGNER_ROLE_LABEL, SIGNING_API, type SignerRole } from '../../../domain/financing/signing';
import { useServices } from '../../app/services';
import { useLoadOnce } from '../../kit/use-load-once';
import { PreviewLink } from '../preview/preview-link';
import { ChoiceField } from '../stage/choice-field';
import { Facts } from '../stage/detail-tab-parts';
import { PageBoxes } from '../stage/page-boxes';
import { StagePage, useStagePageStyles } from '../stage/record-pages';
import { recordScreen } from '../stage/stage-parts';
import { useStageAct } from '../stage/use-stage';

const ROUTES = { resource: { api: SIGNING_API, noun: '签约' } };
const enc = encodeURIComponent;
const ROLES = Object.keys(SIGNER_ROLE_LABEL) as SignerRole[];

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

const useStyles = makeStyles({
  card: {
    ...{ display: 'flex', flexWrap: 'wrap', gap: '16px 24px', padding: '12px 16px' },
    ...{ border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  },
  rows: { display: 'flex', flexDirection: 'column', gap: '12px', flex: '1 1 420px', minWidth: 0 },
  num: { width: '96px' },
  warn: { color: tokens.colorPaletteRedForeground1 },
});

/** The demo's usual signatories: the supplier first, the capital side's factor next, boxes at the last page's foot. */
const proposed = (c: ContractSignatories): SignatoryPosition[] => {
  const page = c.pages.length;
  const size = c.pages[page - 1] ?? { width: 595, height: 842 };
  const y = Math.max(0, Math.round(size.height - SIGNATURE_BOX.height - 80));
  return [
    { order: 1, role: 'SUPPLIER', page, x: 60, y },
    { order: 2, role: 'FACTOR', page, x: Math.max(0, Math.round(size.width - SIGNATURE_BOX.width - 60)), y },
  ];
};

export const SignatoriesScreen = recordScreen(
  ({ id, onChanged }) =>
    id ? <Signatories businessId={id} onSaved={onChanged} /> : <Text>请从合同制作进入要设置签章的业务</Text>,
  'businessId',
);

function Signatories({ businessId, onSaved }: { businessId: string; onSaved: () => void }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { stages } = useServices();
  const view = useLoadOnce(() => stages.custom<View>(ROUTES, 'GET', `/signatories/${enc(businessId)}`), null);
  if (!view) return <Text>加载中…</Text>;
  return (
    <StagePage title={`合同签章（${view.businessNo}）`} aside={<Button onClick={() => navigate(-1)}>返回</Button>}>
      <Facts label="业务" items={Object.entries({ 业务编号: view.businessNo, 状态: stateLabel(view.state) })} />
      <Text>
        设置每份合同的签署方、签署顺序与签章位置（单位：磅，自页面左上角量起；签章宽{SIGNATURE_BOX.width}、高
        {SIGNATURE_BOX.height}）。在页面示意图上点击即可放置当前签署方的签章。发起线上签约时按此处的签署方与顺序签署。
      </Text>
      {!view.editable && <Text className={styles.warn}>签约已发起或已完成，签章设置不能修改</Text>}
      {view.contracts.length === 0 && <Text>该业务没有有效合同</Text>}
      {view.contracts.map((c) => (
        <ContractCard key={c.keyId} contract={c} editable={view.editable} onSaved={onSaved} />
      ))}
    </StagePage>
  );
}

function ContractCard(props: { contract: ContractSignatories; editable: boolean; onSaved: () => void }) {
  const { contract: c, editable, onSaved } = props;
  const styles = { ...useStagePageStyles(), ...useStyles() };
  const { stages } = useServices();
  const [list, setList] = useState<SignatoryPosition[]>(c.signatories ?? proposed(c));
  const [active, setActive] = useState(0);
  const problem = signatoriesProblem(list, c.pages);
  const shown = list[active]?.page ?? 1;
  const size = c.pages[shown - 1] ?? { width: 595, height: 842 };
  const set = (i: number, patch: Partial<SignatoryPosition>) =>
    setList((all) => all.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const { busy, act } = useStageAct(onSaved);
  const put = () =>
    stages.custom(ROUTES, 'PUT', `/signatories/contract/${enc(c.keyId)}`, { version: c.version, signatories: list });
  const save = () => act(put, '合同签章已保存');
  const disabled = !editable || c.locked;
  const role = ROLES.find((r) => !list.some((s) => s.role === r)) as SignerRole;
  const add = () => setList([...list, { order: list.length + 1, role, page: c.pages.length, x: 0, y: 0 }]);
  const pageOptions = Object.fromEntries(c.pages.map((_, p) => [p + 1, `第${p + 1}页`]));
  return (
    <div className={styles.card} role="group" aria-label={`${c.name}（${c.contractNo}）`}>
      <div className={styles.rows}>
        <div className={styles.row}>
          <Text weight="semibold">
            {c.name}（{c.contractNo}，第{c.contractVersion}版，共{c.pages.length}页）
          </Text>
          <PreviewLink file={{ keyId: c.fileId, name: `${c.name}.pdf` }} label="预览合同PDF" />
        </div>
        {c.locked && <Text className={styles.warn}>合同已被合同锁定，不能设置签章</Text>}
        {list.map((s, i) => (
          <div key={s.order} className={styles.row} role="group" aria-label={`第${s.order}签署方`}>
            <ChoiceField
              {...{ label: `第${s.order}签署方`, value: s.role, options: SIGNER_ROLE_LABEL, disabled }}
              onChange={(role) => set(i, { role: role as SignerRole })}
            />
            <ChoiceField
              {...{ label: '页码', value: String(s.page), options: pageOptions, disabled }}
              onChange={(page) => set(i, { page: Number(page) })}
            />
            {(['x', 'y'] as const).map((k) => (
              <Field key={k} label={k === 'x' ? '距左（磅）' : '距上（磅）'}>
                <Input
                  {...{ className: styles.num, type: 'number', value: String(s[k]), disabled }}
                  onChange={(_, d) => set(i, { [k]: Number(d.value) })}
                />
              </Field>
            ))}
            <Button appearance={i === active ? 'primary' : 'secondary'} {...{ disabled }} onClick={() => setActive(i)}>
              {i === active ? '正在放置' : '在图上放置'}
            </Button>
          </div>
        ))}
        <div className={styles.row}>
          <Button disabled={disabled || list.length >= ROLES.length} onClick={add}>
            添加签署方
          </Button>
          <Button disabled={disabled || list.length <= 2} onClick={() => setList(list.slice(0, -1))}>
            删除最后一方
          </Button>
          <Button appearance="primary" disabled={disabled || busy || !!problem} onClick={save}>
            保存签章设置
          </Button>
        </div>
        {problem && !disabled && <Text role="note">{problem}</Text>}
      </div>
      <PageBoxes
        label={`第${shown}页签章位置示意`}
        caption={`第${shown}页示意（点击放置第${list[active]?.order ?? 1}签署方）`}
        {...{ size, box: SIGNATURE_BOX, chosen: list[active]?.order }}
        boxes={list
          .filter((s) => s.page === shown)
          .map((s) => ({ ...s, key: s.order, label: `${s.order}.${SIGNER_ROLE_LABEL[s.role]}` }))}
        onPlace={disabled ? undefined : (at) => set(active, at)}
      />
    </div>
  );
}
