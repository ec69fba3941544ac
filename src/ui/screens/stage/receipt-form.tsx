// The registration of a record a second person confirms (src/domain/workflow/reviewed-items.ts: a repayment, a
// refund of one): the stage's own fields, then what every such record carries — its bank flow number, read once
// per record, and its receipt uploaded — the refusals the stage's own rule finds once an amount is typed, and 登记
// sent when there are none. The gateway holds the same rule; the words after it say who confirms next.
import { Button, Field, Input, Text } from '@fluentui/react-components';
import { type ReactNode, useState } from 'react';
import type { StageClient } from '../../../application/ports/stage-gateway.port';
import { FileUpload } from '../../kit/upload/file-upload';
import { useMakeStyles } from './make-page-shell';
import { useStageAct } from './use-stage';
import { Heading } from './detail-tab-parts';

/** What the form adds to the stage's own body. */
export interface Receipt {
  flowNo: string;
  receiptFileId: string;
}

export function ReceiptForm({
  title,
  receipt,
  problems,
  shown,
  client,
  path,
  body,
  said,
  done,
  children,
}: {
  /** The section's heading and its button (登记还款). */
  title: string;
  /** The receipt's name (还款回单). */
  receipt: string;
  /** Every refusal of the record with this flow number and receipt. */
  problems(r: Receipt): string[];
  /** Whether the refusals are said yet: once the amount is typed, not on an empty form. */
  shown: boolean;
  client: StageClient;
  /** Where the registration is posted under the stage's api. */
  path: string;
  body(r: Receipt): object;
  /** The words after it is registered. */
  said: string;
  done: () => void;
  /** The stage's own fields. */
  children: ReactNode;
}) {
  const styles = useMakeStyles();
  const { busy, act } = useStageAct(done);
  const [flowNo, setFlowNo] = useState('');
  const [receiptFileId, setReceipt] = useState('');
  const r = { flowNo: flowNo.trim(), receiptFileId };
  const refusals = problems(r);
  return (
    <section className={styles.card} aria-label={title}>
      <Heading>{title}</Heading>
      <div className={styles.fields}>
        {children}
        <Field label="银行流水号" required hint="同一流水号只能登记一次">
          <Input value={flowNo} maxLength={40} onChange={(_, d) => setFlowNo(d.value)} />
        </Field>
      </div>
      <FileUpload
        label={receipt}
        accept="pdf,png,jpg,jpeg"
        limit={1}
        onChange={(files) => setReceipt(files[0]?.keyId ?? '')}
      />
      {shown && refusals.length > 0 && (
        <Text role="alert" className={styles.error}>
          {refusals.join('；')}
        </Text>
      )}
      <div className={styles.row}>
        <Button
          appearance="primary"
          disabled={refusals.length > 0 || busy}
          onClick={() => act(() => client.custom('POST', path, body(r)), said)}
        >
          {title}
        </Button>
      </div>
    </section>
  );
}
