// The child process that draws one document (pdf-document.ts), reports back over IPC, then exits.
import type { DocumentJob } from './pdf-document';
import { renderDocumentPdf } from './pdf-document';

process.once('message', (job: DocumentJob) => {
  renderDocumentPdf(job).then(
    () => process.send!({ ok: true }, () => process.exit(0)),
    () => process.send!({ ok: false }, () => process.exit(0)),
  );
});
