import type { DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { FieldValue } from './FieldValue.tsx';
import { FieldLabel } from './field-changes.tsx';

export type TDescriptionItem = NonNullable<DescriptionsProps['items']>[number];

/** A Descriptions item of a record field: label with its NEW marker, value as FieldValue shows it. */
export function fieldItem(
  field: string,
  value: unknown,
  options: { span?: TDescriptionItem['span']; children?: ReactNode; label?: ReactNode } = {},
): TDescriptionItem {
  return {
    key: field,
    label: <FieldLabel field={field}>{options.label}</FieldLabel>,
    children: options.children ?? <FieldValue field={field} value={value} />,
    span: options.span,
  };
}

/** Columns of the detail cards' descriptions by screen width. */
export const DETAIL_COLUMNS = { xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 3 } as const;
