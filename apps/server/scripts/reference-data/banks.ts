/**
 * Banks operating in China, hand-kept (no npm package carries CNAPS codes with both names).
 *
 * bankCode is the bank's CNAPS code:
 * - the 3-digit bank category code (行别代码) where the People's Bank of China gave the bank
 *   a category of its own (102 ICBC, 308 China Merchants Bank, 501 HSBC China, ...);
 * - the 12-digit CNAPS participant number (行号) of the bank's head-office clearing account
 *   where the category is shared by many banks: 313 city commercial banks, 314 rural
 *   commercial banks, 317 rural cooperative banks, 323 private banks, 402 rural credit
 *   cooperatives (some rural commercial banks kept this category). Its first three digits
 *   are the shared category, so a prefix search on the category still finds them.
 */

export interface TBankRow {
  readonly bankCode: string;
  readonly cnName: string;
  readonly enName: string;
}

const bank = (bankCode: string, cnName: string, enName: string): TBankRow => ({ bankCode, cnName, enName });

export const BANKS: readonly TBankRow[] = [
  // Policy banks.
  bank('201', '国家开发银行', 'China Development Bank'),
  bank('202', '中国进出口银行', 'The Export-Import Bank of China'),
  bank('203', '中国农业发展银行', 'Agricultural Development Bank of China'),

  // Large state-owned commercial banks.
  bank('102', '中国工商银行', 'Industrial and Commercial Bank of China'),
  bank('103', '中国农业银行', 'Agricultural Bank of China'),
  bank('104', '中国银行', 'Bank of China'),
  bank('105', '中国建设银行', 'China Construction Bank'),
  bank('301', '交通银行', 'Bank of Communications'),
  bank('403', '中国邮政储蓄银行', 'Postal Savings Bank of China'),

  // Joint-stock commercial banks.
  bank('302', '中信银行', 'China CITIC Bank'),
  bank('303', '中国光大银行', 'China Everbright Bank'),
  bank('304', '华夏银行', 'Hua Xia Bank'),
  bank('305', '中国民生银行', 'China Minsheng Banking Corp.'),
  bank('306', '广发银行', 'China Guangfa Bank'),
  bank('307', '平安银行', 'Ping An Bank'),
  bank('308', '招商银行', 'China Merchants Bank'),
  bank('309', '兴业银行', 'Industrial Bank'),
  bank('310', '上海浦东发展银行', 'Shanghai Pudong Development Bank'),
  // Formerly Evergrowing Bank (恒丰银行's English name until 2013).
  bank('315', '恒丰银行', 'Hengfeng Bank'),
  bank('316', '浙商银行', 'China Zheshang Bank'),
  bank('318', '渤海银行', 'China Bohai Bank'),

  // City and rural commercial banks with a category code of their own.
  bank('319', '徽商银行', 'Huishang Bank'),
  bank('321', '重庆三峡银行', 'Chongqing Three Gorges Bank'),
  bank('322', '上海农村商业银行', 'Shanghai Rural Commercial Bank'),
  bank('325', '上海银行', 'Bank of Shanghai'),

  // City commercial banks (category 313): head-office CNAPS numbers.
  bank('313100000013', '北京银行', 'Bank of Beijing'),
  bank('313110000017', '天津银行', 'Bank of Tianjin'),
  bank('313121006888', '河北银行', 'Bank of Hebei'),
  bank('313161000017', '晋商银行', 'Jinshang Bank'),
  bank('313191000011', '内蒙古银行', 'Inner Mongolia Bank'),
  bank('313221030008', '盛京银行', 'Shengjing Bank'),
  bank('313222080002', '大连银行', 'Bank of Dalian'),
  bank('313241066661', '吉林银行', 'Bank of Jilin'),
  bank('313261000018', '哈尔滨银行', 'Harbin Bank'),
  bank('313261099913', '龙江银行', 'Longjiang Bank'),
  bank('313301008887', '南京银行', 'Bank of Nanjing'),
  bank('313301099999', '江苏银行', 'Bank of Jiangsu'),
  bank('313305066661', '苏州银行', 'Bank of Suzhou'),
  bank('313331000014', '杭州银行', 'Bank of Hangzhou'),
  bank('313332082914', '宁波银行', 'Bank of Ningbo'),
  bank('313333007331', '温州银行', 'Bank of Wenzhou'),
  bank('313338707013', '浙江稠州商业银行', 'Zhejiang Chouzhou Commercial Bank'),
  bank('313345001665', '台州银行', 'Taizhou Bank'),
  bank('313345010019', '浙江泰隆商业银行', 'Zhejiang Tailong Commercial Bank'),
  bank('313345400010', '浙江民泰商业银行', 'Zhejiang Mintai Commercial Bank'),
  bank('313391080007', '福建海峡银行', 'Fujian Haixia Bank'),
  bank('313393080005', '厦门银行', 'Xiamen Bank'),
  bank('313397075189', '泉州银行', 'Bank of Quanzhou'),
  bank('313421087506', '江西银行', 'Jiangxi Bank'),
  bank('313451000019', '齐鲁银行', 'Qilu Bank'),
  bank('313452060150', '青岛银行', 'Bank of Qingdao'),
  bank('313491000232', '郑州银行', 'Bank of Zhengzhou'),
  bank('313491099996', '中原银行', 'Zhongyuan Bank'),
  bank('313521000011', '汉口银行', 'Hankou Bank'),
  bank('313521006000', '湖北银行', 'Hubei Bank'),
  // Named 华融湘江银行 until 2022; the CNAPS number stayed.
  bank('313551070008', '湖南银行', 'Bank of Hunan'),
  bank('313551088886', '长沙银行', 'Bank of Changsha'),
  bank('313581003284', '广州银行', 'Bank of Guangzhou'),
  bank('313585000990', '珠海华润银行', 'China Resources Bank of Zhuhai'),
  bank('313602088017', '东莞银行', 'Bank of Dongguan'),
  bank('313611001018', '广西北部湾银行', 'Guangxi Beibu Gulf Bank'),
  bank('313617000018', '桂林银行', 'Guilin Bank'),
  bank('313641099995', '海南银行', 'Bank of Hainan'),
  bank('313651099999', '成都银行', 'Bank of Chengdu'),
  bank('313653000013', '重庆银行', 'Bank of Chongqing'),
  bank('313701098010', '贵阳银行', 'Bank of Guiyang'),
  bank('313701099012', '贵州银行', 'Bank of Guizhou'),
  bank('313731010015', '富滇银行', 'Fudian Bank'),
  bank('313770000016', '西藏银行', 'Bank of Tibet'),
  bank('313791000015', '西安银行', "Bank of Xi'an"),
  bank('313791030003', '长安银行', "Chang'an Bank"),
  bank('313821001016', '兰州银行', 'Bank of Lanzhou'),
  bank('313821050016', '甘肃银行', 'Bank of Gansu'),
  bank('313851000018', '青海银行', 'Bank of Qinghai'),
  bank('313871000007', '宁夏银行', 'Bank of Ningxia'),
  bank('313881000002', '乌鲁木齐银行', 'Bank of Urumqi'),
  bank('313882000012', '昆仑银行', 'Bank of Kunlun'),

  // Rural commercial banks of the large cities (categories 314, 317 and 402).
  bank('402100000018', '北京农村商业银行', 'Beijing Rural Commercial Bank'),
  bank('317110010019', '天津农村商业银行', 'Tianjin Rural Commercial Bank'),
  bank('314110000011', '天津滨海农村商业银行', 'Tianjin Binhai Rural Commercial Bank'),
  bank('314222000010', '大连农村商业银行', 'Dalian Rural Commercial Bank'),
  bank('314302066666', '无锡农村商业银行', 'Wuxi Rural Commercial Bank'),
  bank('314304099999', '江苏江南农村商业银行', 'Jiangsu Jiangnan Rural Commercial Bank'),
  bank('314305400015', '江苏苏州农村商业银行', 'Jiangsu Suzhou Rural Commercial Bank'),
  bank('314305506621', '江苏常熟农村商业银行', 'Jiangsu Changshu Rural Commercial Bank'),
  bank('314305670002', '江苏张家港农村商业银行', 'Jiangsu Zhangjiagang Rural Commercial Bank'),
  bank('402521090019', '武汉农村商业银行', 'Wuhan Rural Commercial Bank'),
  bank('314581000011', '广州农村商业银行', 'Guangzhou Rural Commercial Bank'),
  bank('402584009991', '深圳农村商业银行', 'Shenzhen Rural Commercial Bank'),
  bank('402602000018', '东莞农村商业银行', 'Dongguan Rural Commercial Bank'),
  bank('314588000016', '广东顺德农村商业银行', 'Guangdong Shunde Rural Commercial Bank'),
  bank('314653000011', '重庆农村商业银行', 'Chongqing Rural Commercial Bank'),

  // Private banks (category 323).
  bank('323584000888', '深圳前海微众银行', 'WeBank'),
  bank('323331000001', '浙江网商银行', 'MYbank'),

  // Sino-foreign joint-venture banks.
  bank('781', '厦门国际银行', 'Xiamen International Bank'),
  bank('785', '华商银行', 'Chinese Mercantile Bank'),
  bank('787', '富邦华一银行', 'Fubon Bank (China)'),

  // Foreign banks: locally incorporated subsidiaries, and branches where there is none.
  bank('501', '汇丰银行（中国）有限公司', 'HSBC Bank (China) Company Limited'),
  bank('502', '东亚银行（中国）有限公司', 'The Bank of East Asia (China) Limited'),
  bank('503', '南洋商业银行（中国）有限公司', 'Nanyang Commercial Bank (China) Limited'),
  bank('504', '恒生银行（中国）有限公司', 'Hang Seng Bank (China) Limited'),
  bank('531', '花旗银行（中国）有限公司', 'Citibank (China) Co., Ltd.'),
  bank('532', '美国银行有限公司', 'Bank of America, N.A.'),
  bank('533', '摩根大通银行（中国）有限公司', 'JPMorgan Chase Bank (China) Company Limited'),
  bank('561', '三菱日联银行（中国）有限公司', 'MUFG Bank (China), Ltd.'),
  bank('563', '三井住友银行（中国）有限公司', 'Sumitomo Mitsui Banking Corporation (China) Limited'),
  bank('564', '瑞穗银行（中国）有限公司', 'Mizuho Bank (China), Ltd.'),
  bank('593', '友利银行（中国）有限公司', 'Woori Bank (China) Limited'),
  bank('595', '新韩银行（中国）有限公司', 'Shinhan Bank (China) Limited'),
  bank('596', '企业银行（中国）有限公司', 'Industrial Bank of Korea (China) Limited'),
  bank('597', '韩亚银行（中国）有限公司', 'Hana Bank (China) Company Limited'),
  // Formerly 华侨永亨银行（中国）有限公司 / OCBC Wing Hang Bank (China).
  bank('621', '华侨银行（中国）有限公司', 'OCBC Bank (China) Limited'),
  bank('622', '大华银行（中国）有限公司', 'United Overseas Bank (China) Limited'),
  // Some older category lists show DBS China under 509 as well.
  bank('623', '星展银行（中国）有限公司', 'DBS Bank (China) Limited'),
  bank('631', '盘谷银行（中国）有限公司', 'Bangkok Bank (China) Company Limited'),
  bank('671', '渣打银行（中国）有限公司', 'Standard Chartered Bank (China) Limited'),
  bank('691', '法国兴业银行（中国）有限公司', 'Société Générale (China) Limited'),
  bank('694', '东方汇理银行（中国）有限公司', 'Crédit Agricole CIB (China) Limited'),
  bank('712', '德意志银行（中国）有限公司', 'Deutsche Bank (China) Co., Ltd.'),
  bank('742', '瑞士银行（中国）有限公司', 'UBS (China) Limited'),
  bank('752', '蒙特利尔银行（中国）有限公司', 'Bank of Montreal (China) Co. Ltd.'),
  bank(
    '761',
    '澳大利亚和新西兰银行（中国）有限公司',
    'Australia and New Zealand Bank (China) Company Limited',
  ),
  bank('782', '法国巴黎银行（中国）有限公司', 'BNP Paribas (China) Limited'),
];
