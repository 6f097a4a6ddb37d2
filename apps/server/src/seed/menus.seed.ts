/**
 * The menu tree seeded into every tenant, with the roles that see each entry. Only screens
 * that exist are listed: a feature adds its entries here when its screens are built.
 * Entries are upserted by name on every start, so new ones reach existing databases.
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
  /** Role codes that are granted this entry (SUPER_ADMIN sees everything). */
  roles: string[];
  children?: TMenuSeed[];
}

export const ALL_STAFF = ['SMART_PORTAL', 'AUDITOR', 'NET_VIEW'];

export const MENU_SEED: TMenuSeed[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    component: 'home/index',
    title: '首页',
    titleEn: 'Home',
    icon: 'HomeOutlined',
    affix: true,
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
        roles: ['AUDITOR', 'NET_VIEW'],
      },
      {
        name: 'providerNotesAdmin',
        path: 'provider-notes',
        component: 'drsystem/audit/provider-notes',
        title: '医院备注',
        titleEn: 'Provider notes',
        icon: 'FormOutlined',
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
        roles: ['AUDITOR'],
      },
      {
        name: 'drinfo-knowledge',
        path: '/drsystem/system/knowledge',
        component: 'drsystem/system/knowledge',
        title: '医学知识库',
        titleEn: 'Medical knowledge bases',
        icon: 'BookOutlined',
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
        name: 'dictionary',
        path: 'dictionary',
        component: 'system/dictionary/index',
        title: '字典管理',
        titleEn: 'Dictionaries',
        icon: 'BookOutlined',
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
    ],
  },
];
