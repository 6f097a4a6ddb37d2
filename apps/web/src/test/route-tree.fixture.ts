/** A server route tree used by the shell's tests: nesting, hidden entries, external links. */
import type { TMenuRoute } from '../lib/menu-tree.ts';

export const TEST_ROUTE_TREE: TMenuRoute[] = [
  {
    path: '/drsystem',
    component: 'Layout',
    name: 'drsystem',
    alwaysShow: true,
    redirect: 'noRedirect',
    meta: { title: '医生系统', titleEn: 'Doctor System', icon: 'MedicineBoxOutlined' },
    children: [
      {
        path: 'management',
        component: 'ParentView',
        name: 'drmanage',
        meta: { title: '医生管理', titleEn: 'Doctor Management' },
        children: [
          {
            path: 'list',
            component: 'drsystem/management/list',
            name: 'doctorList',
            meta: { title: '医生列表', titleEn: 'Doctor List' },
          },
          {
            path: 'detail/:id',
            component: 'drsystem/management/detail',
            name: 'doctorDetail',
            hidden: true,
            meta: { title: '医生详情', titleEn: 'Doctor Detail', activeMenu: '/drsystem/management/list' },
          },
          {
            path: 'tasks',
            component: 'drsystem/management/tasks',
            name: 'doctorTasks',
            meta: { title: '医生任务', titleEn: 'Doctor Tasks' },
          },
        ],
      },
      {
        path: 'secret',
        component: 'drsystem/secret',
        hidden: true,
        meta: { title: '隐藏页', titleEn: 'Hidden Page' },
      },
    ],
  },
  {
    path: '/welcome',
    component: 'Layout',
    meta: { title: '欢迎', titleEn: 'Welcome', icon: 'HomeOutlined' },
    children: [
      {
        path: 'home',
        component: 'home/index',
        name: 'welcomeHome',
        meta: { title: '欢迎页', titleEn: 'Welcome Page' },
      },
    ],
  },
  {
    path: '/guide',
    component: 'Layout',
    meta: { title: '指南', titleEn: 'Guide' },
    children: [
      {
        path: 'https://example.org/guide',
        meta: { title: '操作指南', titleEn: 'Operation Guide', icon: 'BookOutlined' },
      },
    ],
  },
  {
    path: '/hidden-root',
    component: 'Layout',
    hidden: true,
    meta: { title: '隐藏', titleEn: 'Hidden Root' },
  },
  { path: 'https://example.org/help', meta: { title: '帮助中心', titleEn: 'Help Centre' } },
];
