import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { FileGateway } from '../ports/file-gateway.port';
import { GatewayError } from '../ports/gateway-error';
import { createPreviewMachine, PREVIEW_MISSING_KEY, previewKindOf } from './preview.machine';

function start(
  keyId: string | null,
  preview = vi.fn(async (k: string) => ({
    url: `/api/file/file/signed/${k}?x`,
    name: '合同.pdf',
    contentType: 'application/pdf',
    expiresAt: 1,
  })),
  previewAsPdf = vi.fn(async (_k: string) => 'blob:converted-1'),
) {
  const files = { preview, previewAsPdf, download: vi.fn(async () => '合同.pdf') } as unknown as FileGateway;
  return { actor: createActor(createPreviewMachine({ files }), { input: { keyId } }).start(), files, preview };
}

describe('preview machine', () => {
  it('tells PDFs and images from other files', () => {
    expect(previewKindOf('a.PDF')).toBe('pdf');
    expect(previewKindOf('扫描件.jpeg')).toBe('image');
    expect(previewKindOf('图.svg')).toBe('other');
    // Office documents and plain text are shown as the file service's PDF of them; markup and archives never.
    expect(previewKindOf('合同.docx')).toBe('converted');
    expect(previewKindOf('台账.xlsx')).toBe('converted');
    expect(previewKindOf('说明.txt')).toBe('converted');
    expect(previewKindOf('页面.html')).toBe('other');
    expect(previewKindOf('资料.zip')).toBe('other');
  });

  it('shows an office document as the PDF the file service converts it to', async () => {
    const docx = vi.fn(async (k: string) => ({
      url: `/api/file/file/signed/${k}?x`,
      name: '尽调底稿.docx',
      contentType: 'application/msword',
      expiresAt: 1,
    }));
    const { actor, files } = start('k3', docx);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(files.previewAsPdf).toHaveBeenCalledWith('k3');
    expect(actor.getSnapshot().context).toMatchObject({ url: 'blob:converted-1', kind: 'converted' });
  });

  it('says in Chinese why a document cannot be converted, and retries', async () => {
    const docx = vi.fn(async () => ({
      url: '/u',
      name: '报表.xls',
      contentType: 'application/vnd.ms-excel',
      expiresAt: 1,
    }));
    const refuse = vi.fn(async () => {
      throw new GatewayError(160300400, '转换PDF失败，请检查文件是否完好');
    });
    const { actor } = start('k4', docx, refuse);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(
      '该文件暂无法在线预览：转换PDF失败，请检查文件是否完好，请下载后查看',
    );
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(true);
  });

  it('loads the signed URL and shows the file, and downloads it on request', async () => {
    const { actor, files } = start('k1');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({
      url: '/api/file/file/signed/k1?x',
      name: '合同.pdf',
      kind: 'pdf',
    });
    actor.send({ type: 'DOWNLOAD' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(files.download).toHaveBeenCalledWith('k1');
  });

  it('fails with the reason when the file cannot be found, and retries', async () => {
    let first = true;
    const preview = vi.fn(async () => {
      if (first) {
        first = false;
        throw new GatewayError(160300404, '文件不存在');
      }
      return { url: '/u', name: '图.png', contentType: 'image/png', expiresAt: 1 };
    });
    const { actor } = start('k2', preview);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('文件不存在');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.kind).toBe('image');
  });

  it('asks nothing without a keyId and cannot retry that', () => {
    const { actor, preview } = start(null);
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(PREVIEW_MISSING_KEY);
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'DOWNLOAD' })).toBe(false);
    expect(preview).not.toHaveBeenCalled();
  });
});
