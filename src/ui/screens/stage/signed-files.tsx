// A record's signed PDFs as the gateway verified them (gateway/src/esign): each file's name, its SHA-256 and
// download, and every signature in it — signer, validity, time, the certificate's issuer and whether it covers the
// whole file or the version it signed. The stage names the routes; the validity is the gateway's reading.
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { StageRoutes } from '../../../application/ports/stage-gateway.port';
import { useLoadOnce } from '../../kit/use-load-once';
import { DataTable } from './data-table';
import { useDocumentRoutes } from './document-parts';
import { at, textColumn, useStagePageStyles } from './record-pages';
import { Heading } from './detail-tab-parts';

/** A signed file as the gateway answers it. */
export interface SignedFile {
  seq: number;
  name: string;
  sha256: string;
  signatures: Signature[];
}
interface Signature {
  index: number;
  signerName: string;
  issuer: string;
  signedAt: string | null;
  valid: boolean;
  coversWholeFile: boolean;
}

const useStyles = makeStyles({
  valid: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  invalid: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  hash: { wordBreak: 'break-all', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
});

/** The files `read` answers, each downloadable from `file(seq)`; `empty` said before any is signed. */
export function SignedFiles({
  routes,
  read,
  file,
  empty,
}: {
  routes: StageRoutes;
  read: string;
  file: (seq: number) => string;
  empty: string;
}) {
  const styles = { ...useStagePageStyles(), ...useStyles() };
  const { get, download } = useDocumentRoutes(routes);
  const docs = useLoadOnce(() => get<SignedFile[]>(read), null);
  if (!docs) return <Spinner size="small" label="校验签名…" />;
  const validity = (s: Signature) => (
    <span className={s.valid ? styles.valid : styles.invalid}>{s.valid ? '有效' : '无效（文件已被改动）'}</span>
  );
  const columns = [
    textColumn<Signature>('序号', (s) => String(s.index)),
    textColumn<Signature>('签署人', (s) => s.signerName),
    { title: '有效性', cell: validity },
    textColumn<Signature>('签署时间', (s) => at(s.signedAt)),
    textColumn<Signature>('证书颁发者', (s) => s.issuer),
    textColumn<Signature>('覆盖范围', (s) => (s.coversWholeFile ? '整个文件' : '签署时的版本')),
  ];
  if (docs.length === 0) return <Text>{empty}</Text>;
  return docs.map((d) => (
    <div key={d.seq} className={styles.page} style={{ padding: 0 }}>
      <div className={styles.row}>
        <Heading>{d.name}</Heading>
        <Button appearance="primary" onClick={() => void download(file(d.seq))}>
          下载已签署PDF
        </Button>
      </div>
      <Text className={styles.hash}>SHA-256 {d.sha256}</Text>
      <DataTable
        {...{ label: `${d.name}的签名`, columns, rows: d.signatures }}
        minWidth="640px"
        rowKey={(s) => s.index}
        empty="文件中没有签名"
      />
    </div>
  ));
}
