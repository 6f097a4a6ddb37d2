import {
  areaAnyLevelSelectable,
  changeArea,
  EMPTY_AREA_VALUE,
  type TArea,
  type TAreaValue,
} from '@portal/domain/dictionaries/rules';
import { useQueryClient } from '@tanstack/react-query';
import { Cascader, Flex, Select } from 'antd';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { areaChildrenQueryOptions, useAreaChildren } from '../api/get-address-by-up-code.ts';
import { LookupState } from './LookupState.tsx';

type TPart = keyof TAreaValue;

export interface AreaCascaderProps {
  /** { continent, country, provinceCity: [province, city, district] }; codes, '' / [] when empty. */
  value?: TAreaValue;
  onChange?: (value: TAreaValue) => void;
  disabled?: boolean;
  /** id of the first control (Form.Item passes its field id here). */
  id?: string;
  /** ids of the three controls, for the labels of a form. */
  ids?: Partial<Record<TPart, string>>;
  /** Validation status of each control. */
  status?: Partial<Record<TPart, 'error' | 'warning'>>;
  style?: CSSProperties;
  /** Any level of the province / city / district may be chosen, in China too (message recipients). */
  anyLevel?: boolean;
}

interface TCascaderOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: TCascaderOption[];
}

/**
 * The hospital form's address picker: continent, country/region, and a province / city /
 * district cascader loaded level by level. Changing the continent clears country and
 * province/city (so does clearing it); changing the country clears province/city. Any level
 * of the cascader may be chosen only when the country is not China (23).
 */
export function AreaCascader({
  value = EMPTY_AREA_VALUE,
  onChange,
  disabled,
  id,
  ids,
  status,
  style,
  anyLevel = false,
}: AreaCascaderProps) {
  const { t, i18n } = useTranslation('dictionaries');
  const en = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  const client = useQueryClient();
  const nameOf = useCallback((area: TArea) => (en ? area.enName : area.cnName) || area.cnName, [en]);

  const continents = useAreaChildren('0');
  const countries = useAreaChildren(value.continent);
  const provinces = useAreaChildren(value.country);

  // Children loaded below the provinces, by the code of their parent.
  const [loaded, setLoaded] = useState<Record<string, TArea[]>>({});
  const load = useCallback(
    async (code: string) => {
      const children = await client.fetchQuery(areaChildrenQueryOptions(code));
      setLoaded((prev) => (prev[code] === children ? prev : { ...prev, [code]: children }));
    },
    [client],
  );

  // A stored value shows its labels: load the levels it passes through.
  const path = value.provinceCity.join('/');
  const [chainFailed, setChainFailed] = useState(false);
  const loadChain = useCallback(
    (codes: readonly string[]) => {
      for (const code of codes) void load(code).catch(() => setChainFailed(true));
    },
    [load],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: path stands for value.provinceCity
  useEffect(() => {
    loadChain(value.provinceCity.slice(0, -1).filter((code) => !loaded[code]));
  }, [path, loadChain]);
  const retryChain = () => {
    setChainFailed(false);
    if (provinces.isError) void provinces.refetch();
    loadChain(value.provinceCity.slice(0, -1).filter((code) => !loaded[code]));
  };

  /** A chosen code whose name has not arrived: a skeleton, or a retry when loading failed. */
  const unnamed = (failed: boolean, retry: () => void) => (
    <LookupState status={failed ? 'error' : 'pending'} onRetry={retry} />
  );
  const labelOrState =
    (query: { isError: boolean; data?: unknown; refetch: () => unknown }) =>
    (item: { label?: ReactNode; value: string | number }) =>
      item.label ?? unnamed(query.isError && !query.data, () => void query.refetch());

  const options = useMemo(() => {
    const build = (areas: TArea[] | undefined): TCascaderOption[] =>
      (areas ?? []).map((area) => ({
        value: area.code,
        label: nameOf(area),
        isLeaf: !area.hasChildren,
        children: loaded[area.code] ? build(loaded[area.code]) : undefined,
      }));
    return build(provinces.data);
  }, [provinces.data, loaded, nameOf]);

  const emit = (part: TPart, next: string | string[] | undefined | null) => {
    const changed = changeArea(value, part, next ?? (part === 'provinceCity' ? [] : ''));
    if (changed !== value) onChange?.(changed);
  };
  const selectOptions = (areas: TArea[] | undefined) =>
    (areas ?? []).map((area) => ({
      value: area.code,
      label: nameOf(area),
      search: `${area.code} ${area.cnName} ${area.enName}`.toLowerCase(),
    }));
  const filter = (input: string, option?: { search: string }) =>
    Boolean(option?.search.includes(input.trim().toLowerCase()));
  const noProvinces = value.country !== '' && provinces.isSuccess && provinces.data.length === 0;

  return (
    <Flex gap={8} wrap style={style}>
      <Select
        id={ids?.continent ?? id}
        aria-label={t('area.continent')}
        style={{ width: 160 }}
        value={value.continent || undefined}
        options={selectOptions(continents.data)}
        loading={continents.isPending}
        placeholder={t('area.continentPlaceholder')}
        allowClear
        disabled={disabled}
        status={status?.continent}
        labelRender={labelOrState(continents)}
        onChange={(next) => emit('continent', next)}
      />
      <Select
        id={ids?.country}
        aria-label={t('area.country')}
        style={{ width: 220 }}
        value={value.country || undefined}
        options={selectOptions(countries.data)}
        loading={value.continent !== '' && countries.isPending}
        placeholder={t('area.countryPlaceholder')}
        allowClear
        showSearch={{ filterOption: filter }}
        disabled={disabled || value.continent === ''}
        status={status?.country}
        labelRender={labelOrState(countries)}
        onChange={(next) => emit('country', next)}
      />
      <Cascader<TCascaderOption>
        id={ids?.provinceCity}
        aria-label={t('area.provinceCity')}
        style={{ width: 360, maxWidth: '100%' }}
        value={value.provinceCity.length > 0 ? value.provinceCity : undefined}
        options={options}
        loadData={(selected) => {
          const last = selected[selected.length - 1];
          if (last && !loaded[last.value]) void load(last.value).catch(() => {});
        }}
        changeOnSelect={anyLevel || areaAnyLevelSelectable(value.country)}
        placeholder={noProvinces ? t('area.noProvinces') : t('area.provinceCityPlaceholder')}
        allowClear
        disabled={disabled || value.country === '' || noProvinces}
        status={status?.provinceCity}
        displayRender={(labels, selected) =>
          selected && selected.length === labels.length && selected.every(Boolean)
            ? labels.join(' / ')
            : unnamed(chainFailed || (provinces.isError && !provinces.data), retryChain)
        }
        onChange={(next) => emit('provinceCity', (next as string[] | undefined) ?? [])}
      />
    </Flex>
  );
}
