/** Page sizes a list accepts (DESIGN.md §4): the API's `per_page` rule and the console's size picker. */
export const PER_PAGE_OPTIONS = [20, 50, 100, 200] as const;
export type PerPage = (typeof PER_PAGE_OPTIONS)[number];
export const DEFAULT_PER_PAGE: PerPage = 50;
/** The largest page: what a select of options (shops, makers) asks for at once. */
export const PER_PAGE_MAX: PerPage = 200;
