import type { CSSProperties } from 'react';
import { useState } from 'react';
import { SearchSelect } from '../../../components/search-select/SearchSelect.tsx';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePlanOptions } from '../api/plan-network-page.ts';

export interface PlanSelectProps {
  value?: string | null;
  onChange?: (grpPlanCode: string | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  id?: string;
  'aria-label'?: string;
}

/**
 * A group plan of the tenant, searched on the server by code, name or customer id (at most 50
 * answers, issue 10: a tenant's plans are not listed whole). The current plan is always
 * answered, so its name shows whatever was searched.
 */
export function PlanSelect({ value, onChange, ...rest }: PlanSelectProps) {
  const [keyword, setKeyword] = useState('');
  const [search] = useDebouncedValue(keyword);
  const options = usePlanOptions(search, value ? [value] : []);
  return (
    <SearchSelect
      {...rest}
      value={value ?? null}
      onChange={onChange}
      keyword={keyword}
      onKeywordChange={setKeyword}
      fetching={options.isFetching}
      more={options.more}
      options={options.plans.map((p) => ({
        value: p.grpPlanCode,
        label: `${p.grpPlanCode} ${pickLanguage(p.name, p.nameEn)}`,
      }))}
    />
  );
}
