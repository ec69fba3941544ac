// 导入付款单: the template, the file, and the per-row report of what was imported and what was refused.
import { Button, Field, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { createOrderImportMachine } from '../../../application/assets/order-import.machine';
import type { AssetsGateway } from '../../../application/ports/assets-gateway.port';
import type { Notifier } from '../../../application/ports/notifier.port';
import { GenericDialog } from '../../kit/dialogs/generic-dialog';

const useStyles = makeStyles({
  row: { display: 'flex', gap: '12px', alignItems: 'center', flexWrap: 'wrap', marginBottom: '12px' },
  hint: { color: tokens.colorNeutralForeground3 },
  errors: { color: tokens.colorPaletteRedForeground1, maxHeight: '240px', overflowY: 'auto', paddingLeft: '20px' },
});

export function OrderImportDialog({
  gateway,
  notifier,
  onClose,
  onImported,
}: {
  gateway: AssetsGateway;
  notifier: Notifier;
  onClose: () => void;
  onImported: () => void;
}) {
  const styles = useStyles();
  const [machine] = useState(() => createOrderImportMachine({ gateway, notifier, onImported }));
  const flow = useActorRef(machine);
  const fileName = useSelector(flow, (s) => s.context.fileName);
  const report = useSelector(flow, (s) => s.context.report);
  const importing = useSelector(flow, (s) => s.matches('importing'));
  return (
    <GenericDialog
      open
      width={640}
      title="导入付款单"
      onClose={onClose}
      submitText="导入"
      submitting={importing}
      {...(report ? {} : { onSubmit: () => flow.send({ type: 'IMPORT' }) })}
    >
      {!report && (
        <>
          <div className={styles.row}>
            <Button onClick={() => flow.send({ type: 'TEMPLATE' })}>下载模板</Button>
            <Text className={styles.hint}>
              按模板填写付款单号、项目编码、供应商（全称）、合同、金额（元）与应付日，一次最多1000条。
            </Text>
          </div>
          <Field label="导入文件">
            <input
              type="file"
              accept=".xlsx"
              aria-label="导入文件"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                if (file) flow.send({ type: 'CHOOSE', file });
              }}
            />
          </Field>
          {fileName && <Text>已选择：{fileName}</Text>}
        </>
      )}
      {report && (
        <div role="region" aria-label="导入结果">
          <Text weight="semibold">
            共 {report.total} 条，成功 {report.imported.length} 条，失败 {report.errors.length} 条
          </Text>
          {report.errors.length > 0 && (
            <ul className={styles.errors} aria-label="失败的行">
              {report.errors.map((e) => (
                <li key={e.row}>
                  第 {e.row} 行：{e.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </GenericDialog>
  );
}
