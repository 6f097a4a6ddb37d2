import type { TDbOrTx } from '../../platform/db/client.ts';
import { findTenantByCode } from '../../platform/tenancy/tenancy.service.ts';
import { findUserByAccount } from '../users/users.service.ts';
import { countMessages, insertMessage, type TNewMessage } from './messages.service.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The next Saturday after `from`, as 2026-06-20 and June 20, 2026. */
function nextSaturday(from: Date) {
  const d = new Date(from.getTime() + ((6 - from.getUTCDay() + 7) % 7 || 7) * DAY);
  const iso = d.toISOString().slice(0, 10);
  const en = d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return { iso, en };
}

/**
 * Demo messages of tenant `demo` (provider P10001 and the operator staff), so the shell shows
 * real notices, counts and lists. Runs only while the tenant has no message at all.
 */
export async function seedDemoMessages(
  db: TDbOrTx,
  { tenantCode, providerId }: { tenantCode: string; providerId: string },
) {
  const tenant = await findTenantByCode(db, tenantCode);
  if (!tenant || (await countMessages(db, { tenantId: tenant.id })) > 0) return;
  const admin = await findUserByAccount(db, { tenantId: tenant.id, account: 'admin' });
  const operator = {
    id: admin?.id ?? null,
    name: admin?.name ?? '系统管理员',
    nameEn: admin?.nameEn ?? 'System Administrator',
  };
  const system = { id: null, name: '系统', nameEn: 'System' };
  const now = Date.now();
  const ago = (days: number, hours = 0) => new Date(now - days * DAY - hours * 60 * 60 * 1000);
  const maintenance = nextSaturday(new Date(now));
  const everyone: TNewMessage['recipients'] = [{ kind: 'allProviders' }, { kind: 'allOperators' }];
  const provider: TNewMessage['recipients'] = [{ kind: 'provider', target: providerId }];

  const seeds: Omit<TNewMessage, 'tenantId' | 'validFrom'>[] = [
    {
      code: '12',
      msgType: '02',
      msgLevel: '03',
      name: '重要提示：直付理赔提交时限',
      nameEn: 'Important: direct-billing claim submission deadline',
      content:
        '重要提示：自即日起，直付理赔须在患者出院或门诊就诊后 30 个自然日内通过本平台提交，逾期提交的案件将不予受理。如有疑问请联系网络服务部。',
      enContent:
        'Important: from now on, direct-billing claims must be submitted through this portal within 30 calendar days of discharge or the outpatient visit. Late submissions will not be accepted. Contact Network Services with any questions.',
      validTo: new Date(now + 365 * DAY),
      sentAt: ago(1, 2),
      sender: operator,
      recipients: everyone,
    },
    {
      code: '12',
      msgType: '03',
      msgLevel: '02',
      name: '系统维护通知',
      nameEn: 'System maintenance notice',
      content: `为提升服务质量，本平台将于 ${maintenance.iso}（周六）22:00 至次日 06:00 进行系统升级维护。维护期间理赔提交、预授权申请和消息中心将暂停使用，请提前安排工作。给您带来的不便，敬请谅解。`,
      enContent: `To improve our service, the portal will be upgraded from 22:00 on Saturday ${maintenance.en} until 06:00 the next day. Claim submission, pre-authorization requests and the message centre will be unavailable during the maintenance window; please plan your work accordingly. We apologise for any inconvenience.`,
      validTo: new Date(now + 90 * DAY),
      sentAt: ago(3),
      sender: operator,
      recipients: everyone,
    },
    {
      code: '01',
      msgType: '03',
      msgLevel: '01',
      name: '医院信息修改任务已审核通过',
      nameEn: 'Hospital information update approved',
      content:
        '您提交的医院信息修改任务（任务号 PT202606150012）已审核通过，新的门诊时间和科室信息已同步至服务网络目录。',
      enContent:
        'Your hospital information update task (task no. PT202606150012) has been approved. The new outpatient hours and department details are now published in the network directory.',
      validTo: null,
      sentAt: ago(2, 5),
      sender: system,
      recipients: provider,
    },
    {
      code: '13',
      msgType: '03',
      msgLevel: '02',
      name: '理赔提交截止提醒',
      nameEn: 'Claim submission deadline reminder',
      content:
        '温馨提醒：上月直付案件的理赔材料（医院对账单及理赔影像 PDF）请于本月 10 日前提交。截至目前，贵院尚有 6 件案件未提交理赔材料。',
      enContent:
        "Reminder: claim documents for last month's direct-billing cases (the hospital statement and claim images as PDF) are due by the 10th of this month. Your hospital still has 6 cases without claim documents.",
      validTo: null,
      sentAt: ago(4),
      sender: system,
      recipients: provider,
    },
    {
      code: '02',
      msgType: '03',
      msgLevel: '02',
      name: '预授权案件需补充材料',
      nameEn: 'Pre-authorization needs additional documents',
      content:
        '预授权案件 PA20260612003（住院手术）需补充材料：术前检查报告及主治医生出具的手术必要性说明，请在 3 个工作日内上传。',
      enContent:
        "Pre-authorization case PA20260612003 (inpatient surgery) needs additional documents: the pre-operative test reports and the attending doctor's statement of medical necessity. Please upload them within 3 working days.",
      validTo: null,
      sentAt: ago(0, 6),
      sender: system,
      recipients: provider,
    },
    {
      code: '03',
      msgType: '03',
      msgLevel: '01',
      name: '新的预约申请',
      nameEn: 'New appointment request',
      content: '会员张先生申请于下周二 09:30 预约贵院内科门诊，请在预约管理中确认或调整就诊时间。',
      enContent:
        'Member Mr Zhang has requested an internal medicine outpatient appointment at your hospital next Tuesday at 09:30. Please confirm or reschedule it under Appointment management.',
      validTo: null,
      sentAt: ago(0, 3),
      sender: system,
      recipients: provider,
    },
    {
      code: '04',
      msgType: '01',
      msgLevel: '02',
      name: '直付结算新政策生效通知',
      nameEn: 'New direct-billing settlement policy',
      content:
        '自下月 1 日起，直付结算将按月批次处理：医院须在每月 5 日前确认上月对账单，确认后的批次将在 15 个工作日内付款。未确认的案件将顺延至下一批次。详细说明请参阅操作指南。',
      enContent:
        "From the 1st of next month, direct-billing settlement moves to monthly batches: hospitals must confirm the previous month's statement by the 5th, and confirmed batches are paid within 15 working days. Unconfirmed cases roll over to the next batch. See the operation guide for details.",
      validTo: new Date(now + 60 * DAY),
      sentAt: ago(6),
      sender: operator,
      recipients: [{ kind: 'allProviders' }],
    },
    {
      code: '04',
      msgType: '01',
      msgLevel: '01',
      name: '节假日服务安排',
      nameEn: 'Holiday service arrangements',
      content:
        '节假日期间，24 小时客服热线及紧急预授权审核照常服务；常规理赔审核和付款将顺延至假期后第一个工作日处理。祝您节日愉快！',
      enContent:
        'During public holidays the 24-hour service hotline and urgent pre-authorization reviews continue as usual; routine claim reviews and payments resume on the first working day after the holiday. Happy holidays!',
      validTo: new Date(now + 60 * DAY),
      sentAt: ago(5),
      sender: operator,
      recipients: everyone,
    },
    {
      code: '01',
      msgType: '03',
      msgLevel: '01',
      name: '待审核任务提醒',
      nameEn: 'Tasks waiting for audit',
      content: '当前有 3 个医院信息修改任务和 2 个医生新增任务等待审核，其中 1 个任务将于明天超时自动关闭。',
      enContent:
        'There are 3 hospital update tasks and 2 new-doctor tasks waiting for audit; 1 of them will be closed automatically tomorrow if it is not audited.',
      validTo: null,
      sentAt: ago(0, 1),
      sender: system,
      recipients: [{ kind: 'allOperators' }],
    },
  ];
  for (const seed of seeds) {
    await insertMessage(db, { ...seed, tenantId: tenant.id, validFrom: seed.sentAt! });
  }
}
