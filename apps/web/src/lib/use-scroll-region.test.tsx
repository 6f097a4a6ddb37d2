import { render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { useScrollRegion } from './use-scroll-region.ts';

function WideTable() {
  const ref = useScrollRegion<HTMLDivElement>('Tasks');
  return (
    <div ref={ref}>
      <Table
        rowKey="id"
        columns={[{ key: 'name', dataIndex: 'name', title: 'Name', width: 2000 }]}
        dataSource={[{ id: 1, name: 'one' }]}
        scroll={{ x: 2000 }}
        pagination={false}
      />
    </div>
  );
}

describe('useScrollRegion', () => {
  it('makes the scrolling part of a wide table a focusable, named region', () => {
    render(<WideTable />);
    const region = screen.getByRole('region', { name: 'Tasks' });
    expect(region.tabIndex).toBe(0);
    expect(region.querySelector('table')).toBeTruthy();
  });
});
