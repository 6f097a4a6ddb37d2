-- The operators' per-provider message views before and after they read the inbox index
-- (docs/performance.md, "Messages at scale", "The operators' per-provider views").
--
--   createdb -h 127.0.0.1 -U postgres portal_msg_views
--   (cd apps/server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_msg_views \
--     PORT=39117 SEED_DEMO=true DATA_DIR=/tmp/msg-views node src/main.ts)   # migrate + seed; stop it
--   psql -h 127.0.0.1 -U postgres -d portal_msg_views -v seed=1 -f bench/msg-provider-views.sql
--
-- With -v seed=1 it first adds 60,000 demo messages and about 483,000 recipient rows (a minute);
-- run it again without to repeat the plans. "before" is the recipient-first EXISTS the services
-- used; "after" the inbox ranges they use now (messages.service.ts: countInbox, inboxPageIds,
-- unreadInboxByCode with the provider's owner from messages.sending.ts).
\set ON_ERROR_STOP on
select id as demo from tenants where code = 'demo' \gset
\if :{?seed}
select id as demo from tenants where code = 'demo' \gset
-- 60,000 sent messages in demo, one a minute back from now; a tenth expired, codes in turn.
insert into messages (id, tenant_id, name, name_en, msg_type, msg_level, code, content, en_content,
  valid_from, valid_to, status, search_type, sender_name, sent_at, created_at, updated_at, recipient_count)
select gen_random_uuid(), :'demo', '规模测试消息 ' || g, 'Scale test message ' || g, '02', '01',
  (array['12','01','13','02','03','04'])[1 + g % 6], '内容', 'Content',
  now() - make_interval(mins => g) - interval '1 day',
  case when g % 10 = 0 then now() - interval '1 hour' else null end,
  '01', '02', 'bench', now() - make_interval(mins => g), now() - make_interval(mins => g), now(), 8
from generate_series(1, 60000) g;
-- Eight providers each (P20001..P20008 in turn), P10001 on one message in twenty, all providers on one in 500.
insert into message_recipients (tenant_id, message_id, kind, target)
select m.tenant_id, m.id, 'provider', 'P' || (20000 + r) from messages m cross join generate_series(1, 8) r
where m.name like '规模测试消息%';
insert into message_recipients (tenant_id, message_id, kind, target)
select m.tenant_id, m.id, 'provider', 'P10001' from messages m
where m.name like '规模测试消息%' and hashtext(m.id::text) % 20 = 0;
insert into message_recipients (tenant_id, message_id, kind, target)
select m.tenant_id, m.id, 'allProviders', '' from messages m
where m.name like '规模测试消息%' and hashtext(m.id::text) % 500 = 1;
-- Staff: four more of P10001, twenty of P20001.
insert into users (id, tenant_id, account, password_hash, name, user_type, provider_id)
select gen_random_uuid(), :'demo', 'p1staff' || g, 'x', '员工' || g, '02', 'P10001' from generate_series(1, 4) g;
insert into users (id, tenant_id, account, password_hash, name, user_type, provider_id)
select gen_random_uuid(), :'demo', 'p2staff' || g, 'x', '员工' || g, '02', 'P20001' from generate_series(1, 20) g;
-- Reads: P10001's staff read a third of its messages; P20001's staff read most messages.
insert into message_reads (tenant_id, message_id, user_id)
select r.tenant_id, r.message_id, u.id from message_recipients r
join users u on u.tenant_id = r.tenant_id and u.provider_id = 'P10001' and u.account like 'p1staff%'
where r.tenant_id = :'demo' and r.target = 'P10001' and hashtext(r.message_id::text || u.account) % 12 = 0
on conflict do nothing;
insert into message_reads (tenant_id, message_id, user_id)
select r.tenant_id, r.message_id, u.id from message_recipients r
join users u on u.tenant_id = r.tenant_id and u.provider_id = 'P20001' and u.account like 'p2staff%'
where r.tenant_id = :'demo' and r.target = 'P20001' and hashtext(r.message_id::text || u.account) % 4 = 0
on conflict do nothing;
vacuum analyze messages;
vacuum analyze message_recipients;
vacuum analyze message_reads;
vacuum analyze users;
select (select count(*) from messages) msgs, (select count(*) from message_recipients) recips,
  (select count(*) from message_recipients where target = 'P10001') p10001,
  (select count(*) from message_recipients where kind = 'allProviders') allp,
  (select count(*) from message_reads) reads;
\endif
select now()::text as now \gset
set role portal_app;
select set_config('app.tenant_id', :'demo', false) \g /dev/null
\set received 'm.tenant_id = ' :'demo' '::uuid and m.status = ''01'' and m.valid_from <= ' :'now' '::timestamptz and (m.valid_to is null or m.valid_to > ' :'now' '::timestamptz) and exists (select 1 from message_recipients r where r.tenant_id = m.tenant_id and r.message_id = m.id and ((r.kind = ''provider'' and r.target = ''P10001'') or r.kind = ''allProviders''))'
\set readm 'exists (select 1 from message_reads mr join users u on u.id = mr.user_id and u.tenant_id = mr.tenant_id where mr.tenant_id = m.tenant_id and mr.message_id = m.id and u.provider_id = ''P10001'')'
\set range 'tenant_id = ' :'demo' '::uuid and status = ''01'' and valid_from <= ' :'now' '::timestamptz and (valid_to is null or valid_to > ' :'now' '::timestamptz)'
\set inbox '(select message_id, sent_at, code from message_recipients where ' :range ' and kind = ''provider'' and target = ''P10001'' union all select message_id, sent_at, code from message_recipients where ' :range ' and kind = ''allProviders'' and target = '''') i'
\set readi 'exists (select 1 from message_reads mr join users u on u.id = mr.user_id and u.tenant_id = mr.tenant_id where mr.tenant_id = ' :'demo' '::uuid and mr.message_id = i.message_id and u.provider_id = ''P10001'')'
\echo 'before: total'
explain (analyze, buffers) select count(*) from messages m where :received;
\echo 'before: page1'
explain (analyze, buffers) select m.*, :readm as read from messages m where :received order by m.sent_at desc, m.id desc limit 10 offset 0;
\echo 'before: unread total'
explain (analyze, buffers) select count(*) from messages m where :received and not :readm;
\echo 'before: unread page1'
explain (analyze, buffers) select m.*, :readm as read from messages m where :received and not :readm order by m.sent_at desc, m.id desc limit 10 offset 0;
\echo 'before: collectAll'
explain (analyze, buffers) select m.code, count(*) from messages m where :received and not :readm and m.code in ('12','01','13','02','03','04') group by m.code;
\echo 'after: total'
explain (analyze, buffers) select count(distinct i.message_id) as n from :inbox;
\echo 'after: page1'
explain (analyze, buffers) select m.*, :readm as read from messages m where :received and m.id in (select page.message_id from (select distinct i.sent_at, i.message_id from :inbox order by i.sent_at desc, i.message_id desc limit 10 offset 0) page) order by m.sent_at desc, m.id desc;
\echo 'after: unread total'
explain (analyze, buffers) select count(distinct i.message_id) as n from :inbox where not :readi;
\echo 'after: unread page1'
explain (analyze, buffers) select m.*, :readm as read from messages m where :received and m.id in (select page.message_id from (select distinct i.sent_at, i.message_id from :inbox where not :readi order by i.sent_at desc, i.message_id desc limit 10 offset 0) page) order by m.sent_at desc, m.id desc;
\echo 'after: collectAll'
explain (analyze, buffers) select i.code, count(distinct i.message_id) as n from :inbox where i.code in ('12','01','13','02','03','04') and not :readi group by i.code;
reset role;
