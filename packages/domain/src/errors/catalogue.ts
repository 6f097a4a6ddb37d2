/**
 * The error catalogue: one stable code per failure, with its HTTP status and both languages.
 * The server throws AppError(code); the envelope carries msg (zh) and msg_en (en).
 */

export interface TErrorEntry {
  readonly code: number;
  readonly status: number;
  readonly zh: string;
  readonly en: string;
}

const entry = (code: number, status: number, zh: string, en: string): TErrorEntry => ({
  code,
  status,
  zh,
  en,
});

export const ERRORS = {
  // Session codes of spec section 8: the client shows the 'remind' dialog and logs out.
  INVALID_CLIENT: entry(40000, 401, '客户端凭证无效', 'Invalid client credentials'),
  SESSION_EXPIRED: entry(40001, 401, '登录已过期，请重新登录', 'Login expired, please log in again'),
  BAD_TOKEN_SIGNATURE: entry(
    40002,
    401,
    '登录信息无效，请重新登录',
    'Your sign-in is not valid, please log in again',
  ),
  TOKEN_MISSING: entry(40003, 401, '缺少令牌，请登录', 'Token missing, please log in'),
  TOKEN_UNREADABLE: entry(
    40005,
    401,
    '登录信息无法识别，请重新登录',
    'Your sign-in could not be read, please log in again',
  ),
  WRONG_CREDENTIALS: entry(40006, 401, '账号或密码错误', 'Wrong account or password'),
  LOGGED_IN_ELSEWHERE: entry(40008, 401, '您的账号已在别处登录', 'Your account has logged in elsewhere'),
  NOT_LOGGED_IN: entry(40009, 401, '未登录或登录已失效', 'Not logged in'),

  // Request problems.
  VALIDATION: entry(40010, 400, '格式不正确', 'Incorrect Format'),
  CAPTCHA_WRONG: entry(40011, 400, '验证码错误', 'Wrong verification code'),
  CAPTCHA_EXPIRED: entry(40012, 400, '验证码已失效，请刷新', 'Verification code expired, please refresh it'),
  TENANT_UNKNOWN: entry(40013, 400, '租户不存在或已停用', 'Unknown or disabled tenant'),
  USER_DISABLED: entry(40014, 403, '账号已停用，请联系管理员', 'Account disabled, contact the administrator'),
  TOO_MANY_ATTEMPTS: entry(
    40015,
    429,
    '登录失败次数过多，请 {minutes} 分钟后再试',
    'Too many failed logins, try again in {minutes} minutes',
  ),
  CAPTCHA_TOO_FREQUENT: entry(
    40016,
    429,
    '获取验证码过于频繁，请 1 分钟后重试',
    'Getting the verification code is too frequent; retry in 1 minute',
  ),
  PASSWORD_MISMATCH: entry(40017, 400, '两次输入的密码不一致', 'Password mismatch'),
  OLD_PASSWORD_INCORRECT: entry(40018, 400, '旧密码不正确', 'Old password incorrect'),
  UPLOAD_FAILED: entry(40019, 400, '上传失败', 'Upload failed'),
  ONLY_XLSX: entry(40020, 400, '仅支持 .xlsx 文件', 'Only .xlsx files are supported'),
  NO_DATA_SELECTED: entry(40021, 400, '尚未选择数据', 'No data selected yet'),
  SPECIAL_CHARACTERS: entry(40022, 400, '不能包含 | 或 ^ 字符', 'The characters | and ^ are not allowed'),
  SELF_OPERATION: entry(
    40023,
    400,
    '该操作涉及当前登录用户，已取消',
    'The operation was cancelled because it involves the currently logged-in user',
  ),
  CODE_TABLE_ADD_ONLY: entry(40024, 400, '码表只允许新增', 'Code tables are add-only'),
  ALREADY_EXISTS: entry(40025, 400, '数据已存在', 'The record already exists'),
  USERNAME_EXISTS: entry(40026, 400, '用户名已存在', 'Username already exists'),
  FILE_TYPE: entry(40027, 400, '格式错误', 'Format error'),
  FILE_TOO_LARGE: entry(40028, 413, '文件过大', 'File too large'),
  FILE_NAME_TOO_LONG: entry(40029, 400, '文件名超长', 'File name exceed'),
  // Request hardening (docs/decisions/0014-request-hardening.md), 4003x.
  LOGIN_TOO_FREQUENT: entry(
    40030,
    429,
    '该账号登录尝试过于频繁，请 {seconds} 秒后重试',
    'Sign-in attempts for this account are too frequent; retry in {seconds} seconds',
  ),
  CAPTCHA_REQUIRED: entry(40031, 400, '请输入验证码', 'Please enter the verification code'),
  UNSUPPORTED_MEDIA_TYPE: entry(
    40032,
    415,
    '不支持的请求内容类型',
    'Unsupported content type of the request',
  ),
  HEADERS_TOO_LARGE: entry(40033, 431, '请求头过大', 'Request headers too large'),
  REQUEST_TIMEOUT: entry(40034, 408, '请求超时，请重试', 'The request timed out, please retry'),
  BAD_REQUEST: entry(40035, 400, '请求格式不正确', 'Malformed request'),
  // Upload rules of the files platform (packages/domain/src/files/rules.ts), 4006x.
  HOSPITAL_PROMO: entry(
    40060,
    400,
    '医院宣传照片仅支持 png、jpg、jpeg、bmp 格式，每张不超过 10M，文件名不超过 100 个字符',
    'Hospital promo photos must be png, jpg, jpeg or bmp, at most 10M each, with names of at most 100 characters',
  ),
  PHOTO_COUNT_EXCEEDED: entry(40061, 400, '医院宣传照片最多 {max} 张', 'At most {max} hospital promo photos'),
  ATTACHMENTS_TOTAL_EXCEEDED: entry(40062, 413, '附件总大小不能超过200M', 'Documentation exceed 200M'),
  IMAGE_TOO_LARGE: entry(40063, 413, '图片不能超过10M', 'The image must not exceed 10M'),
  UPLOAD_DAILY_QUOTA: entry(
    40064,
    413,
    '24 小时内上传已达上限（{files} 个文件，共 {size}），请稍后再试',
    'Upload limit of 24 hours reached ({files} files, {size} in all); try again later',
  ),
  // Personal centre (profile, avatar, password), 4007x.
  PASSWORD_CHANGE_LOCKED: entry(
    40070,
    429,
    '旧密码错误次数过多，请 {minutes} 分钟后再试',
    'Too many wrong old passwords, try again in {minutes} minutes',
  ),
  AVATAR_TYPE: entry(40071, 400, '头像仅支持 jpg、png 格式的图片', 'The avatar must be a jpg or png image'),
  PASSWORD_CHANGE_REQUIRED: entry(
    40072,
    403,
    '请先修改管理员为您设置的密码',
    'Change the password an administrator set for you before anything else',
  ),

  // User administration (docs/decisions/0026-user-administration.md), 4014x.
  EMAIL_INVALID: entry(40140, 400, '邮箱格式不正确', 'Email is invalid'),
  PHONE_INVALID: entry(40141, 400, '手机号格式不正确', 'Phone number is invalid'),
  USER_PROVIDER_UNKNOWN: entry(
    40142,
    400,
    '医疗机构 {providerId} 不存在',
    'Provider {providerId} does not exist',
  ),
  USER_ROLE_UNKNOWN: entry(40143, 400, '所选角色不存在', 'A chosen role does not exist'),
  USER_IMPORT_EXPIRED: entry(
    40144,
    410,
    '导入预览已过期或已提交，请重新上传文件',
    'The import preview expired or was already committed; upload the file again',
  ),
  USER_IMPORT_HAS_ERRORS: entry(
    40145,
    400,
    '导入文件有 {count} 行错误，全部导入模式下未导入任何用户',
    'The file has {count} rows with errors; in all-or-nothing mode no user was imported',
  ),
  USER_IMPORT_EMPTY: entry(40146, 400, '导入文件中没有数据行', 'The import file holds no data rows'),
  USER_IMPORT_TOO_MANY: entry(40147, 400, '导入文件最多 {max} 行', 'An import file holds at most {max} rows'),
  USER_IMPORT_BAD_HEADER: entry(
    40148,
    400,
    '导入文件的表头与模板不一致，请下载模板后填写',
    'The header row does not match the template; download the template and fill it in',
  ),
  USER_OPERATOR_ONLY: entry(
    40149,
    403,
    '用户管理只对运营人员开放',
    'User administration is open to operator staff only',
  ),

  // Role administration (docs/decisions/0033-role-administration.md), 4017x.
  ROLE_NAME_EXISTS: entry(40170, 400, '角色名称已存在', 'Role name already exists'),
  ROLE_CODE_EXISTS: entry(40171, 400, '角色编码已存在', 'Role code already exists'),
  ROLE_BUILT_IN: entry(
    40172,
    400,
    '内置角色 {code} 不能删除、停用或修改编码',
    'The built-in role {code} cannot be deleted, disabled or given another code',
  ),
  ROLE_BUILT_IN_GRANTS: entry(
    40173,
    400,
    '内置角色 {code} 必须保留产品所需的权限：{missing}',
    'The built-in role {code} must keep what the product needs: {missing}',
  ),
  ROLE_IN_USE: entry(
    40174,
    409,
    '角色仍分配给 {count} 个用户，请确认从这些用户移除后再删除',
    'The role is still given to {count} users; confirm removing it from them to delete it',
  ),
  ROLE_GRANT_UNKNOWN: entry(
    40175,
    400,
    '所选菜单或权限不存在：{value}',
    'A chosen menu or permission does not exist: {value}',
  ),
  ROLE_USER_UNKNOWN: entry(40176, 400, '所选用户不存在', 'A chosen user does not exist'),
  ROLE_OPERATOR_ONLY: entry(
    40177,
    403,
    '角色管理只对运营人员开放',
    'Role administration is open to operator staff only',
  ),

  // Organisations and data scopes (docs/decisions/0028-organisations-and-data-scopes.md).
  ORG_NAME_EXISTS: entry(
    40190,
    400,
    '同一上级下已有同名机构',
    'An organisation with this name already exists under the same parent',
  ),
  ORG_PARENT_UNKNOWN: entry(40191, 400, '上级机构不存在', 'The parent organisation does not exist'),
  ORG_UNKNOWN: entry(40192, 400, '所选机构不存在', 'A chosen organisation does not exist'),
  ORG_PROVIDER_UNKNOWN: entry(40193, 400, '医疗机构 {value} 不存在', 'The provider {value} does not exist'),
  ORG_PROVIDERS_NOT_ALLOWED: entry(
    40194,
    400,
    '只有医疗机构组和区域可以包含医疗机构',
    'Only provider groups and regions can hold providers',
  ),
  ORG_PROVIDER_TAKEN: entry(
    40195,
    400,
    '医疗机构 {value} 已属于机构“{org}”',
    'The provider {value} already belongs to the organisation "{org}"',
  ),
  ORG_OPERATOR_ONLY: entry(
    40304,
    403,
    '机构管理只对运营人员开放',
    'Organisation administration is open to operator staff only',
  ),
  ORG_NOT_FOUND: entry(40415, 404, '机构不存在', 'The organisation does not exist'),
  ORG_HAS_CHILDREN: entry(
    40930,
    409,
    '该机构下还有下级机构，不能删除',
    'The organisation has sub-organisations and cannot be deleted',
  ),
  ORG_HAS_USERS: entry(
    40931,
    409,
    '该机构下还有 {count} 个用户，不能删除',
    'The organisation still has users ({count}) and cannot be deleted',
  ),
  ORG_HAS_PROVIDERS: entry(
    40932,
    409,
    '该机构下还有 {count} 家医疗机构，请先移出后再删除',
    'The organisation still holds providers ({count}); take them out before deleting it',
  ),
  ORG_IN_ROLES: entry(
    40933,
    409,
    '该机构被 {count} 个角色的数据范围选用，不能删除',
    'Roles ({count}) choose the organisation in their data scope; it cannot be deleted',
  ),
  ORG_CHANGED: entry(
    40934,
    409,
    '机构已被他人修改，请刷新后重试',
    'The organisation was changed by someone else; refresh and try again',
  ),
  // Menu and resource administration (docs/decisions/0029-menu-administration.md), 4024x.
  MENU_PATH_EXISTS: entry(
    40240,
    400,
    '路径 {path} 已被菜单“{title}”使用',
    'The path {path} is already used by the menu entry "{title}"',
  ),
  MENU_NAME_EXISTS: entry(40241, 400, '路由名称已存在', 'Route name already exists'),
  MENU_BUILT_IN_FIXED: entry(
    40242,
    400,
    '内置菜单“{title}”的路径、组件、上级和分组不能修改，只能隐藏、改名或调整排序',
    'The built-in menu entry "{title}" keeps its path, component, parent and group; it can only be hidden, renamed or reordered',
  ),
  MENU_PARENT_INVALID: entry(
    40243,
    400,
    '上级菜单无效：须为同一分组中的其他菜单，且不能是它自己的下级',
    'The parent is not valid: it must be another entry of the same group, not one below this entry',
  ),
  MENU_ORDER_INVALID: entry(
    40244,
    400,
    '排序须包含该层级的全部菜单，且每个只出现一次',
    'The new order must list every entry of that level exactly once',
  ),
  RESOURCE_CODE_EXISTS: entry(40245, 400, '权限编码已存在', 'Permission code already exists'),
  RESOURCE_MENU_CONTAINER: entry(
    40246,
    400,
    '权限只能挂在页面菜单下，不能挂在目录下',
    'Permissions belong to a page entry, not to a folder',
  ),
  // Workflow per task type (docs/decisions/0030-workflow-per-task-type.md), 4024x.
  WORKFLOW_ROLE_UNKNOWN: entry(
    40247,
    400,
    '所选审核角色不存在或已停用：{code}',
    'The chosen auditor role does not exist or is disabled: {code}',
  ),
  WORKFLOW_AUDITOR_ROLE: entry(
    40248,
    403,
    '只有持有角色“{role}”的用户才能审核{taskType}',
    'Only users holding the role "{role}" may audit {taskType}',
  ),
  MENU_NOT_FOUND: entry(40420, 404, '菜单不存在', 'The menu entry does not exist'),
  RESOURCE_NOT_FOUND: entry(40421, 404, '权限不存在', 'The permission does not exist'),
  MENU_BUILT_IN_DELETE: entry(
    40935,
    409,
    '内置菜单“{title}”不能删除，可以隐藏或改名',
    'The built-in menu entry "{title}" cannot be deleted; hide or rename it instead',
  ),
  MENU_HAS_CHILDREN: entry(
    40936,
    409,
    '菜单“{title}”下还有 {count} 个子菜单，请先删除或移走它们',
    'The menu entry "{title}" still has {count} entries under it; delete or move them first',
  ),
  RESOURCE_BUILT_IN_DELETE: entry(
    40937,
    409,
    '内置权限 {code} 是系统功能所需，不能删除',
    'The built-in permission {code} is needed by the product and cannot be deleted',
  ),
  MENU_CHANGED: entry(
    40938,
    409,
    '该菜单已被他人修改，请刷新后重试',
    'The menu entry was changed by someone else; reload it and try again',
  ),

  // Hospital change tasks (docs/decisions/0006-hospital-tasks.md), 4008x.
  HOSPITAL_PHOTO_COUNT: entry(
    40080,
    400,
    '请上传 {count} 张医院宣传照片',
    'Please upload exactly {count} hospital promo photos',
  ),
  HOSPITAL_NO_CHANGES: entry(
    40081,
    400,
    '未修改任何医院信息',
    'Nothing in the hospital information has changed',
  ),
  HOSPITAL_RECORD_MISSING: entry(
    40082,
    404,
    '医院尚无已审核通过的资料，请先新增医院',
    'The hospital has no approved record yet; add the hospital first',
  ),
  // Operator's audit of hospital tasks (docs/decisions/0009-hospital-audit.md).
  TASK_ASSIGNEE_UNKNOWN: entry(
    40084,
    400,
    '负责人账号不存在或不是运营人员',
    'The person in charge must be an existing operator account',
  ),

  // Doctors and doctor change tasks (docs/decisions/0024-doctors.md).
  DOCTOR_NOT_MATCHED: entry(
    40085,
    404,
    '医生不匹配：该医疗机构没有此执业证号或姓名的医生，可新建医生任务或修改主治医生',
    'Doctor not matched: no doctor of the provider has this certificate number or name; create a new doctor task or edit the attending doctor',
  ),
  DOCTOR_NO_CHANGES: entry(40086, 400, '未修改任何医生信息', 'Nothing in the doctor information has changed'),
  DOCTOR_CERTIFICATE_TAKEN: entry(
    40088,
    409,
    '执业证号 {certificateNo} 的医生已在本医疗机构执业，请修改该医生',
    'A doctor with certificate number {certificateNo} already practises at this provider; update that doctor instead',
  ),

  // Medical knowledge bases and advanced doctor search (docs/decisions/0025-knowledge-and-search.md), 4012x.
  SEARCH_NEEDS_CRITERION: entry(
    40120,
    400,
    '请至少输入症状、疾病、治疗方式或医生姓名中的一项',
    'Search needs at least one of symptom, disease, treatment or doctor name',
  ),
  KNOWLEDGE_PARENT_UNKNOWN: entry(
    40121,
    400,
    '上级分类不存在或已是第三级',
    'The parent does not exist or is already at the third level',
  ),
  KNOWLEDGE_CODE_TAKEN: entry(40122, 409, '编码 {code} 已存在', 'Code {code} already exists'),
  KNOWLEDGE_DISEASE_UNKNOWN: entry(40123, 400, '所选疾病不存在', 'A chosen disease does not exist'),

  // Dictionaries and areas (docs/decisions/0007-reference-data.md), 4009x.
  DICTIONARY_TYPE_UNKNOWN: entry(40090, 400, '字典类型不存在', 'The code type does not exist'),
  DICTIONARY_TYPE_RESERVED: entry(
    40091,
    400,
    '该字典类型为系统内置类型（地区类型 01 至 05 请在地区管理中维护）',
    'This code type is built in (area code types 01 to 05 are maintained on the areas screen)',
  ),
  DICTIONARY_TYPE_IN_USE: entry(
    40092,
    409,
    '该字典类型下还有 {count} 个字典项，请先删除字典项',
    'The code type still has {count} entries; delete them first',
  ),
  AREA_PARENT_UNKNOWN: entry(40093, 400, '上级地区不存在', 'The parent area does not exist'),
  AREA_TOO_DEEP: entry(40094, 400, '区/县下不能再添加地区', 'Districts cannot have sub-areas'),

  // An invalid provider's staff: 401, so a live session shows the 'remind' dialog and ends.
  PROVIDER_ACCOUNT_INVALID: entry(
    40150,
    401,
    '所属医疗机构账户已失效，无法登录，请联系运营方',
    "Your provider's account is invalid, so you cannot sign in; contact the operator",
  ),

  // Operator messages (docs/decisions/0032-operator-messaging.md), 4013x.
  MSG_NO_PROVIDERS: entry(40130, 400, '医疗机构列表不能为空', 'The provider list cannot be empty'),
  MSG_STATE_CHANGED: entry(40131, 409, '消息状态已变更', 'The message status has changed'),
  // Message import (docs/decisions/0035-message-import-and-sms-receipts.md).
  MSG_IMPORT_EMPTY: entry(40132, 400, '导入文件中没有数据行', 'The import file holds no data rows'),
  MSG_IMPORT_TOO_MANY: entry(
    40133,
    400,
    '消息导入文件最多 {max} 行',
    'A message import file holds at most {max} rows',
  ),
  MSG_IMPORT_BAD_HEADER: entry(
    40134,
    400,
    '导入文件的表头与消息导入模板不一致，请下载模板后填写',
    'The header row does not match the message import template; download the template and fill it in',
  ),
  MSG_IMPORT_HAS_ERRORS: entry(
    40135,
    400,
    '导入文件有 {count} 行错误，未导入任何消息',
    'The file has {count} rows with errors; no message was imported',
  ),
  MSG_IMPORT_PROVIDER_UNKNOWN: entry(
    40136,
    400,
    '医疗机构编号不存在或已停用：{codes}',
    'Unknown or inactive provider ids: {codes}',
  ),
  MSG_IMPORT_AREA_UNKNOWN: entry(40137, 400, '地区编码不存在：{codes}', 'Unknown area codes: {codes}'),

  // Registered API clients (docs/decisions/0031-clients-and-logs.md), 4016x.
  CLIENT_ID_EXISTS: entry(40160, 400, '客户端ID已存在', 'ClientId already exists'),
  CLIENT_BUILT_IN: entry(
    40161,
    400,
    '内置客户端 portal-web 不能删除或停用，否则任何人都无法登录门户',
    'The built-in client portal-web cannot be deleted or disabled: nobody could sign in to the portal any more',
  ),
  CLIENT_NOT_FOUND: entry(40162, 404, '客户端不存在', 'The client does not exist'),
  GRANT_NOT_ALLOWED: entry(
    40163,
    400,
    '该客户端不允许使用授权方式 {grant}',
    'This client may not use the grant type {grant}',
  ),

  // SMS (docs/decisions/0034-sms.md), 4018x.
  SMS_REQUIRED: entry(40180, 400, '不能为空', "Can't be empty"),
  SMS_VARIABLE_MISSING: entry(
    40181,
    400,
    '{phone} 没有变量 {variables} 的值，请删除变量或改用医疗机构联系人',
    '{phone} has no value for {variables}; remove the variable or choose provider contacts',
  ),
  SMS_RENDERED_TOO_LONG: entry(
    40182,
    400,
    '发给 {phone} 的短信填入变量后超过 500 个字',
    'The SMS to {phone} is longer than 500 characters once its variables are filled',
  ),
  SMS_NOT_CONFIGURED: entry(
    40183,
    503,
    '短信网关未配置，无法发送短信，请联系管理员',
    'No SMS gateway is configured, so SMS cannot be sent; contact the administrator',
  ),

  // Members, policies and benefits (docs/decisions/0036-members-policies-benefits.md), 4020x.
  MEMBER_SEARCH_CONDITION: entry(
    40200,
    400,
    '请输入姓名和出生日期，或输入卡号',
    'Enter the name and the birthday, or the card number',
  ),
  MEMBER_BATCH_INVALID: entry(
    40201,
    400,
    '有 {count} 处数据不正确，未保存任何数据',
    '{count} values are not valid; nothing was saved',
  ),
  MEMBER_IMPORT_FILE_TYPE: entry(
    40202,
    400,
    '仅支持 .xlsx 或 .csv 文件',
    'Only .xlsx or .csv files are supported',
  ),
  MEMBER_IMPORT_EMPTY: entry(40203, 400, '文件中没有数据行', 'The file has no data rows'),
  MEMBER_IMPORT_HEADER: entry(
    40204,
    400,
    '表头与模板不一致，缺少列：{columns}',
    'The header row does not match the template; missing columns: {columns}',
  ),
  MEMBER_IMPORT_UNREADABLE: entry(
    40205,
    400,
    '文件无法读取，请使用下载的模板',
    'The file cannot be read; use the downloaded template',
  ),
  MEMBER_BIRTHDAY_FORMAT: entry(40206, 400, '出生日期格式应为 YYYY-MM-DD', 'The birthday uses YYYY-MM-DD'),
  // Appointments and visits (docs/decisions/0038-appointments-and-visits.md), 40220-40226.
  APPOINT_DB_FORM_COUNT: entry(
    40220,
    400,
    '直付理赔申请表一次须下载至少 1 条、少于 50 条记录',
    'The direct-billing claim form needs at least 1 and fewer than 50 records',
  ),
  APPOINT_MEMBER_NOT_COVERED: entry(
    40221,
    400,
    '会员 {memberId} 在就诊日期没有本机构服务的有效保单',
    'Member {memberId} has no policy in force on the visit date under a plan this provider serves',
  ),
  APPOINT_COVERAGE_UNKNOWN: entry(
    40222,
    400,
    '保单没有保障项目 {coverageCode}',
    'The policy has no coverage {coverageCode}',
  ),
  APPOINT_PROVIDER_REQUIRED: entry(40223, 400, '请选择医疗机构', 'Please select the provider'),
  APPOINT_VISIT_DATE_PAST: entry(
    40224,
    400,
    '就诊日期不能早于今天',
    'The visit date cannot be earlier than today',
  ),
  APPOINT_CONFIRM_TOO_EARLY: entry(
    40225,
    400,
    '就诊日期 {visitDate} 尚未到，不能确认就诊',
    'The visit date {visitDate} has not come yet, so the visit cannot be confirmed',
  ),
  APPOINT_PROVIDER_UNKNOWN: entry(
    40226,
    400,
    '医疗机构 {providerId} 不存在',
    'Provider {providerId} does not exist',
  ),
  // Pre-authorisation (docs/decisions/0039-pre-authorisation.md), bad input 40270-40289.
  PREAUTH_VISIT_WINDOW: entry(
    40270,
    400,
    '就诊日期须在申请日期前后 30 天内',
    'The visit date must be within 30 days of the application date',
  ),
  PREAUTH_CURRENCY_NOT_COVERED: entry(
    40271,
    400,
    '币种 {currency} 不是该会员 {coverageCode} 保障的币种',
    "The currency {currency} is not a currency of the member's {coverageCode} coverage",
  ),
  PREAUTH_APPROVED_OVER_REQUESTED: entry(
    40272,
    400,
    '批准金额 {approvedAmount} 不能高于申请金额 {estimatedCost}',
    'The approved amount {approvedAmount} cannot exceed the requested {estimatedCost}',
  ),
  PREAUTH_VALID_UNTIL_PAST: entry(
    40273,
    400,
    '有效期截止日不能早于今天',
    'The validity end date cannot be before today',
  ),
  PREAUTH_APPROVED_OVER_REMAINING: entry(
    40274,
    400,
    '批准金额 {approvedAmount} 超过该保障剩余额度 {remaining}',
    'The approved amount {approvedAmount} exceeds the remaining benefit {remaining}',
  ),
  // Claims (docs/decisions/0040-claims.md): 40250-40259, 40290-40294, 40430, 40950-40951.
  CLAIM_STATEMENT_EMPTY: entry(40250, 400, '对账单中没有记录', 'No records in statement'),
  CLAIM_FILES_REQUIRED: entry(
    40251,
    400,
    '请上传理赔影像 PDF 或对账单',
    'Please upload claim image PDF or statement',
  ),
  CLAIM_STATEMENT_INVALID: entry(
    40252,
    400,
    '对账单有 {count} 处错误，请按行修改后重新上传',
    'The statement has {count} errors; correct the rows and upload it again',
  ),
  CLAIM_STATEMENT_HEADER: entry(
    40253,
    400,
    '对账单缺少列：{columns}，请使用模板',
    'The statement lacks the columns {columns}; use the template',
  ),
  CLAIM_STATEMENT_UNREADABLE: entry(
    40254,
    400,
    '对账单无法读取，请上传 .xlsx 文件',
    'The statement cannot be read; upload an .xlsx file',
  ),
  CLAIM_STATEMENT_NAME_USED: entry(
    40255,
    400,
    '文件名重复：对账单 {name} 已在批次 {batchNo} 中提交',
    'Duplicate file names: the statement {name} was submitted in batch {batchNo}',
  ),
  CLAIM_FILE_TOO_LARGE: entry(
    40256,
    400,
    '单个文件过大（对账单最大 20M，影像最大 100M）',
    'Single file too large (statement 20M, image 100M at most)',
  ),
  CLAIM_FILES_TOTAL_EXCEEDED: entry(
    40257,
    400,
    '附件大小超出限制（每批次最多 500M）',
    'Attachment size exceeded (500M a batch at most)',
  ),
  CLAIM_DUPLICATE_FILE_NAMES: entry(40258, 400, '文件名重复：{names}', 'Duplicate file names: {names}'),
  CLAIM_STATEMENT_TOO_MANY_ROWS: entry(
    40259,
    400,
    '对账单最多 {max} 行，请分批提交',
    'A statement has at most {max} rows; split it into batches',
  ),
  CLAIM_DECISION_INCOMPLETE: entry(
    40290,
    400,
    '请为批次中的每一行作出决定',
    'Decide every line of the batch',
  ),
  CLAIM_PAYABLE_OVER_CLAIMED: entry(
    40291,
    400,
    '第 {row} 行：赔付金额 {payable} 不能超过申请金额 {amount}',
    'Row {row}: the payable amount {payable} cannot exceed the claimed {amount}',
  ),
  CLAIM_PAYABLE_OVER_REMAINING: entry(
    40292,
    400,
    '第 {row} 行：赔付金额超过剩余保额 {remaining}，须由理赔管理员通融赔付',
    'Row {row}: the payable amount is over the remaining benefit {remaining}; only a claim administrator may pay ex gratia',
  ),
  CLAIM_LINE_UNKNOWN: entry(
    40293,
    400,
    '决定中的理赔行不属于该批次',
    'A decided line does not belong to this batch',
  ),
  PREAUTH_FILE_TOO_LARGE: entry(40276, 413, '单个文件不能超过100M', 'A single file cannot exceed 100M'),
  PREAUTH_FILES_TOTAL_EXCEEDED: entry(40277, 413, '附件总大小不能超过500M', 'Documentation exceed 500M'),
  PREAUTH_PROVIDER_REQUIRED: entry(40275, 400, '请选择医疗机构', 'Please select the provider'),
  // Invoices (docs/decisions/0041-invoice-recognition.md), bad input 40260-40269.
  INVOICE_NUMBER_INVALID: entry(
    40260,
    400,
    '发票号码格式不正确：全电发票为 20 位数字；增值税发票为 8 位号码加 10 或 12 位发票代码',
    'Invalid invoice number: a fully digitalised e-invoice has 20 digits; a VAT invoice has an 8-digit number and a 10- or 12-digit invoice code',
  ),
  INVOICE_AMOUNT_INSUFFICIENT: entry(
    40261,
    400,
    '发票金额不足：{currency} 发票合计 {invoiced}，应付理赔合计 {payable}',
    'Insufficient invoice amount: {currency} invoices total {invoiced}, the claims they pay {payable}',
  ),
  INVOICE_RECOGNITION_FAILED: entry(
    40262,
    400,
    '发票识别失败，请手工填写发票号码和金额',
    'Invoice recognition failed; enter the invoice number and amount by hand',
  ),
  INVOICE_FILE_TYPE: entry(
    40263,
    400,
    '发票文件只支持 jpg、jpeg、png、pdf 格式',
    'Invoice files must be jpg, jpeg, png or pdf',
  ),
  INVOICE_FILE_TOO_LARGE: entry(40264, 413, '发票文件须小于 4 MB', 'An invoice file must be under 4 MB'),
  INVOICE_IMAGE_TOO_SMALL: entry(
    40265,
    400,
    '发票图片最短边须至少 15 像素（此图片 {width}×{height} 像素）',
    'The shortest side of an invoice image must be at least 15 px (this image is {width}×{height} px)',
  ),
  INVOICE_IMAGE_TOO_LARGE: entry(
    40266,
    400,
    '发票图片最长边不能超过 8192 像素（此图片 {width}×{height} 像素）',
    'The longest side of an invoice image must be at most 8192 px (this image is {width}×{height} px)',
  ),
  INVOICE_FILE_CONTENT: entry(
    40267,
    400,
    '文件内容与扩展名 .{extension} 不符，或文件已损坏',
    'The file content does not match its .{extension} extension, or the file is damaged',
  ),
  // Invoices on claim batches (docs/decisions/0044-invoices.md), bad input 40280-40288.
  INVOICE_CURRENCY_MISMATCH: entry(
    40280,
    400,
    '发票币种 {currency} 与批次应付币种 {payableCurrency} 不一致',
    'The invoice currency {currency} differs from the batch payable currency {payableCurrency}',
  ),
  INVOICE_FILE_REUSED: entry(
    40281,
    400,
    '同一发票文件只能用于一张发票',
    'One invoice file can back one invoice only',
  ),
  // Invoice screens (docs/decisions/0048-invoice-screens.md), bad input 40380-40399.
  INVOICE_SLOT_REPEATED: entry(
    40380,
    400,
    '同一理赔批次在一次上传中只能出现一次',
    'A claim batch can appear only once in one upload',
  ),
  NO_PERMISSION: entry(40300, 403, '您没有该操作的权限', 'You have no permission for this operation'),
  // Maker-checker of change tasks (docs/decisions/0023-change-task-engine.md).
  TASK_PROVIDER_STAFF_ONLY: entry(
    40301,
    403,
    '变更任务只能由医疗机构人员提交，运营人员只负责审核',
    'Only provider staff can submit change tasks; operator staff audit them',
  ),
  TASK_OWN_SUBMISSION: entry(
    40302,
    403,
    '不能审核自己提交的任务，请由其他审核员处理',
    'You cannot approve or return a task you submitted; another auditor must decide it',
  ),
  // Provider accounts and functions (docs/decisions/0027-provider-accounts.md).
  PROVIDER_FUNCTION_OFF: entry(
    40303,
    403,
    '贵机构未开通“{function}”功能，请联系运营方',
    'Your provider does not have "{function}" switched on; contact the operator',
  ),
  NOT_FOUND: entry(40400, 404, '抱歉，资源未找到', 'Sorry, resource not found'),
  MEMBER_NOT_FOUND: entry(
    40404,
    404,
    '未找到该会员，或会员所属计划不在贵机构的服务网络内',
    'Member not found, or not in a plan your provider serves',
  ),
  PLAN_NOT_FOUND: entry(40405, 404, '计划 {grpPlanCode} 不存在', 'Plan {grpPlanCode} does not exist'),
  NETWORK_PROVIDER_NOT_FOUND: entry(
    40406,
    404,
    '医疗机构 {providerId} 不存在',
    'Provider {providerId} does not exist',
  ),
  PLAN_NETWORK_NOT_FOUND: entry(
    40407,
    404,
    '该网络关系不存在或已被删除',
    'This network entry does not exist or was removed',
  ),
  POLICY_MEMBER_UNKNOWN: entry(
    40408,
    404,
    '会员 {memberId} 不存在，请先提交会员',
    'Member {memberId} does not exist; send the member first',
  ),
  PREAUTH_NOT_FOUND: entry(40425, 404, '预授权案件不存在', 'The pre-authorisation case does not exist'),
  PREAUTH_MEMBER_NOT_FOUND: entry(
    40426,
    404,
    '会员 {memberId} 不存在或不在本机构服务的计划内',
    'Member {memberId} does not exist or is not in a plan this provider serves',
  ),
  INVOICE_FILE_NOT_FOUND: entry(40435, 404, '发票文件不存在', 'The invoice file does not exist'),
  INVOICE_SLOT_NOT_FOUND: entry(
    40436,
    404,
    '待上传发票的理赔批次不存在',
    'The claim batch to invoice does not exist',
  ),
  CLAIM_BATCH_NOT_FOUND: entry(40430, 404, '理赔批次不存在', 'The claim batch does not exist'),
  APPOINT_NOT_FOUND: entry(40410, 404, '预约不存在', 'The appointment does not exist'),
  APPOINT_MEMBER_NOT_FOUND: entry(
    40411,
    404,
    '会员 {memberId} 不存在或不属于本机构服务的计划',
    'Member {memberId} does not exist or is not in a plan this provider serves',
  ),
  METHOD_NOT_ALLOWED: entry(40500, 405, '不支持该请求方法', 'Method not allowed'),
  CASE_STATUS_CHANGED: entry(40900, 409, '案件状态已变更', 'Case status changed'),
  BATCH_STATUS_CHANGED: entry(40901, 409, '批次状态已变更', 'Batch status changed'),
  MEMBER_CUSTOMER_CONFLICT: entry(
    40920,
    409,
    '会员 {memberId} 属于客户 {customerId}，不能改到其他客户',
    'Member {memberId} belongs to customer {customerId} and cannot move to another customer',
  ),
  PLAN_CUSTOMER_CONFLICT: entry(
    40921,
    409,
    '计划 {grpPlanCode} 属于客户 {customerId}',
    'Plan {grpPlanCode} belongs to customer {customerId}',
  ),
  BATCH_DUPLICATE_KEY: entry(
    40922,
    409,
    '同一批次中 {key} 出现了多次',
    '{key} appears more than once in the same batch',
  ),
  CUSTOMER_NAME_MISSING: entry(
    40207,
    400,
    '客户 {customerId} 尚不存在，首次提交须填写客户名称',
    'Customer {customerId} does not exist yet; its first delivery needs the customer name',
  ),
  HOSPITAL_TASK_UNFINISHED: entry(
    40910,
    409,
    '该医院有未完成的变更任务（{taskNo}），请处理后再修改',
    'The hospital has an unfinished change task ({taskNo}); finish it before starting another change',
  ),
  DOCTOR_TASK_UNFINISHED: entry(
    40913,
    409,
    '该医生有未完成的任务（{taskNo}），请处理后再修改',
    'Doctor has an unfinished task ({taskNo}); finish it before starting another change',
  ),
  TASK_NOT_EXPORTABLE: entry(
    40911,
    409,
    '任务 {taskNo} 尚未审核通过，不能导出（新增医院任务须审核通过后才能导出）',
    'Task {taskNo} is not approved; a hospital task can be exported only once it has passed the audit',
  ),
  PROVIDER_NOT_EXPORTABLE: entry(
    40912,
    409,
    '医院 {providerId} 尚无审核通过的资料，不能导出',
    'Hospital {providerId} has no approved record, so it cannot be exported',
  ),
  PROVIDER_ACCOUNT_CHANGED: entry(
    40914,
    409,
    '该机构账户已被他人修改，请刷新后重试',
    "The provider's account was changed by someone else; reload it and try again",
  ),
  PREAUTH_STATUS_NOT_ALLOWED: entry(
    40940,
    409,
    '预授权案件 {caseNo} 当前状态为“{status}”，不能{action}',
    'Pre-authorisation {caseNo} is "{status}", so it cannot be {action}',
  ),
  CLAIM_STATUS_NOT_ALLOWED: entry(
    40950,
    409,
    '理赔批次 {batchNo} 当前状态为“{status}”，不能{action}',
    'Claim batch {batchNo} is "{status}", so it cannot be {action}',
  ),
  CLAIM_OWN_SUBMISSION: entry(
    40951,
    409,
    '不能审核自己提交的理赔批次，请由其他审核员处理',
    'You cannot decide a claim batch you submitted; another auditor must decide it',
  ),
  PREAUTH_OWN_SUBMISSION: entry(
    40941,
    403,
    '不能审核自己提交的预授权，请由其他审核员处理',
    'You cannot decide a pre-authorisation you submitted; another auditor must decide it',
  ),
  PREAUTH_LETTER_NOT_APPROVED: entry(
    40942,
    409,
    '预授权 {caseNo} 当前状态为{status}，只有已批准的案件可以下载担保函',
    'Pre-authorisation {caseNo} is {status}; only an approved case has a guarantee letter',
  ),
  APPOINT_STATUS_NOT_ALLOWED: entry(
    40925,
    409,
    '预约 {appointNo} 当前状态为“{status}”，不能{action}',
    'Appointment {appointNo} is "{status}", so it cannot be {action}',
  ),
  INVOICE_NUMBER_DUPLICATE: entry(
    40955,
    409,
    '发票号码重复：{invoiceNo} 已上传',
    'Duplicate invoice number: {invoiceNo} has already been uploaded',
  ),
  INVOICE_TITLE_NOT_GENERATED: entry(40956, 409, '发票抬头尚未生成', 'Invoice title not yet generated'),
  INVOICE_ALREADY_UPLOADED: entry(
    40957,
    409,
    '批次 {batchNo} 的发票已上传',
    'The invoices of batch {batchNo} have already been uploaded',
  ),
  // Invoice screens (docs/decisions/0048-invoice-screens.md), conflicts 40995-40999.
  INVOICE_TAX_NO_MISSING: entry(
    40995,
    409,
    '请先设置发票抬头的纳税人识别号',
    'Set the taxpayer number of the invoice title first',
  ),
  // Working-day calendar (docs/decisions/0043-working-day-calendar.md): 40227-40238, 40450-40454, 40960-40964.
  CALENDAR_WORKDAY_NOT_WEEKEND: entry(
    40227,
    400,
    '调休上班日必须是星期六或星期日',
    'An adjusted working day must be a Saturday or a Sunday',
  ),
  CALENDAR_DAY_NOT_FOUND: entry(
    40450,
    404,
    '日历中没有该日期，可能已被删除',
    'This calendar day does not exist; it may have been removed',
  ),
  CALENDAR_DAY_EXISTS: entry(40960, 409, '日历中已有 {day}', 'The calendar already has {day}'),
  CALENDAR_DAY_CHANGED: entry(
    40961,
    409,
    '该日期已被他人修改，请刷新后重试',
    'This calendar day was changed by someone else; reload and try again',
  ),
  // Claim investigations (docs/decisions/0046-claim-investigations.md): 40330-40339, 40470-40479, 40980-40984.
  INVESTIGATION_ANSWER_EMPTY: entry(
    40330,
    400,
    '请上传文件或填写说明后再提交',
    'Upload a file or enter a description before submitting',
  ),
  INVESTIGATION_POSTING_DATE_REQUIRED: entry(
    40331,
    400,
    '填写快递单号时须填写寄出日期',
    'Enter the posting date of the tracking numbers',
  ),
  INVESTIGATION_POSTING_DATE_NOT_PAST: entry(
    40332,
    400,
    '寄出日期须早于今天',
    'The posting date must be earlier than today',
  ),
  INVESTIGATION_FILES_TOTAL_EXCEEDED: entry(
    40333,
    413,
    '附件大小超出限制（每个调查最多 200M）',
    'Attachment size exceeded (200M an investigation at most)',
  ),
  INVESTIGATION_NO_ANSWER: entry(
    40334,
    400,
    '医院尚未回复，不能完成调查；不再需要时请取消',
    'The provider has not answered yet, so the investigation cannot be completed; cancel it if it is no longer needed',
  ),
  INVESTIGATION_BATCH_WITHDRAWN: entry(
    40335,
    400,
    '批次 {batchNo} 已撤回，不能发起调查',
    'Batch {batchNo} was withdrawn; an investigation cannot be opened on it',
  ),
  INVESTIGATION_NOT_FOUND: entry(
    40470,
    404,
    '理赔调查不存在，或无权查看',
    'The claim investigation does not exist or is not yours to see',
  ),
  INVESTIGATION_LINE_NOT_FOUND: entry(
    40471,
    404,
    '理赔明细不存在，或已随批次修改被替换',
    'The claim line does not exist, or was replaced when its batch was changed',
  ),
  INVESTIGATION_TIMED_OUT: entry(40980, 409, '案件已超时终止', 'Case timed out and terminated'),
  INVESTIGATION_CANCELLED: entry(40981, 409, '案件已取消', 'Case cancelled'),
  INVESTIGATION_STATUS_NOT_ALLOWED: entry(
    40982,
    409,
    '调查 {caseNo} 状态为“{status}”，不能{action}',
    'Investigation {caseNo} is {status}; it cannot be {action}',
  ),
  INVESTIGATION_IN_PROGRESS: entry(
    40983,
    409,
    '批次 {batchNo} 第 {row} 行已有进行中的调查 {caseNo}',
    'Row {row} of batch {batchNo} already has investigation {caseNo} in progress',
  ),
  INVESTIGATION_FUNCTION_OFF: entry(
    40984,
    409,
    '医疗机构 {providerId} 未开通“理赔调查管理”，不能发起调查',
    'Provider {providerId} does not have claim investigation management switched on, so it cannot be asked',
  ),
  // Cost management (docs/decisions/0047-cost-management.md): 40490-40494, 40990-40994 (bad input is field errors, 40010).
  COST_MEASURE_NOT_FOUND: entry(
    40490,
    404,
    '费用管控措施不存在，或无权查看',
    'The cost-control measure does not exist or is not yours to see',
  ),
  COST_PROVIDER_NOT_FOUND: entry(
    40491,
    404,
    '医疗机构 {providerId} 不存在',
    'Provider {providerId} does not exist',
  ),
  COST_STATUS_NOT_ALLOWED: entry(
    40990,
    409,
    '管控措施 {measureNo} 状态为“{status}”，不能{action}',
    'Measure {measureNo} is {status}; it cannot be {action}',
  ),
  COST_PERIOD_OVERLAP: entry(
    40991,
    409,
    '期间与已接受的管控措施 {measureNo}（{validFrom} 至 {validTo}）重叠',
    'The period overlaps the accepted measure {measureNo} ({validFrom} to {validTo})',
  ),
  COST_FUNCTION_OFF: entry(
    40992,
    409,
    '医疗机构 {providerId} 未开通“医疗费用管理”，不能提出管控措施',
    'Provider {providerId} does not have medical expense management switched on, so no measure can be proposed',
  ),
  COST_PROVIDER_CHANGED: entry(
    40993,
    409,
    '重新提出时不能更换医疗机构',
    'A measure proposed again stays with its provider',
  ),
  // Claim accounting (docs/decisions/0045-claim-accounting.md): 40310-40319, 40460-40462, 40970-40973.
  ACC_LINE_NOT_PAYABLE: entry(
    40310,
    400,
    '所选理赔不可付款：须为该医疗机构已批准且发票已上传的理赔',
    'A claim chosen cannot be paid: it must be an approved claim of this provider whose invoice is uploaded',
  ),
  ACC_AMOUNT_OVER_OUTSTANDING: entry(
    40311,
    400,
    '理赔批次 {batchNo} 第 {row} 行：付款金额 {amount} 超过未付金额 {outstanding}',
    'Claim batch {batchNo}, row {row}: {amount} is more than the {outstanding} still to pay',
  ),
  ACC_RATE_MISSING: entry(
    40312,
    400,
    '请填写 {currency} 兑 {invoiceCurrency} 的汇率',
    'Enter the exchange rate from {currency} to {invoiceCurrency}',
  ),
  ACC_RATE_UNUSED: entry(
    40313,
    400,
    '本批次没有需要按 {currency} 汇率折算的理赔，请删除该汇率',
    'No claim of this batch is converted from {currency}; remove that rate',
  ),
  ACC_PAID_DATE_FUTURE: entry(40314, 400, '付款日期不能晚于今天', 'The paid date cannot be after today'),
  ACC_ITEM_UNKNOWN: entry(
    40315,
    400,
    '所选的行不在付款批次 {payBatchNo} 中',
    'A line chosen is not in payment batch {payBatchNo}',
  ),
  ACC_ADJUSTMENT_TOO_LARGE: entry(
    40316,
    400,
    '补付金额 {amount} 不能超过 {max}',
    'The difference to pay, {amount}, cannot be more than {max}',
  ),
  ACC_MONTH_RANGE: entry(
    40317,
    400,
    '月份范围不正确：开始月份不能晚于结束月份，且最多 {max} 个月',
    'Incorrect month range: the first month cannot be after the last, and at most {max} months',
  ),
  ACC_AMOUNT_ROUNDS_TO_ZERO: entry(
    40318,
    400,
    '理赔批次 {batchNo} 第 {row} 行：{amount} 按汇率 {rate} 折算后为 0.00',
    'Claim batch {batchNo}, row {row}: {amount} at the rate {rate} is 0.00',
  ),
  ACC_PAYABLE_OVER_CLAIMED: entry(
    40319,
    400,
    '补付后应付金额 {payable} 将超过申请金额 {claimed}',
    'With this adjustment the payable {payable} would be more than the claimed {claimed}',
  ),
  // Payment batches from "all matching" (docs/decisions/0022-lists-at-scale.md, issue 10): 40345, 40976.
  ACC_PAY_TOO_MANY: entry(
    40345,
    400,
    '所选条件下有 {count} 条理赔，一个付款批次最多 {max} 条；请缩小范围或取消部分理赔',
    '{count} claims match the filter; one payment batch pays at most {max}: narrow the filter or leave some out',
  ),
  PAY_BATCH_NOT_FOUND: entry(40460, 404, '付款批次不存在', 'The payment batch does not exist'),
  ACC_PROVIDER_NOT_FOUND: entry(
    40461,
    404,
    '医疗机构 {providerId} 不存在',
    'Provider {providerId} does not exist',
  ),
  ACC_CLAIM_LINE_NOT_FOUND: entry(40462, 404, '理赔明细不存在', 'The claim line does not exist'),
  PAY_STATUS_NOT_ALLOWED: entry(
    40970,
    409,
    '付款批次 {payBatchNo} 当前为“{status}”，不能{action}',
    'Payment batch {payBatchNo} is "{status}", so it cannot be {action}',
  ),
  PAY_OWN_CLAIM: entry(
    40971,
    409,
    '付款批次包含您提交的理赔批次 {batchNo}，请由其他人确认付款',
    'The batch pays claim batch {batchNo}, which you submitted; another person must confirm the payment',
  ),
  PAY_ITEM_STATUS: entry(
    40972,
    409,
    '理赔批次 {batchNo} 第 {row} 行当前为“{status}”，不能{action}',
    'Claim batch {batchNo}, row {row} is "{status}", so it cannot be {action}',
  ),
  ACC_PAYABLE_CHANGED: entry(
    40976,
    409,
    '可付款的理赔已变化（现为 {count} 条，{amounts}），请刷新后重新确认',
    'The payable claims have changed (now {count}, {amounts}); refresh and check them again',
  ),
  PAY_OWN_DISPUTE: entry(
    40973,
    409,
    '不能处理自己提出的争议，请由其他人处理',
    'You cannot resolve a dispute you raised; another person must resolve it',
  ),
  // Claim appeals (docs/decisions/0049-claim-appeals.md): 40350-40369, 40480-40489, 40985-40989
  // (duplicate file names reuse CLAIM_DUPLICATE_FILE_NAMES, 40258).
  APPEAL_SEARCH_CONDITION: entry(40350, 400, '请至少输入一个查询条件', 'Search needs at least one condition'),
  APPEAL_FILES_TOTAL_EXCEEDED: entry(
    40351,
    413,
    '附件大小超出限制（每个申诉最多 200M）',
    'Attachment size exceeded (200M an appeal at most)',
  ),
  APPEAL_LINE_NOT_APPEALABLE: entry(
    40353,
    400,
    '批次 {batchNo} 第 {row} 行不能申诉：只有已批准批次中被拒绝或未足额赔付的明细可以申诉',
    'Row {row} of batch {batchNo} cannot be appealed: only rejected or partly paid lines of approved batches can',
  ),
  APPEAL_AMOUNT_TOO_HIGH: entry(
    40354,
    400,
    '申诉金额 {amount} 超过可申诉金额 {max}（申请金额减去已应付金额）',
    'The amount {amount} is more than the {max} that can be appealed (claimed less payable)',
  ),
  APPEAL_APPROVED_TOO_HIGH: entry(
    40355,
    400,
    '批准金额 {approved} 不能超过申诉金额 {amount}',
    'The approved amount {approved} cannot be more than the {amount} appealed',
  ),
  APPEAL_FILE_NOT_USABLE: entry(
    40356,
    400,
    '附件已用于其他业务，请重新上传',
    'An attachment is already used elsewhere; upload it again',
  ),
  APPEAL_NOT_FOUND: entry(
    40480,
    404,
    '申诉不存在，或无权查看',
    'The appeal does not exist or is not yours to see',
  ),
  APPEAL_LINE_NOT_FOUND: entry(
    40481,
    404,
    '理赔明细不存在，或无权申诉',
    'The claim line does not exist or is not yours to appeal',
  ),
  APPEAL_IN_PROGRESS: entry(
    40985,
    409,
    '当前理赔有申诉正在处理中（{appealNo}），请先完成',
    'Current claim has an appeal in progress ({appealNo}), finish it first',
  ),
  APPEAL_STATUS_NOT_ALLOWED: entry(
    40986,
    409,
    '申诉 {appealNo} 状态为“{status}”，不能{action}',
    'Appeal {appealNo} is {status}; it cannot be {action}',
  ),
  APPEAL_OWN_SUBMISSION: entry(
    40987,
    409,
    '不能审核自己提交的申诉，请由其他审核员处理',
    'You cannot decide an appeal you submitted; another auditor must decide it',
  ),
  INTERNAL: entry(
    50000,
    500,
    '系统内部错误，请联系管理员',
    'Internal system error, contact the administrator',
  ),
  MAINTENANCE: entry(
    50300,
    503,
    '系统维护中，请稍后再试',
    'System under maintenance, please try again later',
  ),
  SERVICE_BUSY: entry(
    50301,
    503,
    '服务繁忙，请 {seconds} 秒后重试',
    'The service is busy, please retry in {seconds} seconds',
  ),
} as const satisfies Record<string, TErrorEntry>;

export type TErrorKey = keyof typeof ERRORS;

/** Session codes after which the client shows the 'remind' dialog and logs out (spec section 8). */
export const SESSION_CODES: readonly number[] = [40000, 40001, 40002, 40003, 40005, 40006, 40008, 40009];

/** Fills {name} placeholders of a catalogue message. */
export function formatMessage(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}
