import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { PHOTO_BIZ_TYPE, PHOTO_BUCKET } from '@portal/domain/files/rules';
import {
  flattenContacts,
  normalizeHospitalTask,
  splitProvinceCity,
  type THospitalTaskFormInput,
  toServerServiceTimes,
  ZHospitalTaskSubmit,
} from '@portal/domain/hospital-tasks/rules';
import { and, eq } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TConfig } from '../../platform/config.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { findTenantByCode } from '../../platform/tenancy/tenancy.service.ts';
import { uploadFiles } from '../files/files.service.ts';
import { findUserByAccount } from '../users/users.service.ts';
import { providerNotes, providers } from './hospital-tasks.tables.ts';

type TRgb = readonly [number, number, number];

/**
 * A small real PNG: a coloured background with a white panel and a medical cross, so the
 * demo gallery shows four distinct pictures. Written with zlib, no image library.
 */
export function hospitalPhotoPng(background: TRgb, cross: TRgb, width = 320, height = 200): Buffer {
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  const cx = width / 2;
  const cy = height / 2;
  const arm = Math.round(height * 0.28);
  const bar = Math.round(height * 0.09);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0;
    for (let x = 0; x < width; x++) {
      const inPanel = Math.abs(x - cx) <= arm + bar && Math.abs(y - cy) <= arm + bar;
      const inCross =
        (Math.abs(x - cx) <= bar && Math.abs(y - cy) <= arm) ||
        (Math.abs(y - cy) <= bar && Math.abs(x - cx) <= arm);
      const shade = 1 - (0.25 * y) / height;
      const color: TRgb = inCross
        ? cross
        : inPanel
          ? [255, 255, 255]
          : [
              Math.round(background[0] * shade),
              Math.round(background[1] * shade),
              Math.round(background[2] * shade),
            ];
      raw.set(color, y * row + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface TProviderSeed {
  tenantCode: string;
  hospitalAccount: string;
  form: THospitalTaskFormInput;
  photos: { name: string; background: TRgb; cross: TRgb }[];
  notes: { notesC: string; notesE: string }[];
}

const weekRows = (
  am: (week: number) => string,
  pm: (week: number) => string,
  remark: (week: number) => string,
) =>
  toServerServiceTimes(
    [1, 2, 3, 4, 5, 6, 7].map((week) => ({ week, am: am(week), pm: pm(week), remark: remark(week) })),
  );

const PROVIDER_SEEDS: TProviderSeed[] = [
  {
    tenantCode: 'demo',
    hospitalAccount: 'hospital',
    form: {
      providerId: 'P10001',
      providerCnName: '北京和睦国际医院',
      providerEnName: 'Beijing Harmony International Hospital',
      medicalType: '01',
      providerPro: '02',
      providerLeval: '10',
      proDeptCategory: '01',
      socialSecurity: '02',
      directPayType: '01',
      languages: ['01', '02', '03', '04'],
      invoiceType: '01',
      providerIntroduceCn:
        '北京和睦国际医院是一家位于朝阳区的综合性国际医院，提供中英文双语的门诊、住院、急诊及体检服务，与多家国内外保险公司合作开展直付结算。医院拥有经验丰富的中外籍医生团队，重点科室包括妇产科、儿科、内科、外科和口腔科。',
      providerIntroduceEn:
        'Beijing Harmony International Hospital is a general international hospital in Chaoyang District. It offers outpatient, inpatient, emergency and health check-up services in Chinese and English, and settles directly with many domestic and international insurers. Its Chinese and international doctors are strongest in obstetrics and gynecology, pediatrics, internal medicine, surgery and dentistry.',
      deptListCn: '全科医疗科、内科、外科、妇产科、儿科、眼科、口腔科、皮肤科、急诊医学科、国际医疗部',
      deptListEn:
        'General practice, internal medicine, surgery, obstetrics and gynecology, pediatrics, ophthalmology, stomatology, dermatology, emergency medicine, international medical department',
      outPatients: ['02', '03', '04', '05', '07', '10', '12', '13', '20', 'X01'],
      currency: '01',
      bankCode: '104',
      bankName: '中国银行',
      bank: '中国银行北京将台路支行',
      accountName: '北京和睦国际医院有限公司',
      accountNo: '3380 6012 3456 7890 12',
      hospitalCAddress: '北京市朝阳区将台路2号',
      hospitalEAddress: 'No. 2 Jiangtai Road, Chaoyang District, Beijing 100015, China',
      webAddr: 'https://www.bjharmony-hospital.cn',
      continent: '01',
      country: '23',
      provinceCity: ['110000', '110100', '110105'],
      longitude: '116.4883',
      latitude: '39.9710',
      dbFlag: '01',
      notesC: '1.请提前预约\n2.就诊时请携带保险卡及有效身份证件',
      notesE:
        '1.Please make appointment inadvance\n2.Please bring your insurance card and a valid ID to the visit',
      contacts: {
        '01': [
          { id: 'seed-p10001-tel-1', tel: '+86-10-5927-7000', telType: ['01'], show: '01' },
          { id: 'seed-p10001-tel-2', tel: '400-812-9900', telType: ['04'], show: '01' },
        ],
        '02': [
          {
            id: 'seed-p10001-ins',
            name: '王芳',
            tel: '+86-138-0101-2001',
            mail: 'insurance@bjharmony-hospital.cn',
          },
        ],
        '03': [
          {
            id: 'seed-p10001-survey',
            name: '李强',
            tel: '+86-10-5927-7105',
            mail: 'medical.records@bjharmony-hospital.cn',
          },
        ],
        '04': [
          {
            id: 'seed-p10001-preauth',
            name: '张伟',
            tel: '+86-139-1120-3003',
            mail: 'preauth@bjharmony-hospital.cn',
          },
        ],
        '05': [
          {
            id: 'seed-p10001-finance',
            name: '陈静',
            tel: '+86-10-5927-7230',
            mail: 'finance@bjharmony-hospital.cn;billing@bjharmony-hospital.cn',
          },
        ],
      },
      serviceTimes: weekRows(
        (w) => (w <= 5 ? '08:00-12:00' : w === 6 ? '09:00-12:00' : ''),
        (w) => (w <= 5 ? '13:00-17:30' : w === 6 ? '13:00-16:00' : ''),
        (w) => (w === 7 ? '仅急诊 Emergency only' : ''),
      ),
    },
    photos: [
      { name: 'hospital-front.png', background: [0, 122, 153], cross: [220, 38, 38] },
      { name: 'reception-lobby.png', background: [248, 144, 0], cross: [0, 122, 153] },
      { name: 'consulting-room.png', background: [46, 139, 87], cross: [220, 38, 38] },
      { name: 'inpatient-ward.png', background: [90, 90, 160], cross: [46, 139, 87] },
    ],
    notes: [
      {
        notesC: '该院住院直付需提前3个工作日提交预授权申请。',
        notesE: 'Inpatient direct billing needs a pre-authorization request 3 working days in advance.',
      },
      {
        notesC: '口腔科仅接受预约，不提供急诊服务。',
        notesE: 'The dental department accepts appointments only and has no emergency service.',
      },
    ],
  },
  {
    tenantCode: 'acme',
    hospitalAccount: 'hospital',
    form: {
      providerId: 'P20001',
      providerCnName: '新加坡狮城医疗中心',
      providerEnName: 'Lion City Medical Centre',
      medicalType: '01',
      providerPro: '02',
      providerLeval: '10',
      proDeptCategory: '01',
      socialSecurity: '02',
      directPayType: '02',
      languages: ['01', '02', '15'],
      invoiceType: '07',
      providerIntroduceCn: '狮城医疗中心位于新加坡乌节路，提供全科、专科门诊及日间手术服务，设有中文服务台。',
      providerIntroduceEn:
        'Lion City Medical Centre on Orchard Road, Singapore, provides general practice, specialist outpatient care and day surgery, with a Chinese-speaking service desk.',
      deptListCn: '全科医疗科、内科、外科、儿科、皮肤科',
      deptListEn: 'General practice, internal medicine, surgery, pediatrics, dermatology',
      outPatients: ['02', '03', '04', '07', '13'],
      currency: '09',
      bankCode: '',
      bankName: '',
      bank: 'Oversea-Chinese Banking Corporation Limited',
      accountName: 'Lion City Medical Centre Pte. Ltd.',
      accountNo: '501-234567-001',
      countryCode: 'OCBCSGSG',
      bankAddress: '65 Chulia Street, OCBC Centre, Singapore 049513',
      hospitalCAddress: '新加坡乌节路290号',
      hospitalEAddress: '290 Orchard Road, Singapore 238859',
      webAddr: 'https://www.lioncitymedical.sg',
      continent: '01',
      country: 'SG',
      provinceCity: [],
      longitude: '103.8343',
      latitude: '1.3036',
      dbFlag: '02',
      notesC: '1.请提前预约',
      notesE: '1.Please make appointment inadvance',
      contacts: {
        '01': [{ id: 'seed-p20001-tel-1', tel: '+65 6735 2000', telType: ['01'], show: '01' }],
        '02': [
          {
            id: 'seed-p20001-ins',
            name: 'Tan Mei Ling',
            tel: '+65 9123 4501',
            mail: 'insurance@lioncitymedical.sg',
          },
        ],
        '03': [
          {
            id: 'seed-p20001-survey',
            name: 'Lim Wei Jie',
            tel: '+65 6735 2010',
            mail: 'records@lioncitymedical.sg',
          },
        ],
        '04': [
          {
            id: 'seed-p20001-preauth',
            name: 'Nur Aisyah',
            tel: '+65 6735 2020',
            mail: 'preauth@lioncitymedical.sg',
          },
        ],
        '05': [
          {
            id: 'seed-p20001-finance',
            name: 'Rajesh Kumar',
            tel: '+65 6735 2030',
            mail: 'accounts@lioncitymedical.sg',
          },
        ],
      },
      serviceTimes: weekRows(
        (w) => (w <= 6 ? '08:30-12:30' : ''),
        (w) => (w <= 5 ? '14:00-18:00' : ''),
        (w) => (w === 7 ? '休息 Closed' : ''),
      ),
    },
    photos: [
      { name: 'centre-entrance.png', background: [180, 30, 45], cross: [255, 255, 255] },
      { name: 'waiting-area.png', background: [30, 100, 180], cross: [180, 30, 45] },
      { name: 'treatment-room.png', background: [20, 150, 140], cross: [180, 30, 45] },
      { name: 'day-surgery.png', background: [120, 80, 40], cross: [20, 150, 140] },
    ],
    notes: [],
  },
];

/**
 * The approved demo provider records: P10001 (a Beijing international hospital) in tenant
 * demo and P20001 (a Singapore centre) in acme, with four real PNG promo photos stored through
 * the files service, and operator notes. Runs once per tenant (skipped when the record exists).
 */
export async function seedDemoProviders(tx: TDbOrTx, { config }: { config: TConfig }): Promise<void> {
  for (const seed of PROVIDER_SEEDS) {
    const tenant = await findTenantByCode(tx, seed.tenantCode);
    if (!tenant) continue;
    const providerId = String(seed.form.providerId);
    const existing = await tx
      .select({ id: providers.id })
      .from(providers)
      .where(and(eq(providers.tenantId, tenant.id), eq(providers.providerId, providerId)));
    if (existing[0]) continue;

    const form = normalizeHospitalTask(
      ZHospitalTaskSubmit.parse({ ...seed.form, photos: ['1', '2', '3', '4'] }),
    );
    const id = randomUUID();
    const { provinceCity, contacts, attaches: _attaches, ...fields } = form;
    await tx.insert(providers).values({
      id,
      tenantId: tenant.id,
      ...fields,
      photos: [],
      ...splitProvinceCity(provinceCity),
      contacts: flattenContacts(contacts),
      approvedAt: new Date(),
      createdBy: 'seed',
      updatedBy: 'seed',
    });

    const user = await findUserByAccount(tx, { tenantId: tenant.id, account: seed.hospitalAccount });
    if (user) {
      const actor: TActor = {
        userId: user.id,
        tenantId: tenant.id,
        tenantCode: tenant.code,
        sessionId: 'seed',
        account: user.account,
        name: user.name,
        nameEn: user.nameEn,
        userType: user.userType,
        providerId,
        roles: [],
        permissions: [],
        isSuperAdmin: false,
        orgId: null,
        scope: { all: false, orgIds: [], providerIds: [] },
        providerFunctions: null,
        mustChangePassword: false,
      };
      async function* parts() {
        for (const photo of seed.photos) {
          yield {
            kind: 'file' as const,
            fieldName: 'file',
            fileName: photo.name,
            stream: Readable.from([hospitalPhotoPng(photo.background, photo.cross)]),
          };
        }
      }
      // The seed runs inside the start-up transaction, before the platform exists: the files
      // service needs only the configuration (its store) and the database handle.
      const platform = { config, db: tx, log: null } as unknown as TPlatform;
      const rows = await uploadFiles(platform, {
        actor,
        target: { bucket: PHOTO_BUCKET, bizType: PHOTO_BIZ_TYPE, bizId: id },
        parts: parts(),
      });
      await tx
        .update(providers)
        .set({ photos: rows.map((r) => r.id) })
        .where(and(eq(providers.tenantId, tenant.id), eq(providers.id, id)));
    }

    const auditor = await findUserByAccount(tx, { tenantId: tenant.id, account: 'auditor' });
    for (const [i, note] of seed.notes.entries()) {
      const written = new Date(Date.now() - (seed.notes.length - i) * 7 * 86_400_000);
      await tx.insert(providerNotes).values({
        tenantId: tenant.id,
        providerId,
        ...note,
        createdAt: written,
        updatedAt: written,
        createdBy: auditor?.id ?? 'seed',
        createdByName: auditor?.name ?? '系统',
        createdByNameEn: auditor?.nameEn ?? 'System',
      });
    }
  }
}
