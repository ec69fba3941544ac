// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUploadMachine } from '../../../application/files/upload.machine';
import type { FileGateway, LocalFile, StoredFile, UploadOptions } from '../../../application/ports/file-gateway.port';
import { RequestCancelledError } from '../../../application/ports/gateway-error';
import { UploadMessage } from '../../../domain/upload/upload-rules';
import { FileUpload } from './file-upload';

afterEach(cleanup);

function setup(props: Partial<Parameters<typeof FileUpload>[0]> = {}) {
  const pending: Array<{ file: LocalFile; options: UploadOptions; resolve: (s: StoredFile) => void }> = [];
  const files = {
    upload: vi.fn(
      (file: LocalFile, options: UploadOptions = {}) =>
        new Promise<StoredFile>((resolve, reject) => {
          options.signal?.addEventListener('abort', () => reject(new RequestCancelledError()));
          pending.push({ file, options, resolve });
        }),
    ),
    download: vi.fn(async () => 'x'),
  } as unknown as FileGateway;
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  const onChange = vi.fn();
  render(
    <FluentProvider theme={webLightTheme}>
      <FileUpload
        label="上传附件"
        accept="pdf,txt"
        maxSize={1024}
        machine={createUploadMachine({ files, notifier })}
        onChange={onChange}
        {...props}
      />
    </FluentProvider>,
  );
  return { pending, files, notifier, onChange };
}

const pick = (...files: File[]) => userEvent.upload(screen.getByLabelText('上传附件（选择文件）'), files);

describe('FileUpload', () => {
  it('shows a stored file whose size it was not told without a size, never as 0B', () => {
    setup({
      initial: [
        { keyId: 'k0', name: '营业执照.png', size: 0, contentType: '', extension: 'png' },
        { keyId: 'k1', name: '合同.pdf', size: 2048, contentType: 'application/pdf', extension: 'pdf' },
      ],
    });
    expect(screen.queryByText(/\b0B\b/)).toBeNull();
    expect(screen.getByText(/2(\.00)?KB/)).toBeTruthy();
  });

  it('uploads picked files with a progress bar each, then lists them for download', async () => {
    const { pending, files, onChange } = setup();
    await pick(new File(['一'], '合同.txt'), new File(['%PDF-'], '发票.pdf'));
    expect(screen.getByRole('button', { name: '上传附件' })).toBeTruthy();
    expect(screen.getByText('支持格式：.pdf,.txt，单个文件不超过1KB')).toBeTruthy();
    pending[0]!.options.onProgress!(50);
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: '合同.txt 上传进度' }).getAttribute('aria-valuetext')).toBe('50%'),
    );
    pending[0]!.resolve({ keyId: 'k1', name: '合同.txt', size: 3, contentType: 'text/plain', extension: 'txt' });
    await screen.findByRole('button', { name: '合同.txt' });
    expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ keyId: 'k1' })]);
    await userEvent.click(screen.getByRole('button', { name: '合同.txt' }));
    expect(files.download).toHaveBeenCalledWith('k1');
  });

  it('shows the exact spec messages for a wrong extension and an empty file and lists neither', async () => {
    const { notifier, files } = setup();
    // The accept attribute would hide the .exe in a browser's picker; a drop has no such filter.
    fireEvent.drop(screen.getByRole('button', { name: '上传附件' }), {
      dataTransfer: { files: [new File(['MZ'], '程序.exe'), new File([], '空.txt')] },
    });
    expect(notifier.error.mock.calls.map((c) => c[0])).toEqual([
      UploadMessage.format('.pdf,.txt'),
      UploadMessage.empty,
    ]);
    expect(files.upload).not.toHaveBeenCalled();
    expect(screen.queryByRole('list', { name: '上传列表' })).toBeNull();
  });

  it('cancels an upload and retries it', async () => {
    const { pending } = setup();
    await pick(new File(['x'], '报告.txt'));
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(pending[0]!.options.signal!.aborted).toBe(true);
    expect(screen.getByText(/已取消/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(pending).toHaveLength(2);
    expect(screen.getByText(/上传中/)).toBeTruthy();
  });
});
