/**
 * Advanced doctor search (/drsystem/info/advance; decision 0025). Each criterion (symptom,
 * disease, treatment, doctor name) becomes a set of candidate doctors found through indexes:
 * the doctor-name and expertise gram indexes (migration 0013) and the GIN index on the practice
 * departments. A disease or treatment matches its knowledge entries by name (and their
 * sub-entries); a symptom matches through its bonded diseases. A doctor is a candidate when the
 * expertise text contains the query or an entry's name, or a practice has an entry's department.
 * Several criteria must all match; the filters narrow the practices; rows are ranked by relevance,
 * then the internal recommendation. The best rows' ranking is kept briefly for the next pages and
 * the same search (see RANKED_ROWS).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { TAdvanceSearchItem } from '@portal/domain/knowledge/api';
import { hasSearchCriterion, type TAdvanceSearchRequest } from '@portal/domain/knowledge/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { query } from '../../platform/db/raw-query.ts';
import { pgArray } from '../../platform/db/values.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';

/** Most needles (query text and entry names) one criterion looks for in the expertise texts. */
const MAX_NEEDLES = 24;
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The texts the search indexes (migration 0013), for scoring the candidates. */
const NAME_TEXT = sql.raw(
  `(d.cn_last_name || d.cn_first_name || ' ' || d.en_first_name || ' ' || d.en_last_name || ' ' || d.en_last_name || ' ' || d.en_first_name)`,
);
const EXPERTISE_TEXT = sql.raw(`(d.expertise_cn || ' ' || d.expertise_en)`);

type TCriterion = 'symptom' | 'disease' | 'treatment' | 'doctorName';
interface TTerm {
  cnName: string;
  enName: string;
  departments: string[];
}
interface TResolved {
  criterion: TCriterion;
  query: string;
  terms: TTerm[];
  needles: string[];
  departments: string[];
}

/** The entries of a base whose name or code contains the query, with their sub-entries (three levels). */
async function matchingTerms(
  db: TDbOrTx,
  tenantId: string,
  kind: 'symptom' | 'disease' | 'treatment',
  q: string,
) {
  const like = `%${escapeLike(q)}%`;
  const found = await query<{ id: string; cn_name: string; en_name: string; departments: string[] }>(
    db,
    sql`
    with hit as (
      select id, code from knowledge_terms
      where tenant_id = ${tenantId} and kind = ${kind}
        and (cn_name ilike ${like} or en_name ilike ${like} or code ilike ${like})
    ), sub as (
      select c.id, c.code from knowledge_terms c join hit on c.parent_code = hit.code
      where c.tenant_id = ${tenantId} and c.kind = ${kind}
    ), subsub as (
      select c.id from knowledge_terms c join sub on c.parent_code = sub.code
      where c.tenant_id = ${tenantId} and c.kind = ${kind}
    )
    select t.id, t.cn_name, t.en_name, t.departments from knowledge_terms t
    where t.id in (select id from hit union select id from sub union select id from subsub)
    order by t.level desc, t.sort
    limit 200`,
  );
  return found;
}

/** The diseases bonded to the given symptoms. */
async function bondedDiseases(db: TDbOrTx, tenantId: string, symptomIds: string[]) {
  if (symptomIds.length === 0) return [];
  const found = await query<{ id: string; cn_name: string; en_name: string; departments: string[] }>(
    db,
    sql`
    select distinct t.id, t.cn_name, t.en_name, t.departments, t.level, t.sort
    from symptom_disease_bonds b join knowledge_terms t on t.tenant_id = b.tenant_id and t.id = b.disease_id
    where b.tenant_id = ${tenantId} and b.symptom_id = any(${pgArray(symptomIds)}::uuid[])
    order by t.level desc, t.sort`,
  );
  return found;
}

async function resolve(
  db: TDbOrTx,
  tenantId: string,
  criterion: TCriterion,
  query: string,
): Promise<TResolved> {
  if (criterion === 'doctorName') return { criterion, query, terms: [], needles: [query], departments: [] };
  const matched = await matchingTerms(db, tenantId, criterion, query);
  const rows =
    criterion === 'symptom'
      ? await bondedDiseases(
          db,
          tenantId,
          matched.map((r) => r.id),
        )
      : matched;
  const terms = rows.map((r) => ({ cnName: r.cn_name, enName: r.en_name, departments: r.departments ?? [] }));
  const needles = [query];
  for (const t of terms) {
    for (const name of [t.cnName, t.enName]) {
      if (needles.length < MAX_NEEDLES && !needles.some((n) => n.toLowerCase() === name.toLowerCase())) {
        needles.push(name);
      }
    }
  }
  return {
    criterion,
    query,
    terms,
    needles,
    departments: [...new Set(terms.flatMap((t) => t.departments))],
  };
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
/**
 * The doctors a resolved criterion admits, through the indexes: search_doctor_ids (migration
 * 0013) runs the index lookups outside row-level security, which would otherwise keep the
 * planner from the gram and department indexes, for this tenant only.
 */
function candidates(tenantId: string, r: TResolved): SQL {
  const ids = (field: 'name' | 'expertise' | 'department', values: string[]) =>
    sql`select x from search_doctor_ids(${tenantId}::uuid, ${field}, ${textArray(values)}) x`;
  if (r.criterion === 'doctorName') return ids('name', r.needles);
  if (r.departments.length === 0) return ids('expertise', r.needles);
  return sql`${ids('expertise', r.needles)} union ${ids('department', r.departments)}`;
}

/** Relevance of a row for a criterion: name 4, the query in the expertise 3, an entry's name 2, a department 1. */
function score(r: TResolved): SQL {
  if (r.criterion === 'doctorName')
    return sql`(case when ${NAME_TEXT} ilike ${`%${escapeLike(r.query)}%`} then 4 else 0 end)`;
  const [query, ...names] = r.needles.map((n) => `%${escapeLike(n)}%`);
  const parts = [sql`(case when ${EXPERTISE_TEXT} ilike ${query} then 3 else 0 end)`];
  if (names.length > 0)
    parts.push(sql`(case when ${EXPERTISE_TEXT} ilike any(${textArray(names)}) then 2 else 0 end)`);
  if (r.departments.length > 0)
    parts.push(sql`(case when p.departments ?| ${textArray(r.departments)} then 1 else 0 end)`);
  return sql.join(parts, sql` + `);
}

interface TRow extends Record<string, unknown> {
  doctor_id: string;
  cn_last_name: string;
  cn_first_name: string;
  en_first_name: string;
  en_last_name: string;
  gender: string;
  professional_level: string;
  languages: string[];
  expertise_cn: string;
  expertise_en: string;
  recommend_rating: number | null;
  provider_id: string;
  provider_cn_name: string | null;
  provider_en_name: string | null;
  departments: string[];
  score: number;
}

/** Why a row matched, for the result list. */
function matchesOf(row: TRow, resolved: TResolved[]): TAdvanceSearchItem['matches'] {
  const name =
    `${row.cn_last_name}${row.cn_first_name} ${row.en_first_name} ${row.en_last_name}`.toLowerCase();
  const expertise = `${row.expertise_cn} ${row.expertise_en}`.toLowerCase();
  const out: TAdvanceSearchItem['matches'] = [];
  for (const r of resolved) {
    if (r.criterion === 'doctorName') {
      if (name.includes(r.query.toLowerCase()))
        out.push({ criterion: r.criterion, via: 'name', cnText: r.query, enText: r.query });
      continue;
    }
    if (expertise.includes(r.query.toLowerCase())) {
      out.push({ criterion: r.criterion, via: 'expertise', cnText: r.query, enText: r.query });
    }
    for (const t of r.terms) {
      if (out.length >= 6) break;
      const inText = [t.cnName, t.enName].some((n) => expertise.includes(n.toLowerCase()));
      const inDept = t.departments.some((d) => row.departments.includes(d));
      if (inText || inDept) {
        out.push({
          criterion: r.criterion,
          via: inText ? 'expertise' : 'department',
          cnText: t.cnName,
          enText: t.enName,
        });
      }
    }
  }
  return out;
}

/**
 * How many ranked rows a search keeps (100 pages of 10): the first pages are cut from this list,
 * which is cached; a page past it runs the whole ranking with its offset.
 */
export const RANKED_ROWS = 1000;
/** How long a ranked list serves further pages and repeated searches of the same criteria. */
export const RANKED_TTL_SECONDS = 60;
const GENERATION_TTL_SECONDS = 7 * 86_400;
const generationKey = (tenantId: string) => `advance-search:generation:${tenantId}`;

/**
 * Forgets the tenant's cached search rankings: called when what a ranking reads changes (a doctor
 * task approved, a doctor's recommendation or validity, a knowledge entry or bonding). The
 * generation is part of every cache key, so every instance misses from then on.
 */
export async function invalidateDoctorSearch(p: TPlatform, tenantId: string): Promise<void> {
  await p.kv.set(generationKey(tenantId), randomUUID(), GENERATION_TTL_SECONDS);
}

/** The cache key of a search's ranking: tenant, generation, criteria and filters (not the page), the day. */
async function rankingKey(p: TPlatform, tenantId: string, request: TAdvanceSearchRequest, today: string) {
  const generation = (await p.kv.get(generationKey(tenantId))) ?? '0';
  const { current: _c, size: _s, ...criteria } = request;
  const digest = createHash('sha256')
    .update(JSON.stringify([criteria, today]))
    .digest('base64url');
  return `advance-search:${tenantId}:${generation}:${digest}`;
}

interface TRanking {
  total: number;
  /** [doctorId, providerId] of the best rows, in rank order. */
  keys: [string, string][];
}

const COLUMNS = sql`d.id as doctor_id, d.cn_last_name, d.cn_first_name, d.en_first_name, d.en_last_name, d.gender,
      d.professional_level, d.languages, d.expertise_cn, d.expertise_en, d.recommend_rating,
      p.provider_id, h.provider_cn_name, h.provider_en_name, p.departments`;
const RANK_ORDER = sql`score desc, d.recommend_rating desc nulls last, d.cn_last_name, d.cn_first_name, d.id, p.provider_id`;

/** /drsystem/info/advance: a page of doctors (one row per practice), most relevant first. */
export async function advanceSearch(
  p: TPlatform,
  { actor, request }: { actor: TActor; request: TAdvanceSearchRequest },
) {
  if (!hasSearchCriterion(request)) throw new AppError('SEARCH_NEEDS_CRITERION');
  const tenantId = actor.tenantId;
  const given = (['symptom', 'disease', 'treatment', 'doctorName'] as const).filter((c) => request[c] !== '');
  const resolved = await Promise.all(given.map((c) => resolve(p.db, tenantId, c, request[c])));
  const today = new Date().toISOString().slice(0, 10);
  const where: SQL[] = [
    sql`d.tenant_id = ${tenantId}`,
    sql`d.del_flag = '0'`,
    ...resolved.map((r) => sql`d.id in (${candidates(tenantId, r)})`),
  ];
  if (request.department) where.push(sql`p.departments ? ${request.department}`);
  if (request.language) where.push(sql`d.languages ? ${request.language}`);
  if (request.professionalLevel) where.push(sql`d.professional_level = ${request.professionalLevel}`);
  if (request.area) {
    const a = request.area;
    where.push(sql`(h.country = ${a} or h.province = ${a} or h.city = ${a} or h.district = ${a})`);
  }
  const from = sql`
    from doctors d
    join doctor_practices p on p.tenant_id = d.tenant_id and p.doctor_id = d.id and p.del_flag = '0'
      and (p.practice_end_date = '' or p.practice_end_date >= ${today})
    ${request.area ? sql`join` : sql`left join`} providers h on h.tenant_id = p.tenant_id and h.provider_id = p.provider_id
    where ${sql.join(where, sql` and `)}`;
  const scoreSql = sql`(${sql.join(resolved.map(score), sql` + `)})::int`;
  const offset = (request.current - 1) * request.size;

  let found: TRow[];
  let total: number;
  if (offset + request.size <= RANKED_ROWS) {
    // The first pages: cut from the ranking of the best rows, kept briefly for the next pages and
    // for the same search by anyone of the tenant.
    const key = await rankingKey(p, tenantId, request, today);
    const cached = await p.kv.get(key);
    let ranking: TRanking;
    if (cached) {
      ranking = JSON.parse(cached) as TRanking;
    } else {
      // Ranks on the sort keys only (narrow rows, so a broad search's thousands of rows stay in
      // memory); the page's columns are read for its rows alone.
      const ranked = await query<{ doctor_id: string; provider_id: string; total: number }>(
        p.db,
        sql`
        select r.doctor_id, r.provider_id, count(*) over ()::int as total from (
          select d.id as doctor_id, p.provider_id, ${scoreSql} as score, d.recommend_rating,
            d.cn_last_name, d.cn_first_name
          ${from}
          offset 0
        ) r
        order by r.score desc, r.recommend_rating desc nulls last, r.cn_last_name, r.cn_first_name,
          r.doctor_id, r.provider_id
        limit ${RANKED_ROWS}`,
      );
      ranking = {
        total: Number(ranked[0]?.total ?? 0),
        keys: ranked.map((r) => [r.doctor_id, r.provider_id]),
      };
      await p.kv.set(key, JSON.stringify(ranking), RANKED_TTL_SECONDS);
    }
    total = ranking.total;
    const page = ranking.keys.slice(offset, offset + request.size);
    found = page.length
      ? await query<TRow>(
          p.db,
          sql`
          select ${COLUMNS}, ${scoreSql} as score
          from doctors d
          join doctor_practices p on p.tenant_id = d.tenant_id and p.doctor_id = d.id
          left join providers h on h.tenant_id = p.tenant_id and h.provider_id = p.provider_id
          where d.tenant_id = ${tenantId}
            and (d.id, p.provider_id) in (
              select * from unnest(${pgArray(page.map(([id]) => id))}::uuid[],
                ${pgArray(page.map(([, providerId]) => providerId))}::text[]))`,
        )
      : [];
    const rank = new Map(page.map(([id, providerId], i) => [`${id}|${providerId}`, i]));
    found.sort(
      (a, b) =>
        (rank.get(`${a.doctor_id}|${a.provider_id}`) ?? 0) -
        (rank.get(`${b.doctor_id}|${b.provider_id}`) ?? 0),
    );
  } else {
    found = await query<TRow & { total: number }>(
      p.db,
      sql`
      select ${COLUMNS}, ${scoreSql} as score, count(*) over ()::int as total
      ${from}
      order by ${RANK_ORDER}
      limit ${request.size} offset ${offset}`,
    );
    total = Number((found[0] as (TRow & { total: number }) | undefined)?.total ?? 0);
    if (found.length === 0) {
      // Past the last page: count the matches alone.
      const counted = await query<{ n: number }>(p.db, sql`select count(*)::int as n ${from}`);
      total = Number(counted[0]?.n ?? 0);
    }
  }
  const records: TAdvanceSearchItem[] = found.map((r) => ({
    doctorId: r.doctor_id,
    cnName: `${r.cn_last_name}${r.cn_first_name}`,
    enName: [r.en_first_name, r.en_last_name].filter(Boolean).join(' '),
    gender: r.gender,
    professionalLevel: r.professional_level,
    languages: r.languages ?? [],
    expertiseCn: r.expertise_cn,
    expertiseEn: r.expertise_en,
    recommendRating: r.recommend_rating,
    providerId: r.provider_id,
    providerCnName: r.provider_cn_name ?? '',
    providerEnName: r.provider_en_name ?? '',
    departments: r.departments ?? [],
    score: Number(r.score),
    matches: matchesOf(r, resolved),
  }));
  return { records, current: request.current, size: request.size, total };
}
