import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';

/** Page sizes of spec section 9. */
export const PAGE_SIZES = [5, 10, 20, 30, 50] as const;
/** The default list page size (spec section 9). */
export const DEFAULT_PAGE_SIZE = 10;

export interface PagerProps {
  /** 1-based page number. */
  current: number;
  pageSize?: number;
  total: number;
  /**
   * The server counted no further than `total` (a filtered task list, decision 0022): the pager
   * says "more than" and pages up to `total`.
   */
  totalCapped?: boolean;
  onChange: (current: number, pageSize: number) => void;
  /** Other size choices (the notes table: 10, 20, 30, 50). */
  pageSizes?: readonly number[];
  disabled?: boolean;
  /** Fewer controls (phones). */
  simple?: boolean;
}

/**
 * The list pager: total shown ("more than" when the server capped its count), page sizes 5, 10, 20, 30, 50 (default 10) and a quick jumper.
 * Changing the size goes back to page 1.
 */
export function Pager({
  current,
  pageSize = DEFAULT_PAGE_SIZE,
  total,
  totalCapped,
  onChange,
  pageSizes = PAGE_SIZES,
  disabled,
  simple,
}: PagerProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      className="portal-pager"
      current={current}
      pageSize={pageSize}
      total={total}
      disabled={disabled}
      showSizeChanger={!simple}
      showQuickJumper={!simple}
      pageSizeOptions={[...pageSizes]}
      showTotal={(count) =>
        totalCapped
          ? t('pager.totalCapped', { shown: count.toLocaleString('en') })
          : t('pager.total', { count })
      }
      onChange={(page, size) => onChange(size !== pageSize ? 1 : page, size)}
      size={simple ? 'small' : undefined}
    />
  );
}
