import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Form } from 'antd';
import type { ReactNode } from 'react';

/**
 * The buttons that end a list's filter form: search (submits the form), reset, reload the
 * current page, then whatever the list adds (an export). The labels come from the list's own
 * namespace.
 */
export function SearchActions({
  labels,
  onReset,
  onReload,
  children,
}: {
  labels: { search: string; reset: string; reload: string };
  onReset: () => void;
  onReload: () => void;
  children?: ReactNode;
}) {
  return (
    <Form.Item>
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {labels.search}
        </Button>
        <Button onClick={onReset}>{labels.reset}</Button>
        <Button icon={<ReloadOutlined />} aria-label={labels.reload} onClick={onReload} />
        {children}
      </Flex>
    </Form.Item>
  );
}
