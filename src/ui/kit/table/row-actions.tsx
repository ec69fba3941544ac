// The 操作 cell of every list: at most three actions as links, the rest under 更多, so a row stays one line
// high however many actions a record offers. An action the person may not take is left out by its owner
// (hidden: true), never shown disabled, as SPEC §6 removes what an operation code does not grant.
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';

export const MORE_TEXT = '更多';
export const ROW_ACTIONS_SHOWN = 3;

export interface RowAction {
  label: string;
  onClick: () => void;
  /** Not offered for this row (no operation code, or the record does not allow it). */
  hidden?: boolean;
  disabled?: boolean;
  /** Destructive: shown in the danger colour. The owner still confirms before acting. */
  danger?: boolean;
}

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'nowrap', alignItems: 'center', columnGap: '2px', whiteSpace: 'nowrap' },
  op: { minWidth: 'auto', paddingLeft: '4px', paddingRight: '4px' },
  danger: { color: 'var(--colorPaletteRedForeground1)' },
});

export function RowActions({
  actions,
  label,
}: {
  actions: readonly RowAction[] /** Names the row for the 更多 button. */;
  label?: string;
}) {
  const styles = useStyles();
  const offered = actions.filter((a) => !a.hidden);
  const shown = offered.slice(0, ROW_ACTIONS_SHOWN);
  const more = offered.slice(shown.length);
  return (
    <div className={styles.row}>
      {shown.map((a) => (
        <Button
          key={a.label}
          className={a.danger ? `${styles.op} ${styles.danger}` : styles.op}
          size="small"
          appearance="transparent"
          disabled={a.disabled}
          onClick={a.onClick}
        >
          {a.label}
        </Button>
      ))}
      {more.length > 0 && (
        <Menu positioning="below-end">
          <MenuTrigger disableButtonEnhancement>
            <Button
              className={styles.op}
              size="small"
              appearance="transparent"
              icon={<ChevronDownRegular />}
              iconPosition="after"
              aria-label={label ? `${MORE_TEXT}（${label}）` : MORE_TEXT}
            >
              {MORE_TEXT}
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {more.map((a) => (
                <MenuItem key={a.label} disabled={a.disabled} onClick={a.onClick}>
                  {a.label}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
    </div>
  );
}
