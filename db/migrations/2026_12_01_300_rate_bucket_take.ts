import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// A take of tokens (server/rate-limit/token-bucket.ts) in ONE statement. Taken in a transaction of
// four statements, the buckets' rows stayed locked for their round trips and for the commit's
// flush to disk, and every request of an organization waits for its bucket's row: 100 takes with 4
// in flight took 0.7–0.9 s, a wall no request rate could pass. Here the rows are locked only while
// the function runs, and the commit does not wait for the disk (synchronous_commit off, for this
// transaction only): a crash may forget the tokens spent in its last fraction of a second, which
// leaves the buckets a little fuller, never emptier.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // Each bucket refilled for the time since its last refill and locked, in the order given (the
  // caller sorts the names, so two takes never deadlock); only when every bucket holds a whole token
  // is one taken from each. Time is read after the lock (clock_timestamp), so a take that waited
  // never refills for time it did not see. Answers each bucket's tokens after the take, in order.
  await sql`
    create function rate_buckets_take(names text[], capacities float8[], refills float8[])
    returns table (levels float8[], taken boolean) language plpgsql as $$
    declare
      level float8;
    begin
      perform set_config('synchronous_commit', 'off', true);
      levels := '{}';
      for i in 1 .. coalesce(array_length(names, 1), 0) loop
        insert into rate_buckets as b (name, tokens, refilled_at) values (names[i], capacities[i], clock_timestamp())
        on conflict (name) do update set
          tokens = least(capacities[i], b.tokens + greatest(0, extract(epoch from clock_timestamp() - b.refilled_at)) * refills[i]),
          refilled_at = greatest(b.refilled_at, clock_timestamp())
        returning b.tokens into level;
        levels := levels || level;
      end loop;
      taken := 1 <= all(levels);
      if taken then
        update rate_buckets set tokens = tokens - 1 where name = any(names);
        levels := array(select l - 1 from unnest(levels) with ordinality as u(l, n) order by n);
      end if;
      return next;
    end $$
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function rate_buckets_take(text[], float8[], float8[])`.execute(db);
}
