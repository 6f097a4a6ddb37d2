import { describe, expect, it } from 'vitest';
import { photo, sampleView } from './hospital-form.fixtures.ts';
import {
  applyFieldChange,
  auditErrors,
  blankValues,
  canSaveDraft,
  checkSubmit,
  formPathOf,
  hospitalFormRouteOf,
  showsAttachments,
  showsProviderNotes,
  toPayload,
  valuesFromView,
} from './hospital-form-model.ts';

describe('hospital form model', () => {
  it('tells the route by name, else by path', () => {
    expect(hospitalFormRouteOf('auditHosp', '/anything')).toBe('auditHosp');
    expect(hospitalFormRouteOf(null, '/drsystem/management/task/modify')).toBe('modifyTask');
    expect(hospitalFormRouteOf('other', '/drsystem/management/hosp/modify/')).toBe('modifyHosp');
    expect(hospitalFormRouteOf(undefined, '/drsystem/management/hosp/create')).toBe('createHosp');
  });

  it('visibility: Save, provider notes and attachments per route and task type', () => {
    expect([
      canSaveDraft('createHosp'),
      canSaveDraft('modifyTask'),
      canSaveDraft('modifyHosp'),
      canSaveDraft('auditHosp'),
    ]).toEqual([true, true, false, false]);
    expect(showsProviderNotes('createHosp', '04')).toBe(false);
    expect(showsProviderNotes('modifyTask', '03')).toBe(false);
    expect(showsProviderNotes('auditHosp', '04')).toBe(true);
    expect(showsAttachments('04')).toBe(true);
    expect(showsAttachments('03')).toBe(false);
  });

  it('provider character 02-04 fixes level and category; 01 keeps them', () => {
    const values = valuesFromView(sampleView());
    expect(applyFieldChange(values, 'providerPro', '03').values).toMatchObject({
      providerLeval: '10',
      proDeptCategory: '01',
    });
    expect(applyFieldChange(values, 'providerPro', '01').values).toMatchObject({
      providerLeval: '03',
      proDeptCategory: '02',
    });
  });

  it('a currency other than 01 clears the bank code and the bank messages', () => {
    const values = valuesFromView(sampleView());
    const changed = applyFieldChange(values, 'currency', '03');
    expect(changed.values).toMatchObject({ currency: '03', bankCode: '', bankName: '', bank: values.bank });
    expect(changed.clearErrors).toEqual(expect.arrayContaining(['bankCode', 'bank']));
  });

  it('the payload carries service times in the server form, file ids, and no audit fields', () => {
    const payload = toPayload({ ...valuesFromView(sampleView()), status: '01' } as never) as Record<
      string,
      unknown
    >;
    expect(payload.photos).toEqual(['photo-1', 'photo-2', 'photo-3', 'photo-4']);
    expect(payload).not.toHaveProperty('status');
    expect(payload).not.toHaveProperty('photoList');
    expect((payload.serviceTimes as { serviceType: string }[]).map((r) => r.serviceType)).toEqual([
      'AM',
      'PM',
      'OTHER',
    ]);
  });

  it('error paths of the payload land on the form fields', () => {
    const rows = toPayload(blankValues('P1')).serviceTimes as never;
    expect(formPathOf('serviceTimes.2.friday', rows)).toBe('serviceTimes.4.remark');
    expect(formPathOf('languages.1', rows)).toBe('languages');
    expect(formPathOf('contacts.01.0.telType.0', rows)).toBe('contacts.01.0.telType');
    expect(formPathOf('contacts.02.1.mail', rows)).toBe('contacts.02.1.mail');
  });

  it('submit checks: missing photos and departments first, then 4 photos exactly', () => {
    const values = valuesFromView(sampleView());
    expect(checkSubmit(values, { audit: false }).ok).toBe(true);

    const none = checkSubmit({ ...values, photoList: [], outPatients: [] }, { audit: false });
    expect(none.ok).toBe(false);
    expect(Object.keys(none.errors).slice(0, 2)).toEqual(['photos', 'outPatients']);
    expect(none.errors.photos.zh).toBe('请上传医院照片');
    expect(!none.ok && none.photoCount).toBe(false);

    const three = checkSubmit({ ...values, photoList: [photo(1), photo(2), photo(3)] }, { audit: false });
    expect(!three.ok && three.photoCount).toBe(true);
    expect(three.errors.photos.en).toBe('Please upload exactly 4 hospital promo photos');
  });

  it('the audit route checks the audit result instead of the read-only task', () => {
    const values = { ...valuesFromView(sampleView()), providerCnName: '' };
    expect(
      checkSubmit(values, { audit: true, auditValues: { auditResult: '01', returnReason: '' } }).ok,
    ).toBe(true);
    expect(auditErrors({ auditResult: '', returnReason: '' }).auditResult?.zh).toBe('请选择审核结果');
    expect(auditErrors({ auditResult: '02', returnReason: '  ' }).returnReason?.zh).toBe('请输入退回原因');
    expect(auditErrors({ auditResult: '02', returnReason: 'x'.repeat(501) }).returnReason?.en).toContain(
      '500',
    );
    expect(auditErrors({ auditResult: '02', returnReason: 'x'.repeat(500) })).toEqual({});
  });
});
