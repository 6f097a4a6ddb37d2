/**
 * Code tables of the portal, each code next to its Chinese and English label.
 *
 * Codes the spec fixes are used as given (task statuses 01/03/04/06/07/08, task types,
 * approval conclusions, operation-record texts, provider level 10, department category 01,
 * currency 01, message codes 12/01/13/02/03/04 ...); the others were chosen for this portal
 * and are listed under "Chosen codes" in apps/server/src/seed/reference/SOURCES.md.
 *
 * Areas (code types 01 to 05) and departments (code type outpatients) are data, seeded from
 * apps/server/src/seed/reference/; only their code-type names are here.
 */

/** One entry of a code table. */
export interface TCodeEntry {
  readonly code: string;
  readonly zh: string;
  readonly en: string;
}

/** The domestic country: China's area code (not its ISO code). */
export const DOMESTIC_COUNTRY_CODE = '23';
/** The domestic currency (CNY); bank code and CNY bank name apply only to it. */
export const DOMESTIC_CURRENCY = '01';
/** upCode of the continents: children of '0' are the top of the area tree. */
export const AREA_ROOT_CODE = '0';
/** Code type of hospital departments (the specialty picker). */
export const OUTPATIENTS_CODE_TYPE = 'outpatients';

export const AREA_LEVEL = {
  CONTINENT: { code: '01', zh: '大洲', en: 'Continent' },
  COUNTRY: { code: '02', zh: '国家/地区', en: 'Country/region' },
  PROVINCE: { code: '03', zh: '省/直辖市/自治区', en: 'Province' },
  CITY: { code: '04', zh: '市', en: 'City' },
  DISTRICT: { code: '05', zh: '区/县', en: 'District/county' },
} as const;

/** Area levels double as dictionary code types: codeType '03' lists provinces. */
export const AREA_LEVEL_CODE_TYPES = ['01', '02', '03', '04', '05'] as const;

// ---------------------------------------------------------------------------------------
// Hospital form (spec 1, sections 2 to 5).

export const LANGUAGE = {
  CHINESE: { code: '01', zh: '中文（普通话）', en: 'Chinese (Mandarin)' },
  ENGLISH: { code: '02', zh: '英语', en: 'English' },
  JAPANESE: { code: '03', zh: '日语', en: 'Japanese' },
  KOREAN: { code: '04', zh: '韩语', en: 'Korean' },
  FRENCH: { code: '05', zh: '法语', en: 'French' },
  GERMAN: { code: '06', zh: '德语', en: 'German' },
  SPANISH: { code: '07', zh: '西班牙语', en: 'Spanish' },
  RUSSIAN: { code: '08', zh: '俄语', en: 'Russian' },
  ARABIC: { code: '09', zh: '阿拉伯语', en: 'Arabic' },
  PORTUGUESE: { code: '10', zh: '葡萄牙语', en: 'Portuguese' },
  CANTONESE: { code: '11', zh: '粤语', en: 'Cantonese' },
  ITALIAN: { code: '12', zh: '意大利语', en: 'Italian' },
  THAI: { code: '13', zh: '泰语', en: 'Thai' },
  VIETNAMESE: { code: '14', zh: '越南语', en: 'Vietnamese' },
  MALAY: { code: '15', zh: '马来语', en: 'Malay' },
  INDONESIAN: { code: '16', zh: '印度尼西亚语', en: 'Indonesian' },
  HINDI: { code: '17', zh: '印地语', en: 'Hindi' },
  DUTCH: { code: '18', zh: '荷兰语', en: 'Dutch' },
  MONGOLIAN: { code: '19', zh: '蒙古语', en: 'Mongolian' },
  OTHER: { code: '99', zh: '其他', en: 'Other' },
} as const;

export const MEDICAL_TYPE = {
  GENERAL_HOSPITAL: { code: '01', zh: '综合医院', en: 'General hospital' },
  SPECIALIST_HOSPITAL: { code: '02', zh: '专科医院', en: 'Specialist hospital' },
  CLINIC: { code: '03', zh: '诊所', en: 'Clinic' },
  CHECK_UP_CENTER: { code: '04', zh: '体检中心', en: 'Health check-up center' },
  DENTAL: { code: '05', zh: '口腔医院/诊所', en: 'Dental hospital/clinic' },
  TCM_HOSPITAL: { code: '06', zh: '中医医院', en: 'Traditional Chinese medicine hospital' },
  INTEGRATED_HOSPITAL: {
    code: '07',
    zh: '中西医结合医院',
    en: 'Integrated Chinese and Western medicine hospital',
  },
  MATERNAL_CHILD: { code: '08', zh: '妇幼保健院', en: 'Maternal and child health hospital' },
  REHABILITATION: { code: '09', zh: '康复医院', en: 'Rehabilitation hospital' },
  OUTPATIENT_CENTER: { code: '10', zh: '门诊部', en: 'Outpatient center' },
  COMMUNITY_HEALTH: { code: '11', zh: '社区卫生服务中心', en: 'Community health service center' },
  EMERGENCY_CENTER: { code: '12', zh: '急救中心', en: 'Emergency medical center' },
  PHARMACY: { code: '13', zh: '药店', en: 'Pharmacy' },
  OTHER: { code: '99', zh: '其他', en: 'Other' },
} as const;

/** Provider character. Only PUBLIC allows choosing the level and the department category. */
export const PROVIDER_PRO = {
  PUBLIC: { code: '01', zh: '公立医院', en: 'Public hospital' },
  PRIVATE: { code: '02', zh: '私立医院', en: 'Private hospital' },
  CLINIC: { code: '03', zh: '诊所', en: 'Clinic' },
  OTHER: { code: '04', zh: '其他', en: 'Other' },
} as const;

/** Hospital grade (医院等级). NOT_GRADED (10) is forced for every character but public. */
export const PROVIDER_LEVEL = {
  TERTIARY_A: { code: '01', zh: '三级甲等', en: 'Tertiary, grade A' },
  TERTIARY_B: { code: '02', zh: '三级乙等', en: 'Tertiary, grade B' },
  TERTIARY_C: { code: '03', zh: '三级丙等', en: 'Tertiary, grade C' },
  SECONDARY_A: { code: '04', zh: '二级甲等', en: 'Secondary, grade A' },
  SECONDARY_B: { code: '05', zh: '二级乙等', en: 'Secondary, grade B' },
  SECONDARY_C: { code: '06', zh: '二级丙等', en: 'Secondary, grade C' },
  PRIMARY_A: { code: '07', zh: '一级甲等', en: 'Primary, grade A' },
  PRIMARY_B: { code: '08', zh: '一级乙等', en: 'Primary, grade B' },
  PRIMARY_C: { code: '09', zh: '一级丙等', en: 'Primary, grade C' },
  NOT_GRADED: { code: '10', zh: '未定级', en: 'Not graded' },
  TERTIARY_UNRATED: { code: '11', zh: '三级（未定等）', en: 'Tertiary, grade not rated' },
  SECONDARY_UNRATED: { code: '12', zh: '二级（未定等）', en: 'Secondary, grade not rated' },
  PRIMARY_UNRATED: { code: '13', zh: '一级（未定等）', en: 'Primary, grade not rated' },
} as const;

export const DIRECT_PAY_TYPE = {
  OUTPATIENT_AND_INPATIENT: {
    code: '01',
    zh: '门诊及住院直付',
    en: 'Outpatient and inpatient direct billing',
  },
  OUTPATIENT_ONLY: { code: '02', zh: '仅门诊直付', en: 'Outpatient direct billing only' },
  INPATIENT_ONLY: { code: '03', zh: '仅住院直付', en: 'Inpatient direct billing only' },
  NONE: { code: '04', zh: '不提供直付', en: 'No direct billing' },
} as const;

/** Department category. GENERAL (01) is forced for every character but public. */
export const PRO_DEPT_CATEGORY = {
  GENERAL: { code: '01', zh: '普通部', en: 'General department' },
  VIP: { code: '02', zh: '特需部', en: 'VIP department' },
  INTERNATIONAL: { code: '03', zh: '国际部', en: 'International department' },
  GENERAL_AND_VIP: { code: '04', zh: '普通部及特需/国际部', en: 'General and VIP/international departments' },
} as const;

export const INVOICE_TYPE = {
  MEDICAL_RECEIPT_ELECTRONIC: { code: '01', zh: '医疗收费电子票据', en: 'Electronic medical fee receipt' },
  MEDICAL_RECEIPT_PAPER: { code: '02', zh: '医疗收费纸质票据', en: 'Paper medical fee receipt' },
  VAT_ORDINARY_ELECTRONIC: { code: '03', zh: '增值税电子普通发票', en: 'VAT ordinary invoice (electronic)' },
  VAT_ORDINARY_PAPER: { code: '04', zh: '增值税纸质普通发票', en: 'VAT ordinary invoice (paper)' },
  VAT_SPECIAL: { code: '05', zh: '增值税专用发票', en: 'VAT special invoice' },
  DIGITAL_INVOICE: { code: '06', zh: '全面数字化电子发票', en: 'Fully digitalized e-invoice' },
  OVERSEAS: { code: '07', zh: '境外发票/收据', en: 'Overseas invoice/receipt' },
} as const;

/** Currencies; iso is the ISO 4217 code. CNY (01) is the domestic currency. */
export const CURRENCY = {
  CNY: { code: '01', iso: 'CNY', zh: '人民币', en: 'Chinese Yuan (CNY)' },
  USD: { code: '02', iso: 'USD', zh: '美元', en: 'US Dollar (USD)' },
  HKD: { code: '03', iso: 'HKD', zh: '港币', en: 'Hong Kong Dollar (HKD)' },
  EUR: { code: '04', iso: 'EUR', zh: '欧元', en: 'Euro (EUR)' },
  GBP: { code: '05', iso: 'GBP', zh: '英镑', en: 'British Pound (GBP)' },
  JPY: { code: '06', iso: 'JPY', zh: '日元', en: 'Japanese Yen (JPY)' },
  AUD: { code: '07', iso: 'AUD', zh: '澳大利亚元', en: 'Australian Dollar (AUD)' },
  CAD: { code: '08', iso: 'CAD', zh: '加拿大元', en: 'Canadian Dollar (CAD)' },
  SGD: { code: '09', iso: 'SGD', zh: '新加坡元', en: 'Singapore Dollar (SGD)' },
  CHF: { code: '10', iso: 'CHF', zh: '瑞士法郎', en: 'Swiss Franc (CHF)' },
  KRW: { code: '11', iso: 'KRW', zh: '韩元', en: 'South Korean Won (KRW)' },
  MOP: { code: '12', iso: 'MOP', zh: '澳门元', en: 'Macao Pataca (MOP)' },
  TWD: { code: '13', iso: 'TWD', zh: '新台币', en: 'New Taiwan Dollar (TWD)' },
  THB: { code: '14', iso: 'THB', zh: '泰铢', en: 'Thai Baht (THB)' },
  NZD: { code: '15', iso: 'NZD', zh: '新西兰元', en: 'New Zealand Dollar (NZD)' },
  SEK: { code: '16', iso: 'SEK', zh: '瑞典克朗', en: 'Swedish Krona (SEK)' },
  DKK: { code: '17', iso: 'DKK', zh: '丹麦克朗', en: 'Danish Krone (DKK)' },
  NOK: { code: '18', iso: 'NOK', zh: '挪威克朗', en: 'Norwegian Krone (NOK)' },
  RUB: { code: '19', iso: 'RUB', zh: '俄罗斯卢布', en: 'Russian Ruble (RUB)' },
  MYR: { code: '20', iso: 'MYR', zh: '马来西亚林吉特', en: 'Malaysian Ringgit (MYR)' },
  PHP: { code: '21', iso: 'PHP', zh: '菲律宾比索', en: 'Philippine Peso (PHP)' },
  INR: { code: '22', iso: 'INR', zh: '印度卢比', en: 'Indian Rupee (INR)' },
  AED: { code: '23', iso: 'AED', zh: '阿联酋迪拉姆', en: 'UAE Dirham (AED)' },
} as const;

/** Phone types of the contact editor (spec 1, section 5, phone guidance). */
export const TEL_TYPE = {
  DIRECT_LINE: { code: '01', zh: '直线电话', en: 'Direct line' },
  MOBILE: { code: '02', zh: '手机', en: 'Mobile' },
  EXTENSION: { code: '03', zh: '总机转分机', en: 'Switchboard extension' },
  HOTLINE_400: { code: '04', zh: '400热线', en: '400 hotline' },
  FAX: { code: '05', zh: '传真', en: 'Fax' },
} as const;

/** Unit a benefit limit or reasonable charge applies to. */
export const PLAN_REASON_UNIT = {
  PER_VISIT: { code: '01', zh: '每次就诊', en: 'Per visit' },
  PER_DAY: { code: '02', zh: '每日', en: 'Per day' },
  PER_STAY: { code: '03', zh: '每次住院', en: 'Per hospital stay' },
  PER_MONTH: { code: '04', zh: '每月', en: 'Per month' },
  PER_POLICY_YEAR: { code: '05', zh: '每保单年度', en: 'Per policy year' },
  PER_CONDITION: { code: '06', zh: '每次事故/疾病', en: 'Per incident or condition' },
  LIFETIME: { code: '07', zh: '终身', en: 'Lifetime' },
} as const;

/** User types. OPERATOR (01) and INSURER (04) see the online benefits-enquiry link. */
export const USER_TYPE = {
  OPERATOR: { code: '01', zh: '运营人员', en: 'Operator staff' },
  PROVIDER: { code: '02', zh: '医疗机构人员', en: 'Provider staff' },
  SYSTEM_ADMIN: { code: '03', zh: '系统管理员', en: 'System administrator' },
  INSURER: { code: '04', zh: '保险公司人员', en: 'Insurer staff' },
} as const;

/** User types that get the online benefits-enquiry link in the navbar. */
export const BENEFITS_ENQUIRY_USER_TYPES: readonly string[] = [
  USER_TYPE.OPERATOR.code,
  USER_TYPE.INSURER.code,
];

/** Yes/no of the spec (01/02); also the values of socialSecurity. */
export const YES_NO = {
  YES: { code: '01', zh: '是', en: 'Yes' },
  NO: { code: '02', zh: '否', en: 'No' },
} as const;

/** 24-hour direct payment service. */
export const DB_FLAG = {
  SUPPORTED: { code: '01', zh: '支持', en: 'Supported' },
  NOT_SUPPORTED: { code: '02', zh: '不支持', en: 'Not supported' },
} as const;

export const CONTACT_TYPE = {
  PHONE: { code: '01', zh: '电话', en: 'Phone' },
  INSURANCE_COORDINATOR: { code: '02', zh: '保险协调员', en: 'Insurance coordinator' },
  MEDICAL_SURVEY: { code: '03', zh: '医疗调查联系人', en: 'Medical survey contact' },
  PRE_AUTHORIZATION: { code: '04', zh: '预授权联系人', en: 'Pre-authorization contact' },
  FINANCIAL: { code: '05', zh: '财务联系人', en: 'Financial contact' },
} as const;

/** Whether a phone is shown to patients. */
export const CONTACT_SHOW = {
  REVEALED: { code: '01', zh: '对患者显示', en: 'Shown to patients' },
  HIDDEN: { code: '02', zh: '不对患者显示', en: 'Hidden from patients' },
} as const;

/** Rows of the server form of service times; OTHER holds each day's remark. */
export const SERVICE_TIME_TYPE = {
  AM: { code: 'AM', zh: '上午', en: 'AM' },
  PM: { code: 'PM', zh: '下午', en: 'PM' },
  OTHER: { code: 'OTHER', zh: '备注', en: 'Remark' },
} as const;

/** Days of the weekly schedule, Monday first. */
export const WEEKDAY = {
  MONDAY: { code: '1', zh: '星期一', en: 'Monday' },
  TUESDAY: { code: '2', zh: '星期二', en: 'Tuesday' },
  WEDNESDAY: { code: '3', zh: '星期三', en: 'Wednesday' },
  THURSDAY: { code: '4', zh: '星期四', en: 'Thursday' },
  FRIDAY: { code: '5', zh: '星期五', en: 'Friday' },
  SATURDAY: { code: '6', zh: '星期六', en: 'Saturday' },
  SUNDAY: { code: '7', zh: '星期日', en: 'Sunday' },
} as const;

// ---------------------------------------------------------------------------------------
// Hospital and doctor tasks (spec 1, section 4).

export const HOSPITAL_TASK_STATUS = {
  AUDITING: { code: '01', zh: '审核中', en: 'Auditing' },
  WITHDRAWN: { code: '03', zh: '已撤回', en: 'Withdrawn' },
  REJECTED: { code: '04', zh: '已退回', en: 'Rejected' },
  APPROVED: { code: '06', zh: '已通过', en: 'Approved' },
  CLOSED: { code: '07', zh: '已关闭', en: 'Closed' },
  PENDING: { code: '08', zh: '待提交', en: 'Pending' },
} as const;

export const TASK_TYPE = {
  ADD_DOCTOR: { code: '01', zh: '新增医生', en: 'Add doctor' },
  UPDATE_DOCTOR: { code: '02', zh: '修改医生', en: 'Update doctor' },
  ADD_HOSPITAL: { code: '03', zh: '新增医院', en: 'Add hospital' },
  UPDATE_HOSPITAL: { code: '04', zh: '修改医院', en: 'Update hospital' },
} as const;

export const APPROVAL_CONCLUSION = {
  APPROVED: { code: '01', zh: '通过', en: 'Approved' },
  REJECTED: { code: '02', zh: '拒绝', en: 'Rejected' },
  CANCELLED: { code: '03', zh: '取消', en: 'Cancelled' },
} as const;

/** auditResult of the audit form; RETURN requires a return reason. */
export const AUDIT_RESULT = {
  APPROVE: { code: '01', zh: '通过', en: 'Approve' },
  RETURN: { code: '02', zh: '退回', en: 'Return' },
} as const;

/** Text of an operation record by its status; status 07 is refined by CLOSE_FLOW_TYPE. */
export const OPERATION_RECORD = {
  SUBMITTED: { code: '01', zh: '已提交', en: 'Submitted' },
  WITHDRAWN: { code: '03', zh: '医院已撤回', en: 'Withdrew by Hospital' },
  REJECTED: { code: '04', zh: '已退回', en: 'Rejected' },
  APPROVED: { code: '06', zh: '已通过', en: 'Approved' },
  CLOSED: { code: '07', zh: '已关闭', en: 'Closed' },
} as const;

/** flowType of an operation record with status 07. */
export const CLOSE_FLOW_TYPE = {
  BY_HOSPITAL: { code: '06', zh: '医院已关闭', en: 'Closed by Hospital' },
  OVERDUE: { code: '07', zh: '超时未处理，系统自动关闭', en: 'Overdue (auto-closed by timeout)' },
} as const;

/** Who performed an operation. */
export const OPERATOR_KIND = {
  OPERATOR: { code: 'O', zh: '操作员', en: 'Operator' },
  SYSTEM: { code: 'S', zh: '系统', en: 'System' },
} as const;

export const PROVIDER_SEARCH_TYPE = {
  GEOGRAPHIC: { code: '01', zh: '按地域', en: 'By geography' },
  PROVIDER_NAME: { code: '02', zh: '按医疗机构名称', en: 'By provider name' },
  PERSON_IN_CHARGE: { code: '03', zh: '按负责人', en: 'By person in charge' },
  ALL: { code: '04', zh: '全部医疗机构', en: 'All providers' },
} as const;

export const BOOKABLE = {
  BOOKABLE: { code: '01', zh: '可预约', en: 'Bookable' },
  NOT_BOOKABLE: { code: '02', zh: '不可预约', en: 'Not bookable' },
} as const;

// ---------------------------------------------------------------------------------------
// Claims side and messages (spec 2, section 4).

export const PRE_AUTH_HANDLER = {
  DOCTOR: { code: '01', zh: '医生', en: 'Doctor' },
  MSH: { code: '02', zh: '运营方（MSH）', en: 'Operator (MSH)' },
} as const;

export const APPOINTMENT_STATUS = {
  TO_BE_TREATED: { code: '01', zh: '待就诊', en: 'To be treated' },
  CONFIRMED: { code: '02', zh: '已确认', en: 'Confirmed' },
  CANCELLED: { code: '03', zh: '已取消', en: 'Cancelled' },
  EXPIRED: { code: '04', zh: '已过期', en: 'Expired' },
  FINISHED: { code: '05', zh: '已完成', en: 'Finished' },
} as const;

export const INVESTIGATION_STATUS = {
  PROCESSING: { code: '01', zh: '处理中', en: 'Processing' },
  EXPIRED: { code: '02', zh: '已过期', en: 'Expired' },
  CANCELLED: { code: '03', zh: '已取消', en: 'Cancelled' },
  COMPLETED: { code: '04', zh: '已完成', en: 'Completed' },
} as const;

export const PRE_AUTH_STATUS = {
  UNSUBMITTED: { code: '01', zh: '未提交', en: 'Unsubmitted' },
  AUDITING: { code: '02', zh: '审核中', en: 'Auditing' },
  EXPIRED: { code: '03', zh: '已过期', en: 'Expired' },
  APPROVED: { code: '04', zh: '已批准', en: 'Approved' },
  REJECTED: { code: '05', zh: '已拒绝', en: 'Rejected' },
  CANCELLED: { code: '06', zh: '已取消', en: 'Cancelled' },
  REOPEN_REJECTED: { code: '07', zh: '重开被拒', en: 'Reopen rejected' },
  DOCUMENTS_REQUIRED: { code: '08', zh: '待补充材料', en: 'Additional documents required' },
} as const;

export const BATCH_CLAIM_STATUS = {
  PENDING_AUDIT: { code: '01', zh: '待审核', en: 'Pending for audit' },
  APPROVED: { code: '02', zh: '审核通过', en: 'Approved' },
  NOT_APPROVED: { code: '03', zh: '审核不通过', en: 'Not approved' },
} as const;

export const CLAIM_FILE_STATUS = {
  APPROVED: { code: '01', zh: '通过', en: 'Approved' },
  REJECTED: { code: '02', zh: '拒绝', en: 'Rejected' },
} as const;

export const APPEAL_STATUS = {
  PROCESSING: { code: '01', zh: '处理中', en: 'Processing' },
  RETURNED: { code: '02', zh: '已退回', en: 'Returned' },
  REJECTED: { code: '03', zh: '已拒绝', en: 'Rejected' },
  APPROVED: { code: '04', zh: '已批准', en: 'Approved' },
  CLOSED: { code: '05', zh: '已关闭', en: 'Closed' },
} as const;

/** Invoice tab status: the spec gives the one-digit codes 1 and 2. */
export const INVOICE_STATUS = {
  TO_BE_UPLOADED: { code: '1', zh: '待上传', en: 'To be uploaded' },
  UPLOADED: { code: '2', zh: '已上传', en: 'Uploaded' },
} as const;

export const PAYMENT_STATUS = {
  TO_BE_CONFIRMED: { code: '01', zh: '待确认', en: 'To be confirmed' },
  CONFIRMED: { code: '02', zh: '已确认', en: 'Confirmed' },
} as const;

export const RECONCILIATION_STATUS = {
  TO_BE_RECONCILED: { code: '01', zh: '待对账', en: 'To be reconciled' },
  RECONCILED: { code: '02', zh: '已对账', en: 'Reconciled' },
} as const;

export const PROVIDER_ACCOUNT_STATUS = {
  VALID: { code: '01', zh: '有效', en: 'Valid' },
  INVALID: { code: '02', zh: '无效', en: 'Invalid' },
} as const;

export const PROVIDER_SIGN_STATUS = {
  SIGNED: { code: '01', zh: '已签约', en: 'Signed' },
  UNSIGNED: { code: '02', zh: '未签约', en: 'Unsigned' },
} as const;

/**
 * Message-centre categories, in the order the spec queries them (12, 01, 13, 02, 03, 04);
 * the same meanings as messages/codes.ts. ANNOUNCEMENT (04) holds the pop-up notices.
 */
export const MESSAGE_CODE = {
  SYSTEM: { code: '12', zh: '系统通知', en: 'System notices' },
  TASK: { code: '01', zh: '任务消息', en: 'Task messages' },
  CLAIM: { code: '13', zh: '理赔消息', en: 'Claim messages' },
  PRE_AUTHORIZATION: { code: '02', zh: '预授权消息', en: 'Pre-authorization messages' },
  APPOINTMENT: { code: '03', zh: '预约消息', en: 'Appointment messages' },
  ANNOUNCEMENT: { code: '04', zh: '公告', en: 'Announcements' },
} as const;

/** Message level; URGENT (03) is the 'important' style of the scrolling notice. */
export const MESSAGE_LEVEL = {
  NORMAL: { code: '01', zh: '普通', en: 'Normal' },
  HIGH: { code: '02', zh: '重要', en: 'High' },
  URGENT: { code: '03', zh: '紧急', en: 'Urgent' },
} as const;

/** How a message shows besides the message centre (as messages/codes.ts). */
export const MESSAGE_TYPE = {
  POP_UP: { code: '01', zh: '弹窗', en: 'Pop-up' },
  ROLLING: { code: '02', zh: '滚动', en: 'Rolling' },
  INBOX: { code: '03', zh: '站内信', en: 'Message centre only' },
} as const;

export const MESSAGE_STATE = {
  SENT: { code: '01', zh: '已发送', en: 'Sent' },
  WITHDRAWN: { code: '02', zh: '已撤回', en: 'Withdrawn' },
  DRAFT: { code: '03', zh: '草稿', en: 'Draft' },
} as const;

// ---------------------------------------------------------------------------------------
// Lookup.

const entries = <T extends Record<string, TCodeEntry>>(table: T): readonly T[keyof T][] =>
  Object.values(table) as T[keyof T][];

/** Every code table by its code type, as the dictionary calls name them. */
export const CODE_TABLES = {
  'ldCode-language': entries(LANGUAGE),
  'ldCode-medicaltype': entries(MEDICAL_TYPE),
  'ldCode-providerpro': entries(PROVIDER_PRO),
  'ldCode-providerleval': entries(PROVIDER_LEVEL),
  'ldCode-directpaytype': entries(DIRECT_PAY_TYPE),
  'ldCode-prodeptcategory': entries(PRO_DEPT_CATEGORY),
  'bizDict-invoice_type': entries(INVOICE_TYPE),
  'ldCode-currency': entries(CURRENCY),
  teltype: entries(TEL_TYPE),
  planreasunit: entries(PLAN_REASON_UNIT),
  user_type: entries(USER_TYPE),
  yesNo: entries(YES_NO),
  socialSecurity: entries(YES_NO),
  dbFlag: entries(DB_FLAG),
  contactType: entries(CONTACT_TYPE),
  contactShow: entries(CONTACT_SHOW),
  serviceTimeType: entries(SERVICE_TIME_TYPE),
  weekday: entries(WEEKDAY),
  hospitalTaskStatus: entries(HOSPITAL_TASK_STATUS),
  taskType: entries(TASK_TYPE),
  approvalConclusion: entries(APPROVAL_CONCLUSION),
  auditResult: entries(AUDIT_RESULT),
  operationRecord: entries(OPERATION_RECORD),
  closeFlowType: entries(CLOSE_FLOW_TYPE),
  operatorKind: entries(OPERATOR_KIND),
  providerSearchType: entries(PROVIDER_SEARCH_TYPE),
  bookable: entries(BOOKABLE),
  preAuthHandler: entries(PRE_AUTH_HANDLER),
  appointmentStatus: entries(APPOINTMENT_STATUS),
  investigationStatus: entries(INVESTIGATION_STATUS),
  preAuthStatus: entries(PRE_AUTH_STATUS),
  batchClaimStatus: entries(BATCH_CLAIM_STATUS),
  claimFileStatus: entries(CLAIM_FILE_STATUS),
  appealStatus: entries(APPEAL_STATUS),
  invoiceStatus: entries(INVOICE_STATUS),
  paymentStatus: entries(PAYMENT_STATUS),
  reconciliationStatus: entries(RECONCILIATION_STATUS),
  providerAccountStatus: entries(PROVIDER_ACCOUNT_STATUS),
  providerSignStatus: entries(PROVIDER_SIGN_STATUS),
  msgCode: entries(MESSAGE_CODE),
  msgLevel: entries(MESSAGE_LEVEL),
  msgType: entries(MESSAGE_TYPE),
  msgState: entries(MESSAGE_STATE),
  areaLevel: entries(AREA_LEVEL),
} as const satisfies Record<string, readonly TCodeEntry[]>;

export type TCodeType = keyof typeof CODE_TABLES;

/** Names of the code types, for the dictionary-type administration. */
export const CODE_TYPE_NAMES: Record<
  TCodeType | typeof OUTPATIENTS_CODE_TYPE | (typeof AREA_LEVEL_CODE_TYPES)[number],
  {
    readonly zh: string;
    readonly en: string;
  }
> = {
  outpatients: { zh: '科室', en: 'Departments' },
  '01': { zh: '大洲', en: 'Continents' },
  '02': { zh: '国家/地区', en: 'Countries/regions' },
  '03': { zh: '省/直辖市/自治区', en: 'Provinces' },
  '04': { zh: '市', en: 'Cities' },
  '05': { zh: '区/县', en: 'Districts/counties' },
  'ldCode-language': { zh: '服务语言', en: 'Service languages' },
  'ldCode-medicaltype': { zh: '医疗机构类型', en: 'Medical types' },
  'ldCode-providerpro': { zh: '医疗机构性质', en: 'Provider characters' },
  'ldCode-providerleval': { zh: '医院等级', en: 'Hospital levels' },
  'ldCode-directpaytype': { zh: '直付类型', en: 'Direct billing types' },
  'ldCode-prodeptcategory': { zh: '部门类别', en: 'Department categories' },
  'bizDict-invoice_type': { zh: '发票类型', en: 'Invoice types' },
  'ldCode-currency': { zh: '币种', en: 'Currencies' },
  teltype: { zh: '电话类型', en: 'Phone types' },
  planreasunit: { zh: '限额单位', en: 'Limit units' },
  user_type: { zh: '用户类型', en: 'User types' },
  yesNo: { zh: '是/否', en: 'Yes/no' },
  socialSecurity: { zh: '医保', en: 'Social security' },
  dbFlag: { zh: '24小时直付服务', en: '24-hour direct payment service' },
  contactType: { zh: '联系人类型', en: 'Contact types' },
  contactShow: { zh: '对患者公开', en: 'Shown to patients' },
  serviceTimeType: { zh: '服务时段', en: 'Service time types' },
  weekday: { zh: '星期', en: 'Weekdays' },
  hospitalTaskStatus: { zh: '任务状态', en: 'Task statuses' },
  taskType: { zh: '任务类型', en: 'Task types' },
  approvalConclusion: { zh: '审批结论', en: 'Approval conclusions' },
  auditResult: { zh: '审核结果', en: 'Audit results' },
  operationRecord: { zh: '操作记录', en: 'Operation records' },
  closeFlowType: { zh: '关闭方式', en: 'Close flow types' },
  operatorKind: { zh: '操作人类型', en: 'Operator kinds' },
  providerSearchType: { zh: '医疗机构查询方式', en: 'Provider search types' },
  bookable: { zh: '可预约', en: 'Bookable' },
  preAuthHandler: { zh: '预授权处理人', en: 'Pre-authorization handlers' },
  appointmentStatus: { zh: '预约状态', en: 'Appointment statuses' },
  investigationStatus: { zh: '理赔调查状态', en: 'Investigation statuses' },
  preAuthStatus: { zh: '预授权状态', en: 'Pre-authorization statuses' },
  batchClaimStatus: { zh: '批次理赔状态', en: 'Batch claim statuses' },
  claimFileStatus: { zh: '理赔文件状态', en: 'Claim file statuses' },
  appealStatus: { zh: '申诉状态', en: 'Appeal statuses' },
  invoiceStatus: { zh: '发票状态', en: 'Invoice statuses' },
  paymentStatus: { zh: '付款确认状态', en: 'Payment statuses' },
  reconciliationStatus: { zh: '对账状态', en: 'Reconciliation statuses' },
  providerAccountStatus: { zh: '医疗机构账号状态', en: 'Provider account statuses' },
  providerSignStatus: { zh: '签约状态', en: 'Contract statuses' },
  msgCode: { zh: '消息分类', en: 'Message categories' },
  msgLevel: { zh: '消息级别', en: 'Message levels' },
  msgType: { zh: '消息类型', en: 'Message types' },
  msgState: { zh: '消息状态', en: 'Message states' },
  areaLevel: { zh: '地区级别', en: 'Area levels' },
};

/** The entry of a code in a code table, or undefined (unknown types and codes included). */
export function findCode(codeType: string, code: string): TCodeEntry | undefined {
  if (!Object.hasOwn(CODE_TABLES, codeType)) return undefined;
  const table = (CODE_TABLES as Record<string, readonly TCodeEntry[]>)[codeType];
  return table.find((entry) => entry.code === code);
}

/** Text of an operation record: status 07 reads by its flowType (closed by hospital, overdue). */
export function operationRecordText(status: string, flowType?: string): TCodeEntry | undefined {
  if (status === OPERATION_RECORD.CLOSED.code) {
    return findCode('closeFlowType', flowType ?? '') ?? OPERATION_RECORD.CLOSED;
  }
  return findCode('operationRecord', status);
}
