// The buttons above a table (新增, 导入, 导出 …) are the query form's size (查询 / 重置), so the two rows of a
// list screen line up; every list uses this rather than a bare Button.
import { Button } from '@fluentui/react-components';
import type { ReactElement, ReactNode } from 'react';
import { DEFAULT_UI_SIZE } from '../../../domain/constants';

export interface ToolbarButtonProps {
  children: ReactNode;
  onClick?: () => void;
  appearance?: 'primary' | 'secondary';
  disabled?: boolean;
  icon?: ReactElement;
}

export function ToolbarButton({ children, onClick, appearance = 'secondary', disabled, icon }: ToolbarButtonProps) {
  return (
    <Button size={DEFAULT_UI_SIZE} appearance={appearance} disabled={disabled} icon={icon} onClick={onClick}>
      {children}
    </Button>
  );
}
