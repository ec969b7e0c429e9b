import type { Database } from './database.js';

/**
 * The schema, as numbered steps applied once each, in order. A new step is appended, never edited:
 * databases in use have the old ones applied. Each runs in its own transaction with the version row.
 */
export const migrations: readonly string[] = [
  `CREATE TABLE rulesets (
     id text PRIMARY KEY,
     preset text NOT NULL DEFAULT 'recommended',
     rules jsonb NOT NULL DEFAULT '{}'::jsonb,
     updated_at timestamptz NOT NULL DEFAULT now(),
     updated_by text NOT NULL DEFAULT ''
   );
   INSERT INTO rulesets (id) VALUES ('default');
   CREATE TABLE apis (
     id text PRIMARY KEY,
     ruleset_id text NOT NULL REFERENCES rulesets (id),
     revision_count integer NOT NULL DEFAULT 0,
     created_at timestamptz NOT NULL DEFAULT now()
   );
   CREATE TABLE revisions (
     api_id text NOT NULL REFERENCES apis (id),
     number integer NOT NULL,
     root text NOT NULL,
     title text,
     version text,
     published_by text NOT NULL,
     published_at timestamptz NOT NULL DEFAULT now(),
     errors integer NOT NULL,
     warnings integer NOT NULL,
     infos integer NOT NULL,
     hints integer NOT NULL,
     PRIMARY KEY (api_id, number)
   );
   CREATE TABLE revision_files (
     api_id text NOT NULL,
     number integer NOT NULL,
     path text NOT NULL,
     content text NOT NULL,
     PRIMARY KEY (api_id, number, path),
     FOREIGN KEY (api_id, number) REFERENCES revisions (api_id, number) ON DELETE CASCADE
   );
   CREATE TABLE findings (
     api_id text NOT NULL,
     number integer NOT NULL,
     seq integer NOT NULL,
     rule_id text NOT NULL,
     severity text NOT NULL,
     message text NOT NULL,
     file text NOT NULL,
     pointer text NOT NULL,
     start_line integer NOT NULL,
     start_character integer NOT NULL,
     end_line integer NOT NULL,
     end_character integer NOT NULL,
     PRIMARY KEY (api_id, number, seq),
     FOREIGN KEY (api_id, number) REFERENCES revisions (api_id, number) ON DELETE CASCADE
   );
   CREATE TABLE tokens (
     id text PRIMARY KEY,
     name text NOT NULL,
     hash text NOT NULL,
     roles jsonb NOT NULL,
     created_by text NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL,
     revoked_at timestamptz
   );`,
  // a publish retried after a lost answer (an instance killed, a network cut) carries the same key:
  // the revision it made is answered again instead of stored twice
  `ALTER TABLE revisions ADD COLUMN idempotency_key text;
   CREATE UNIQUE INDEX revisions_idempotency_key ON revisions (api_id, idempotency_key)`,
  // a service token's principal is `token:<name>`, which path authorization names: two live tokens of
  // one name would share its rights, so a second is refused. Of live duplicates made before, the
  // newest keeps the name and the older ones are revoked.
  `UPDATE tokens AS t SET revoked_at = now()
     WHERE t.revoked_at IS NULL AND EXISTS (
       SELECT 1 FROM tokens AS u WHERE u.name = t.name AND u.revoked_at IS NULL AND (u.created_at, u.id) > (t.created_at, t.id));
   CREATE UNIQUE INDEX tokens_live_name ON tokens (name) WHERE revoked_at IS NULL`,
  // a token acts for its creator: path authorization gives it no more than the identities in
  // delegated_from (null: made by the operator with --create-token). A token name belongs to its
  // first creator for good. Tokens made through the API before this step are bounded by their
  // creator's name (the groups it had then are unknown).
  `ALTER TABLE tokens ADD COLUMN delegated_from jsonb;
   UPDATE tokens SET delegated_from = jsonb_build_array(jsonb_build_object('name', created_by, 'groups', '[]'::jsonb))
     WHERE created_by <> 'swaglint serve --create-token';
   CREATE TABLE token_names (name text PRIMARY KEY, owner text NOT NULL);
   INSERT INTO token_names (name, owner) SELECT DISTINCT ON (name) name, created_by FROM tokens ORDER BY name, created_at, id`,
  // who changed what, when: deletions, tokens, rulesets. Read by administrators (GET /audit).
  `CREATE TABLE audit_log (
     seq bigserial PRIMARY KEY,
     at timestamptz NOT NULL DEFAULT now(),
     actor text NOT NULL,
     action text NOT NULL,
     target text NOT NULL
   )`,
  // browser sign-in: sign-ins waiting for the identity provider's answer, and the sessions they open
  // (by the hash of the cookie's value, so a leaked table names no live cookie)
  `CREATE TABLE signins (
     state_hash text PRIMARY KEY,
     verifier text NOT NULL,
     nonce text NOT NULL,
     return_to text NOT NULL,
     expires_at timestamptz NOT NULL
   );
   CREATE TABLE sessions (
     id_hash text PRIMARY KEY,
     name text NOT NULL,
     groups jsonb NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL
   )`,
  // rate limits shared by every instance: what each key (a principal, a client address whose
  // authentication failed) spent in each minute (window_start in ms since the epoch, the database's clock)
  `CREATE TABLE rate_windows (
     key text NOT NULL,
     window_start bigint NOT NULL,
     spent double precision NOT NULL,
     PRIMARY KEY (key, window_start)
   )`,
  // a browser session opened with a service token (the sign-in form, when there is no identity
  // provider) acts as that token, checked on every request: revoking the token ends the session
  `ALTER TABLE sessions ADD COLUMN token_id text`,
  // publishes as lint jobs (on a PostgreSQL server; the jobs themselves are pg-boss's, in its own
  // schema): each job's revision number is taken when it is queued, so a publish answered 202 can
  // name its revision's URL; an Idempotency-Key finds the job a retry should wait for instead of
  // queueing a second; started_at and cancelled_at decide, in one row, whether a job whose client
  // left is dropped unstarted or runs to the end; outcome is what the publish answers (read by the
  // waiting instance without the job's bundle, which pg-boss's row holds)
  `CREATE TABLE lint_jobs (
     api_id text NOT NULL REFERENCES apis (id) ON DELETE CASCADE,
     number integer NOT NULL,
     job_id uuid NOT NULL UNIQUE,
     idempotency_key text,
     queued_at timestamptz NOT NULL DEFAULT now(),
     started_at timestamptz,
     finished_at timestamptz,
     cancelled_at timestamptz,
     outcome jsonb,
     PRIMARY KEY (api_id, number)
   );
   CREATE UNIQUE INDEX lint_jobs_idempotency_key ON lint_jobs (api_id, idempotency_key)`,
  // a re-lint job's base: the API's revision count when its first run began, so a second run (the
  // first one's worker died) re-lints the same revision and stores at most one (relint-job.ts)
  `CREATE TABLE relint_runs (
     job_id uuid PRIMARY KEY,
     api_id text NOT NULL REFERENCES apis (id) ON DELETE CASCADE,
     base_count integer NOT NULL,
     started_at timestamptz NOT NULL DEFAULT now()
   )`,
  // a publish's body, written by the API instance's reader thread on its own connection, so the
  // instance's event loop never sends megabytes to the database: the lint job carries only its id
  // (lint_jobs.body_id). Deleted when the job ends; swept when its job failed or was cancelled, or
  // when no job ever named it (the publish was refused after its body was read)
  `CREATE TABLE publish_bodies (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     data jsonb NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   );
   ALTER TABLE lint_jobs ADD COLUMN body_id uuid`,
];

/**
 * Brings the schema up to date. Several instances may start at once on one server: an advisory lock
 * held for the transaction makes the others wait, then find the steps applied.
 */
export async function migrate(db: Database): Promise<void> {
  await db.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())').catch(async (error: unknown) => {
    // two instances creating the table at the same moment: one loses the race on the catalog
    const exists = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'schema_migrations'");
    if (exists[0]?.n !== 1) throw error;
  });
  for (let version = 1; version <= migrations.length; version++) {
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(4201919)');
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
      if (done.length > 0) return;
      for (const statement of splitStatements(migrations[version - 1]!)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
    });
  }
}

/** A step's statements (extended-protocol queries take one each); none of ours has a `;` in a literal. */
function splitStatements(sql: string): string[] {
  return sql.split(';').map((s) => s.trim()).filter((s) => s !== '');
}
