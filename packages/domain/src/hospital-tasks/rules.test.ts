import { describe, expect, it } from 'vitest';
import { flowTypeFor } from '../change-tasks/lifecycle.ts';
import { operationRecordText } from '../dictionaries/codes.ts';
import { MAX_PHOTO_BYTES } from '../files/rules.ts';
import { DEFAULT_REMARKS } from './codes.ts';
import {
  applyDefaultRemarks,
  COMPARE_FIELDS,
  CONDITIONALLY_REQUIRED,
  canChooseLevel,
  clearBankCodeUnlessDomestic,
  compareHospital,
  dropAuditFields,
  emptyHospitalForm,
  FORM_FIELDS,
  flattenContacts,
  groupContacts,
  isRequired,
  isServiceTimeRange,
  LABELS,
  NON_AUDIT_DROPPED_FIELDS,
  normalizeHospitalTask,
  parseCompareResult,
  promoPhotoFileIssues,
  REQUIRED_ON_SUBMIT,
  serviceTimePathToClient,
  splitProvinceCity,
  type THospitalTaskFormInput,
  type TServiceTimeRow,
  type TServiceTimeWeekRow,
  toClientServiceTimes,
  toServerServiceTimes,
  validateHospitalTask,
  ZHospitalTaskDraft,
  ZHospitalTaskListRequest,
  ZHospitalTaskModifyBody,
  ZHospitalTaskSubmit,
} from './rules.ts';

/** A complete, valid submission (the demo hospital). */
function validForm(): THospitalTaskFormInput {
  return {
    providerId: 'P10001',
    providerEnName: 'Beijing Harmony International Hospital',
    providerCnName: '北京和睦国际医院',
    medicalType: '01',
    providerPro: '01',
    providerLeval: '03',
    proDeptCategory: '02',
    socialSecurity: '02',
    directPayType: '01',
    languages: ['01', '02'],
    invoiceType: '01',
    providerIntroduceCn: '一家综合性国际医院。',
    providerIntroduceEn: 'A general international hospital.',
    deptListCn: '内科、外科、儿科',
    deptListEn: 'Internal medicine, surgery, pediatrics',
    outPatients: ['03', '04', '07'],
    currency: '01',
    bankCode: '104',
    bankName: '中国银行',
    bank: '中国银行北京朝阳支行',
    accountName: '北京和睦国际医院有限公司',
    accountNo: '3401 2345 6789 0123',
    countryCode: '',
    bankAddress: '',
    hospitalCAddress: '北京市朝阳区将台路2号',
    hospitalEAddress: '2 Jiangtai Road, Chaoyang District, Beijing',
    webAddr: 'https://www.harmony-hospital.example.cn',
    continent: '01',
    country: '23',
    provinceCity: ['110000', '110100', '110105'],
    longitude: '116.4883',
    latitude: '39.9710',
    dbFlag: '01',
    notesC: '1.请提前预约',
    notesE: '1.Please make appointment inadvance',
    photos: ['f1', 'f2', 'f3', 'f4'],
    attaches: [],
    contacts: {
      '01': [{ id: 'a', tel: '+86-10-59277000', telType: ['01'], show: '01' }],
      '02': [{ id: 'b', name: '王芳', tel: '+86-13800000001', mail: 'ins@harmony.example.cn' }],
      '03': [{ id: 'c', name: '李强', tel: '+86-13800000002', mail: 'survey@harmony.example.cn' }],
      '04': [{ id: 'd', name: '张伟', tel: '+86-13800000003', mail: 'preauth@harmony.example.cn' }],
      '05': [
        {
          id: 'e',
          name: '陈静',
          tel: '+86-13800000004',
          mail: 'finance@harmony.example.cn;ap@harmony.example.cn',
        },
      ],
    },
    serviceTimes: toServerServiceTimes(
      [1, 2, 3, 4, 5, 6, 7].map((week) => ({
        week,
        am: week <= 5 ? '08:00-12:00' : '09:00-12:00',
        pm: week <= 5 ? '13:00-17:30' : '',
        remark: week === 7 ? '急诊24小时' : '',
      })),
    ),
  };
}

const submitErrors = (patch: Partial<THospitalTaskFormInput>) =>
  validateHospitalTask({ ...validForm(), ...patch }, 'submit') ?? {};
const draftErrors = (patch: Partial<THospitalTaskFormInput>) =>
  validateHospitalTask({ providerId: 'P10001', ...patch }, 'none') ?? {};

describe('validation modes', () => {
  it('accepts the complete form in both modes', () => {
    expect(validateHospitalTask(validForm(), 'submit')).toBeNull();
    expect(validateHospitalTask(validForm(), 'none')).toBeNull();
  });

  it('save (mode none) needs only providerId', () => {
    expect(validateHospitalTask({ providerId: 'P10001' }, 'none')).toBeNull();
    expect(validateHospitalTask({}, 'none')).toEqual({
      providerId: { msg: '请输入医院编号', msg_en: 'Please enter Provider ID' },
    });
    expect(validateHospitalTask({ providerId: '   ' }, 'none')).toHaveProperty('providerId');
  });

  it('applies the providerId format rules in every mode', () => {
    expect(draftErrors({ providerId: 'P 10001' })).toHaveProperty('providerId');
    expect(draftErrors({ providerId: 'P|1' })).toHaveProperty('providerId');
    expect(draftErrors({ providerId: 'P'.repeat(33) })).toHaveProperty('providerId');
    expect(draftErrors({ providerId: 'P'.repeat(32) })).toEqual({});
  });

  it('still applies format rules when saving a draft', () => {
    expect(draftErrors({ notesC: 'a|b' })).toHaveProperty('notesC');
    expect(draftErrors({ latitude: 'north' })).toHaveProperty('latitude');
  });

  it.each(Object.entries(REQUIRED_ON_SUBMIT))('submit requires %s with please %s + label', (field, kind) => {
    const empty = Array.isArray(validForm()[field as keyof THospitalTaskFormInput]) ? [] : '';
    const errors = submitErrors({ [field]: empty });
    const label = LABELS[field as keyof typeof LABELS];
    expect(errors[field]).toEqual(
      kind === 'input'
        ? { msg: `请输入${label.zh}`, msg_en: `Please enter ${label.en}` }
        : { msg: `请选择${label.zh}`, msg_en: `Please select ${label.en}` },
    );
  });

  it('treats null and whitespace as missing', () => {
    expect(submitErrors({ providerEnName: null })).toHaveProperty('providerEnName');
    expect(submitErrors({ providerCnName: '   ' })).toHaveProperty('providerCnName');
  });

  it('reports errors in form order', () => {
    const keys = Object.keys(validateHospitalTask({ providerId: 'P1' }, 'submit') ?? {});
    expect(keys[0]).toBe('providerEnName');
    expect(keys.indexOf('bankCode')).toBeLessThan(keys.indexOf('hospitalCAddress'));
    expect(keys.indexOf('contacts.01.0.tel')).toBeLessThan(keys.indexOf('photos'));
    expect(keys.indexOf('photos')).toBeLessThan(keys.indexOf('notesC'));
  });

  it('lists every form field once in the field order', () => {
    expect(new Set(FORM_FIELDS).size).toBe(FORM_FIELDS.length);
    for (const field of [...Object.keys(REQUIRED_ON_SUBMIT), ...Object.keys(CONDITIONALLY_REQUIRED)]) {
      expect(FORM_FIELDS).toContain(field);
    }
  });
});

describe('currency rules (01 is domestic)', () => {
  it('currency 01 requires the bank selection and the branch', () => {
    const errors = submitErrors({ bankCode: '', bank: '' });
    expect(errors.bankCode).toEqual({ msg: '请选择银行', msg_en: 'Please select Bank' });
    expect(errors.bank).toEqual({ msg: '请输入开户行/支行', msg_en: 'Please enter Bank or Branch' });
    expect(errors).not.toHaveProperty('countryCode');
    expect(errors).not.toHaveProperty('bankAddress');
  });

  it('another currency requires countryCode (swift) and bankAddress, not bankCode', () => {
    const errors = submitErrors({ currency: '02', bankCode: '', bank: '' });
    expect(errors.countryCode).toEqual({ msg: '请输入SWIFT代码', msg_en: 'Please enter Swift Code' });
    expect(errors.bankAddress).toEqual({ msg: '请输入银行地址', msg_en: 'Please enter Bank Address' });
    expect(errors).not.toHaveProperty('bankCode');
    expect(errors).not.toHaveProperty('bank');
    expect(
      submitErrors({ currency: '02', bankCode: '', countryCode: 'BKCHSGSG', bankAddress: '4 Battery Road' }),
    ).toEqual({});
  });

  it('clears bankCode (and its name) when the currency is not 01', () => {
    const form = ZHospitalTaskSubmit.parse({
      ...validForm(),
      currency: '02',
      countryCode: 'BKCHSGSG',
      bankAddress: 'x',
    });
    const normalized = normalizeHospitalTask(form);
    expect(normalized.bankCode).toBe('');
    expect(normalized.bankName).toBe('');
    expect(normalized.bank).toBe(form.bank);
    const domestic = normalizeHospitalTask(ZHospitalTaskSubmit.parse(validForm()));
    expect(domestic.bankCode).toBe('104');
  });

  it('clearBankCodeUnlessDomestic is the currency switch of the form', () => {
    const form = { currency: '04', bankCode: '104', bankName: '中国银行', bank: 'HSBC London' };
    expect(clearBankCodeUnlessDomestic(form)).toEqual({
      currency: '04',
      bankCode: '',
      bankName: '',
      bank: 'HSBC London',
    });
    expect(clearBankCodeUnlessDomestic({ ...form, currency: '01' }).bankCode).toBe('104');
  });

  it('isRequired follows the currency for the web asterisks', () => {
    expect(isRequired('bankCode', { currency: '01' }, 'submit')).toBe(true);
    expect(isRequired('bankCode', { currency: '02' }, 'submit')).toBe(false);
    expect(isRequired('countryCode', { currency: '02' }, 'submit')).toBe(true);
    expect(isRequired('bankAddress', { currency: '01' }, 'submit')).toBe(false);
    expect(isRequired('bankCode', { currency: '01' }, 'none')).toBe(false);
    expect(isRequired('providerId', {}, 'none')).toBe(true);
  });
});

describe('country rule (23 is domestic)', () => {
  it('provinceCity is required on submit when the country is 23', () => {
    expect(submitErrors({ provinceCity: [] }).provinceCity).toEqual({
      msg: '请选择省/市/区',
      msg_en: 'Please select Province/City/District',
    });
  });
  it('is optional for another country', () => {
    expect(submitErrors({ country: 'SG', provinceCity: [] })).toEqual({});
    expect(isRequired('provinceCity', { country: 'SG' }, 'submit')).toBe(false);
  });
  it('holds at most three levels and splits into province, city, district', () => {
    expect(draftErrors({ provinceCity: ['1', '2', '3', '4'] })).toHaveProperty('provinceCity');
    expect(splitProvinceCity(['110000', '110100', '110105'])).toEqual({
      province: '110000',
      city: '110100',
      district: '110105',
    });
    expect(splitProvinceCity(['SG01'])).toEqual({ province: 'SG01', city: '', district: '' });
  });
});

describe('max lengths', () => {
  it.each([
    ['providerIntroduceCn', 2000],
    ['providerIntroduceEn', 5000],
    ['deptListCn', 1000],
    ['deptListEn', 1000],
    ['notesC', 1333],
    ['notesE', 4000],
  ] as const)('%s accepts %i characters and refuses one more', (field, max) => {
    const char = field.endsWith('Cn') || field === 'notesC' ? '医' : 'a';
    expect(draftErrors({ [field]: char.repeat(max) })).toEqual({});
    const errors = draftErrors({ [field]: char.repeat(max + 1) });
    const label = LABELS[field];
    expect(errors[field]).toEqual({
      msg: `${label.zh}不能超过${max}个字符`,
      msg_en: `${label.en} must be at most ${max} characters`,
    });
  });
});

describe('latitude and longitude', () => {
  it.each(['39.9710', '-33.8688', '+0', '116', '0.5', '-180', '180.0'])(
    'accepts the signed decimal %s',
    (v) => {
      expect(draftErrors({ longitude: v })).toEqual({});
    },
  );
  it.each(['abc', '1.', '.5', '39,97', '1e5', '--1', '3 9'])('refuses %s with the number hint', (v) => {
    expect(draftErrors({ latitude: v }).latitude).toEqual({
      msg: '请输入数字',
      msg_en: 'Please enter a number',
    });
  });
  it('refuses values off the globe', () => {
    expect(draftErrors({ latitude: '90.0001' })).toHaveProperty('latitude');
    expect(draftErrors({ latitude: '-90' })).toEqual({});
    expect(draftErrors({ longitude: '180.5' })).toHaveProperty('longitude');
  });
});

describe('service times', () => {
  const withAm = (monday: string) => ({
    serviceTimes: [
      { serviceType: 'AM', ...Object.fromEntries(['monday'].map((k) => [k, monday])) },
    ] as TServiceTimeRow[],
  });

  it.each(['00:00-23:59', '08:00-12:00', '23:59-00:00', ''])('accepts %j', (v) => {
    expect(draftErrors(withAm(v))).toEqual({});
    expect(isServiceTimeRange(v)).toBe(true);
  });

  it.each([
    '24:00-12:00',
    '12:60-13:00',
    '8:00-12:00',
    '08:00-12',
    '08:00~12:00',
    '08:00-24:00',
    '0800-1200',
  ])('refuses %j', (v) => {
    expect(draftErrors(withAm(v))['serviceTimes.0.monday']).toEqual({
      msg: '请按 HH:MM-HH:MM 格式输入（24小时制）',
      msg_en: 'Please use the format HH:MM-HH:MM (24-hour clock)',
    });
  });

  it('checks PM the same way and trims', () => {
    const errors = draftErrors({
      serviceTimes: [{ serviceType: 'PM', friday: '13:00-12:60' }] as TServiceTimeRow[],
    });
    expect(errors).toHaveProperty('serviceTimes.0.friday');
    const parsed = ZHospitalTaskSubmit.parse({
      ...validForm(),
      serviceTimes: [{ serviceType: 'AM', monday: ' 08:00-12:00 ' }],
    });
    expect(parsed.serviceTimes[0].monday).toBe('08:00-12:00');
  });

  it('refuses a service type twice', () => {
    expect(
      draftErrors({ serviceTimes: [{ serviceType: 'AM' }, { serviceType: 'AM' }] as TServiceTimeRow[] }),
    ).toHaveProperty('serviceTimes');
  });

  it('converts client rows to server rows and back without loss', () => {
    const client: TServiceTimeWeekRow[] = [1, 2, 3, 4, 5, 6, 7].map((week) => ({
      week,
      am: `0${week}:00-12:00`,
      pm: week % 2 ? `13:0${week}-18:00` : '',
      remark: week === 6 ? '仅限预约 Appointment only' : '',
    }));
    const server = toServerServiceTimes(client);
    expect(server.map((r) => r.serviceType)).toEqual(['AM', 'PM', 'OTHER']);
    expect(server[0].wednesday).toBe('03:00-12:00');
    expect(server[1].tuesday).toBe('');
    expect(server[2].saturday).toBe('仅限预约 Appointment only');
    expect(toClientServiceTimes(server)).toEqual(client);
    expect(toServerServiceTimes(toClientServiceTimes(server))).toEqual(server);
  });

  it('reads missing rows and days as blank and sorts client rows by weekday', () => {
    const client = toClientServiceTimes([{ serviceType: 'PM', sunday: '14:00-16:00' } as TServiceTimeRow]);
    expect(client).toHaveLength(7);
    expect(client[6]).toEqual({ week: 7, am: '', pm: '14:00-16:00', remark: '' });
    const shuffled = [...client].reverse();
    expect(toClientServiceTimes(toServerServiceTimes(shuffled))).toEqual(client);
  });

  it('maps a server error path to the client row', () => {
    const rows = toServerServiceTimes(toClientServiceTimes([]));
    expect(serviceTimePathToClient('serviceTimes.1.tuesday', rows)).toBe('serviceTimes.1.pm');
    expect(serviceTimePathToClient('serviceTimes.2.sunday', rows)).toBe('serviceTimes.6.remark');
    expect(serviceTimePathToClient('notesC', rows)).toBeNull();
  });
});

describe('characters | and ^', () => {
  it.each(['bankName', 'bank', 'accountName', 'countryCode', 'bankAddress', 'notesC', 'notesE'])(
    'are refused in %s',
    (field) => {
      for (const bad of ['a|b', 'a^b']) {
        expect(draftErrors({ [field]: bad })[field]).toEqual({
          msg: '不能包含 | 或 ^ 字符',
          msg_en: 'The characters | and ^ are not allowed',
        });
      }
    },
  );
  it('are refused in the account number and in service-time fields', () => {
    expect(draftErrors({ accountNo: '1234|5' })).toHaveProperty('accountNo');
    expect(
      draftErrors({ serviceTimes: [{ serviceType: 'OTHER', monday: 'call^first' }] as TServiceTimeRow[] }),
    ).toHaveProperty('serviceTimes.0.monday');
    expect(
      draftErrors({ serviceTimes: [{ serviceType: 'AM', monday: '08:00|12:00' }] as TServiceTimeRow[] }),
    ).toHaveProperty('serviceTimes.0.monday');
  });
  it('are refused in contacts', () => {
    expect(
      draftErrors({
        contacts: { '02': [{ name: 'Wang|Fang', tel: '', mail: '' }] },
      } as Partial<THospitalTaskFormInput>),
    ).toHaveProperty('contacts.02.0.name');
  });
});

describe('other format rules', () => {
  it('checks the account number format', () => {
    expect(draftErrors({ accountNo: '6222-0212-3456' })).toEqual({});
    expect(draftErrors({ accountNo: 'GB29 NWBK 6016 1331 9268 19' })).toEqual({});
    expect(draftErrors({ accountNo: 'no digits' })).toHaveProperty('accountNo');
    expect(draftErrors({ accountNo: '12#34' })).toHaveProperty('accountNo');
  });
  it('checks the website', () => {
    expect(draftErrors({ webAddr: 'www.example.cn' })).toEqual({});
    expect(draftErrors({ webAddr: 'http://example.com/about?x=1' })).toEqual({});
    expect(draftErrors({ webAddr: 'not a url' }).webAddr).toEqual({
      msg: '网址格式不正确',
      msg_en: 'URL is invalid',
    });
  });
  it('accepts dbFlag 01 or 02 only', () => {
    expect(draftErrors({ dbFlag: '02' })).toEqual({});
    expect(draftErrors({ dbFlag: '03' as '01' })).toHaveProperty('dbFlag');
  });
});

describe('contacts', () => {
  it('submit requires tel, telType and show in group 01 and name, tel, mail in 02 to 05', () => {
    const errors = submitErrors({
      contacts: {
        '01': [{ tel: '', telType: [], show: '' }],
        '02': [{ name: '', tel: '', mail: '' }],
        '03': [],
      },
    } as Partial<THospitalTaskFormInput>);
    expect(errors['contacts.01.0.tel']).toEqual({ msg: '请输入电话', msg_en: 'Please enter Phone' });
    expect(errors['contacts.01.0.telType']).toEqual({
      msg: '请选择电话类型',
      msg_en: 'Please select Phone Type',
    });
    expect(errors['contacts.01.0.show']).toEqual({
      msg: '请选择是否对患者显示',
      msg_en: 'Please select Show to Patients',
    });
    for (const group of ['02', '03', '04', '05']) {
      expect(errors[`contacts.${group}.0.name`]).toEqual({ msg: '请输入姓名', msg_en: 'Please enter Name' });
      expect(errors[`contacts.${group}.0.tel`]).toBeDefined();
      expect(errors[`contacts.${group}.0.mail`]).toEqual({ msg: '请输入邮箱', msg_en: 'Please enter Email' });
    }
  });

  it('checks every row, not only the first', () => {
    const form = validForm();
    const contacts = {
      ...form.contacts!,
      '02': [...form.contacts!['02']!, { name: '赵六', tel: '', mail: '' }],
    };
    const errors = submitErrors({ contacts } as Partial<THospitalTaskFormInput>);
    expect(Object.keys(errors)).toEqual(['contacts.02.1.tel', 'contacts.02.1.mail']);
  });

  it('trims values, so blanks count as missing', () => {
    const form = validForm();
    const contacts = { ...form.contacts!, '03': [{ name: '  ', tel: ' 010-1234567 ', mail: ' a@b.cn ' }] };
    const errors = submitErrors({ contacts } as Partial<THospitalTaskFormInput>);
    expect(Object.keys(errors)).toEqual(['contacts.03.0.name']);
    const parsed = ZHospitalTaskSubmit.safeParse({ ...form, contacts });
    expect(parsed.success).toBe(false);
    const draft = ZHospitalTaskModifyBody.safeParse({
      ...form,
      contacts: { '03': [{ name: ' 李 ', tel: ' 1234 ' }] },
    });
    expect(draft.success).toBe(false);
  });

  it('saving a draft allows incomplete rows but checks formats', () => {
    expect(
      draftErrors({ contacts: { '02': [{ name: '王芳' }] } } as Partial<THospitalTaskFormInput>),
    ).toEqual({});
    const errors = draftErrors({
      contacts: { '02': [{ tel: 'call me', mail: 'not-an-email' }] },
    } as Partial<THospitalTaskFormInput>);
    expect(errors['contacts.02.0.tel']).toEqual({
      msg: '电话号码格式不正确',
      msg_en: 'Phone number is invalid',
    });
    expect(errors['contacts.02.0.mail']).toEqual({ msg: '邮箱格式不正确', msg_en: 'Email is invalid' });
  });

  it('accepts several phones separated by commas and emails by semicolons', () => {
    const contacts = {
      '01': [
        { tel: '+86-10-59277000, 400-100-2000, +86 13800000000-123', telType: ['01', '02'], show: '02' },
      ],
      '05': [{ name: 'Finance', tel: '(010) 5927 7001', mail: 'a@b.cn; c@d.com' }],
    };
    expect(draftErrors({ contacts } as Partial<THospitalTaskFormInput>)).toEqual({});
  });

  it('groups and flattens without loss; fills empty groups with one row on load', () => {
    const parsed = ZHospitalTaskSubmit.parse(validForm());
    const flat = flattenContacts(parsed.contacts);
    expect(flat.map((c) => c.contactType)).toEqual(['01', '02', '03', '04', '05']);
    expect(groupContacts(flat)).toEqual(parsed.contacts);
    const filled = groupContacts([], { fillEmpty: true });
    for (const group of ['01', '02', '03', '04', '05'] as const) {
      expect(filled[group]).toHaveLength(1);
      expect(filled[group][0].id).not.toBe('');
    }
    expect(new Set(Object.values(filled).map((rows) => rows[0].id)).size).toBe(5);
  });

  it('types rows by their group and drops empty rows when stored', () => {
    const parsed = ZHospitalTaskSubmit.parse({
      ...validForm(),
      contacts: {
        ...validForm().contacts,
        '04': [{ contactType: '02', name: 'x', tel: '123', mail: 'x@y.cn' }],
      },
    });
    expect(parsed.contacts['04'][0].contactType).toBe('04');
    const draft = normalizeHospitalTask(
      ZHospitalTaskDraft.parse({
        ...validForm(),
        contacts: {
          ...validForm().contacts,
          '02': [
            { name: '', tel: '' },
            { name: 'A', tel: '1', mail: 'a@b.cn' },
          ],
        },
      }),
    );
    expect(draft.contacts['02']).toHaveLength(1);
  });
});

describe('photos', () => {
  it('needs exactly 4 on submit', () => {
    expect(submitErrors({ photos: ['1', '2', '3', '4'] })).toEqual({});
    expect(submitErrors({ photos: ['1', '2', '3'] }).photos).toEqual({
      msg: '请上传 4 张医院宣传照片',
      msg_en: 'Please upload exactly 4 hospital promo photos',
    });
    expect(submitErrors({ photos: [] }).photos).toEqual({
      msg: '请上传医院照片',
      msg_en: 'Please upload hospital photos',
    });
  });
  it('refuses a fifth photo in every mode with the exceed message', () => {
    const five = ['1', '2', '3', '4', '5'];
    const exceed = { msg: '医院宣传照片最多 4 张', msg_en: 'At most 4 hospital promo photos' };
    expect(submitErrors({ photos: five }).photos).toEqual(exceed);
    expect(draftErrors({ photos: five }).photos).toEqual(exceed);
    expect(draftErrors({ photos: ['1', '2'] })).toEqual({});
  });
  it('counts a photo listed twice once', () => {
    expect(submitErrors({ photos: ['1', '1', '2', '3'] })).toHaveProperty('photos');
  });
  it('checks the stored photo files: 10485760 bytes and 100-character names', () => {
    const name100 = `${'p'.repeat(96)}.png`;
    expect(name100).toHaveLength(100);
    expect(promoPhotoFileIssues([{ name: name100, size: MAX_PHOTO_BYTES }])).toBeNull();
    expect(promoPhotoFileIssues([{ name: `p${name100}`, size: 10 }])).not.toBeNull();
    expect(promoPhotoFileIssues([{ name: 'front.jpg', size: MAX_PHOTO_BYTES + 1 }])?.en).toContain(
      'Hospital promo',
    );
    expect(promoPhotoFileIssues([{ name: 'front.gif', size: 10 }])).not.toBeNull();
    expect(
      promoPhotoFileIssues([
        { name: 'a.bmp', size: 1 },
        { name: 'b.JPEG', size: 1 },
      ]),
    ).toBeNull();
  });
});

describe('outpatient departments', () => {
  it('needs at least one on submit', () => {
    expect(submitErrors({ outPatients: [] }).outPatients).toEqual({
      msg: '请选择门诊科室',
      msg_en: 'Please select Outpatient Departments',
    });
    expect(submitErrors({ outPatients: ['03.02.X01'] })).toEqual({});
    expect(draftErrors({ outPatients: [] })).toEqual({});
  });
  it('refuses malformed codes and removes duplicates', () => {
    expect(draftErrors({ outPatients: ['03 02'] })).toHaveProperty('outPatients.0');
    expect(
      ZHospitalTaskSubmit.parse({ ...validForm(), outPatients: ['03', '03', '04'] }).outPatients,
    ).toEqual(['03', '04']);
  });
});

describe('provider character', () => {
  it('characters 02, 03 and 04 set level 10 and department category 01', () => {
    for (const providerPro of ['02', '03', '04']) {
      const form = normalizeHospitalTask(
        ZHospitalTaskSubmit.parse({ ...validForm(), providerPro, providerLeval: '', proDeptCategory: '' }),
      );
      expect(form.providerLeval).toBe('10');
      expect(form.proDeptCategory).toBe('01');
      expect(submitErrors({ providerPro, providerLeval: '', proDeptCategory: '' })).toEqual({});
    }
  });
  it('only character 01 lets the level and department category be chosen', () => {
    expect(canChooseLevel('01')).toBe(true);
    expect(['02', '03', '04', ''].map(canChooseLevel)).toEqual([false, false, false, false]);
    expect(isRequired('providerLeval', { providerPro: '03' }, 'submit')).toBe(false);
    expect(isRequired('proDeptCategory', { providerPro: '01' }, 'submit')).toBe(true);
  });

  it('character 01 keeps the chosen level and requires it', () => {
    expect(normalizeHospitalTask(ZHospitalTaskSubmit.parse(validForm())).providerLeval).toBe('03');
    expect(submitErrors({ providerLeval: '' })).toHaveProperty('providerLeval');
  });
});

describe('payload and defaults', () => {
  it('drops the audit and commit fields from a non-audit payload', () => {
    const payload = {
      ...validForm(),
      status: '06',
      auditDate: '2026-01-01',
      auditMember: 'x',
      auditResult: '01',
      commitDate: '2026-01-01',
      commitName: 'y',
      returnReason: 'z',
      personInCharge: 'w',
    };
    const dropped = dropAuditFields(payload);
    for (const key of NON_AUDIT_DROPPED_FIELDS) expect(dropped).not.toHaveProperty(key);
    expect(dropped.providerCnName).toBe('北京和睦国际医院');
    const parsed = ZHospitalTaskSubmit.parse(payload);
    for (const key of NON_AUDIT_DROPPED_FIELDS) expect(parsed).not.toHaveProperty(key);
  });

  it('fills empty remarks with the defaults', () => {
    expect(applyDefaultRemarks({ notesC: '', notesE: null })).toEqual({
      notesC: '1.请提前预约',
      notesE: '1.Please make appointment inadvance',
    });
    expect(applyDefaultRemarks({ notesC: '周日休息', notesE: 'Closed on Sundays' })).toEqual({
      notesC: '周日休息',
      notesE: 'Closed on Sundays',
    });
    expect(DEFAULT_REMARKS.notesE).toBe('1.Please make appointment inadvance');
  });

  it('starts a new form with currency 01, the default remarks, one row per contact group and seven blank days', () => {
    const form = emptyHospitalForm('P10001');
    expect(form.currency).toBe('01');
    expect(form.notesC).toBe('1.请提前预约');
    expect(Object.values(form.contacts).every((rows) => rows.length === 1)).toBe(true);
    expect(toClientServiceTimes(form.serviceTimes)).toHaveLength(7);
    expect(validateHospitalTask(form, 'none')).toBeNull();
  });
});

describe('labels', () => {
  it('has both languages for every form field and every compared field', () => {
    for (const field of [...FORM_FIELDS, ...COMPARE_FIELDS]) {
      const label = LABELS[field as keyof typeof LABELS];
      expect(label, field).toBeDefined();
      expect(label.zh.length).toBeGreaterThan(0);
      expect(label.en.length).toBeGreaterThan(0);
    }
    expect(LABELS.dbFlag.en).toBe('24-hour direct payment service');
  });
  it('gives operation records the flow types that name the texts of section 4', () => {
    expect(operationRecordText('01', flowTypeFor('01'))?.en).toBe('Submitted');
    expect(operationRecordText('03', flowTypeFor('03'))?.en).toBe('Withdrew by Hospital');
    expect(operationRecordText('07', flowTypeFor('07'))?.en).toBe('Closed by Hospital');
    expect(operationRecordText('07', flowTypeFor('07', 'overdue'))?.en).toBe(
      'Overdue (auto-closed by timeout)',
    );
  });
});

describe('compare', () => {
  const approved = () => normalizeHospitalTask(ZHospitalTaskSubmit.parse(validForm()));

  it('lists exactly the changed fields and keeps the old values', () => {
    const before = approved();
    const after = { ...before, webAddr: 'https://new.example.cn', accountNo: '9999 0000' };
    const { changed, compareResult, oldData } = compareHospital(before, after);
    expect(changed).toEqual(['accountNo', 'webAddr']);
    expect(JSON.parse(compareResult)).toEqual(['accountNo', 'webAddr']);
    expect(parseCompareResult(compareResult)).toEqual(['accountNo', 'webAddr']);
    expect(oldData.webAddr).toEqual({ flag: true, oldValue: 'https://www.harmony-hospital.example.cn' });
    expect(oldData.accountNo).toEqual({ flag: true, oldValue: '3401 2345 6789 0123' });
    expect(oldData.providerCnName).toEqual({ flag: false, oldValue: '北京和睦国际医院' });
    expect(Object.keys(oldData)).toEqual([...COMPARE_FIELDS]);
  });

  it('finds nothing when nothing changed, ignoring list order and contact ids', () => {
    const before = approved();
    const after = {
      ...before,
      languages: [...before.languages].reverse(),
      photos: [...before.photos].reverse(),
      contacts: groupContacts(flattenContacts(before.contacts).map((c) => ({ ...c, id: 'other' }))),
    };
    expect(compareHospital(before, after).changed).toEqual([]);
  });

  it('sees changes in contacts, service times, dbFlag and the location', () => {
    const before = approved();
    const client = toClientServiceTimes(before.serviceTimes);
    client[5] = { ...client[5], pm: '13:00-16:00' };
    const contacts = {
      ...before.contacts,
      '05': [{ ...before.contacts['05'][0], mail: 'new@harmony.example.cn' }],
    };
    const after = {
      ...before,
      serviceTimes: toServerServiceTimes(client),
      contacts,
      dbFlag: '02' as const,
      provinceCity: ['110000', '110100', '110101'],
    };
    const { changed, oldData } = compareHospital(before, after);
    expect(changed).toEqual(['provinceCity', 'contacts', 'dbFlag', 'serviceTimes']);
    expect(oldData.serviceTimes?.oldValue).toEqual(before.serviceTimes);
  });

  it('reads a broken compareResult as no changes', () => {
    expect(parseCompareResult('not json')).toEqual([]);
    expect(parseCompareResult(null)).toEqual([]);
    expect(parseCompareResult('["webAddr","nope"]')).toEqual(['webAddr']);
  });
});

describe('list request', () => {
  it('defaults to page 1 of 10, sorted by id descending, no filter', () => {
    expect(ZHospitalTaskListRequest.parse({})).toMatchObject({
      size: 10,
      current: 1,
      sort: 'id',
      order: 'desc',
      model: { title: '', sendStartDate: '', sendEndDate: '', status: [] },
    });
  });
  it('reads one status or several, and refuses bad dates', () => {
    expect(ZHospitalTaskListRequest.parse({ model: { status: '01' } }).model.status).toEqual(['01']);
    expect(ZHospitalTaskListRequest.parse({ model: { status: ['01', '04'] } }).model.status).toEqual([
      '01',
      '04',
    ]);
    expect(ZHospitalTaskListRequest.parse({ order: 'ascending' }).order).toBe('asc');
    expect(ZHospitalTaskListRequest.safeParse({ model: { sendStartDate: '01/02/2026' } }).success).toBe(
      false,
    );
    expect(ZHospitalTaskListRequest.safeParse({ size: 1000 }).success).toBe(false);
  });
});
