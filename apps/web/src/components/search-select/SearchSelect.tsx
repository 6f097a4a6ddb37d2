import { Flex, Select, Spin, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface TSearchSelectOption {
  value: string;
  label: string;
}

type TCommon = {
  options: readonly TSearchSelectOption[];
  /** The text typed, searched on the server once it settles (the caller debounces). */
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  /** A search is under way. */
  fetching: boolean;
  /** The server had more matches than it answered: the user is told to narrow the search. */
  more: boolean;
  allowClear?: boolean;
  disabled?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  'aria-label'?: string;
  id?: string;
  /** Multiple mode: how many chosen tags show before '+ n' ('responsive': as many as fit). */
  maxTagCount?: number | 'responsive';
};
export type SearchSelectProps = TCommon &
  (
    | { mode: 'multiple'; value?: string[]; onChange?: (v: string[]) => void }
    | { mode?: undefined; value?: string | null; onChange?: (v: string | undefined) => void }
  );

/**
 * A select whose options are searched on the server (issue 10: no picker lists a tenant's rows
 * whole): it shows "searching" while a search runs, "no match" when nothing matches, and says so
 * when more match than were answered. The caller answers the chosen values too, so their labels
 * show whatever was searched.
 */
export function SearchSelect(props: SearchSelectProps) {
  const { t } = useTranslation();
  const { options, keyword, onKeywordChange, fetching, more, mode, value, onChange, ...rest } = props;
  const searching = (
    <Flex gap={8} align="center" role="status">
      <Spin size="small" />
      {t('searchSelect.searching')}
    </Flex>
  );
  return (
    <Select
      {...rest}
      mode={mode}
      value={(value ?? (mode === 'multiple' ? [] : null)) as string & string[]}
      onChange={(v: string | string[] | undefined) => {
        onKeywordChange('');
        (onChange as ((x: typeof v) => void) | undefined)?.(v);
      }}
      showSearch={{ filterOption: false, onSearch: onKeywordChange, searchValue: keyword }}
      loading={fetching}
      notFoundContent={fetching ? searching : t('searchSelect.noMatch')}
      popupRender={(menu: ReactNode) => (
        <>
          {menu}
          {more && (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 12px' }} role="note">
              {t('searchSelect.more')}
            </Typography.Text>
          )}
        </>
      )}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
    />
  );
}
