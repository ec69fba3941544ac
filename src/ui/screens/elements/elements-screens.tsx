// 要素落实's screens (BUSINESS.md §4 /business/essentialFactor/*): 要素管理 on the kit's list, whose 查看 opens 要素制作
// for the business; 要素制作 shows the business and its items on the kit's stage items — each item's moves are those
// the gateway lists for the caller (OPS's 落实 with its 落实值 and evidence uploaded through the file service,
// 申请豁免 with a reason; RISK_HEAD's 豁免 / 驳回) — and 提交 when the table offers it; the items under the business
// on 要素落实审核 and on 业务详情's 要素 tab. The rules (which items 提交 needs, who may grant a waiver) are the
// gateway's: a refusal names the item.
import { Button, Field, Input, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  ELEMENT_CHECKPOINT_LABEL,
  ELEMENT_ITEMS,
  ELEMENTS_LIST_PATH,
  ELEMENTS_MAKE_PATH,
  ELEMENTS_STAGE,
  type ElementCheckpoint,
} from '../../../domain/financing/elements';
import { stateLabel } from '../../../domain/financing/lifecycle';
import { useServices } from '../../app/services';
import { FileUpload } from '../../kit/upload/file-upload';
import { PreviewLink } from '../preview/preview-link';
import { ResourceScreen } from '../resource/resource-screen';
import { Facts } from '../stage/detail-tab-parts';
import { type ItemRow, StageItems, type StageItemsSpec } from '../stage/item-parts';
import { useMakeStyles } from '../stage/make-page-shell';
import { StageSection } from '../stage/stage-parts';
import { useStage } from '../stage/use-stage';

interface ElementRow extends ItemRow {
  seq: number;
  kind: 'TERM' | 'CONDITION';
  requiredValue: string;
  checkpoint: ElementCheckpoint | null;
  statusLabel: string;
  actualValue: string | null;
  evidenceFileId: string | null;
  waiverReason: string | null;
}

interface ElementsRecord {
  keyId: string;
  version: number;
  status: string;
  state: string;
  businessNo: string;
  decisionNo: string | null;
  supplierName: string | null;
  finishedCount: number;
  itemCount: number;
  actions: string[];
}

const KIND_LABEL = { TERM: '业务要素', CONDITION: '放款前提' } as const;

const ITEMS: StageItemsSpec<ElementRow> = {
  routes: ELEMENTS_STAGE,
  table: ELEMENT_ITEMS,
  label: '要素',
  columns: ['序号', '类型', '名称', '要求值', '检查点', '状态', '落实值', '证明材料', '豁免理由'].map((title) => ({
    title,
  })),
  cells: (r) => [
    String(r.seq),
    KIND_LABEL[r.kind],
    r.name,
    r.requiredValue || '--',
    r.checkpoint ? ELEMENT_CHECKPOINT_LABEL[r.checkpoint] : '合同审核',
    r.statusLabel,
    r.actualValue ?? '--',
    r.evidenceFileId ? (
      <PreviewLink key="file" file={{ keyId: r.evidenceFileId, name: `${r.name}证明材料` }} label="预览" />
    ) : (
      '--'
    ),
    r.waiverReason ?? '--',
  ],
  // 落实 carries its 落实值 and one evidence file, uploaded through the file service.
  inputs: (_action, _row, values, set) => (
    <>
      <Field label="落实值" required>
        <Input value={String(values.actualValue ?? '')} onChange={(_, d) => set({ actualValue: d.value })} />
      </Field>
      <FileUpload label="证明材料" limit={1} onChange={(files) => set({ evidenceFileId: files[0]?.keyId ?? null })} />
    </>
  ),
};

/** 要素管理: the kit's list; 查看 opens the business's items. */
export function ElementsManageScreen() {
  const navigate = useNavigate();
  return (
    <ResourceScreen
      def={ELEMENTS_STAGE.resource}
      onView={(row) => navigate(`${ELEMENTS_MAKE_PATH}?id=${encodeURIComponent(row.keyId)}`)}
    />
  );
}

/** 要素制作: the business, its items with their moves, and 提交 when the table offers it. */
export function ElementsMakeScreen() {
  const styles = useMakeStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <section className={styles.page}>
      <div className={styles.row}>
        <Text as="h1" size={600} weight="semibold">
          要素落实
        </Text>
        <Button onClick={() => navigate(ELEMENTS_LIST_PATH)}>返回</Button>
      </div>
      {id ? (
        <StageSection<ElementsRecord> key={id} def={ELEMENTS_STAGE} id={id} missing="业务不存在或无权查看">
          {(r) => <ElementsMake record={r} />}
        </StageSection>
      ) : (
        <Text>请从要素管理选择业务</Text>
      )}
    </section>
  );
}

function ElementsMake({ record: r }: { record: ElementsRecord }) {
  const styles = useMakeStyles();
  const navigate = useNavigate();
  const client = useStage(ELEMENTS_STAGE);
  const { notifier } = useServices();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await client.transition(r.keyId, { action: 'submit', version: r.version });
      notifier.success('已提交要素落实审核');
      navigate(ELEMENTS_LIST_PATH);
    } catch {
      // The HTTP client has shown the refusal, naming the item not yet done.
      setBusy(false);
    }
  };
  return (
    <>
      <section className={styles.card} aria-label="业务">
        <Facts
          label="业务"
          items={[
            ['业务编号', r.businessNo],
            ['决议编号', r.decisionNo ?? '--'],
            ['供应商', r.supplierName ?? '--'],
            ['业务状态', stateLabel(r.state)],
            ['已落实/总数', `${r.finishedCount}/${r.itemCount}`],
          ]}
        />
      </section>
      <StageItems spec={ITEMS} businessId={r.keyId} />
      {r.actions.includes('submit') && (
        <div className={styles.row}>
          <Button appearance="primary" disabled={busy} onClick={() => void submit()}>
            提交审核
          </Button>
        </div>
      )}
    </>
  );
}

/** 要素落实审核's section: the items under the business, with what the reviewer may do on each. */
export function ElementItemsSection({ id }: { id: string }) {
  return (
    <section aria-label="要素落实">
      <StageItems spec={ITEMS} businessId={id} />
    </section>
  );
}

/** 业务详情's 要素 tab: the items read-only. */
export function ElementItemsTab({ id }: { id: string }) {
  return <StageItems spec={ITEMS} businessId={id} readOnly />;
}
