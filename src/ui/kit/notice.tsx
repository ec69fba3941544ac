// A message on a page: what may not be done yet, what went well, why something failed. Fluent's MessageBar
// wants its body (and a title inside it) assembled every time; screens say it once here.
import { MessageBar, MessageBarBody, type MessageBarProps, MessageBarTitle } from '@fluentui/react-components';
import type { ReactNode } from 'react';

export type NoticeProps = Omit<MessageBarProps, 'children' | 'title'> & {
  /** Leads the message, in bold (退回原因, 最新意见). */
  title?: string | undefined;
  /** What the reader may do about it (重试), after the message. */
  actions?: ReactNode;
  children: ReactNode;
};

export function Notice({ title, actions, children, ...bar }: NoticeProps) {
  return (
    <MessageBar {...bar}>
      <MessageBarBody>
        {title && <MessageBarTitle>{title}</MessageBarTitle>}
        {children}
      </MessageBarBody>
      {actions}
    </MessageBar>
  );
}
