// The query form of SPEC §2.5 and §9: fields on a 24-column grid (each takes 24 columns on a phone, 12 from
// 768 px, 8 from 992 px, 6 from 1200 px and from 1920 px), labels 150 px wide beside their input, and 查询 /
// 重置. 查询 (or Enter in a field) validates first: an invalid form only logs '表单有误', nothing is called.
// The values live with the owner; this component lays them out and decides when to search.
// Below 768 px the fields fold behind a 筛选 button, so a phone opens on the list rather than on the form; a
// search folds them again to show what it found.
import { Button, Field, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { SearchRegular, ArrowResetRegular, FilterRegular } from '@fluentui/react-icons';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { DEFAULT_UI_SIZE, FORM_COLUMNS, FORM_LABEL_WIDTH_PX, FORM_TOP_LABEL_GUTTER } from '../../../domain/constants';
import { useNarrowScreen } from '../../shell/use-narrow-screen';

export const QUERY_TEXT = '查询';
export const RESET_TEXT = '重置';
export const INVALID_FORM_LOG = '表单有误';
export const FILTER_TEXT = '筛选';

const GRID_COLUMNS = 24;
/** The breakpoints the spec's xs/sm/md/lg/xl columns refer to (min widths in px; xs is below sm). */
export const FORM_BREAKPOINTS_PX = { sm: 768, md: 992, lg: 1200, xl: 1920 } as const;

/** How many of the 24 columns one field takes at a viewport width. */
export function formColumnSpan(viewportWidthPx: number): number {
  if (viewportWidthPx >= FORM_BREAKPOINTS_PX.xl) return FORM_COLUMNS.xl;
  if (viewportWidthPx >= FORM_BREAKPOINTS_PX.lg) return FORM_COLUMNS.lg;
  if (viewportWidthPx >= FORM_BREAKPOINTS_PX.md) return FORM_COLUMNS.md;
  if (viewportWidthPx >= FORM_BREAKPOINTS_PX.sm) return FORM_COLUMNS.sm;
  return FORM_COLUMNS.xs;
}

const span = (columns: number) => ({ gridColumn: `span ${columns} / span ${columns}` });

const useStyles = makeStyles({
  form: {
    display: 'grid',
    gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`,
    columnGap: `${FORM_TOP_LABEL_GUTTER}px`,
    rowGap: tokens.spacingVerticalM,
    alignItems: 'start',
    // One field a row on a phone: the 23 gutters of the 24-column grid alone would need 460 px.
    [`@media (max-width: ${FORM_BREAKPOINTS_PX.sm - 1}px)`]: { columnGap: 0 },
  },
  cell: {
    ...span(FORM_COLUMNS.xs),
    [`@media (min-width: ${FORM_BREAKPOINTS_PX.sm}px)`]: span(FORM_COLUMNS.sm),
    [`@media (min-width: ${FORM_BREAKPOINTS_PX.md}px)`]: span(FORM_COLUMNS.md),
    [`@media (min-width: ${FORM_BREAKPOINTS_PX.lg}px)`]: span(FORM_COLUMNS.lg),
    [`@media (min-width: ${FORM_BREAKPOINTS_PX.xl}px)`]: span(FORM_COLUMNS.xl),
  },
  // On a phone the label goes above its input, so the input keeps the screen's width (SPEC §9 xs).
  field: {
    gridTemplateColumns: `${FORM_LABEL_WIDTH_PX}px minmax(0, 1fr)`,
    [`@media (max-width: ${FORM_BREAKPOINTS_PX.sm - 1}px)`]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  label: {
    justifyContent: 'flex-end',
    textAlign: 'right',
    paddingRight: tokens.spacingHorizontalS,
    [`@media (max-width: ${FORM_BREAKPOINTS_PX.sm - 1}px)`]: {
      justifyContent: 'flex-start',
      textAlign: 'left',
      paddingRight: 0,
    },
  },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
  folded: { display: 'none' },
  filter: { alignSelf: 'flex-start' },
  phone: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

export interface QueryFormItemProps {
  label: string;
  /** One Fluent input (or a kit input built on one): the label is tied to it. */
  children: ReactNode;
  required?: boolean;
  validationMessage?: string;
}

export function QueryFormItem({ label, children, required, validationMessage }: QueryFormItemProps) {
  const styles = useStyles();
  return (
    <div className={styles.cell}>
      <Field
        className={styles.field}
        label={{ children: label, className: styles.label }}
        orientation="horizontal"
        size={DEFAULT_UI_SIZE}
        required={required}
        validationMessage={validationMessage}
      >
        {children}
      </Field>
    </div>
  );
}

export interface QueryFormProps {
  children: ReactNode;
  onSearch: () => void;
  onReset: () => void;
  /** Asked before every search; false (or a promise of false) stops it. */
  validate?: () => boolean | Promise<boolean>;
  /** 查询 takes no clicks while a search runs. */
  searching?: boolean;
  'aria-label'?: string;
  className?: string;
}

export function QueryForm({ children, onSearch, onReset, validate, searching, className, ...rest }: QueryFormProps) {
  const styles = useStyles();
  const phone = useNarrowScreen();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const folded = phone && !open;
  const search = async () => {
    const valid = validate ? await validate() : true;
    if (!valid) {
      console.log(INVALID_FORM_LOG);
      return;
    }
    setOpen(false);
    onSearch();
  };
  const form = (
    <form
      id={formId}
      role="search"
      aria-label={rest['aria-label'] ?? '查询条件'}
      // Folded, not removed: what was typed stays for the next search.
      className={mergeClasses(styles.form, folded && styles.folded, className)}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (!searching) void search();
      }}
    >
      {children}
      <div className={mergeClasses(styles.cell, styles.actions)}>
        <Button type="submit" appearance="primary" size={DEFAULT_UI_SIZE} icon={<SearchRegular />} disabled={searching}>
          {QUERY_TEXT}
        </Button>
        <Button type="button" size={DEFAULT_UI_SIZE} icon={<ArrowResetRegular />} onClick={onReset}>
          {RESET_TEXT}
        </Button>
      </div>
    </form>
  );
  if (!phone) return form;
  return (
    <div className={styles.phone}>
      <Button
        className={styles.filter}
        size={DEFAULT_UI_SIZE}
        icon={<FilterRegular />}
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((o) => !o)}
      >
        {FILTER_TEXT}
      </Button>
      {form}
    </div>
  );
}
