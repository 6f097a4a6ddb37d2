/**
 * The portal's privacy statement in both languages (/privacy?lang=zh|en). Kept as text data
 * rather than locale keys: it is a document, read as a whole in the language the link asks for.
 */
import type { TLanguage } from '../../lib/i18n.ts';

export interface TPrivacySection {
  id: string;
  heading: string;
  paragraphs: string[];
  /** A bullet list after the paragraphs. */
  items?: string[];
}

export interface TPrivacyStatement {
  title: string;
  updated: string;
  intro: string[];
  contents: string;
  sections: TPrivacySection[];
}

/** Date this version took effect. */
export const PRIVACY_EFFECTIVE_DATE = '2026-01-01';

const zh: TPrivacyStatement = {
  title: '隐私声明',
  updated: `生效日期：${PRIVACY_EFFECTIVE_DATE}`,
  contents: '目录',
  intro: [
    '本隐私声明适用于医疗服务商门户（以下简称“本门户”）。本门户由医疗救援与健康保险服务网络的运营方（以下简称“我们”）提供，供合作医疗机构的工作人员以及我们的运营人员维护医院与医生信息、处理直付理赔、预授权、预约、发票、调查与申诉等业务。',
    '我们深知个人信息，尤其是健康医疗信息对您和患者的重要性，并将依据《中华人民共和国个人信息保护法》《中华人民共和国数据安全法》《中华人民共和国网络安全法》等法律法规，遵循合法、正当、必要和诚信原则处理个人信息。请您在使用本门户前仔细阅读本声明。',
  ],
  sections: [
    {
      id: 'scope',
      heading: '一、适用范围',
      paragraphs: [
        '本声明说明我们在您登录和使用本门户时如何收集、使用、存储、共享和保护个人信息，以及您享有的权利。',
        '本门户仅面向经所在机构授权开通账号的用户，不面向公众或患者个人开放。您所在的医疗机构或保险机构对其上传到本门户的患者信息另负有法定义务，我们按照与其签订的服务协议和法律规定处理这些信息。',
      ],
    },
    {
      id: 'collect',
      heading: '二、我们收集的信息',
      paragraphs: ['为提供门户服务，我们会处理以下信息：'],
      items: [
        '账号信息：租户、账号、姓名（中英文）、头像、工作描述、所属医疗机构编号、邮箱和手机号码，以及加密存储的登录密码（我们不保存密码明文）。',
        '使用与日志信息：登录时间、IP 地址、浏览器类型与版本、访问的页面、操作记录和前端错误日志，用于安全审计和故障排查。',
        '业务信息：医院与医生资料、服务时间、联系人、银行收款信息，以及处理理赔、预授权、预约和调查时提交的病历、费用清单、发票和其他附件。这些资料可能包含患者的身份信息和健康医疗信息。',
        '浏览器本地存储：登录令牌、所选语言、界面设置、消息自动刷新开关等，仅保存在您的浏览器中，用于保持登录状态和您的偏好。',
      ],
    },
    {
      id: 'use',
      heading: '三、我们如何使用信息',
      paragraphs: ['我们仅在以下目的范围内使用个人信息，超出上述目的时将另行征得同意或取得其他合法依据：'],
      items: [
        '核验身份、开通账号、分配角色与权限，并保障账号与系统安全；',
        '为合作医疗机构与保险机构之间的直付结算、预授权审核、预约安排、发票处理和理赔调查提供支持；',
        '向您发送与业务相关的通知、公告和任务提醒；',
        '履行法律法规、监管要求以及保险业务合规与反欺诈义务；',
        '在去标识化或汇总的基础上进行服务质量统计与改进。',
      ],
    },
    {
      id: 'sensitive',
      heading: '四、敏感个人信息',
      paragraphs: [
        '患者的健康医疗信息、身份证件号码和银行账户信息属于敏感个人信息。我们仅在为订立、履行保险合同及医疗费用直付所必需的范围内处理，并采取更严格的访问控制：只有经授权且因岗位职责确需知悉的人员方可查看，部分页面默认对姓名、证件号、卡号、账号、电话、邮箱和出生日期进行遮蔽显示。',
        '上传患者资料的医疗机构应确保已依法告知患者并取得必要的同意或具备其他合法依据。',
      ],
    },
    {
      id: 'share',
      heading: '五、共享、委托处理与公开披露',
      paragraphs: ['我们不会出售个人信息。仅在下列情形下向第三方提供：'],
      items: [
        '为处理理赔与预授权，向承保的保险公司、第三方管理机构（TPA）及相关医疗机构提供完成该业务所必需的信息；',
        '委托受我们约束的云服务、短信与技术支持服务商处理，我们会通过协议约定处理目的、期限、方式和安全义务并进行监督；',
        '依据法律法规、诉讼或监管机关的要求提供；',
        '为保护患者、用户或公众的生命健康和财产安全，或为调查保险欺诈所必需。',
      ],
    },
    {
      id: 'cross-border',
      heading: '六、跨境传输',
      paragraphs: [
        '医疗救援与国际保险业务可能需要将部分信息提供给境外的保险公司或救援机构。发生此类传输前，我们将依法完成个人信息保护影响评估，按规定通过安全评估、签订标准合同或取得认证，并在需要时告知您境外接收方的名称、联系方式、处理目的和方式，取得单独同意。',
      ],
    },
    {
      id: 'retention',
      heading: '七、存储地点与保存期限',
      paragraphs: [
        '在中华人民共和国境内收集和产生的个人信息存储于境内。我们仅在实现处理目的所必需的最短期限内保存信息：账号信息在账号有效期内保存，账号注销后按法律要求的期限保存后删除或匿名化；业务资料按保险和财务相关法规要求的期限保存；操作与登录日志按系统管理员配置的保留策略（1、3、6 个月或 1 年，或最近若干条记录）清理。',
      ],
    },
    {
      id: 'security',
      heading: '八、我们如何保护信息',
      items: [
        '全程使用 HTTPS 加密传输，密码采用不可逆的加盐哈希算法存储；',
        '按角色和数据范围进行最小权限授权，敏感操作留存审计日志；',
        '登录会话设有有效期，异地重复登录、长时间未操作或修改密码后相关会话将失效；',
        '定期开展安全评估与员工培训，并制定个人信息安全事件应急预案。一旦发生安全事件，我们将依法及时告知您和监管部门。',
      ],
      paragraphs: ['我们采取符合业界标准的技术和管理措施保护个人信息，包括：'],
    },
    {
      id: 'rights',
      heading: '九、您的权利',
      paragraphs: [
        '您可以在“个人中心”查看和更正您的姓名、头像和工作描述，并修改密码。您也有权依法查阅、复制、更正、补充、删除您的个人信息，撤回同意，要求我们解释个人信息处理规则，以及申请注销账号。',
        '由于本门户账号由所在机构开通，注销账号或变更权限的请求可通过您所在机构的门户管理员提出，或通过下文的联系方式联系我们。我们将在核验身份后十五个工作日内答复。',
      ],
    },
    {
      id: 'storage',
      heading: '十、浏览器本地存储',
      paragraphs: [
        '本门户不使用广告或跨站追踪 Cookie。为保持登录和记住您的选择，我们在浏览器的本地存储中保存登录令牌、语言、界面设置和消息提醒设置。退出登录时，除语言设置外的本地数据将被清除；您也可以随时通过浏览器清除这些数据。',
      ],
    },
    {
      id: 'minors',
      heading: '十一、未成年人信息',
      paragraphs: [
        '本门户的用户为医疗机构和保险服务机构的工作人员，不面向未满十八周岁的未成年人提供服务。处理未成年患者的信息时，我们依据其监护人的同意或保险合同履行的需要进行，并给予特别保护。',
      ],
    },
    {
      id: 'changes',
      heading: '十二、本声明的更新',
      paragraphs: [
        '我们可能因法律法规或业务变化更新本声明。更新后的声明将在本页面发布并注明生效日期；如变更涉及处理目的、方式或个人信息种类的重大变化，我们将通过门户公告等方式提前通知您。',
      ],
    },
    {
      id: 'contact',
      heading: '十三、联系我们',
      paragraphs: [
        '如您对本声明或个人信息处理有任何疑问、意见或投诉，请联系您所在机构的门户管理员，或通过本门户页脚公布的联系渠道与我们联系。如发现冒用本门户名义的诈骗行为，请发送邮件至页脚公布的反诈举报邮箱。',
      ],
    },
  ],
};

const en: TPrivacyStatement = {
  title: 'Privacy Statement',
  updated: `Effective date: ${PRIVACY_EFFECTIVE_DATE}`,
  contents: 'Contents',
  intro: [
    'This privacy statement applies to the Provider Portal (the "portal"). The portal is provided by the operator of a medical-assistance and health-insurance service network ("we", "us") for the staff of contracted medical providers and for our own operations staff, to maintain hospital and doctor information and to handle direct billing, pre-authorizations, appointments, invoices, investigations and appeals.',
    "We understand how important personal information, and health information in particular, is to you and to patients. We process it lawfully, fairly, only as far as necessary and in good faith, in line with the Personal Information Protection Law, the Data Security Law and the Cybersecurity Law of the People's Republic of China and other applicable laws. Please read this statement before using the portal.",
  ],
  sections: [
    {
      id: 'scope',
      heading: '1. Scope',
      paragraphs: [
        'This statement explains how we collect, use, store, share and protect personal information when you sign in to and use the portal, and the rights you have.',
        'The portal is open only to users whose organisation has authorised an account for them; it is not open to the public or to individual patients. Your medical provider or insurer has its own legal duties for the patient information it uploads, and we process that information under our service agreement with it and as the law requires.',
      ],
    },
    {
      id: 'collect',
      heading: '2. Information we collect',
      paragraphs: ['To provide the portal we process the following information:'],
      items: [
        'Account information: tenant, account, name (Chinese and English), avatar, work description, provider ID, email address and mobile number, and your password, which is stored only as a salted hash (never in plain text).',
        'Usage and log information: sign-in times, IP address, browser type and version, pages visited, operation records and front-end error logs, used for security audits and troubleshooting.',
        "Business information: hospital and doctor profiles, service hours, contacts, bank details for payments, and the medical records, itemised bills, invoices and other attachments submitted for claims, pre-authorizations, appointments and investigations. These may contain patients' identity and health information.",
        'Browser local storage: your sign-in tokens, chosen language, display settings and message auto-refresh switch, kept only in your browser to keep you signed in and remember your preferences.',
      ],
    },
    {
      id: 'use',
      heading: '3. How we use information',
      paragraphs: [
        'We use personal information only for the following purposes; for any other purpose we will ask for consent or rely on another lawful basis:',
      ],
      items: [
        'verifying identity, opening accounts, assigning roles and permissions, and keeping accounts and systems secure;',
        'supporting direct-billing settlement, pre-authorization review, appointment arrangements, invoice handling and claim investigations between contracted providers and insurers;',
        'sending you business notices, announcements and task reminders;',
        'meeting legal and regulatory requirements, including insurance compliance and anti-fraud duties;',
        'producing service-quality statistics and improvements from de-identified or aggregated data.',
      ],
    },
    {
      id: 'sensitive',
      heading: '4. Sensitive personal information',
      paragraphs: [
        "Patients' health and medical information, ID document numbers and bank account details are sensitive personal information. We process them only as far as necessary to conclude and perform insurance contracts and settle medical costs directly, under stricter access control: only authorised staff whose duties require it may see them, and some screens mask names, ID numbers, card and account numbers, phone numbers, email addresses and dates of birth by default.",
        'A provider that uploads patient documents must make sure that the patients have been informed and have given any consent the law requires, or that another lawful basis applies.',
      ],
    },
    {
      id: 'share',
      heading: '5. Sharing, entrusted processing and disclosure',
      paragraphs: ['We never sell personal information. We provide it to third parties only:'],
      items: [
        'to the insurer underwriting the case, third-party administrators (TPAs) and the medical providers involved, as far as needed to handle a claim or pre-authorization;',
        'to cloud, SMS and technical-support service providers bound by agreements with us that fix the purpose, duration, manner and security obligations of processing, and under our supervision;',
        'when laws, court proceedings or regulators require it;',
        'when necessary to protect the life, health or property of patients, users or the public, or to investigate insurance fraud.',
      ],
    },
    {
      id: 'cross-border',
      heading: '6. Cross-border transfers',
      paragraphs: [
        'Medical assistance and international insurance may require some information to be provided to insurers or assistance companies outside mainland China. Before such a transfer we carry out a personal information protection impact assessment, complete a security assessment, standard contract or certification as the law requires, and where needed tell you the name and contact details of the overseas recipient and the purpose and manner of processing, and obtain your separate consent.',
      ],
    },
    {
      id: 'retention',
      heading: '7. Where and how long we keep information',
      paragraphs: [
        "Personal information collected and generated in the People's Republic of China is stored there. We keep it only as long as its purpose requires: account information while the account is valid and, after it is closed, for the period the law requires before deletion or anonymisation; business records for the periods set by insurance and accounting regulations; operation and sign-in logs according to the retention the system administrator chooses (1, 3 or 6 months, 1 year, or the latest number of entries).",
      ],
    },
    {
      id: 'security',
      heading: '8. How we protect information',
      paragraphs: [
        'We use technical and organisational measures in line with industry standards, including:',
      ],
      items: [
        'HTTPS encryption for all traffic, and passwords stored with an irreversible salted hash;',
        'least-privilege access by role and data scope, with audit logs of sensitive operations;',
        'sessions that expire, and end when you sign in elsewhere, stay inactive too long or change your password;',
        'regular security assessments and staff training, and an incident response plan. Should a security incident occur, we will inform you and the authorities promptly as the law requires.',
      ],
    },
    {
      id: 'rights',
      heading: '9. Your rights',
      paragraphs: [
        'In the Personal Centre you can view and correct your name, avatar and work description, and change your password. You also have the right, as the law provides, to access, copy, correct, complete and delete your personal information, to withdraw consent, to ask us to explain our processing rules, and to ask for your account to be closed.',
        "Because portal accounts are opened by your organisation, requests to close an account or change permissions can be made through your organisation's portal administrator or through the contact channels below. We will reply within fifteen working days after verifying your identity.",
      ],
    },
    {
      id: 'storage',
      heading: '10. Browser local storage',
      paragraphs: [
        "The portal uses no advertising or cross-site tracking cookies. To keep you signed in and remember your choices, it keeps sign-in tokens, your language, display settings and message reminder settings in the browser's local storage. When you log out, everything but the language setting is cleared; you can also clear this data in your browser at any time.",
      ],
    },
    {
      id: 'minors',
      heading: '11. Minors',
      paragraphs: [
        'The portal is for the staff of medical providers and insurance service organisations and is not offered to anyone under 18. Information about patients who are minors is processed with the consent of their guardians or as needed to perform the insurance contract, and is given special protection.',
      ],
    },
    {
      id: 'changes',
      heading: '12. Changes to this statement',
      paragraphs: [
        'We may update this statement when laws or our services change. The updated statement will be published on this page with its effective date; if a change significantly affects the purpose or manner of processing or the kinds of personal information, we will tell you in advance through a portal announcement or similar means.',
      ],
    },
    {
      id: 'contact',
      heading: '13. Contact us',
      paragraphs: [
        "If you have any question, comment or complaint about this statement or about how personal information is processed, please contact your organisation's portal administrator, or reach us through the contact channels published in the portal's footer. To report fraud committed in the portal's name, write to the fraud-report mailbox shown in the footer.",
      ],
    },
  ],
};

export const PRIVACY_STATEMENTS: Record<TLanguage, TPrivacyStatement> = { zh, en };
