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
    ],
  },
];
