/**
 * The hospital form's state outside React: which route the screen serves, the values it edits
 * (service times as the seven weekday rows, files as the uploaded-file lists), the payload it
 * sends, and how the shared rules of @portal/domain/hospital-tasks/rules become per-field
 * errors. Every rule comes from the domain package; this file only adapts shapes.
 */
import { DOMESTIC_CURRENCY } from '@portal/domain/dictionaries/codes';
import { PHOTO_COUNT } from '@portal/domain/files/rules';
import { RETURN_REASON_MAX, returnReasonIssue } from '@portal/domain/hospital-audit/rules';
import type { THospitalTaskView, TTaskFile } from '@portal/domain/hospital-tasks/api';
import { FIXED_DEPT_CATEGORY, FIXED_PROVIDER_LEVEL } from '@portal/domain/hospital-tasks/codes';
import {
  CONTACT_TYPE_CODES,
  clearBankCodeUnlessDomestic,
  dropAuditFields,
  emptyContact,
  emptyHospitalForm,
  hasFixedLevel,
  LABELS,
  newContactId,
  PHOTO_COUNT_MESSAGE,
  PHOTO_REQUIRED_MESSAGE,
  serviceTimePathToClient,
  type TContactGroups,
  type TContactTypeCode,
  type TFieldErrors,
  type THospitalTaskForm,
  type THospitalTaskFormInput,
  type TServiceTimeRow,
  type TServiceTimeWeekRow,
  type TValidationMode,
  toClientServiceTimes,
  toServerServiceTimes,
  validateHospitalTask,
} from '@portal/domain/hospital-tasks/rules';
import { parseBilingual, pleaseSelect, type TBilingual } from '@portal/domain/i18n/bilingual';
import type { TUploadedFile } from '../../components/file-upload/upload-state.ts';
import { AUDIT_LIST_PATH, TASK_LIST_PATH } from './hospital-paths.ts';

// ---------------------------------------------------------------------------------------------
// Routes

/** The four named routes of the one hospital form screen (spec section 2). */
export const HOSPITAL_FORM_ROUTES = ['createHosp', 'modifyTask', 'modifyHosp', 'auditHosp'] as const;
export type THospitalFormRoute = (typeof HOSPITAL_FORM_ROUTES)[number];

/** Path of each named route. */
export const HOSPITAL_FORM_PATHS: Record<THospitalFormRoute, string> = {
  createHosp: '/drsystem/management/hosp/create',
  modifyHosp: '/drsystem/management/hosp/modify',
  modifyTask: '/drsystem/management/task/modify',
  auditHosp: '/drsystem/management/hosp/audit',
};

/** Route names of the screens the form returns to after submit, and their paths when the menu lacks them. */
export const AFTER_SUBMIT = {
  /** The provider's task list (route drmanage-task, with save=true). */
  taskList: { name: 'drmanage-task', path: TASK_LIST_PATH },
  /** The operator's hospital audit list. */
  auditList: { name: 'hospitalAudit', path: AUDIT_LIST_PATH },
} as const;

/** The route a screen serves: by the route's name, else by its path (create by default). */
export function hospitalFormRouteOf(name: string | null | undefined, pathname: string): THospitalFormRoute {
  if (name && (HOSPITAL_FORM_ROUTES as readonly string[]).includes(name)) return name as THospitalFormRoute;
  const path = pathname.replace(/\/+$/, '');
  for (const route of HOSPITAL_FORM_ROUTES) if (HOSPITAL_FORM_PATHS[route] === path) return route;
  return 'createHosp';
}

export const isAuditRoute = (route: THospitalFormRoute): boolean => route === 'auditHosp';

/** Save is offered everywhere but on the audit route and modifyHosp. */
export const canSaveDraft = (route: THospitalFormRoute): boolean =>
  route === 'createHosp' || route === 'modifyTask';

/** Provider notes are hidden on createHosp and for add-hospital tasks (03). */
export const showsProviderNotes = (route: THospitalFormRoute, taskType: string): boolean =>
  route !== 'createHosp' && taskType !== '03';

/** Attachments belong to update-hospital tasks (04). */
export const showsAttachments = (taskType: string): boolean => taskType === '04';

// ---------------------------------------------------------------------------------------------
// Values

/** What the form edits: the task's fields, service times as weekday rows, files with their names. */
export interface THospitalFormValues extends Omit<THospitalTaskForm, 'serviceTimes' | 'photos' | 'attaches'> {
  serviceTimes: TServiceTimeWeekRow[];
  photoList: TUploadedFile[];
  attacheList: TUploadedFile[];
}

/** The audit result section (audit route only). */
export interface TAuditValues {
  auditResult: string;
  returnReason: string;
}

export const EMPTY_AUDIT_VALUES: TAuditValues = { auditResult: '', returnReason: '' };

/** The most characters of a return reason. */
export { RETURN_REASON_MAX };

const toUploaded = (file: TTaskFile): TUploadedFile => ({ ...file });

/** Every group holds at least one row and every row a client-side id. */
export function withContactRows(groups: TContactGroups): TContactGroups {
  const out = { ...groups } as TContactGroups;
  for (const type of CONTACT_TYPE_CODES) {
    const rows = (groups[type] ?? []).map((row) => ({ ...row, id: row.id || newContactId() }));
    (out as Record<TContactTypeCode, unknown[]>)[type] = rows.length > 0 ? rows : [emptyContact(type)];
  }
  return out;
}

/** The form's values from what editDetail (or the audit detail) answers. */
export function valuesFromView(view: THospitalTaskView): THospitalFormValues {
  const {
    id: _id,
    taskNo: _taskNo,
    taskType: _taskType,
    version: _version,
    province: _province,
    city: _city,
    district: _district,
    photos: _photos,
    attaches: _attaches,
    photoList,
    attacheList,
    serviceTimes,
    contacts,
    auditFlows: _flows,
    compareResult: _compare,
    oldData: _old,
    status: _status,
    cacheStatus: _cache,
    auditResult: _ar,
    returnReason: _rr,
    auditDate: _ad,
    auditMember: _am,
    auditMemberEn: _ame,
    commitDate: _cd,
    commitName: _cn,
    commitNameEn: _cne,
    personInCharge: _pic,
    publicityDate: _pd,
    createdAt: _ca,
    updatedAt: _ua,
    ...fields
  } = view;
  return {
    ...fields,
    dbFlag: fields.dbFlag as THospitalFormValues['dbFlag'],
    contacts: withContactRows(contacts as TContactGroups),
    serviceTimes: toClientServiceTimes(serviceTimes as TServiceTimeRow[]),
    photoList: photoList.map(toUploaded),
    attacheList: attacheList.map(toUploaded),
  };
}

/** The blank form of a new hospital task for a provider (default remarks, one row per contact group). */
export function blankValues(providerId: string): THospitalFormValues {
  const { serviceTimes, photos: _p, attaches: _a, contacts, ...fields } = emptyHospitalForm(providerId);
  return {
    ...fields,
    contacts: withContactRows(contacts),
    serviceTimes: toClientServiceTimes(serviceTimes),
    photoList: [],
    attacheList: [],
  };
}

/** The payload of the providerTask calls: service times in the server form, files as ids. */
export function toPayload(values: THospitalFormValues): THospitalTaskFormInput {
  const { photoList, attacheList, serviceTimes, ...fields } = values;
  return dropAuditFields({
    ...fields,
    serviceTimes: toServerServiceTimes(serviceTimes),
    photos: photoList.map((f) => f.id),
    attaches: attacheList.map((f) => f.id),
  } as Record<string, unknown>) as THospitalTaskFormInput;
}

// ---------------------------------------------------------------------------------------------
// Changes

/** Reads a dotted path ('contacts.01.0.tel'). */
export function getIn(source: unknown, path: string): unknown {
  let node: unknown = source;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Writes a dotted path immutably (arrays stay arrays). */
export function setIn<T>(source: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.');
  const node = source as unknown as Record<string, unknown> | unknown[];
  const child =
    rest.length === 0 ? value : setIn((node as Record<string, unknown>)[key], rest.join('.'), value);
  if (Array.isArray(node)) {
    const copy = [...node];
    copy[Number(key)] = child;
    return copy as unknown as T;
  }
  return { ...(node as Record<string, unknown>), [key]: child } as T;
}

/**
 * One field changes, with the rules that follow from it: provider characters 02 to 04 set level
 * 10 and department category 01; a currency other than 01 clears the bank code (and its name),
 * and a currency change drops the bank fields' messages (branch validation included).
 * Returns the new values and the paths whose messages go.
 */
export function applyFieldChange(
  values: THospitalFormValues,
  path: string,
  value: unknown,
): { values: THospitalFormValues; clearErrors: string[] } {
  let next = setIn(values, path, value);
  const clearErrors = [path];
  if (path === 'providerPro' && hasFixedLevel(String(value ?? ''))) {
    next = { ...next, providerLeval: FIXED_PROVIDER_LEVEL, proDeptCategory: FIXED_DEPT_CATEGORY };
    clearErrors.push('providerLeval', 'proDeptCategory');
  }
  if (path === 'photoList') clearErrors.push('photos');
  if (path === 'attacheList') clearErrors.push('attaches');
  if (path === 'currency') {
    next = clearBankCodeUnlessDomestic(next);
    if (values.currency !== next.currency) clearErrors.push('bankCode', 'bank', 'countryCode', 'bankAddress');
  }
  return { values: next, clearErrors };
}

/** Whether the bank select (bankCode, bankName) applies: only for the domestic currency 01. */
export const usesBankSelect = (currency: string): boolean => currency === DOMESTIC_CURRENCY;

// ---------------------------------------------------------------------------------------------
// Errors

/** Messages per field path of the form ('contacts.02.0.mail', 'serviceTimes.0.am'), in both languages. */
export type TFormErrors = Record<string, TBilingual>;

/** Lists of codes whose item errors show on the list's control. */
const LIST_FIELDS = ['languages', 'outPatients', 'provinceCity', 'photos', 'attaches'];

/** Where an error path of the payload shows in the form (service-time cells and list items moved). */
export function formPathOf(path: string, serverServiceTimes: readonly TServiceTimeRow[]): string {
  const serviceTime = serviceTimePathToClient(path, serverServiceTimes);
  if (serviceTime) return serviceTime;
  const [head, ...rest] = path.split('.');
  if (LIST_FIELDS.includes(head)) return head;
  if (head === 'contacts' && rest[2] === 'telType') return ['contacts', ...rest.slice(0, 3)].join('.');
  if (head === 'serviceTimes') return 'serviceTimes';
  return path;
}

/** The server's (or validateHospitalTask's) field errors as the form's, first message per path. */
export function toFormErrors(
  fieldErrors: TFieldErrors | null | undefined,
  serverServiceTimes: readonly TServiceTimeRow[],
): TFormErrors {
  const out: TFormErrors = {};
  for (const [path, e] of Object.entries(fieldErrors ?? {})) {
    const at = formPathOf(path, serverServiceTimes);
    out[at] ??= { zh: e.msg || e.msg_en, en: e.msg_en || e.msg };
  }
  return out;
}

/** Validates the values with the shared rules in a mode (none: save; submit: submit). */
export function validateValues(values: THospitalFormValues, mode: TValidationMode): TFormErrors {
  const payload = toPayload(values);
  return toFormErrors(validateHospitalTask(payload, mode), payload.serviceTimes as TServiceTimeRow[]);
}

/** The message of one path after a blur: format rules only (validation mode none). */
export function blurErrorOf(values: THospitalFormValues, path: string): TBilingual | null {
  return validateValues(values, 'none')[path] ?? null;
}

/** Audit result rules (@portal/domain/hospital-audit/rules): a result is required; returning needs a reason. */
export function auditErrors(audit: TAuditValues): TFormErrors {
  const out: TFormErrors = {};
  if (!audit.auditResult) out.auditResult = parseBilingual(pleaseSelect(LABELS.auditResult));
  const reason = returnReasonIssue(audit.auditResult, audit.returnReason);
  if (reason) out.returnReason = parseBilingual(reason);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Submit

export type TSubmitCheck =
  | { ok: true; errors: TFormErrors }
  | {
      ok: false;
      errors: TFormErrors /** The photo-count error toast (photos present but not 4). */;
      photoCount: boolean;
    };

/**
 * The checks of the submit flow (spec section 4), in order: the missing-photo and
 * missing-department errors, the validation (submit mode; the audit route checks its audit
 * result instead, the task itself being read-only there), photos and departments present,
 * exactly 4 photos. ok means the route action may be called.
 */
export function checkSubmit(
  values: THospitalFormValues,
  options: { audit: boolean; auditValues?: TAuditValues },
): TSubmitCheck {
  const errors: TFormErrors = {};
  if (values.photoList.length === 0) errors.photos = parseBilingual(PHOTO_REQUIRED_MESSAGE);
  if (values.outPatients.length === 0) errors.outPatients = parseBilingual(pleaseSelect(LABELS.outPatients));
  const validation = options.audit
    ? auditErrors(options.auditValues ?? EMPTY_AUDIT_VALUES)
    : validateValues(values, 'submit');
  for (const [path, message] of Object.entries(validation)) errors[path] ??= message;
  const photoCount = values.photoList.length > 0 && values.photoList.length !== PHOTO_COUNT;
  if (photoCount) errors.photos ??= parseBilingual(PHOTO_COUNT_MESSAGE);
  if (Object.keys(errors).length > 0) return { ok: false, errors, photoCount };
  return { ok: true, errors };
}

/** The photo-count error in both languages (the toast of the submit flow). */
export const PHOTO_COUNT_ERROR: TBilingual = parseBilingual(PHOTO_COUNT_MESSAGE);
