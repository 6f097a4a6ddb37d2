/**
 * Pages the server's route tree can name by its `component` key. A key the web does not know
 * yet gets no route (its path falls to the 404 catch-all). The keys are listed once, in
 * `@portal/domain/menus/page-components` (the menu administration offers and checks them); the
 * record below must map exactly those keys, which the compiler enforces.
 */
import type { TPageComponentKey } from '@portal/domain/menus/page-components';
import type { LazyRouteFunction, RouteObject } from 'react-router';

export type TPageLoader = LazyRouteFunction<RouteObject>;

export interface TPage {
  load: TPageLoader;
  /** The home board: the breadcrumb and title show the user group's board. */
  home?: boolean;
}

const homePage: TPage = {
  load: async () => ({ Component: (await import('../features/home/pages/HomePage.tsx')).HomePage }),
  home: true,
};
const notFoundPage: TPage = {
  load: async () => ({ Component: (await import('../shell/NotFoundPage.tsx')).NotFoundPage }),
};
const dictionaryPage: TPage = {
  load: async () => ({
    Component: (await import('../features/dictionaries/pages/DictionaryPage.tsx')).DictionaryPage,
  }),
};
const errorLogPage: TPage = {
  load: async () => ({
    Component: (await import('../features/error-logs/pages/ErrorLogPage.tsx')).ErrorLogPage,
  }),
};
const securityEventPage: TPage = {
  load: async () => ({
    Component: (await import('../features/security-events/pages/SecurityEventPage.tsx')).SecurityEventPage,
  }),
};
const rolePage: TPage = {
  load: async () => ({
    Component: (await import('../features/roles/pages/RolePage.tsx')).RolePage,
  }),
};
const organisationPage: TPage = {
  load: async () => ({
    Component: (await import('../features/organisations/pages/OrganisationPage.tsx')).OrganisationPage,
  }),
};
const providerAccountPage: TPage = {
  load: async () => ({
    Component: (await import('../features/provider-accounts/pages/ProviderAccountPage.tsx'))
      .ProviderAccountPage,
  }),
};
const appointmentListPage: TPage = {
  load: async () => ({
    Component: (await import('../features/appointments/pages/AppointmentListPage.tsx')).AppointmentListPage,
  }),
};
const patientRegistrationPage: TPage = {
  load: async () => ({
    Component: (await import('../features/appointments/pages/PatientRegistrationPage.tsx'))
      .PatientRegistrationPage,
  }),
};
const appointmentDetailPage: TPage = {
  load: async () => ({
    Component: (await import('../features/appointments/pages/AppointmentDetailPage.tsx'))
      .AppointmentDetailPage,
  }),
};
const appointmentProcessDetailPage: TPage = {
  load: async () => ({
    Component: (await import('../features/appointments/pages/AppointmentDetailPage.tsx'))
      .AppointmentProcessDetailPage,
  }),
};
const preauthListPages = () => import('../features/preauth/pages/PreauthListPage.tsx');
const preauthDetailPages = () => import('../features/preauth/pages/PreauthDetailPage.tsx');
const preauthMessagePages = () => import('../features/preauth/pages/PreauthMessagePage.tsx');
/** Pre-authorisation screens (decision 0039): the lists, the request form and the detail steps. */
const preauthPages = {
  list: { load: async () => ({ Component: (await preauthListPages()).PreauthListPage }) },
  auditList: { load: async () => ({ Component: (await preauthListPages()).PreauthAuditListPage }) },
  form: {
    load: async () => ({
      Component: (await import('../features/preauth/pages/PreauthFormPage.tsx')).PreauthFormPage,
    }),
  },
  detail: { load: async () => ({ Component: (await preauthDetailPages()).PreauthDetailPage }) },
  supplement: { load: async () => ({ Component: (await preauthDetailPages()).PreauthSupplementPage }) },
  reopen: { load: async () => ({ Component: (await preauthDetailPages()).PreauthReopenPage }) },
  auditDetail: { load: async () => ({ Component: (await preauthDetailPages()).PreauthAuditDetailPage }) },
  message: { load: async () => ({ Component: (await preauthMessagePages()).PreauthMessagePage }) },
  auditMessage: { load: async () => ({ Component: (await preauthMessagePages()).PreauthAuditMessagePage }) },
} satisfies Record<string, TPage>;
const claimBatchPages = () => import('../features/claims/pages/ClaimBatchesPage.tsx');
/** Claim screens (decision 0040): submission, the provider's batches, the audit and the schedule. */
const investigationPages = {
  list: {
    load: async () => ({
      Component: (await import('../features/investigations/pages/InvestigationListPage.tsx'))
        .InvestigationListPage,
    }),
  },
  detail: {
    load: async () => ({
      Component: (await import('../features/investigations/pages/InvestigationDetailPage.tsx'))
        .InvestigationDetailPage,
    }),
  },
};
/** Claim appeals (decision 0049): the list of both sides, create, update and audit (one view), detail. */
const appealPages = () => import('../features/appeals/pages/AppealPages.tsx');
const appealRoutePages = {
  list: {
    load: async () => ({
      Component: (await import('../features/appeals/pages/AppealListPage.tsx')).AppealListPage,
    }),
  },
  create: {
    load: async () => ({
      Component: (await import('../features/appeals/pages/AppealCreatePage.tsx')).AppealCreatePage,
    }),
  },
  update: { load: async () => ({ Component: (await appealPages()).AppealUpdatePage }) },
  audit: { load: async () => ({ Component: (await appealPages()).AppealAuditPage }) },
  detail: { load: async () => ({ Component: (await appealPages()).AppealDetailPage }) },
};
const costControlPages = {
  list: {
    load: async () => ({
      Component: (await import('../features/cost-control/pages/CostControlListPage.tsx')).CostControlListPage,
    }),
  },
  process: {
    load: async () => ({
      Component: (await import('../features/cost-control/pages/CostControlProcessPage.tsx'))
        .CostControlProcessPage,
    }),
  },
  empty: {
    load: async () => ({
      Component: (await import('../features/cost-control/pages/CostControlEmptyPage.tsx'))
        .CostControlEmptyPage,
    }),
  },
  detail: {
    load: async () => ({
      Component: (await import('../features/cost-control/pages/CostControlDetailPage.tsx'))
        .CostControlDetailPage,
    }),
  },
};
const claimPages = {
  upload: {
    load: async () => ({
      Component: (await import('../features/claims/pages/ClaimUploadPage.tsx')).ClaimUploadPage,
    }),
  },
  detail: { load: async () => ({ Component: (await claimBatchPages()).ClaimDetailPage }) },
  auditList: { load: async () => ({ Component: (await claimBatchPages()).ClaimAuditListPage }) },
  adminDetail: { load: async () => ({ Component: (await claimBatchPages()).ClaimAdminDetailPage }) },
  audit: {
    load: async () => ({
      Component: (await import('../features/claims/pages/ClaimAuditPage.tsx')).ClaimAuditPage,
    }),
  },
  schedule: {
    load: async () => ({
      Component: (await import('../features/claims/pages/ClaimSchedulePage.tsx')).ClaimSchedulePage,
    }),
  },
} satisfies Record<string, TPage>;
const invoiceViewPages = () => import('../features/invoices/pages/InvoiceViewPage.tsx');
/** Invoice screens (decision 0048): the two tabs, and one view for the upload and the detail. */
const invoicePages = {
  manage: {
    load: async () => ({
      Component: (await import('../features/invoices/pages/InvoiceManagementPage.tsx')).InvoiceManagementPage,
    }),
  },
  upload: { load: async () => ({ Component: (await invoiceViewPages()).InvoiceUploadPage }) },
  detail: { load: async () => ({ Component: (await invoiceViewPages()).InvoiceDetailPage }) },
} satisfies Record<string, TPage>;
const accountingPages = {
  acc: {
    load: async () => ({
      Component: (await import('../features/accounting/pages/ClaimAccPage.tsx')).ClaimAccPage,
    }),
  },
  detail: {
    load: async () => ({
      Component: (await import('../features/accounting/pages/PayBatchDetailPage.tsx')).PayBatchDetailPage,
    }),
  },
  build: {
    load: async () => ({
      Component: (await import('../features/accounting/pages/PayBatchBuildPage.tsx')).PayBatchBuildPage,
    }),
  },
} satisfies Record<string, TPage>;
const smsPage: TPage = {
  load: async () => ({ Component: (await import('../features/sms/pages/SmsPage.tsx')).SmsPage }),
};
const benefitPage: TPage = {
  load: async () => ({ Component: (await import('../features/members/pages/BenefitPage.tsx')).BenefitPage }),
};
const planNetworkPage: TPage = {
  load: async () => ({
    Component: (await import('../features/members/pages/PlanNetworkPage.tsx')).PlanNetworkPage,
  }),
};
const memberImportPage: TPage = {
  load: async () => ({
    Component: (await import('../features/members/pages/MemberImportPage.tsx')).MemberImportPage,
  }),
};
const userPage: TPage = {
  load: async () => ({ Component: (await import('../features/users/pages/UserPage.tsx')).UserPage }),
};
const clientPage: TPage = {
  load: async () => ({ Component: (await import('../features/clients/pages/ClientPage.tsx')).ClientPage }),
};
const operationLogPage: TPage = {
  load: async () => ({
    Component: (await import('../features/logs/pages/OperationLogPage.tsx')).OperationLogPage,
  }),
};
const loginLogPage: TPage = {
  load: async () => ({ Component: (await import('../features/logs/pages/LoginLogPage.tsx')).LoginLogPage }),
};
const logRetentionPage: TPage = {
  load: async () => ({
    Component: (await import('../features/logs/pages/LogRetentionPage.tsx')).LogRetentionPage,
  }),
};
const areaPage: TPage = {
  load: async () => ({ Component: (await import('../features/dictionaries/pages/AreaPage.tsx')).AreaPage }),
};
const holidayCalendarPage: TPage = {
  load: async () => ({
    Component: (await import('../features/calendar/pages/HolidayCalendarPage.tsx')).HolidayCalendarPage,
  }),
};

const hospitalTaskListPage: TPage = {
  load: async () => ({
    Component: (await import('../features/hospital-tasks/pages/TaskListPage.tsx')).TaskListPage,
  }),
};
const myHospitalPage: TPage = {
  load: async () => ({
    Component: (await import('../features/hospital-tasks/pages/HospitalDetailPage.tsx')).MyHospitalPage,
  }),
};
const hospitalDetailPage: TPage = {
  load: async () => ({
    Component: (await import('../features/hospital-tasks/pages/HospitalDetailPage.tsx')).HospitalDetailPage,
  }),
};
const hospitalTaskDetailPage: TPage = {
  load: async () => ({
    Component: (await import('../features/hospital-tasks/pages/TaskDetailPage.tsx')).TaskDetailPage,
  }),
};
const hospitalFormPage: TPage = {
  load: async () => ({
    Component: (await import('../features/hospital-tasks/pages/HospitalFormPage.tsx')).HospitalFormPage,
  }),
};

const hospitalAuditListPage: TPage = {
  load: async () => ({
    Component: (await import('../features/hospital-audit/pages/AuditTaskListPage.tsx')).AuditTaskListPage,
  }),
};
const providerNotesPage: TPage = {
  load: async () => ({
    Component: (await import('../features/hospital-audit/pages/ProviderNotesPage.tsx')).ProviderNotesPage,
  }),
};

const doctorListPage: TPage = {
  load: async () => ({
    Component: (await import('../features/doctors/pages/DoctorListPage.tsx')).DoctorListPage,
  }),
};
const doctorFormPage: TPage = {
  load: async () => ({
    Component: (await import('../features/doctors/pages/DoctorFormPage.tsx')).DoctorFormPage,
  }),
};
const doctorDetailPage: TPage = {
  load: async () => ({
    Component: (await import('../features/doctors/pages/DoctorDetailPage.tsx')).DoctorDetailPage,
  }),
};
const doctorTaskPage: TPage = {
  load: async () => ({
    Component: (await import('../features/doctors/pages/DoctorTaskPage.tsx')).DoctorTaskPage,
  }),
};
const doctorAuditPage: TPage = {
  load: async () => ({
    Component: (await import('../features/doctors/pages/DoctorAuditPage.tsx')).DoctorAuditPage,
  }),
};
const knowledgePage = (name: string): TPage => ({
  load: async () => {
    const pages = {
      advance: () =>
        import('../features/knowledge/pages/AdvanceSearchPage.tsx').then((m) => m.AdvanceSearchPage),
      infoDetail: () =>
        import('../features/knowledge/pages/HospitalInfoDetailPage.tsx').then(
          (m) => m.HospitalInfoDetailPage,
        ),
      bases: () => import('../features/knowledge/pages/KnowledgePage.tsx').then((m) => m.KnowledgePage),
      addSymptom: () =>
        import('../features/knowledge/pages/AddKnowledgePage.tsx').then((m) => m.AddSymptomPage),
      addDisease: () =>
        import('../features/knowledge/pages/AddKnowledgePage.tsx').then((m) => m.AddDiseasePage),
      addTreatment: () =>
        import('../features/knowledge/pages/AddKnowledgePage.tsx').then((m) => m.AddTreatmentPage),
      bonding: () => import('../features/knowledge/pages/BondingPage.tsx').then((m) => m.BondingPage),
    } as const;
    return { Component: await pages[name as keyof typeof pages]() };
  },
});

const menuPage: TPage = {
  load: async () => ({ Component: (await import('../features/menus/pages/MenuPage.tsx')).MenuPage }),
};
const workflowPage: TPage = {
  load: async () => ({
    Component: (await import('../features/workflow/pages/WorkflowPage.tsx')).WorkflowPage,
  }),
};

export const PAGE_COMPONENTS: Readonly<Record<TPageComponentKey, TPage>> = {
  'home/index': homePage,
  'dashboard/index': homePage,
  'error-page/404': notFoundPage,
  'error/404': notFoundPage,
  '404': notFoundPage,
  'system/dictionary/index': dictionaryPage,
  'system/area/index': areaPage,
  'drsystem/management/task/index': hospitalTaskListPage,
  'drsystem/management/hospital/mine': myHospitalPage,
  'drsystem/management/hospital/detail': hospitalDetailPage,
  'drsystem/management/hospital/task/detail': hospitalTaskDetailPage,
  'drsystem/management/hosp/form': hospitalFormPage,
  'system/error-log': errorLogPage,
  'system/security-event': securityEventPage,
  'system/provider-account': providerAccountPage,
  'system/user/index': userPage,
  'system/client': clientPage,
  'system/operation-log': operationLogPage,
  'system/login-log': loginLogPage,
  'system/log-retention': logRetentionPage,
  'system/role/index': rolePage,
  'system/org/index': organisationPage,
  'system/menu/index': menuPage,
  'system/workflow/index': workflowPage,
  'resources/sms/edit': smsPage,
  'smartPortal/benefit/index': benefitPage,
  'member/network/index': planNetworkPage,
  'member/import/index': memberImportPage,
  'appointment/list': appointmentListPage,
  'appointment/registration': patientRegistrationPage,
  'appointment/detail': appointmentDetailPage,
  'appointment/processDetail': appointmentProcessDetailPage,
  'preauth/list': preauthPages.list,
  'preauth/audit-list': preauthPages.auditList,
  'preauth/audit-detail': preauthPages.auditDetail,
  'preauth/audit-message': preauthPages.auditMessage,
  'advance/preAuthCreateNew': preauthPages.form,
  'advance/preAuthCreate': preauthPages.form,
  'advance/detail': preauthPages.detail,
  'advance/supplement': preauthPages.supplement,
  'advance/reopen': preauthPages.reopen,
  'advance/message': preauthPages.message,
  'claim/submisson/upload': claimPages.upload,
  'claim/edit': claimPages.upload,
  'claim/detail': claimPages.detail,
  'claim/schedule': claimPages.schedule,
  'claim/audit/upload': claimPages.auditList,
  'claim/audit/auditPage': claimPages.audit,
  'claim/adminDetail': claimPages.adminDetail,
  'invoice/index': invoicePages.manage,
  'invoice/upload': invoicePages.upload,
  'invoice/detail': invoicePages.detail,
  'medical/record': investigationPages.list,
  'claim/medical/detail': investigationPages.detail,
  'claim/appeal/list': appealRoutePages.list,
  'claim/appeal/create': appealRoutePages.create,
  'claim/appeal/update': appealRoutePages.update,
  'claim/appeal/audit': appealRoutePages.audit,
  'claim/appeal/detail': appealRoutePages.detail,
  'claim/control/list': costControlPages.list,
  'claim/control/create': costControlPages.process,
  'claim/control/empty': costControlPages.empty,
  'claim/control/detail': costControlPages.detail,
  'claim/acc': accountingPages.acc,
  'claim/acc/detail': accountingPages.detail,
  'claim/acc/build': accountingPages.build,
  'drsystem/management/hospital/index': hospitalAuditListPage,
  'drsystem/audit/provider-notes': providerNotesPage,
  'drsystem/management/doctor/index': doctorListPage,
  'drsystem/management/doctor/form': doctorFormPage,
  'drsystem/management/doctor/detail': doctorDetailPage,
  'drsystem/management/doctor/task-detail': doctorTaskPage,
  'drsystem/management/doctor/task-audit': doctorAuditPage,
  'drsystem/info/advance': knowledgePage('advance'),
  'drsystem/info/query/infoDetail': knowledgePage('infoDetail'),
  'drsystem/system/knowledge': knowledgePage('bases'),
  'drsystem/info/add/symptom': knowledgePage('addSymptom'),
  'drsystem/info/add/disease': knowledgePage('addDisease'),
  'drsystem/info/add/treatment': knowledgePage('addTreatment'),
  'drsystem/system/symptom/bondingdisease': knowledgePage('bonding'),
  'system/holiday/index': holidayCalendarPage,
};

/** The page of a component key ('home/index', '/home/index.vue', 'home' alike), or null. */
export function resolvePage(componentKey: string | null | undefined): TPage | null {
  if (!componentKey) return null;
  const key = componentKey
    .trim()
    .replace(/^@?\/?(views\/)?/, '')
    .replace(/\.(vue|tsx|jsx|ts|js)$/, '')
    .replace(/^\/+|\/+$/g, '');
  const pages: Readonly<Record<string, TPage>> = PAGE_COMPONENTS;
  return pages[key] ?? pages[`${key}/index`] ?? null;
}
