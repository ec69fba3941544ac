// The frame every list screen shares: the page, its cards (query form, table), the toolbar above a table,
// and the compact row-action buttons.
import { makeStyles, tokens } from '@fluentui/react-components';

export const useListScreenStyles = makeStyles({
  page: { padding: '16px 24px', display: 'flex', flexDirection: 'column', gap: '16px' },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    padding: '16px',
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
  },
  toolbar: { display: 'flex', gap: '8px' },
  actions: { display: 'flex', columnGap: '2px', flexWrap: 'wrap' },
  op: { minWidth: 'auto', paddingLeft: '4px', paddingRight: '4px' },
});
