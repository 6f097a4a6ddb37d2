import { describe, expect, it } from 'vitest';
import { badgeText, MSG_CATEGORIES, MSG_CENTER_CODES } from './codes.ts';
import {
  applyRead,
  type TMsgCollectResult,
  ZMsgCollectBody,
  ZMsgHaveReadBody,
  ZMsgListBody,
} from './rules.ts';

const counts = (): TMsgCollectResult => ({
  count: 7,
  statisticsList: MSG_CENTER_CODES.map((code) => ({
    categoryId: MSG_CATEGORIES[code].categoryId,
    code,
    label: MSG_CATEGORIES[code].zh,
    labelEn: MSG_CATEGORIES[code].en,
    count: code === '04' ? 3 : code === '12' ? 4 : 0,
  })),
});

describe('message-centre rules', () => {
  it('queries the six spec codes in order', () => {
    expect(MSG_CENTER_CODES).toEqual(['12', '01', '13', '02', '03', '04']);
    expect(ZMsgCollectBody.parse({}).codes).toEqual(['12', '01', '13', '02', '03', '04']);
    expect(ZMsgCollectBody.safeParse({ codes: ['99'] }).success).toBe(false);
  });

  it('pages by 20 by default', () => {
    expect(ZMsgListBody.parse({})).toEqual({ current: 1, size: 20 });
    expect(ZMsgListBody.safeParse({ size: 0 }).success).toBe(false);
  });

  it('needs one to 200 uuids to mark read', () => {
    expect(ZMsgHaveReadBody.safeParse({ ids: [] }).success).toBe(false);
    expect(ZMsgHaveReadBody.safeParse({ ids: ['1'] }).success).toBe(false);
    expect(ZMsgHaveReadBody.safeParse({ ids: ['0b7f5e5c-6f0e-4a43-9d55-1d0b8b3d2a10'] }).success).toBe(true);
  });

  it('reading N lowers the total and that code by N, never below zero', () => {
    const after = applyRead(counts(), '04', 2);
    expect(after.count).toBe(5);
    expect(after.statisticsList.find((s) => s.code === '04')?.count).toBe(1);
    expect(after.statisticsList.find((s) => s.code === '12')?.count).toBe(4);
    const floor = applyRead(after, '04', 5);
    expect(floor.count).toBe(4);
    expect(floor.statisticsList.find((s) => s.code === '04')?.count).toBe(0);
  });

  it('caps the badge at 99', () => {
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
