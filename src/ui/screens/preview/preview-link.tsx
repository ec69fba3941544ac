// A stored file's name wherever a screen lists it: a link to 文件预览 (/preView/preViewMain?keyId=…), opened
// in the app (a tag of its own, the list kept), or in a new browser tab by the browser's own means.
import { Link } from '@fluentui/react-components';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

export const PREVIEW_PATH = '/preView/preViewMain';

export const previewHref = (keyId: string): string => `${PREVIEW_PATH}?keyId=${encodeURIComponent(keyId)}`;

export function PreviewLink({ file, label }: { file: { keyId: string; name: string }; label?: string }) {
  const navigate = useNavigate();
  const href = previewHref(file.keyId);
  const open = (event: MouseEvent) => {
    // A modified click (new tab, new window) is the browser's; a plain one stays in the app.
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <Link href={href} onClick={open} title={`预览 ${file.name}`}>
      {label ?? file.name}
    </Link>
  );
}
