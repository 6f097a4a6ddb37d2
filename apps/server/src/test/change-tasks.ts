/** Test helpers for change tasks: multipart uploads, photos, a complete add-hospital form, users. */
import { randomUUID } from 'node:crypto';
import { toServerServiceTimes } from '@portal/domain/hospital-tasks/rules';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { hospitalPhotoPng } from '../features/hospital-tasks/hospital-tasks.seed.ts';
import { roles, userRoles } from '../features/roles/roles.tables.ts';
import { users } from '../features/users/users.tables.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import { findTenantByCode } from '../platform/tenancy/tenancy.service.ts';
import { DEMO_PASSWORD } from '../seed/seed.ts';
import { call, type TTestApp } from './test-app.ts';

export function multipart(files: { filename: string; content: Buffer }[]) {
  const boundary = `----portal${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads files under a bucket and bizType as `token`; their ids. */
export async function upload(
  t: TTestApp,
  token: string,
  files: { filename: string; content: Buffer }[],
  query = 'bucket=drsystem&bizType=PROVIDER_TASK_SAVE',
  tenant = 'demo',
): Promise<string[]> {
  const body = multipart(files);
  const res = await call(t.app, tenant, token, {
    method: 'POST',
    url: `/saasapi/file/file/anyone/uploadBatch?${query}`,
    payload: body.payload,
    headers: body.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((f: { id: string }) => f.id);
}

/** Four hospital promo photos uploaded as `token`. */
export function uploadPhotos(t: TTestApp, token: string): Promise<string[]> {
  return upload(
    t,
    token,
    Array.from({ length: 4 }, (_, i) => ({
      filename: `photo-${i + 1}.png`,
      content: hospitalPhotoPng([30 * i, 90, 160], [200, 30, 30], 40, 30),
    })),
  );
}

/** A complete add-hospital form for the given provider id. */
export function newHospital(photos: string[], patch: Record<string, unknown> = {}) {
  return {
    providerId: 'P10001',
    providerCnName: '北京和睦国际医院顺义院区',
    providerEnName: 'Beijing Harmony International Hospital Shunyi',
    medicalType: '01',
    providerPro: '01',
    providerLeval: '04',
    proDeptCategory: '03',
    socialSecurity: '01',
    directPayType: '01',
    languages: ['01', '02'],
    invoiceType: '01',
    providerIntroduceCn: '顺义院区提供门诊、急诊和体检服务。',
    providerIntroduceEn: 'The Shunyi campus offers outpatient, emergency and check-up services.',
    deptListCn: '内科、外科、儿科',
    deptListEn: 'Internal medicine, surgery, pediatrics',
    outPatients: ['03', '07'],
    currency: '01',
    bankCode: '102',
    bank: '中国工商银行北京顺义支行',
    accountName: '北京和睦国际医院有限公司',
    accountNo: '0200 0012 3456 7000',
    hospitalCAddress: '北京市顺义区府前街18号',
    hospitalEAddress: '18 Fuqian Street, Shunyi District, Beijing',
    webAddr: 'www.bjharmony-hospital.cn/shunyi',
    continent: '01',
    country: '23',
    provinceCity: ['110000', '110100', '110113'],
    longitude: '116.6546',
    latitude: '40.1302',
    dbFlag: '01',
    notesC: '1.请提前预约',
    notesE: '1.Please make appointment inadvance',
    photos,
    attaches: [],
    contacts: {
      '01': [{ id: 'c1', tel: '+86-10-6945-0000', telType: ['01'], show: '01' }],
      '02': [
        { id: 'c2', name: '刘洋', tel: '+86-138-0000-5555', mail: 'sy.insurance@bjharmony-hospital.cn' },
      ],
      '03': [{ id: 'c3', name: '马丽', tel: '+86-138-0000-6666', mail: 'sy.records@bjharmony-hospital.cn' }],
      '04': [{ id: 'c4', name: '高峰', tel: '+86-138-0000-7777', mail: 'sy.preauth@bjharmony-hospital.cn' }],
      '05': [{ id: 'c5', name: '林芳', tel: '+86-138-0000-8888', mail: 'sy.finance@bjharmony-hospital.cn' }],
    },
    serviceTimes: toServerServiceTimes(
      [1, 2, 3, 4, 5, 6, 7].map((week) => ({
        week,
        am: week < 6 ? '08:00-12:00' : '',
        pm: week < 6 ? '13:30-17:00' : '',
        remark: '',
      })),
    ),
    ...patch,
  };
}

/** A user of the tenant with the given type, roles and provider; signs in with the demo password. */
export async function createUser(
  t: TTestApp,
  input: { tenant?: string; account: string; userType: string; roles: string[]; providerId?: string | null },
) {
  const tenantId = (await findTenantByCode(t.platform.db, input.tenant ?? 'demo'))!.id;
  const [user] = await t.platform.db
    .insert(users)
    .values({
      tenantId,
      account: input.account,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      name: `测试 ${input.account}`,
      nameEn: `Test ${input.account}`,
      userType: input.userType,
      providerId: input.providerId ?? null,
    })
    .returning();
  for (const code of input.roles) {
    const [role] = await t.platform.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.code, code)));
    await t.platform.db.insert(userRoles).values({ tenantId, userId: user.id, roleId: role.id });
  }
  return user;
}
