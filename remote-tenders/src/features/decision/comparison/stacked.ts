/**
 * The comparison as a table from `lg` up, and below it one card per proposal: the table's parts become blocks,
 * each cell shows its column's name (data-label) above its value, and the sort buttons wrap in a row above.
 */
export const STACKED = {
  table: { display: { base: 'block', lg: 'table' }, tableLayout: 'auto', w: 'full' },
  head: { display: { base: 'block', lg: 'table-header-group' } },
  headRow: { display: { base: 'flex', lg: 'table-row' }, flexWrap: 'wrap', gap: '1' },
  header: {
    display: { base: 'block', lg: 'table-cell' },
    borderBottomWidth: { base: '0', lg: '1px' },
    px: '1',
  },
  body: {
    display: { base: 'block', lg: 'table-row-group' },
    borderWidth: { base: '1px', lg: '0' },
    borderBottomWidth: '1px',
    borderRadius: { base: 'md', lg: '0' },
    mt: { base: '2', lg: '0' },
    p: { base: '2', lg: '0' },
  },
  row: {
    display: { base: 'grid', lg: 'table-row' },
    gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
    gap: '2',
  },
  cell: {
    display: { base: 'block', lg: 'table-cell' },
    verticalAlign: 'top',
    borderBottomWidth: '0',
    px: { base: '0', lg: '2' },
    _before: {
      content: 'attr(data-label)',
      display: { base: 'block', lg: 'none' },
      fontSize: 'xs',
      color: 'fg.muted',
    },
  },
  actions: {
    display: { base: 'block', lg: 'table-cell' },
    gridColumn: '1 / -1',
    borderBottomWidth: '0',
    px: { base: '0', lg: '2' },
    pb: { lg: '3' },
  },
} as const;
