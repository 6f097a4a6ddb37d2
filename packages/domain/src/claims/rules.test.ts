import { describe, expect, it } from 'vitest';
import {
  batchOutcome,
  CLAIM_BATCH_STATUS,
  canClaimBatch,
  checkStatementRow,
  duplicateKey,
  duplicateNames,
  statementKeyOf,
} from './rules.ts';

const cells = {
  memberId: 'M0001001',
  patientName: '张伟',
  visitDate: '2026-03-02',
  visitType: '1',
  coverageCode: 'op',
  icdCode: 'j06.9',
  diagnosis: '',
  itemCode: 'LAB-001',
  itemName: '血常规',
  quantity: '2',
  amount: '1,250.5',
  currency: 'cny',
  preauthNo: '',
};

describe('statement rows', () => {
  it('cleans a good row: codes upper-cased, amounts with two decimals, visit type padded', () => {
    const { line, errors } = checkStatementRow(5, cells, '2026-03-10');
    expect(errors).toEqual([]);
    expect(line).toMatchObject({
      row: 5,
      visitType: '01',
      coverageCode: 'OP',
      icdCode: 'J06.9',
      quantity: '2.00',
      amount: '1250.50',
      currency: 'CNY',
    });
  });

  it('reads a date Excel stored as a serial number', () => {
    expect(checkStatementRow(2, { ...cells, visitDate: '46083' }, '2026-12-31').line?.visitDate).toBe(
      '2026-03-02',
    );
  });

  it.each([
    ['memberId', '', "Can't be empty"],
    ['visitDate', '2026-02-29', 'Incorrect Format'],
    ['visitDate', '2026-03-11', 'The visit date cannot be after today'],
    ['amount', '0', 'The amount must be greater than 0 with at most two decimals'],
    ['amount', '1.005', 'The amount must be greater than 0 with at most two decimals'],
    ['quantity', '-1', 'The quantity must be greater than 0 with at most two decimals'],
    ['visitType', '04', 'The visit type must be 01, 02 or 03'],
    ['icdCode', 'J6', 'Not an ICD-10 code'],
    ['currency', 'RM1', 'Incorrect Format'],
    ['itemName', 'x^y', 'The characters | and ^ are not allowed'],
  ])('reports %s = %j', (column, value, en) => {
    const { line, errors } = checkStatementRow(3, { ...cells, [column]: value }, '2026-03-10');
    expect(line).toBeNull();
    expect(errors).toEqual([expect.objectContaining({ row: 3, column, msg_en: en })]);
  });
});

describe('headers, duplicates and statuses', () => {
  it('accepts headers in Chinese, English or both', () => {
    expect(statementKeyOf('会员编号')).toBe('memberId');
    expect(statementKeyOf(' member id ')).toBe('memberId');
    expect(statementKeyOf('金额 / Amount')).toBe('amount');
    expect(statementKeyOf('就诊类型')).toBe('visitType');
    expect(statementKeyOf('Coverage (OP IP DT MT)')).toBe('coverageCode');
    expect(statementKeyOf('Remarks')).toBe('');
  });

  it('keys a duplicate by member, visit date, item and amount in cents', () => {
    const a = { memberId: 'M1', visitDate: '2026-03-02', itemCode: 'lab-1', amount: '85.0' };
    expect(duplicateKey(a)).toBe(duplicateKey({ ...a, itemCode: 'LAB-1', amount: '85.00' }));
    expect(duplicateKey(a)).not.toBe(duplicateKey({ ...a, amount: '85.01' }));
  });

  it('finds duplicate file names whatever their case', () => {
    expect(duplicateNames(['a.pdf', 'b.pdf', 'A.PDF'])).toEqual(['a.pdf', 'A.PDF']);
    expect(duplicateNames(['a.pdf', 'b.pdf'])).toEqual([]);
  });

  it('approves a batch with at least one approved line (partial payment), otherwise not approved', () => {
    expect(batchOutcome(['01', '02'])).toBe(CLAIM_BATCH_STATUS.APPROVED.code);
    expect(batchOutcome(['02', '02'])).toBe(CLAIM_BATCH_STATUS.NOT_APPROVED.code);
  });

  it('withdraws only pending batches and edits pending or withdrawn ones', () => {
    expect(canClaimBatch('withdraw', '01')).toBe(true);
    expect(canClaimBatch('withdraw', '02')).toBe(false);
    expect(canClaimBatch('edit', '04')).toBe(true);
    expect(canClaimBatch('edit', '03')).toBe(false);
    expect(canClaimBatch('decide', '04')).toBe(false);
  });
});
