/**
 * Provider accounts (docs/decisions/0027-provider-accounts.md): the functions a provider may
 * use, switched on or off per provider by the operator (spec, second document, section 3).
 */
import { PROVIDER_ACCOUNT_STATUS, PROVIDER_SIGN_STATUS } from '../dictionaries/codes.ts';

/**
 * The provider functions a route or menu can belong to. The first four are the spec's
 * switches; CONTRACT is every direct-billing function (claims, pre-authorization), which only a
 * signed provider uses and which has no switch of its own.
 */
export const PROVIDER_FUNCTION = {
  INVOICE: { code: 'invoice', zh: '发票管理', en: 'Invoice management' },
  INVESTIGATION: { code: 'investigation', zh: '理赔调查管理', en: 'Claim investigation management' },
  APPOINTMENT: { code: 'appointment', zh: '预约管理', en: 'Appointment management' },
  MEDICAL_EXPENSE: { code: 'medicalExpense', zh: '医疗费用管理', en: 'Medical expense management' },
  CONTRACT: { code: 'contract', zh: '签约直付业务', en: 'Contracted direct billing' },
} as const;

export type TProviderFunction = (typeof PROVIDER_FUNCTION)[keyof typeof PROVIDER_FUNCTION]['code'];

export const PROVIDER_FUNCTION_CODES = Object.values(PROVIDER_FUNCTION).map((f) => f.code) as [
  TProviderFunction,
  ...TProviderFunction[],
];

/** The switches as they travel (queryAbility, the admin screen) and the function each opens. */
export const PROVIDER_SWITCHES = [
  { field: 'invoiceEnabled', function: PROVIDER_FUNCTION.INVOICE },
  { field: 'investigationEnabled', function: PROVIDER_FUNCTION.INVESTIGATION },
  { field: 'appointmentEnabled', function: PROVIDER_FUNCTION.APPOINTMENT },
  { field: 'medicalExpenseEnabled', function: PROVIDER_FUNCTION.MEDICAL_EXPENSE },
] as const;

export type TSwitchField = (typeof PROVIDER_SWITCHES)[number]['field'];

/** The switch settings of one provider. */
export interface TProviderSwitches {
  invoiceEnabled: boolean;
  investigationEnabled: boolean;
  appointmentEnabled: boolean;
  medicalExpenseEnabled: boolean;
  /** Auto-confirm of medical expenses; only meaningful while medical expense management is on. */
  medicalExpenseAutoConfirm: boolean;
}

/**
 * The functions a provider's staff may use: none while the account is invalid (they cannot sign
 * in anyway) or the provider is unsigned; otherwise direct billing and the switches that are on.
 */
export function effectiveFunctions(
  account: { status: string; signStatus: string } & TProviderSwitches,
): TProviderFunction[] {
  if (account.status !== PROVIDER_ACCOUNT_STATUS.VALID.code) return [];
  if (account.signStatus !== PROVIDER_SIGN_STATUS.SIGNED.code) return [];
  return [
    PROVIDER_FUNCTION.CONTRACT.code,
    ...PROVIDER_SWITCHES.filter((s) => account[s.field]).map((s) => s.function.code),
  ];
}
