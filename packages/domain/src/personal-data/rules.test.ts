import { describe, expect, it } from 'vitest';
import { maskPersonalData, ZRevealBody } from './rules.ts';

describe('maskPersonalData', () => {
  it('keeps the last four digits of an account number and its spacing', () => {
    expect(maskPersonalData('accountNo', '0200 0012 3456 7000')).toBe('**** **** **** 7000');
    expect(maskPersonalData('accountNo', '6222021234567890123')).toBe('***************0123');
    expect(maskPersonalData('cardNo', '4111-1111-1111-1234')).toBe('****-****-****-1234');
  });

  it('masks short values whole, so the kept ends give nothing away', () => {
    expect(maskPersonalData('accountNo', '1234')).toBe('****');
    expect(maskPersonalData('phone', '1380013')).toBe('*******');
  });

  it('keeps the first three and last four of ID and phone numbers', () => {
    expect(maskPersonalData('idNumber', '110101199003074518')).toBe('110***********4518');
    expect(maskPersonalData('phone', '+86 138 0013 8000')).toBe('+86 1** **** 8000');
    expect(maskPersonalData('phone', '13800138000')).toBe('138****8000');
  });

  it('keeps the first character of a name and of an e-mail address with its domain', () => {
    expect(maskPersonalData('name', '李娜')).toBe('李*');
    expect(maskPersonalData('name', 'Li Na')).toBe('L* **');
    expect(maskPersonalData('email', 'li.na@example.com')).toBe('l*.**@example.com');
    expect(maskPersonalData('email', 'not-an-address')).toBe('***-**-*******');
  });

  it('hides a birthday whole and leaves empty values empty', () => {
    expect(maskPersonalData('birthday', '1990-03-07')).toBe('****-**-**');
    expect(maskPersonalData('accountNo', '  ')).toBe('');
  });
});

describe('ZRevealBody', () => {
  it('takes a known object type and a field name', () => {
    expect(ZRevealBody.safeParse({ bizType: 'providerTask', bizId: 'x', field: 'accountNo' }).success).toBe(
      true,
    );
  });

  it('refuses unknown object types and field names that are not identifiers', () => {
    expect(ZRevealBody.safeParse({ bizType: 'claim', bizId: 'x', field: 'accountNo' }).success).toBe(false);
    expect(ZRevealBody.safeParse({ bizType: 'providerTask', bizId: 'x', field: 'a.b' }).success).toBe(false);
    expect(ZRevealBody.safeParse({ bizType: 'providerTask', bizId: ' ', field: 'accountNo' }).success).toBe(
      false,
    );
  });
});
