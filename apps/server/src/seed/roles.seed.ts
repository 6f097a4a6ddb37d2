/** Roles seeded into every tenant with the permissions they grant. */
export interface TRoleSeed {
  code: string;
  name: string;
  nameEn: string;
  permissions: string[];
}

export const ROLE_SEED: TRoleSeed[] = [
  { code: 'SUPER_ADMIN', name: '超级管理员', nameEn: 'Super administrator', permissions: ['*'] },
  {
    code: 'AUDITOR',
    name: '审核员',
    nameEn: 'Auditor',
    permissions: [
      'drsystem:homePage:view',
      'drsystem:providerTaskMsh:*',
      'drsystem:doctorTaskMsh:*',
      'drsystem:info:*',
      'drsystem:knowledge:*',
      'drsystem:symptom:*',
      'drsystem:liproviderinfo:*',
      'personalData:reveal',
      'msg:center:*',
      'msg:msg:*',
      'sms:*',
      'dictionary:view',
      // Members and benefits (decision 0036): auditors read benefits and the plan network.
      'smartportal:benefit:view',
      'member:network:view',
      'smartportal:appointment:view',
      // Pre-authorisation audit (decision 0039).
      'preauth:audit:*',
      // Claim audit (decision 0040).
      'claim:audit:*',
      // Claim investigations and cost management (decisions 0046, 0047).
      'claim:medicalAudit:*',
      'claim:controlAudit:*',
      // Invoices of every provider, read only (decision 0044).
      'invoice:invoice:view',
      // The tenant's invoice title: taxpayer number and generation (decision 0048).
      'invoice:title:edit',
      // Claim accounting: build, confirm and resolve payment batches (decision 0045).
      'claim:acc:view',
      'claim:acc:build',
      'claim:acc:confirm',
      'claim:acc:resolve',
      // Claim appeals: read, return, reject and approve (decision 0049).
      'claim:appealAudit:*',
    ],
  },
  {
    code: 'SMART_PORTAL',
    name: '医院门户用户',
    nameEn: 'Hospital portal user',
    permissions: [
      'drsystem:homePage:view',
      'drsystem:providerTask:*',
      'drsystem:doctorTask:*',
      'drsystem:liproviderinfo:view',
      'personalData:reveal',
      'msg:center:*',
      'dictionary:view',
      // Benefits enquiry of members of plans the own provider serves (decision 0036).
      'smartportal:benefit:view',
      'smartportal:appointment:*',
      // Pre-authorisations of the own provider (decision 0039).
      'preauth:case:*',
      // Invoices of the own provider (decision 0041).
      'invoice:invoice:*',
      // Claim batches of the own provider (decision 0040).
      'claim:batch:*',
      // Investigations and cost-control measures of the own provider (decisions 0046, 0047).
      'claim:medical:*',
      'claim:control:*',
      // Payments to the own provider: read and reconcile (decision 0045).
      'claim:acc:view',
      'claim:acc:reconcile',
      // Appeals of the own provider's claim lines (decision 0049).
      'claim:appeal:*',
    ],
  },
  {
    code: 'NET_VIEW',
    name: '网络视图用户',
    nameEn: 'Network-view user',
    permissions: [
      'drsystem:homePage:view',
      'drsystem:homePage:netView',
      'drsystem:providerTaskMsh:list',
      'drsystem:providerTaskMsh:detail',
      'msg:center:*',
      'dictionary:view',
    ],
  },
  { code: 'CLAIM_ADMIN', name: '理赔管理员', nameEn: 'Claim administrator', permissions: ['claim:*'] },
];
