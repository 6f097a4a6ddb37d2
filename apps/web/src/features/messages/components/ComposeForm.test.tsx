import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { ComposeForm } from './ComposeForm.tsx';

describe('<ComposeForm>', () => {
  beforeEach(async () => {
    await signInAs({ permissions: ['msg:msg:*'] });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh');
  });

  it('checks the name with the spec rule and sends nothing while the form is invalid', async () => {
    const api = mockApi({ 'POST /saasapi/msg/msg/providers': () => [] });
    const onSaved = vi.fn();
    renderAt(<ComposeForm onSaved={onSaved} />);
    await userEvent.type(screen.getByLabelText('名称'), 'a');
    await userEvent.click(screen.getByRole('button', { name: /发\s*送/ }));
    await waitFor(() => expect(screen.getAllByText('名称为 2 到 50 个字符').length).toBeGreaterThan(0));
    expect(api.callsTo('/msg/msg')).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('saves a draft with only its names, and shows the server answer', async () => {
    const api = mockApi({
      'POST /saasapi/msg/msg/providers': () => [],
      'POST /saasapi/msg/msg': () => ({ id: 'x', status: '03', recipients: 0 }),
    });
    const onSaved = vi.fn();
    renderAt(<ComposeForm onSaved={onSaved} />);
    await userEvent.type(screen.getByLabelText('名称'), '停诊通知');
    await userEvent.type(screen.getByLabelText('英文名称'), 'Clinic closure');
    await userEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('03'));
    expect(api.callsTo('/msg/msg')[0].body).toMatchObject({
      action: 'draft',
      name: '停诊通知',
      searchType: '02',
    });
  });

  it.each([
    ['zh', '广东省 / 广州市 / 天河区', '北京市'],
    ['en', 'Guangdong / Guangzhou / Tianhe', 'Beijing'],
  ])(
    'names the chosen areas in the user language (%s), not by their codes',
    async (lang, tianhe, beijing) => {
      await i18n.changeLanguage(lang);
      const area = (code: string, upCode: string, level: string, cnName: string, enName: string) => ({
        id: code,
        code,
        upCode,
        level,
        cnName,
        enName,
        sort: 0,
        hasChildren: level !== '05',
      });
      const chains: Record<string, unknown[]> = {
        '440106': [
          area('440000', '23', '03', '广东省', 'Guangdong'),
          area('440100', '440000', '04', '广州市', 'Guangzhou'),
          area('440106', '440100', '05', '天河区', 'Tianhe'),
        ],
        '110000': [area('110000', '23', '03', '北京市', 'Beijing')],
      };
      mockApi({
        'POST /saasapi/msg/msg/providers': () => [],
        'GET /saasapi/drsystem/ldaddress/getAddressByUpCode/0': () => [],
        ...Object.fromEntries(
          Object.entries(chains).map(([code, chain]) => [
            `GET /saasapi/drsystem/ldaddress/getProvinceCityCounty/${code}`,
            () => chain,
          ]),
        ),
      });
      renderAt(
        <ComposeForm
          initial={{
            id: 'm-1',
            name: '停诊通知',
            nameEn: 'Clinic closure',
            msgType: '01',
            msgLevel: '01',
            status: '03',
            phase: 'scheduled',
            content: '',
            enContent: '',
            validFrom: null,
            validTo: null,
            searchType: '01',
            sender: '',
            senderEn: '',
            sentAt: null,
            updatedAt: '2026-03-01T00:00:00.000Z',
            recipients: 0,
            read: 0,
            unread: 0,
            areaCodes: ['440106', '110000'],
            providerIds: [],
            personInChargeIds: [],
          }}
          onSaved={vi.fn()}
        />,
      );
      expect(await screen.findByText(tianhe)).toBeTruthy();
      expect(await screen.findByText(beijing)).toBeTruthy();
      expect(screen.queryByText('440106')).toBeNull();
      expect(screen.queryByText('110000')).toBeNull();
    },
  );
});
