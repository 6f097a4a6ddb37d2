import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface TChangeRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** One value as text: strings as they are, anything else as compact JSON; absent as '-'. */
function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '-';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The rows of a before/after pair: every field of either side, the changed ones first marked. */
export function changeRows(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): TChangeRow[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const b = before?.[field];
    const a = after?.[field];
    return { field, before: b, after: a, changed: JSON.stringify(b ?? null) !== JSON.stringify(a ?? null) };
  });
}

/** The before and after of an operation-log row, field by field, changed values highlighted. */
export function ChangeView({
  before,
  after,
}: {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}) {
  const { t } = useTranslation('logs');
  const rows = changeRows(before, after);
  if (rows.length === 0) return <Typography.Text type="secondary">{t('operation.noDetail')}</Typography.Text>;
  const cell = (value: unknown, changed: boolean) => (
    <Typography.Text strong={changed} style={{ wordBreak: 'break-all' }}>
      {show(value)}
    </Typography.Text>
  );
  return (
    <Table<TChangeRow>
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={rows}
      columns={[
        { key: 'field', title: t('operation.field'), width: 200, render: (_, r) => r.field },
        { key: 'before', title: t('operation.before'), render: (_, r) => cell(r.before, r.changed) },
        { key: 'after', title: t('operation.after'), render: (_, r) => cell(r.after, r.changed) },
      ]}
    />
  );
}
