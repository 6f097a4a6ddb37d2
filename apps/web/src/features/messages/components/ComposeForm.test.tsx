import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { ComposeForm } from './ComposeForm.tsx';

describe('<ComposeForm>', () => {
  beforeEach(async () => {
    await signInAs({ permissions: ['msg:msg:*'] });
  });
  afterEach(() => vi.unstubAllGlobals());

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
});
