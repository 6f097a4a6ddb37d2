import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { envelope, failure, mockApi, signInAs } from '../../test/api-mock.ts';
import { testQueryClient } from '../../test/render.tsx';
import { FileUpload } from './FileUpload.tsx';
import { EMPTY_UPLOAD_STATE, type TUploadedFile, uploadedFiles, uploadReducer } from './upload-state.ts';

const stored = (id: string, name: string, size = 1000): TUploadedFile => ({
  id,
  name,
  size,
  url: `/f/${id}`,
});

describe('upload state machine', () => {
  it('goes ready -> success', () => {
    let state = uploadReducer(EMPTY_UPLOAD_STATE, { type: 'add', uid: 'u1', name: 'a.pdf', size: 10 });
    expect(state.items).toEqual([{ uid: 'u1', name: 'a.pdf', size: 10, status: 'ready', percentage: 0 }]);
    state = uploadReducer(state, { type: 'success', uid: 'u1', response: stored('f1', 'a.pdf', 10) });
    expect(state.items[0]).toMatchObject({ status: 'success', percentage: 100, response: { id: 'f1' } });
    expect(uploadedFiles(state).map((f) => f.id)).toEqual(['f1']);
  });

  it('goes ready -> fail: the file leaves the list and its error is kept', () => {
    let state = uploadReducer(EMPTY_UPLOAD_STATE, { type: 'add', uid: 'u1', name: 'a.exe', size: 10 });
    state = uploadReducer(state, {
      type: 'fail',
      uid: 'u1',
      name: 'a.exe',
      message: { zh: '格式错误', en: 'Format error' },
    });
    expect(state.items).toEqual([]);
    expect(state.errors).toEqual([
      { uid: 'u1', name: 'a.exe', message: { zh: '格式错误', en: 'Format error' } },
    ]);
    // A late answer for a failed file changes nothing.
    expect(uploadReducer(state, { type: 'success', uid: 'u1', response: stored('x', 'a.exe') })).toBe(state);
  });

  it('removes stored files and resets to a new value keeping uploads in flight', () => {
    let state = uploadReducer(EMPTY_UPLOAD_STATE, {
      type: 'reset',
      files: [stored('f1', 'a.png'), stored('f2', 'b.png')],
    });
    state = uploadReducer(state, { type: 'add', uid: 'u3', name: 'c.png', size: 5 });
    state = uploadReducer(state, { type: 'remove', uid: 'stored-f1' });
    expect(state.items.map((i) => i.uid)).toEqual(['stored-f2', 'u3']);
    state = uploadReducer(state, { type: 'reset', files: [stored('f9', 'z.png')] });
    expect(state.items.map((i) => i.uid)).toEqual(['stored-f9', 'u3']);
  });
});

describe('<FileUpload>', () => {
  beforeEach(async () => {
    await signInAs();
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderUpload = (props: Partial<Parameters<typeof FileUpload>[0]> = {}) => {
    const onChange = vi.fn();
    render(
      <AppProviders queryClient={testQueryClient()}>
        <FileUpload bizType="PROVIDER_TASK_ATTACH" bizId="T1" onChange={onChange} {...props} />
      </AppProviders>,
    );
    return onChange;
  };

  const input = () => document.querySelector('input[type=file]') as HTMLInputElement;

  it('uploads a chosen file to the upload target and lists it with its type icon', async () => {
    const api = mockApi({
      'POST /saasapi/file/file/anyone/upload': () => ({
        ...stored('0b7f5e5c-6f0e-4a43-9d55-1d0b8b3d2a10', 'report.pdf', 2048),
        fileId: '0b7f5e5c-6f0e-4a43-9d55-1d0b8b3d2a10',
        fileName: 'report.pdf',
      }),
    });
    const onChange = renderUpload();
    await userEvent.upload(input(), new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0][0].map((f: TUploadedFile) => f.name)).toEqual(['report.pdf']);
    const call = api.callsTo('/file/file/anyone/upload')[0];
    expect(call.url.searchParams.get('bizType')).toBe('PROVIDER_TASK_ATTACH');
    expect(call.url.searchParams.get('bizId')).toBe('T1');
    expect((call.body as FormData).get('file')).toBeInstanceOf(File);
    expect(screen.getByText('report.pdf')).toBeTruthy();
    expect(document.querySelector('[data-icon-group="pdf"]')).not.toBeNull();
  });

  it('removes a file the server refuses and shows why', async () => {
    mockApi({
      'POST /saasapi/file/file/anyone/upload': () => failure(40041, '文件格式错误', 'Format error'),
    });
    const onChange = renderUpload();
    await userEvent.upload(input(), new File(['x'], 'scan.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(/scan\.png: 文件格式错误/)).toBeTruthy();
    // The row leaves (after the list's leave animation).
    await waitFor(() => expect(screen.queryByText('scan.png')).toBeNull());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a wrong type before sending it', async () => {
    const api = mockApi({ 'POST /saasapi/file/file/anyone/upload': () => envelope(null) });
    renderUpload({ bizType: 'PROVIDER_TASK_SAVE' });
    await userEvent.upload(input(), new File(['x'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(/notes\.txt: /)).toBeTruthy();
    expect(api.callsTo('/file/file/anyone/upload')).toHaveLength(0);
  });

  it('shows stored pictures as thumbnails and other files with icons; delete removes them', async () => {
    mockApi({});
    const onChange = renderUpload({
      value: [stored('p1', 'front.jpg'), stored('d1', 'contract.docx')],
    });
    const thumb = document.querySelector('img.ant-upload-list-item-image') as HTMLImageElement;
    expect(thumb.getAttribute('src')).toBe('/saasapi/file/file/view/p1?token=jwt&tenant=demo');
    expect(document.querySelector('[data-icon-group="word"]')).not.toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: /删除|delete|remove/i })[0]);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([stored('d1', 'contract.docx')]));
  });
});
