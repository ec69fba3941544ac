import { makeStyles, tokens } from '@fluentui/react-components';

export const useDetailStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(260px, 100%), 1fr))',
    gap: '8px 24px',
    margin: 0,
  },
  item: { display: 'flex', flexWrap: 'wrap', gap: '0 8px', minWidth: 0 },
  label: { color: tokens.colorNeutralForeground3, flexShrink: 0, width: '84px' },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  scroll: { overflowX: 'auto' },
  /** A table whose numbers must not wrap into each other on a phone: it scrolls sideways instead. */
  wideTable: { minWidth: '560px' },
  noWrap: { whiteSpace: 'nowrap' },
  empty: { color: tokens.colorNeutralForeground3 },
});
