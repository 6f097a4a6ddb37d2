/**
 * Hospital departments (the "outpatients" code type), hand-kept.
 *
 * deptCode is the code of the national catalogue of diagnosis and treatment subjects
 * 《医疗机构诊疗科目名录》 (卫医发〔1994〕第27号, with 27 疼痛科 added in 2007 and 28 重症医学科
 * in 2009): two digits for a subject, two more after a dot for a speciality within it.
 * Left out: the "其他" rows of each subject and the transplant project codes (04.01.01 ...),
 * which are licences, not departments.
 *
 * Names are the forms hospitals show (呼吸内科, not 呼吸内科专业); where a hospital's usual name
 * differs from the catalogue's, the usual one is used and the catalogue name is noted.
 *
 * Departments that hospitals list but the catalogue has no code for (体检中心, 国际医疗部,
 * 肝胆外科 ...) carry an extension code: the code of the catalogue subject they belong to,
 * then ".X" and two digits (04.01.X01 肝胆外科 under 04.01 普通外科), or "X" and two digits
 * when they belong to none. The catalogue's codes are digits only, so they never collide.
 */

export interface TDepartmentRow {
  readonly deptCode: string;
  readonly deptCnName: string;
  readonly deptEnName: string;
}

const dept = (deptCode: string, deptCnName: string, deptEnName: string): TDepartmentRow => ({
  deptCode,
  deptCnName,
  deptEnName,
});

export const DEPARTMENTS: readonly TDepartmentRow[] = [
  dept('01', '预防保健科', 'Preventive Health Care'),
  dept('01.X01', '体检中心', 'Health Check-up Center'),
  dept('02', '全科医疗科', 'General Practice'),

  dept('03', '内科', 'Internal Medicine'),
  dept('03.01', '呼吸内科', 'Respiratory Medicine'),
  dept('03.02', '消化内科', 'Gastroenterology'),
  dept('03.02.X01', '消化内镜中心', 'Endoscopy Center'),
  dept('03.03', '神经内科', 'Neurology'),
  dept('03.04', '心血管内科', 'Cardiology'),
  dept('03.04.X01', '心脏重症监护室（CCU）', 'Coronary Care Unit (CCU)'),
  dept('03.05', '血液内科', 'Hematology'),
  // Catalogue: 肾病学专业.
  dept('03.06', '肾内科', 'Nephrology'),
  dept('03.06.X01', '血液透析中心', 'Hemodialysis Center'),
  // Catalogue: 内分泌专业.
  dept('03.07', '内分泌科', 'Endocrinology'),
  // Catalogue: 免疫学专业.
  dept('03.08', '风湿免疫科', 'Rheumatology and Immunology'),
  dept('03.09', '变态反应科', 'Allergy'),
  dept('03.10', '老年病科', 'Geriatrics'),

  dept('04', '外科', 'Surgery'),
  dept('04.01', '普通外科', 'General Surgery'),
  dept('04.01.X01', '肝胆外科', 'Hepatobiliary Surgery'),
  dept('04.01.X02', '胃肠外科', 'Gastrointestinal Surgery'),
  dept('04.01.X03', '甲状腺外科', 'Thyroid Surgery'),
  dept('04.01.X04', '乳腺外科', 'Breast Surgery'),
  dept('04.01.X05', '血管外科', 'Vascular Surgery'),
  dept('04.01.X06', '肛肠外科', 'Colorectal and Anal Surgery'),
  dept('04.02', '神经外科', 'Neurosurgery'),
  dept('04.03', '骨科', 'Orthopedics'),
  dept('04.03.X01', '脊柱外科', 'Spine Surgery'),
  dept('04.03.X02', '关节外科', 'Joint Surgery'),
  dept('04.03.X03', '创伤骨科', 'Orthopedic Trauma'),
  dept('04.03.X04', '手外科', 'Hand Surgery'),
  dept('04.04', '泌尿外科', 'Urology'),
  dept('04.04.X01', '男科', 'Andrology'),
  dept('04.05', '胸外科', 'Thoracic Surgery'),
  dept('04.06', '心脏大血管外科', 'Cardiac and Great Vessel Surgery'),
  dept('04.07', '烧伤科', 'Burns'),
  dept('04.08', '整形外科', 'Plastic Surgery'),
  dept('04.X01', '器官移植科', 'Organ Transplantation'),
  dept('04.X02', '日间手术中心', 'Day Surgery Center'),

  dept('05', '妇产科', 'Obstetrics and Gynecology'),
  dept('05.01', '妇科', 'Gynecology'),
  dept('05.02', '产科', 'Obstetrics'),
  dept('05.03', '计划生育科', 'Family Planning'),
  dept('05.04', '优生科', 'Prenatal Genetics and Healthy Birth'),
  dept('05.05', '生殖健康与不孕症科', 'Reproductive Health and Infertility'),
  dept('05.X01', '产前诊断中心', 'Prenatal Diagnosis Center'),

  dept('06', '妇女保健科', "Women's Health Care"),
  dept('06.01', '青春期保健科', 'Adolescent Health Care'),
  dept('06.02', '围产期保健科', 'Perinatal Health Care'),
  dept('06.03', '更年期保健科', 'Menopause Health Care'),
  dept('06.04', '妇女心理卫生科', "Women's Mental Health"),
  dept('06.05', '妇女营养科', "Women's Nutrition"),

  dept('07', '儿科', 'Pediatrics'),
  dept('07.01', '新生儿科', 'Neonatology'),
  dept('07.01.X01', '新生儿重症监护室（NICU）', 'Neonatal Intensive Care Unit (NICU)'),
  dept('07.02', '小儿传染病科', 'Pediatric Infectious Diseases'),
  dept('07.03', '小儿消化科', 'Pediatric Gastroenterology'),
  dept('07.04', '小儿呼吸科', 'Pediatric Respiratory Medicine'),
  dept('07.05', '小儿心脏病科', 'Pediatric Cardiology'),
  dept('07.06', '小儿肾病科', 'Pediatric Nephrology'),
  dept('07.07', '小儿血液病科', 'Pediatric Hematology'),
  dept('07.08', '小儿神经内科', 'Pediatric Neurology'),
  dept('07.09', '小儿内分泌科', 'Pediatric Endocrinology'),
  dept('07.10', '小儿遗传病科', 'Pediatric Genetic Diseases'),
  dept('07.11', '小儿免疫科', 'Pediatric Immunology'),
  dept('07.X01', '儿童重症监护室（PICU）', 'Pediatric Intensive Care Unit (PICU)'),

  dept('08', '小儿外科', 'Pediatric Surgery'),
  dept('08.01', '小儿普通外科', 'Pediatric General Surgery'),
  dept('08.02', '小儿骨科', 'Pediatric Orthopedics'),
  dept('08.03', '小儿泌尿外科', 'Pediatric Urology'),
  dept('08.04', '小儿胸心外科', 'Pediatric Cardiothoracic Surgery'),
  dept('08.05', '小儿神经外科', 'Pediatric Neurosurgery'),

  dept('09', '儿童保健科', 'Child Health Care'),
  dept('09.01', '儿童生长发育科', 'Child Growth and Development'),
  dept('09.02', '儿童营养科', 'Child Nutrition'),
  dept('09.03', '儿童心理卫生科', 'Child Mental Health'),
  dept('09.04', '儿童五官保健科', 'Child Eye, ENT and Oral Health Care'),
  dept('09.05', '儿童康复科', 'Child Rehabilitation'),

  dept('10', '眼科', 'Ophthalmology'),

  dept('11', '耳鼻咽喉科', 'Otorhinolaryngology (ENT)'),
  dept('11.01', '耳科', 'Otology'),
  dept('11.02', '鼻科', 'Rhinology'),
  dept('11.03', '咽喉科', 'Laryngology'),

  dept('12', '口腔科', 'Stomatology'),
  dept('12.01', '口腔内科', 'Oral Medicine'),
  dept('12.01.X01', '牙周科', 'Periodontics'),
  dept('12.02', '口腔颌面外科', 'Oral and Maxillofacial Surgery'),
  dept('12.03', '口腔正畸科', 'Orthodontics'),
  dept('12.04', '口腔修复科', 'Prosthodontics'),
  dept('12.05', '口腔预防保健科', 'Preventive Dentistry'),
  dept('12.X01', '儿童口腔科', 'Pediatric Dentistry'),
  dept('12.X02', '口腔种植科', 'Dental Implantology'),

  dept('13', '皮肤科', 'Dermatology'),
  dept('13.01', '皮肤病科', 'Skin Diseases'),
  dept('13.02', '性病科', 'Sexually Transmitted Diseases'),

  dept('14', '医疗美容科', 'Medical Aesthetics'),

  dept('15', '精神科', 'Psychiatry'),
  dept('15.01', '精神病科', 'Psychotic Disorders'),
  dept('15.02', '精神卫生科', 'Mental Health'),
  dept('15.03', '药物依赖科', 'Drug Dependence'),
  dept('15.04', '精神康复科', 'Psychiatric Rehabilitation'),
  dept('15.05', '社区精神防治科', 'Community Mental Health'),
  dept('15.06', '临床心理科', 'Clinical Psychology'),
  dept('15.07', '司法精神科', 'Forensic Psychiatry'),

  // Catalogue: 传染科; hospitals now name it 感染科.
  dept('16', '感染科', 'Infectious Diseases'),
  dept('16.01', '肠道传染病科', 'Intestinal Infectious Diseases'),
  dept('16.02', '呼吸道传染病科', 'Respiratory Infectious Diseases'),
  dept('16.03', '肝炎科', 'Hepatitis'),
  dept('16.04', '虫媒传染病科', 'Vector-borne Infectious Diseases'),
  dept('16.05', '动物源性传染病科', 'Zoonotic Infectious Diseases'),
  dept('16.06', '蠕虫病科', 'Helminthic Diseases'),
  dept('16.X01', '发热门诊', 'Fever Clinic'),

  dept('17', '结核病科', 'Tuberculosis'),
  dept('18', '地方病科', 'Endemic Diseases'),
  dept('19', '肿瘤科', 'Oncology'),
  dept('20', '急诊医学科', 'Emergency Medicine'),
  dept('20.X01', '胸痛中心', 'Chest Pain Center'),
  dept('21', '康复医学科', 'Rehabilitation Medicine'),
  dept('22', '运动医学科', 'Sports Medicine'),

  dept('23', '职业病科', 'Occupational Diseases'),
  dept('23.01', '职业中毒科', 'Occupational Poisoning'),
  dept('23.02', '尘肺科', 'Pneumoconiosis'),
  dept('23.03', '放射病科', 'Radiation Sickness'),
  dept('23.04', '物理因素损伤科', 'Physical Factor Injuries'),
  dept('23.05', '职业健康监护科', 'Occupational Health Surveillance'),

  // Catalogue: 临终关怀科.
  dept('24', '安宁疗护科', 'Hospice and Palliative Care'),
  dept('25', '特种医学与军事医学科', 'Special and Military Medicine'),
  dept('26', '麻醉科', 'Anesthesiology'),
  dept('27', '疼痛科', 'Pain Medicine'),
  dept('28', '重症医学科', 'Critical Care Medicine (ICU)'),

  dept('30', '医学检验科', 'Laboratory Medicine'),
  dept('30.01', '临床体液血液检验', 'Clinical Body Fluid and Hematology Testing'),
  dept('30.02', '临床微生物检验', 'Clinical Microbiology'),
  dept('30.03', '临床生化检验', 'Clinical Biochemistry'),
  dept('30.04', '临床免疫血清学检验', 'Clinical Immunology and Serology'),
  dept('30.05', '临床细胞分子遗传学检验', 'Clinical Cytogenetics and Molecular Genetics'),
  dept('30.X01', '输血科', 'Blood Transfusion'),

  dept('31', '病理科', 'Pathology'),

  dept('32', '医学影像科', 'Medical Imaging'),
  dept('32.01', 'X线诊断科', 'X-ray Diagnosis'),
  dept('32.02', 'CT诊断科', 'CT Diagnosis'),
  dept('32.03', '磁共振诊断科', 'MRI Diagnosis'),
  dept('32.04', '核医学科', 'Nuclear Medicine'),
  dept('32.05', '超声科', 'Ultrasound'),
  dept('32.06', '心电诊断科', 'Electrocardiography'),
  dept('32.07', '脑电及脑血流图诊断科', 'Electroencephalography and Cerebral Blood Flow'),
  dept('32.08', '神经肌肉电图科', 'Electromyography'),
  dept('32.09', '介入放射科', 'Interventional Radiology'),
  dept('32.10', '放疗科', 'Radiation Oncology'),
  dept('32.X01', '放射科', 'Radiology'),

  dept('50', '中医科', 'Traditional Chinese Medicine (TCM)'),
  dept('50.01', '中医内科', 'TCM Internal Medicine'),
  dept('50.02', '中医外科', 'TCM Surgery'),
  dept('50.03', '中医妇产科', 'TCM Obstetrics and Gynecology'),
  dept('50.04', '中医儿科', 'TCM Pediatrics'),
  dept('50.05', '中医皮肤科', 'TCM Dermatology'),
  dept('50.06', '中医眼科', 'TCM Ophthalmology'),
  dept('50.07', '中医耳鼻咽喉科', 'TCM Otorhinolaryngology'),
  dept('50.08', '中医口腔科', 'TCM Stomatology'),
  dept('50.09', '中医肿瘤科', 'TCM Oncology'),
  dept('50.10', '中医骨伤科', 'TCM Orthopedics and Traumatology'),
  dept('50.11', '中医肛肠科', 'TCM Proctology'),
  dept('50.12', '中医老年病科', 'TCM Geriatrics'),
  dept('50.13', '针灸科', 'Acupuncture and Moxibustion'),
  dept('50.14', '推拿科', 'Tuina (Chinese Therapeutic Massage)'),
  dept('50.15', '中医康复科', 'TCM Rehabilitation'),
  dept('50.16', '中医急诊科', 'TCM Emergency'),
  dept('50.17', '中医预防保健科', 'TCM Preventive Health Care'),

  dept('51', '民族医学科', 'Ethnic Minority Medicine'),
  dept('51.01', '维吾尔医学科', 'Uyghur Medicine'),
  dept('51.02', '藏医学科', 'Tibetan Medicine'),
  dept('51.03', '蒙医学科', 'Mongolian Medicine'),
  dept('51.04', '彝医学科', 'Yi Medicine'),
  dept('51.05', '傣医学科', 'Dai Medicine'),

  dept('52', '中西医结合科', 'Integrated Traditional Chinese and Western Medicine'),

  dept('69', '其他业务科室', 'Other Clinical Departments'),
  dept('69.X01', '临床营养科', 'Clinical Nutrition'),
  dept('69.X02', '药剂科', 'Pharmacy'),

  dept('X01', '国际医疗部', 'International Medical Department'),
  dept('X02', '特需医疗部（VIP）', 'VIP Medical Department'),
];
