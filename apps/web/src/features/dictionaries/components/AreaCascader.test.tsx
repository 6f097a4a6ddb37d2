import { EMPTY_AREA_VALUE, type TAreaValue } from '@portal/domain/dictionaries/rules';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderAt } from '../../../test/render.tsx';
import { AreaCascader } from './AreaCascader.tsx';

const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown) =>
  new Response(JSON.stringify({ isSuccess: true, code: 0, msg: '成功', msg_en: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const area = (
  code: string,
  upCode: string,
  level: string,
  cnName: string,
  enName: string,
  hasChildren = true,
) => ({
  id: `id-${code}`,
  code,
  upCode,
  level,
  cnName,
  enName,
  sort: 0,
  hasChildren,
});
const CHILDREN: Record<string, ReturnType<typeof area>[]> = {
  '0': [
    area('01', '0', '01', '亚洲', 'Asia'),
    area('02', '0', '01', '欧洲', 'Europe'),
    area('04', '0', '01', '北美洲', 'North America'),
  ],
  '01': [area('23', '01', '02', '中国', 'China'), area('JP', '01', '02', '日本', 'Japan', false)],
  '02': [area('FR', '02', '02', '法国', 'France', false)],
  '04': [area('US', '04', '02', '美国', 'United States')],
  '23': [area('110000', '23', '03', '北京市', 'Beijing'), area('310000', '23', '03', '上海市', 'Shanghai')],
  '110000': [area('110100', '110000', '04', '北京市', 'Beijing Shi')],
  '110100': [area('110108', '110100', '05', '海淀区', 'Haidian Qu', false)],
  US: [area('US-CA', 'US', '03', '加利福尼亚州', 'California')],
  'US-CA': [area('US-CA-SF', 'US-CA', '04', '旧金山', 'San Francisco', false)],
};

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://portal.test');
    const match = /^\/saasapi\/drsystem\/ldaddress\/getAddressByUpCode\/(.+)$/.exec(url.pathname);
    if (!match) return new Response('', { status: 404 });
    return ok(CHILDREN[decodeURIComponent(match[1])] ?? []);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const HAIDIAN: TAreaValue = { continent: '01', country: '23', provinceCity: ['110000', '110100', '110108'] };

function Harness({ initial, onChange }: { initial: TAreaValue; onChange: (value: TAreaValue) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <AreaCascader
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByLabelText(label));
  const item = await waitFor(() => {
    const found = [
      ...document.querySelectorAll<HTMLElement>(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      ),
    ].find((o) => o.getAttribute('title') === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await userEvent.click(item);
}

function clear(label: string) {
  const select = screen.getByLabelText(label).closest('.ant-select');
  const icon = select?.querySelector('.ant-select-clear');
  if (!icon) throw new Error(`no clear icon on ${label}`);
  fireEvent.mouseDown(icon);
  fireEvent.mouseUp(icon);
  fireEvent.click(icon);
}

describe('<AreaCascader>', () => {
  it('shows a stored address by its names in the current language', async () => {
    renderAt(<Harness initial={HAIDIAN} onChange={() => {}} />);
    await waitFor(() => expect(document.body.textContent).toContain('北京市 / 北京市 / 海淀区'));
    expect(document.body.textContent).toContain('亚洲');
    expect(document.body.textContent).toContain('中国');
    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => expect(document.body.textContent).toContain('Beijing / Beijing Shi / Haidian Qu'));
    expect(document.body.textContent).toContain('China');
  });

  it('shows skeletons, not codes, while the names load, and a retry when they cannot', async () => {
    let failing = true;
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://portal.test');
      const match = /^\/saasapi\/drsystem\/ldaddress\/getAddressByUpCode\/(.+)$/.exec(url.pathname);
      if (!match) return new Response('', { status: 404 });
      if (failing)
        return new Response(
          JSON.stringify({
            isSuccess: false,
            code: 50000,
            msg: '系统内部错误',
            msg_en: 'Internal',
            data: null,
          }),
          { status: 500, headers: { 'content-type': 'application/json' } },
        );
      return ok(CHILDREN[decodeURIComponent(match[1])] ?? []);
    });
    renderAt(<Harness initial={HAIDIAN} onChange={() => {}} />);
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    for (const code of ['01', '23', '110000', '110108'])
      expect(document.body.textContent).not.toContain(code);
    failing = false;
    await userEvent.click(screen.getAllByRole('button', { name: '重试' })[0]);
    await userEvent.click(screen.getAllByRole('button', { name: '重试' })[0]);
    await userEvent.click(screen.getAllByRole('button', { name: '重试' })[0]);
    await waitFor(() => expect(document.body.textContent).toContain('北京市 / 北京市 / 海淀区'));
    expect(document.body.textContent).toContain('亚洲');
    expect(document.body.textContent).toContain('中国');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('changing the continent clears country and province/city', async () => {
    const onChange = vi.fn();
    renderAt(<Harness initial={HAIDIAN} onChange={onChange} />);
    await waitFor(() => expect(document.body.textContent).toContain('海淀区'));
    await choose('大洲', '欧洲');
    expect(onChange).toHaveBeenLastCalledWith({ continent: '02', country: '', provinceCity: [] });
  });

  it('changing the country clears province/city', async () => {
    const onChange = vi.fn();
    renderAt(<Harness initial={HAIDIAN} onChange={onChange} />);
    await waitFor(() => expect(document.body.textContent).toContain('海淀区'));
    await choose('国家/地区', '日本');
    expect(onChange).toHaveBeenLastCalledWith({ continent: '01', country: 'JP', provinceCity: [] });
  });

  it('clearing the continent clears all three', async () => {
    const onChange = vi.fn();
    renderAt(<Harness initial={HAIDIAN} onChange={onChange} />);
    await waitFor(() => expect(document.body.textContent).toContain('海淀区'));
    clear('大洲');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(EMPTY_AREA_VALUE));
  });

  it('in China only a district completes the choice; elsewhere any level may be chosen', async () => {
    const onChange = vi.fn();
    const china = renderAt(
      <Harness initial={{ continent: '01', country: '23', provinceCity: [] }} onChange={onChange} />,
    );
    await userEvent.click(screen.getByLabelText('省/市/区'));
    await userEvent.click(await screen.findByText('北京市'));
    await waitFor(() => expect(document.querySelectorAll('.ant-cascader-menu')).toHaveLength(2));
    expect(onChange).not.toHaveBeenCalled();
    china.unmount();

    renderAt(<Harness initial={{ continent: '04', country: 'US', provinceCity: [] }} onChange={onChange} />);
    await userEvent.click(screen.getByLabelText('省/市/区'));
    await userEvent.click(await screen.findByText('加利福尼亚州'));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({ continent: '04', country: 'US', provinceCity: ['US-CA'] }),
    );
  });

  it('the country waits for a continent and the cascader for a country without sub-areas', async () => {
    renderAt(<Harness initial={{ continent: '02', country: 'FR', provinceCity: [] }} onChange={() => {}} />);
    await waitFor(() => expect(screen.getByText('该国家/地区暂无下级地区')).toBeTruthy());
    const cascader = screen.getByLabelText('省/市/区').closest('.ant-select, .ant-cascader');
    expect(cascader?.className).toMatch(/disabled/);
  });
});
