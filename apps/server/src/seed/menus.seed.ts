import type { TProviderFunction } from '@portal/domain/provider-accounts/codes';

/**
 * The menu tree seeded into every tenant, with the roles that see each entry. Only screens
 * that exist are listed: a feature adds its entries here when its screens are built.
 * Entries are upserted by name on every start, so new ones reach existing databases; what an
 * administrator may edit (titles, icon, order, hidden, alwaysShow, noCache) is written only when
 * the entry is created, so the menu administration's changes stay (decision 0029). Every seeded
 * entry and resource is built in: it cannot be deleted.
 */
export interface TMenuSeed {
  name: string;
  path: string;
  component: string;
  title: string;
  titleEn: string;
  icon?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  noCache?: boolean;
  affix?: boolean;
  redirect?: string;
  group?: 'default' | 'smartPortal';
  /** The provider function the entry belongs to (decision 0027): hidden when it is off. */
  providerFunction?: TProviderFunction;
  /**
   * Permission codes (buttons, actions) of the page, offered in the role editor's tree under the
   * entry (decision 0033); upserted by code.
   */
  resources?: TResourceSeed[];
  /** Role codes that are granted this entry (SUPER_ADMIN sees everything). */
  roles: string[];
  children?: TMenuSeed[];
}

export interface TResourceSeed {
  code: string;
  name: string;
  nameEn: string;
}

const r = (code: string, name: string, nameEn: string): TResourceSeed => ({ code, name, nameEn });

export const ALL_STAFF = ['SMART_PORTAL', 'AUDITOR', 'NET_VIEW'];

/**
 * The appointment screens (decision 0038) under a parent: inquiry, patient registration, and the
 * hidden detail and process-detail pages at /appointment/detail and /appointment/processDetail.
 */
function APPOINTMENT_PAGES(
  prefix: string,
  listPath: string,
  group: 'default' | 'smartPortal' = 'default',
): TMenuSeed[] {
  const base = { group, providerFunction: 'appointment' as const, roles: ['SMART_PORTAL'] };
  return [
    {
      ...base,
      name: `${prefix}-list`,
      path: listPath,
      component: 'appointment/list',
      title: '预约查询',
      titleEn: 'Appointment inquiry',
      icon: 'CalendarOutlined',
      // A permission code belongs to one menu entry: the default group's.
      resources:
        group === 'default'
          ? [
              r('smartportal:appointment:view', '查看预约与下载', 'View appointments and downloads'),
              r(
                'smartportal:appointment:edit',
                '登记、确认、取消预约',
                'Register, confirm and cancel visits',
              ),
            ]
          : [],
    },
    {
      ...base,
      name: `${prefix}-registration`,
      path: 'registration',
      component: 'appointment/registration',
      title: '患者登记',
      titleEn: 'Patient registration',
      icon: 'UserAddOutlined',
    },
    {
      ...base,
      name: `${prefix}-detail`,
      path: '/appointment/detail',
      component: 'appointment/detail',
      title: '预约详情',
      titleEn: 'Appointment details',
      hidden: true,
    },
    {
      ...base,
      name: `${prefix}-process-detail`,
      path: '/appointment/processDetail',
      component: 'appointment/processDetail',
      title: '预约详情',
      titleEn: 'Appointment details',
      hidden: true,
    },
  ];
}

export const MENU_SEED: TMenuSeed[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    component: 'home/index',
    title: '首页',
    titleEn: 'Home',
    icon: 'HomeOutlined',
    affix: true,
    resources: [r('drsystem:homePage:view', '查看首页', 'View the home page')],
    roles: ALL_STAFF,
  },
  {
    name: 'drmanage',
    path: '/drsystem/management',
    component: 'Layout',
    title: '医院信息',
    titleEn: 'Hospital information',
    icon: 'MedicineBoxOutlined',
    alwaysShow: true,
    roles: ['SMART_PORTAL'],
    children: [
      {
        name: 'drmanage-task',
        path: 'task',
        component: 'drsystem/management/task/index',
        title: '任务列表',
        titleEn: 'Hospital tasks',
        icon: 'UnorderedListOutlined',
        roles: ['SMART_PORTAL'],
      },
      {
        name: 'drmanage-my-hospital',
        path: 'hospital/mine',
        component: 'drsystem/management/hospital/mine',
        title: '我的医院',
        titleEn: 'My hospital',
        icon: 'BankOutlined',
        roles: ['SMART_PORTAL'],
      },
      {
        name: 'drmanage-hospital-detail',
        path: 'hospital/detail/:id',
        component: 'drsystem/management/hospital/detail',
        title: '医院详情',
        titleEn: 'Hospital detail',
        hidden: true,
        noCache: true,
        roles: ['SMART_PORTAL'],
      },
      {
        name: 'drmanage-hospital-task-detail',
        path: 'hospital/task/detail/:id',
        component: 'drsystem/management/hospital/task/detail',
        title: '任务详情',
        titleEn: 'Task detail',
        hidden: true,
        noCache: true,
        roles: ['SMART_PORTAL'],
      },
      {
        name: 'createHosp',
        path: 'hosp/create',
        component: 'drsystem/management/hosp/form',
        title: '新增医院',
        titleEn: 'Add hospital',
        hidden: true,
        noCache: true,
        roles: ['SMART_PORTAL'],
      },
      {
        name: 'modifyHosp',
        path: 'hosp/modify',
        component: 'drsystem/management/hosp/form',
        title: '修改医院信息',
        titleEn: 'Update hospital information',
        hidden: true,
        noCache: true,
        roles: ['SMART_PORTAL'],
      },
      {
        name: 'modifyTask',
        path: 'task/modify',
        component: 'drsystem/management/hosp/form',
        title: '编辑医院任务',
        titleEn: 'Edit hospital task',
        hidden: true,
        noCache: true,
        roles: ['SMART_PORTAL'],
      },
      {
        name: 'doctorList',
        path: 'doctor',
        component: 'drsystem/management/doctor/index',
        title: '医生列表',
        titleEn: 'Doctors',
        icon: 'TeamOutlined',
        roles: ['SMART_PORTAL'],
      },
      {
        name: 'doctorCreate',
        path: 'create',
        component: 'drsystem/management/doctor/form',
        title: '新增医生',
        titleEn: 'Doctor Creation',
        hidden: true,
        noCache: true,
        roles: ['SMART_PORTAL'],
      },
      {
        name: 'doctorUpdate',
        path: 'update/:id',
        component: 'drsystem/management/doctor/form',
        title: '修改医生信息',
        titleEn: 'Update doctor',
        hidden: true,
        noCache: true,
        roles: ['SMART_PORTAL'],
      },
      {
        name: 'doctorTaskUpdate',
        path: 'task-update/:id',
        component: 'drsystem/management/doctor/form',
        title: '编辑医生任务',
        titleEn: 'Edit doctor task',
        hidden: true,
        noCache: true,
        roles: ['SMART_PORTAL'],
      },
      {
        name: 'doctorDetail',
        path: 'detail/:id',
        component: 'drsystem/management/doctor/detail',
        title: '医生详情',
        titleEn: 'Doctor detail',
        hidden: true,
        noCache: true,
        roles: ['SMART_PORTAL'],
      },
      {
        name: 'doctorTaskDetail',
        path: 'task-detail/:id',
        component: 'drsystem/management/doctor/task-detail',
        title: '医生任务详情',
        titleEn: 'Doctor task detail',
        hidden: true,
        noCache: true,
        roles: ['SMART_PORTAL'],
      },
    ],
  },
  {
    name: 'hospitalAuditGroup',
    path: '/drsystem/audit',
    component: 'Layout',
    title: '医院审核',
    titleEn: 'Hospital audit',
    icon: 'AuditOutlined',
    alwaysShow: true,
    roles: ['AUDITOR', 'NET_VIEW'],
    children: [
      {
        name: 'hospitalAudit',
        path: '/drsystem/management/hospital',
        component: 'drsystem/management/hospital/index',
        title: '医院审核任务',
        titleEn: 'Hospital audit tasks',
        icon: 'FileSearchOutlined',
        resources: [
          r('drsystem:providerTaskMsh:list', '查看审核列表', 'View the audit list'),
          r('drsystem:providerTaskMsh:detail', '查看任务详情', 'View task details'),
          r('drsystem:providerTaskMsh:initTask', '领取任务', 'Take tasks'),
          r('drsystem:providerTaskMsh:approval', '审核通过或退回', 'Approve or return tasks'),
          r('drsystem:providerTaskMsh:downloadAnnounce', '下载公告', 'Download announcements'),
          r('drsystem:providerTaskMsh:downloadNewsLetter', '下载通讯', 'Download newsletters'),
        ],
        roles: ['AUDITOR', 'NET_VIEW'],
      },
      {
        name: 'providerNotesAdmin',
        path: 'provider-notes',
        component: 'drsystem/audit/provider-notes',
        title: '医院备注',
        titleEn: 'Provider notes',
        icon: 'FormOutlined',
        resources: [
          r('drsystem:liproviderinfo:view', '查看医院备注', 'View provider notes'),
          r('drsystem:liproviderinfo:edit', '编辑医院备注', 'Edit provider notes'),
        ],
        roles: ['AUDITOR'],
      },
      {
        // The same screen as the provider's task detail, reached from the audit list.
        name: 'hospitalAuditTaskDetail',
        path: '/drsystem/management/hospital/task/detail/:id',
        component: 'drsystem/management/hospital/task/detail',
        title: '任务详情',
        titleEn: 'Task details',
        hidden: true,
        noCache: true,
        roles: ['AUDITOR', 'NET_VIEW'],
      },
    ],
  },
  {
    name: 'doctorMshTaskDetail',
    path: '/drsystem/management/msh-task-detail/:id',
    component: 'drsystem/management/doctor/task-detail',
    title: '医生任务详情',
    titleEn: 'Doctor task detail',
    hidden: true,
    noCache: true,
    roles: ['AUDITOR'],
  },
  {
    name: 'doctorTaskAudit',
    path: '/drsystem/management/task-audit/:id',
    component: 'drsystem/management/doctor/task-audit',
    title: '审核医生任务',
    titleEn: 'Audit doctor task',
    hidden: true,
    noCache: true,
    roles: ['AUDITOR'],
  },
  {
    name: 'doctorTaskAuditMed',
    path: '/drsystem/management/task-audit/med/:taskNo',
    component: 'drsystem/management/doctor/task-audit',
    title: '审核医生任务',
    titleEn: 'Audit doctor task',
    hidden: true,
    noCache: true,
    roles: ['AUDITOR'],
  },
  {
    name: 'auditHosp',
    path: '/drsystem/management/hosp/audit',
    component: 'drsystem/management/hosp/form',
    title: '审核医院任务',
    titleEn: 'Audit hospital task',
    hidden: true,
    noCache: true,
    roles: ['AUDITOR'],
  },
  {
    // Advanced doctor search and the medical knowledge bases (issue 12, decision 0025).
    name: 'drinfo',
    path: '/drsystem/info',
    component: 'Layout',
    title: '医生查询与知识库',
    titleEn: 'Doctor search and knowledge',
    icon: 'BookOutlined',
    alwaysShow: true,
    roles: ['AUDITOR'],
    children: [
      {
        name: 'drinfo-advance',
        path: 'advance',
        component: 'drsystem/info/advance',
        title: '医生高级查询',
        titleEn: 'Advanced doctor search',
        icon: 'FileSearchOutlined',
        resources: [r('drsystem:info:advance', '医生高级查询', 'Advanced doctor search')],
        roles: ['AUDITOR'],
      },
      {
        name: 'drinfo-knowledge',
        path: '/drsystem/system/knowledge',
        component: 'drsystem/system/knowledge',
        title: '医学知识库',
        titleEn: 'Medical knowledge bases',
        icon: 'BookOutlined',
        resources: [
          r('drsystem:knowledge:list', '查看知识库', 'View the knowledge bases'),
          r('drsystem:symptom:view', '查看症状', 'View symptoms'),
          r('drsystem:symptom:bonding', '关联症状与疾病', 'Link symptoms and diseases'),
        ],
        roles: ['AUDITOR'],
      },
      {
        name: 'drinfo-info-detail',
        path: 'query/infoDetail',
        component: 'drsystem/info/query/infoDetail',
        title: '医院详情',
        titleEn: 'Hospital detail',
        hidden: true,
        noCache: true,
        roles: ['AUDITOR'],
      },
      {
        name: 'drinfo-add-symptom',
        path: 'add/symptom',
        component: 'drsystem/info/add/symptom',
        title: '新增症状',
        titleEn: 'Add symptom',
        hidden: true,
        noCache: true,
        roles: ['AUDITOR'],
      },
      {
        name: 'drinfo-add-disease',
        path: 'add/disease',
        component: 'drsystem/info/add/disease',
        title: '新增疾病',
        titleEn: 'Add disease',
        hidden: true,
        noCache: true,
        roles: ['AUDITOR'],
      },
      {
        name: 'drinfo-add-treatment',
        path: 'add/treatment',
        component: 'drsystem/info/add/treatment',
        title: '新增治疗方式',
        titleEn: 'Add treatment',
        hidden: true,
        noCache: true,
        roles: ['AUDITOR'],
      },
      {
        name: 'drinfo-bonding',
        path: '/drsystem/system/symptom/bondingdisease/:id',
        component: 'drsystem/system/symptom/bondingdisease',
        title: '症状关联疾病',
        titleEn: 'Symptom and its diseases',
        hidden: true,
        noCache: true,
        roles: ['AUDITOR'],
      },
    ],
  },
  {
    // Member policy and benefit info (issue 16, decision 0036): the spec names the screen, not its path.
    name: 'memberBenefit',
    path: '/smartPortal/benefit',
    component: 'smartPortal/benefit/index',
    title: '会员保单及福利',
    titleEn: 'Member policy and benefits',
    icon: 'InsuranceOutlined',
    resources: [r('smartportal:benefit:view', '查询会员保单及福利', 'Enquire member policies and benefits')],
    roles: ['SMART_PORTAL', 'AUDITOR'],
  },
  {
    // Members, policies and plan network for operators (issue 16, decision 0036).
    name: 'memberAdmin',
    path: '/member',
    component: 'Layout',
    title: '会员管理',
    titleEn: 'Members',
    icon: 'IdcardOutlined',
    alwaysShow: true,
    roles: ['AUDITOR'],
    children: [
      {
        name: 'memberImport',
        path: 'import',
        component: 'member/import/index',
        title: '会员导入',
        titleEn: 'Member import',
        icon: 'FileDoneOutlined',
        resources: [r('member:member:import', '导入会员及保单', 'Import members and policies')],
        roles: [],
      },
      {
        name: 'planNetwork',
        path: 'network',
        component: 'member/network/index',
        title: '计划服务网络',
        titleEn: 'Plan network',
        icon: 'ClusterOutlined',
        resources: [
          r('member:network:view', '查看计划服务网络', 'View the plan network'),
          r('member:network:edit', '维护计划服务网络', 'Maintain the plan network'),
        ],
        roles: ['AUDITOR'],
      },
    ],
  },
  {
    // The resources menu of the spec: operator messages and SMS (issue 15, decisions 0032 and
    // 0034). The pages themselves are app routes (/resources/msg, /resources/msg/edit,
    // /resources/sms/edit); these are their entries.
    name: 'resources',
    path: '/resources',
    component: 'Layout',
    title: '消息管理',
    titleEn: 'Messages',
    icon: 'NotificationOutlined',
    alwaysShow: true,
    roles: ['AUDITOR'],
    children: [
      {
        name: 'resources-msg',
        path: 'msg',
        component: 'resources/msg/index',
        title: '消息列表',
        titleEn: 'Message list',
        icon: 'UnorderedListOutlined',
        roles: ['AUDITOR'],
      },
      {
        name: 'resources-msg-edit',
        path: 'msg/edit',
        component: 'resources/msg/edit',
        title: '发送消息',
        titleEn: 'Send message',
        icon: 'FormOutlined',
        noCache: true,
        roles: ['AUDITOR'],
      },
      {
        name: 'resources-sms-edit',
        path: 'sms/edit',
        component: 'resources/sms/edit',
        title: '发送短信',
        titleEn: 'Send SMS',
        icon: 'MessageOutlined',
        roles: ['AUDITOR'],
      },
    ],
  },
  // Appointments and visits (docs/decisions/0038-appointments-and-visits.md): provider staff,
  // behind the provider's appointment management switch (decision 0027).
  {
    name: 'appointment',
    path: '/appointment',
    component: 'Layout',
    title: '预约管理',
    titleEn: 'Appointments',
    icon: 'CalendarOutlined',
    alwaysShow: true,
    providerFunction: 'appointment',
    roles: ['SMART_PORTAL'],
    children: APPOINTMENT_PAGES('appointment', 'list'),
  },
  // Pre-authorisation (docs/decisions/0039-pre-authorisation.md): provider staff list their own
  // cases; the /advance/* screens of the spec are hidden and reached from the list and detail.
  {
    name: 'preauth',
    path: '/preauth',
    component: 'Layout',
    title: '预授权',
    titleEn: 'Pre-authorisations',
    icon: 'FileProtectOutlined',
    alwaysShow: true,
    providerFunction: 'contract',
    roles: ['SMART_PORTAL'],
    children: [
      {
        name: 'preauth-list',
        path: 'list',
        component: 'preauth/list',
        title: '预授权',
        titleEn: 'Pre-authorisations',
        icon: 'FileProtectOutlined',
        providerFunction: 'contract',
        roles: ['SMART_PORTAL'],
        resources: [
          r('preauth:case:view', '查看预授权', 'View pre-authorisations'),
          r(
            'preauth:case:edit',
            '申请、取消、补充、重开预授权',
            'Request, cancel, supplement and reopen pre-authorisations',
          ),
        ],
      },
      ...(
        [
          [
            'preauth-create-new',
            '/advance/preAuthCreateNew',
            'advance/preAuthCreateNew',
            '申请预授权',
            'Make a Pre-Authorization',
          ],
          [
            'preauth-create',
            '/advance/preAuthCreate',
            'advance/preAuthCreate',
            '预授权详情',
            'Pre-authorisation details',
          ],
          ['preauth-detail', '/advance/detail', 'advance/detail', '预授权详情', 'Pre-authorisation details'],
          [
            'preauth-supplement',
            '/advance/supplement',
            'advance/supplement',
            '补充资料',
            'Supplement documents',
          ],
          ['preauth-reopen', '/advance/reopen', 'advance/reopen', '重开预授权', 'Reopen a pre-authorisation'],
          ['preauth-message', '/advance/message', 'advance/message', '留言', 'Leave a message'],
        ] as const
      ).map(([name, path, component, title, titleEn]) => ({
        name,
        path,
        component,
        title,
        titleEn,
        hidden: true,
        providerFunction: 'contract' as const,
        roles: ['SMART_PORTAL'],
      })),
    ],
  },
  // The operator's audit of pre-authorisations (decision 0039).
  {
    name: 'preauth-audit',
    path: '/preauthAudit',
    component: 'Layout',
    title: '预授权审核',
    titleEn: 'Pre-authorisation audit',
    icon: 'AuditOutlined',
    alwaysShow: true,
    roles: ['AUDITOR'],
    children: [
      {
        name: 'preauth-audit-list',
        path: 'list',
        component: 'preauth/audit-list',
        title: '预授权审核',
        titleEn: 'Pre-authorisation audit',
        icon: 'AuditOutlined',
        roles: ['AUDITOR'],
        resources: [
          r('preauth:audit:view', '查看预授权审核', 'View pre-authorisations to audit'),
          r('preauth:audit:approval', '批准、拒绝、要求补充资料', 'Approve, reject and ask for documents'),
        ],
      },
      {
        name: 'preauth-audit-detail',
        path: '/preauthAudit/detail',
        component: 'preauth/audit-detail',
        title: '预授权审核详情',
        titleEn: 'Pre-authorisation audit details',
        hidden: true,
        roles: ['AUDITOR'],
      },
      {
        name: 'preauth-audit-message',
        path: '/preauthAudit/message',
        component: 'preauth/audit-message',
        title: '预授权留言',
        titleEn: 'Pre-authorisation messages',
        hidden: true,
        roles: ['AUDITOR'],
      },
    ],
  },
  {
    name: 'system',
    path: '/system',
    component: 'Layout',
    title: '系统管理',
    titleEn: 'System',
    icon: 'SettingOutlined',
    alwaysShow: true,
    roles: [],
    children: [
      {
        name: 'user',
        path: 'user',
        component: 'system/user/index',
        title: '用户管理',
        titleEn: 'Users',
        icon: 'UserOutlined',
        resources: [
          r('authority:user:view', '查看用户', 'View users'),
          r('authority:user:add', '新增用户', 'Add users'),
          r('authority:user:edit', '编辑用户', 'Edit users'),
          r('authority:user:delete', '删除用户', 'Delete users'),
          r('authority:user:reset', '重置密码', 'Reset passwords'),
          r('authority:user:reload', '刷新权限', 'Reload permissions'),
          r('authority:user:import', '导入用户', 'Import users'),
          r('authority:user:export', '导出用户', 'Export users'),
        ],
        roles: [],
      },
      {
        name: 'role',
        path: 'role',
        component: 'system/role/index',
        title: '角色管理',
        titleEn: 'Roles',
        icon: 'TeamOutlined',
        resources: [
          r('authority:role:view', '查看角色', 'View roles'),
          r('authority:role:add', '新增角色', 'Add roles'),
          r('authority:role:edit', '编辑角色', 'Edit roles'),
          r('authority:role:delete', '删除角色', 'Delete roles'),
          r('authority:role:authorize', '分配菜单与权限', 'Grant menus and permissions'),
          r('authority:role:users', '分配用户', 'Assign users'),
        ],
        roles: [],
      },
      {
        name: 'organisation',
        path: 'org',
        component: 'system/org/index',
        title: '机构管理',
        titleEn: 'Organisations',
        icon: 'ApartmentOutlined',
        resources: [
          r('authority:org:view', '查看机构', 'View organisations'),
          r('authority:org:add', '新增机构', 'Add organisations'),
          r('authority:org:edit', '编辑机构', 'Edit organisations'),
          r('authority:org:delete', '删除机构', 'Delete organisations'),
        ],
        roles: [],
      },
      {
        // Menus and resources (decision 0029).
        name: 'menu',
        path: 'menu',
        component: 'system/menu/index',
        title: '菜单管理',
        titleEn: 'Menus',
        icon: 'MenuOutlined',
        resources: [
          r('authority:menu:view', '查看菜单', 'View menus'),
          r('authority:menu:add', '新增菜单与权限', 'Add menus and permissions'),
          r('authority:menu:edit', '编辑菜单与权限', 'Edit menus and permissions'),
          r('authority:menu:delete', '删除菜单与权限', 'Delete menus and permissions'),
        ],
        roles: [],
      },
      {
        // Who audits which task type, and its overdue period (decision 0030).
        name: 'workflow',
        path: 'workflow',
        component: 'system/workflow/index',
        title: '流程配置',
        titleEn: 'Workflow',
        icon: 'ControlOutlined',
        resources: [
          r('system:workflow:view', '查看流程配置', 'View the workflow'),
          r('system:workflow:edit', '修改流程配置', 'Change the workflow'),
        ],
        roles: [],
      },
      {
        name: 'dictionary',
        path: 'dictionary',
        component: 'system/dictionary/index',
        title: '字典管理',
        titleEn: 'Dictionaries',
        icon: 'BookOutlined',
        resources: [
          r('authority:dictionary:view', '查看字典', 'View dictionaries'),
          r('authority:dictionary:add', '新增字典', 'Add dictionaries'),
          r('authority:dictionary:edit', '编辑字典', 'Edit dictionaries'),
          r('authority:dictionary:delete', '删除字典', 'Delete dictionaries'),
        ],
        roles: [],
      },
      {
        name: 'area',
        path: 'area',
        component: 'system/area/index',
        title: '地区管理',
        titleEn: 'Areas',
        icon: 'EnvironmentOutlined',
        roles: [],
      },
      {
        name: 'errorLog',
        path: 'error-log',
        component: 'system/error-log',
        title: '错误日志',
        titleEn: 'Error log',
        icon: 'BugOutlined',
        roles: [],
      },
      {
        name: 'securityEvent',
        path: 'security-event',
        component: 'system/security-event',
        title: '安全事件',
        titleEn: 'Security events',
        icon: 'SafetyOutlined',
        roles: [],
      },
      {
        name: 'providerAccount',
        path: 'provider-account',
        component: 'system/provider-account',
        title: '机构账户',
        titleEn: 'Provider accounts',
        icon: 'ShopOutlined',
        roles: [],
      },
      // Clients and logs (docs/decisions/0031-clients-and-logs.md): operator administrators only.
      {
        name: 'loginLog',
        path: 'login-log',
        component: 'system/login-log',
        title: '登录日志',
        titleEn: 'Login log',
        icon: 'HistoryOutlined',
        roles: [],
      },
      {
        name: 'operationLog',
        path: 'operation-log',
        component: 'system/operation-log',
        title: '操作日志',
        titleEn: 'Operation log',
        icon: 'FileSearchOutlined',
        roles: [],
      },
      {
        name: 'logRetention',
        path: 'log-retention',
        component: 'system/log-retention',
        title: '日志清理',
        titleEn: 'Log cleaning',
        icon: 'DatabaseOutlined',
        roles: [],
      },
      {
        name: 'client',
        path: 'client',
        component: 'system/client',
        title: '客户端管理',
        titleEn: 'Clients',
        icon: 'KeyOutlined',
        roles: [],
      },
      // The working-day calendar of investigation deadlines (decision 0043).
      {
        name: 'holidayCalendar',
        path: 'holiday',
        component: 'system/holiday/index',
        title: '节假日日历',
        titleEn: 'Holiday calendar',
        icon: 'CalendarOutlined',
        resources: [
          r('authority:holiday:view', '查看节假日日历', 'View the holiday calendar'),
          r('authority:holiday:add', '新增节假日', 'Add holiday calendar days'),
          r('authority:holiday:edit', '编辑节假日', 'Edit holiday calendar days'),
          r('authority:holiday:delete', '删除节假日', 'Remove holiday calendar days'),
        ],
        roles: [],
      },
    ],
  },
  // The customer-portal group, chosen by /transfer with 'free' (spec section 6, decision 0010).
  {
    name: 'smartPortal',
    path: '/smartPortal',
    component: 'Layout',
    title: '预约管理',
    titleEn: 'Appointments',
    icon: 'CalendarOutlined',
    alwaysShow: true,
    group: 'smartPortal',
    providerFunction: 'appointment',
    roles: ['SMART_PORTAL'],
    children: APPOINTMENT_PAGES('smartPortal-appointment', 'appointment', 'smartPortal'),
  },
  // The benefits enquiry in the customer-portal group too; it belongs to no provider function.
  {
    name: 'smartPortal-benefit',
    path: '/smartPortal/benefit',
    component: 'smartPortal/benefit/index',
    title: '会员保单及福利',
    titleEn: 'Member policy and benefits',
    icon: 'InsuranceOutlined',
    group: 'smartPortal',
    roles: ['SMART_PORTAL'],
  },
];
