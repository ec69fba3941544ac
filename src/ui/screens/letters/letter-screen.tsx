// 正式函件管理 (BUSINESS.md §4 "L"): the businesses letters may be generated for (the kit's documents); a business
// (`?businessId=`, also 推送制作's 正式函件) has its letter generated and its letters moved — 发送 with its method,
// 上传回执, 拒收 — as the kit's stage items, with the actions the gateway lists on each letter and each one's PDF.
// The rules are the gateway's; nothing is decided here.
import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  LETTER_API,
  LETTER_ITEMS,
  LETTER_LIST_PATH,
  LETTER_TYPE_LABEL,
  SEND_METHOD_LABEL,
} from '../../../domain/financing/letters';
import { useServices } from '../../app/services';
import { FileUpload } from '../../kit/upload/file-upload';
import { useOperation } from '../../shell/permission';
import { ActionForm } from '../stage/action-form';
import { ChoiceField } from '../stage/choice-field';
import { minuteOf } from '../stage/detail-tab-parts';
import { DocumentMakeable } from '../stage/document-parts';
import { type ItemRow, type StageItemsSpec, StageItems } from '../stage/item-parts';
import { StagePage } from '../stage/record-pages';

interface Letter extends ItemRow {
  letterNo: string;
  letterTypeLabel: string;
  addresseeName: string;
  statusLabel: string;
  sendMethodLabel: string | null;
  sentAt: string | null;
}

const LETTERS = { resource: { api: LETTER_API, noun: '函件' } };

export function LetterScreen() {
  const [params] = useSearchParams();
  const businessId = params.get('businessId') ?? '';
  const [round, setRound] = useState(0);
  const mayMake = useOperation('add', LETTER_LIST_PATH);
  return (
    <StagePage title="正式函件管理">
      <DocumentMakeable routes={LETTERS} makePath={LETTER_LIST_PATH} label="查看" />
      {businessId && mayMake && <Generate businessId={businessId} done={() => setRound((n) => n + 1)} />}
      {businessId && <StageItems key={round} spec={LETTER_SPEC} businessId={businessId} />}
    </StagePage>
  );
}

function Generate({ businessId, done }: { businessId: string; done: () => void }) {
  const { stages } = useServices();
  return (
    <ActionForm
      label="生成函件"
      fields={[{ key: 'letterType', label: '函件类型', kind: { options: LETTER_TYPE_LABEL } }]}
      initial={{ letterType: 'TRANSFER_NOTICE' }}
      send={(v) => stages.custom(LETTERS, 'POST', `/${encodeURIComponent(businessId)}`, v)}
      success="函件已生成"
      done={done}
    />
  );
}

function LetterDownload({ letter }: { letter: Letter }) {
  const { stages } = useServices();
  return (
    <Button size="small" onClick={() => stages.download(LETTERS, `/${encodeURIComponent(letter.keyId)}/pdf`)}>
      下载
    </Button>
  );
}

const LETTER_SPEC: StageItemsSpec<Letter> = {
  routes: LETTERS,
  table: LETTER_ITEMS,
  label: '函件',
  columns: ['函件编号', '类型', '收件方', '发送方式', '发送时间', '回执状态', 'PDF'].map((title) => ({ title })),
  cells: (l) => [
    ...[l.letterNo, l.letterTypeLabel, l.addresseeName, l.sendMethodLabel ?? '--', minuteOf(l.sentAt), l.statusLabel],
    <LetterDownload key="pdf" letter={l} />,
  ],
  inputs: (action, _row, values, set) =>
    action === 'send' ? (
      <ChoiceField
        label="发送方式"
        value={String(values.sendMethod ?? '')}
        options={SEND_METHOD_LABEL}
        placeholder="请选择发送方式"
        onChange={(code) => set({ sendMethod: code || null })}
      />
    ) : (
      <FileUpload
        label="回执"
        accept="pdf,png,jpg,jpeg"
        limit={1}
        onChange={(f) => set({ receiptFileId: f[0]?.keyId ?? null })}
      />
    ),
};
