/** Pager sizes of spec 1 section 9. */
export const PAGE_SIZES = [5, 10, 20, 30, 50];
