// The numbers of SPEC §9 that are rules, in one place so the client, the gateway and the tests never retype
// them. Rule modules (text input, upload, pagination, select, …) import their limits from here; the
// password limits stay beside the password policy, which owned them first.

/** §7.1, §9: how long an error or success toast stays. */
export const TOAST_DURATION_MS = 3000;
export const TOOLTIP_HIDE_MS = 3000;
/** §4, §8: after code 160300004 the user goes to /login this much later. */
export const LOGOUT_REDIRECT_DELAY_MS = 1000;
/** §8: a script chunk that takes longer than this is a load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** §7.1: the shared HTTP client's time-out. */
export const HTTP_TIMEOUT_MS = 600_000;

/** §9: remote search in a select and autocomplete both wait this long after the last keystroke. */
export const REMOTE_SEARCH_DEBOUNCE_MS = 300;
export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const TOOLTIP_CLOSE_DEBOUNCE_MS = 200;
export const POPOVER_CLOSE_DELAY_MS = 200;
export const DROPDOWN_SHOW_DELAY_MS = 250;
export const DROPDOWN_HIDE_DELAY_MS = 150;
export const SUBMENU_SHOW_DELAY_MS = 300;
export const SUBMENU_HIDE_DELAY_MS = 300;
export const NUMBER_INPUT_REPEAT_MS = 100;
export const NUMBER_INPUT_STEP = 1;
export const CASCADER_HOVER_DELAY_MS = 500;
export const INFINITE_SCROLL_DELAY_MS = 200;
export const BACK_TO_TOP_VISIBILITY_PX = 200;
export const BACK_TO_TOP_DURATION_MS = 500;

/** §5, §9: text inputs. */
export const TEXT_MAX_SINGLE_LINE = 100;
export const TEXT_MAX_MULTI_LINE = 2000;
/** §7.1, §5: the value that resets a text input to empty. */
export const TEXT_RESET_VALUE = -999;

/** §5, §9: uploads. */
export const FILE_NAME_MAX_LENGTH = 80;
export const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** §9: pagination. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
export const DEFAULT_PAGER_COUNT = 7;
export const PAGER_COUNT_MIN = 5;
export const PAGER_COUNT_MAX = 21;
export const PAGINATION_LAYOUT = ['prev', 'pager', 'next', 'jumper', 'total'] as const;

/** §5, §9: selects. */
export const SELECT_MAX_VISIBLE_OPTIONS = 50;
export const SELECT_SEARCH_MAX_LENGTH = 100;

/** §5: progress. */
export const PROGRESS_MIN = 0;
export const PROGRESS_MAX = 100;
export const PROGRESS_STATUSES = ['success', 'exception', 'warning'] as const;
export const PROGRESS_TYPES = ['line', 'circle', 'dashboard'] as const;

/** §9: layout. */
export const DEFAULT_UI_SIZE = 'small';
export const LAYER_BASE_Z_INDEX = 3000;
export const FORM_COLUMNS = { xs: 24, sm: 12, md: 8, lg: 6, xl: 6 } as const;
export const FORM_LABEL_WIDTH_PX = 150;
export const FORM_TOP_LABEL_GUTTER = 20;
export const DIALOG_DEFAULT_WIDTH = '60%';
export const SWITCH_SUBSYSTEM_DIALOG_WIDTH_PX = 400;
export const AUTHORIZATION_DIALOG_WIDTH_PX = 600;
export const DRAWER_DEFAULT_SIZE = '30%';
export const CONTEXT_MENU_WIDTH_PX = 105;
export const IMAGE_VIEWER_ZOOM_STEP = 0.2;
export const IMAGE_VIEWER_ROTATE_DEG = 90;
export const CALENDAR_MAX_MONTHS = 2;

/** §9: the product's application code and the authorization letter's template id (beyond 2^53, so text). */
export const PRODUCT_APP_CODE = 'wsf_app';
export const AUTHORIZATION_TEMPLATE_ID = '2208121420261270001';
