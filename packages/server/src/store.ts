import type { Identity } from './auth/claims.js';
import type { Database, Queryable } from './db/database.js';

// Every read and write of the service's data. The service keeps nothing between requests: what one
// instance wrote, another reads, so several run behind a load balancer on one database.

/** The job's files as rows of (path, content), built by a lint job (jobs/queue.ts) for Store.addRevision: its parameters start at $3. */
export interface JobFiles {
  query: string;
  params: unknown[];
}

export type Severity = 'error' | 'warn' | 'info' | 'hint';

/**
 * A ruleset's `rules` entry: a built-in rule's severity, or a rule of the team's own in Spectral's
 * declarative form (given/then, core functions only; checked when the ruleset is put).
 */
export type RuleEntryValue = string | Record<string, unknown>;

export interface Ruleset {
  id: string;
  preset: 'recommended' | 'all';
  rules: Record<string, RuleEntryValue>;
  updated_at: string;
  updated_by: string;
}

export interface ApiSummary {
  id: string;
  ruleset_id: string;
  revision_count: number;
  created_at: string;
  latest: RevisionSummary | null;
}

export interface RevisionSummary {
  api_id: string;
  id: number;
  root: string;
  title: string | null;
  version: string | null;
  published_by: string;
  published_at: string;
  errors: number;
  warnings: number;
  infos: number;
  hints: number;
}

export interface Finding {
  seq: number;
  rule_id: string;
  severity: Severity;
  message: string;
  file: string;
  pointer: string;
  start_line: number;
  start_character: number;
  end_line: number;
  end_character: number;
}

export interface FindingsPage {
  severity?: Severity | undefined;
  afterSeq?: number | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}

export interface TokenRecord {
  id: string;
  name: string;
  hash: string;
  roles: string[];
  created_by: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** Whose path rights bound the token's, nearest first; null for a token the operator made (`--create-token`). */
  delegated_from: Identity[] | null;
}

const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

interface RevisionRow extends Omit<RevisionSummary, 'id' | 'published_at'> {
  number: number;
  published_at: unknown;
}

function revisionOf(row: RevisionRow): RevisionSummary {
  const { number, published_at, ...rest } = row;
  return { ...rest, id: number, published_at: iso(published_at) };
}

const revisionColumns = 'api_id, number, root, title, version, published_by, published_at, errors, warnings, infos, hints';

export class Store {
  constructor(readonly db: Database) {}

  async ruleset(id: string): Promise<Ruleset | undefined> {
    const [row] = await this.db.query<Ruleset & { updated_at: unknown }>('SELECT id, preset, rules, updated_at, updated_by FROM rulesets WHERE id = $1', [id]);
    return row && { ...row, updated_at: iso(row.updated_at) };
  }

  async putRuleset(id: string, preset: Ruleset['preset'], rules: Record<string, RuleEntryValue>, by: string): Promise<{ ruleset: Ruleset; created: boolean }> {
    const [row] = await this.db.query<Ruleset & { updated_at: unknown; created: boolean }>(
      `INSERT INTO rulesets (id, preset, rules, updated_by) VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (id) DO UPDATE SET preset = EXCLUDED.preset, rules = EXCLUDED.rules, updated_at = now(), updated_by = EXCLUDED.updated_by
       RETURNING id, preset, rules, updated_at, updated_by, (xmax = 0) AS created`,
      [id, preset, JSON.stringify(rules), by],
    );
    const { created, ...ruleset } = row!;
    return { ruleset: { ...ruleset, updated_at: iso(ruleset.updated_at) }, created };
  }

  /** The APIs in id order with their latest revisions: all, or the one API `only`, or `limit` after the id `after`. */
  async apis(filter: { only?: string; after?: string | undefined; limit?: number } = {}): Promise<ApiSummary[]> {
    const params: unknown[] = [];
    const where = filter.only !== undefined ? `WHERE a.id = $${params.push(filter.only)}` : filter.after !== undefined ? `WHERE a.id > $${params.push(filter.after)}` : '';
    const limit = filter.limit === undefined ? '' : ` LIMIT $${params.push(filter.limit)}`;
    const rows = await this.db.query<{ id: string; ruleset_id: string; revision_count: number; created_at: unknown }>(`SELECT id, ruleset_id, revision_count, created_at FROM apis a ${where} ORDER BY id${limit}`, params);
    if (rows.length === 0) return [];
    const latest = await this.db.query<RevisionRow>(
      // the highest number left: a deleted latest revision leaves the one before it latest
      `SELECT DISTINCT ON (api_id) ${revisionColumns} FROM revisions WHERE api_id = ANY($1::text[]) ORDER BY api_id, number DESC`,
      [rows.map((r) => r.id)],
    );
    const byApi = new Map(latest.map((r) => [r.api_id, revisionOf(r)]));
    return rows.map((r) => ({ id: r.id, ruleset_id: r.ruleset_id, revision_count: r.revision_count, created_at: iso(r.created_at), latest: byApi.get(r.id) ?? null }));
  }

  async api(id: string): Promise<ApiSummary | undefined> {
    return (await this.apis({ only: id }))[0];
  }

  async putApi(id: string, rulesetId: string): Promise<{ created: boolean }> {
    const [row] = await this.db.query<{ created: boolean }>(
      'INSERT INTO apis (id, ruleset_id) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET ruleset_id = EXCLUDED.ruleset_id RETURNING (xmax = 0) AS created',
      [id, rulesetId],
    );
    return { created: row!.created };
  }

  /** Deletes an API with all its revisions; false when there is none. Recorded in the audit log in the same transaction. */
  async deleteApi(id: string, actor: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM revisions WHERE api_id = $1', [id]);
      const gone = await tx.query('DELETE FROM apis WHERE id = $1 RETURNING id', [id]);
      if (gone.length > 0) await audit(tx, actor, 'delete-api', `/apis/${id}`);
      return gone.length > 0;
    });
  }

  /** Deletes one revision (its number is not used again); false when there is none. */
  async deleteRevision(apiId: string, number: number, actor: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const gone = await tx.query('DELETE FROM revisions WHERE api_id = $1 AND number = $2 RETURNING number', [apiId, number]);
      if (gone.length > 0) await audit(tx, actor, 'delete-revision', `/apis/${apiId}/revisions/${number}`);
      return gone.length > 0;
    });
  }

  /** Records an action in the audit log. */
  async audit(actor: string, action: AuditAction, target: string): Promise<void> {
    await audit(this.db, actor, action, target);
  }

  /** The audit log, oldest first: `limit` entries after `afterSeq`. */
  async auditLog(page: { afterSeq?: number | undefined; limit: number }): Promise<AuditEntry[]> {
    const rows = await this.db.query<AuditEntry & { seq: string | number; at: unknown }>('SELECT seq, at, actor, action, target FROM audit_log WHERE seq > $1 ORDER BY seq LIMIT $2', [page.afterSeq ?? -1, page.limit]);
    return rows.map((r) => ({ ...r, seq: Number(r.seq), at: iso(r.at) }));
  }

  /**
   * Findings per rule per week (weeks start on Monday, UTC) over the revisions published in the last
   * `weeks` weeks of the APIs `apiIds`, newest week first, with how many revisions each week had.
   */
  async weeklyStatistics(apiIds: readonly string[], weeks: number): Promise<WeekStatistics[]> {
    const since = `now() - make_interval(weeks => $2::int)`;
    const revisions = await this.db.query<{ week: unknown; revisions: number }>(
      `SELECT date_trunc('week', published_at AT TIME ZONE 'UTC') AS week, count(*)::int AS revisions FROM revisions
       WHERE api_id = ANY($1::text[]) AND published_at >= ${since} GROUP BY 1`,
      [[...apiIds], weeks],
    );
    const counts = await this.db.query<{ week: unknown; rule_id: string; findings: number }>(
      `SELECT date_trunc('week', r.published_at AT TIME ZONE 'UTC') AS week, f.rule_id, count(*)::int AS findings
       FROM findings f JOIN revisions r ON r.api_id = f.api_id AND r.number = f.number
       WHERE r.api_id = ANY($1::text[]) AND r.published_at >= ${since} GROUP BY 1, 2`,
      [[...apiIds], weeks],
    );
    const day = (value: unknown) => iso(value).slice(0, 10);
    const byWeek = new Map(revisions.map((r) => [day(r.week), { week_start: day(r.week), revisions: r.revisions, findings: {} as Record<string, number> }]));
    for (const c of counts) byWeek.get(day(c.week))!.findings[c.rule_id] = c.findings;
    return [...byWeek.values()].sort((a, b) => b.week_start.localeCompare(a.week_start));
  }

  /** The API's ruleset id, creating the API with the default ruleset on its first publish. */
  async ensureApi(id: string): Promise<string> {
    await this.db.query("INSERT INTO apis (id, ruleset_id) VALUES ($1, 'default') ON CONFLICT (id) DO NOTHING", [id]);
    const [row] = await this.db.query<{ ruleset_id: string }>('SELECT ruleset_id FROM apis WHERE id = $1', [id]);
    return row!.ruleset_id;
  }

  /** The API's revisions in order: all, or `limit` after the number `after`, or the `last` few. */
  async revisions(apiId: string, page: { after?: number | undefined; limit?: number; last?: number } = {}): Promise<RevisionSummary[]> {
    const params: unknown[] = [apiId];
    const after = page.after === undefined ? '' : ` AND number > $${params.push(page.after)}`;
    const last = page.last === undefined ? '' : ` AND number > (SELECT revision_count FROM apis WHERE id = $1) - $${params.push(page.last)}`;
    const limit = page.limit === undefined ? '' : ` LIMIT $${params.push(page.limit)}`;
    const rows = await this.db.query<RevisionRow>(`SELECT ${revisionColumns} FROM revisions WHERE api_id = $1${after}${last} ORDER BY number${limit}`, params);
    return rows.map(revisionOf);
  }

  async revision(apiId: string, number: number): Promise<RevisionSummary | undefined> {
    const [row] = await this.db.query<RevisionRow>(`SELECT ${revisionColumns} FROM revisions WHERE api_id = $1 AND number = $2`, [apiId, number]);
    return row && revisionOf(row);
  }

  /** The revision an earlier publish with this idempotency key made, if any. */
  async revisionByKey(apiId: string, key: string): Promise<RevisionSummary | undefined> {
    const [row] = await this.db.query<RevisionRow>(`SELECT ${revisionColumns} FROM revisions WHERE api_id = $1 AND idempotency_key = $2`, [apiId, key]);
    return row && revisionOf(row);
  }

  /**
   * Each finding of a revision as its sequence number and identity (rule, file, pointer, message),
   * hashed by the database: what a diff pairs, without the rest of each row, and 32 characters a
   * finding however long its message, so reading 12,000 of them costs the service's thread little.
   */
  async findingIdentities(apiId: string, number: number): Promise<[number, string][]> {
    const rows = await this.db.query<{ seq: number; identity: string }>(
      'SELECT seq, md5(json_build_array(rule_id, file, pointer, message)::text) AS identity FROM findings WHERE api_id = $1 AND number = $2 ORDER BY seq',
      [apiId, number],
    );
    return rows.map((r) => [r.seq, r.identity]);
  }

  /** The findings of a revision with these sequence numbers, in order. */
  async findingsBySeq(apiId: string, number: number, seqs: readonly number[]): Promise<Finding[]> {
    if (seqs.length === 0) return [];
    return this.db.query<Finding>(
      `SELECT seq, rule_id, severity, message, file, pointer, start_line, start_character, end_line, end_character FROM findings
       WHERE api_id = $1 AND number = $2 AND seq = ANY($3::int[]) ORDER BY seq`,
      [apiId, number, [...seqs]],
    );
  }

  /** A revision's findings in order: all of them, or a page (`offset` or after the finding `afterSeq`, then `limit`). */
  async findings(apiId: string, number: number, page: FindingsPage = {}): Promise<Finding[]> {
    const params: unknown[] = [apiId, number];
    let where = '';
    if (page.severity !== undefined) where += ` AND severity = $${params.push(page.severity)}`;
    if (page.afterSeq !== undefined) where += ` AND seq > $${params.push(page.afterSeq)}`;
    const limit = page.limit === undefined ? '' : ` LIMIT $${params.push(page.limit)}`;
    const offset = page.offset === undefined ? '' : ` OFFSET $${params.push(page.offset)}`;
    return this.db.query<Finding>(
      `SELECT seq, rule_id, severity, message, file, pointer, start_line, start_character, end_line, end_character FROM findings
       WHERE api_id = $1 AND number = $2${where} ORDER BY seq${limit}${offset}`,
      params,
    );
  }

  /** A revision's files by path; only those named in `only`, when given. */
  async files(apiId: string, number: number, only?: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.db.query<{ path: string; content: string }>(
      `SELECT path, content FROM revision_files WHERE api_id = $1 AND number = $2${only ? ' AND path = ANY($3::text[])' : ''}`,
      only ? [apiId, number, [...only]] : [apiId, number],
    );
    return new Map(rows.map((r) => [r.path, r.content]));
  }

  /**
   * Stores a revision, its files and its findings in one transaction: a crash or a killed instance
   * leaves either all of it or nothing. The API's row lock numbers concurrent publishes one by one.
   */
  async addRevision(input: {
    apiId: string;
    root: string;
    title: string | null;
    version: string | null;
    publishedBy: string;
    /** Stored with the revision: a second publish with the same key fails with a unique violation. */
    idempotencyKey?: string | undefined;
    /** The files, or a query of their (path, content) rows (a lint job's, jobs/queue.ts), run in the database. */
    files: ReadonlyMap<string, string> | JobFiles;
    findings: ReadonlyArray<Omit<Finding, 'seq'>>;
    /** The number a lint job took when it was queued (jobs/queue.ts); absent, the next one is taken now. */
    number?: number | undefined;
  }): Promise<RevisionSummary> {
    return (await this.#addRevision(input, undefined))!;
  }

  /**
   * A re-lint's revision (the latest one's files under a changed ruleset), stored only when no
   * revision was published since `revisionCount` was read: otherwise it would come after a newer
   * document with an older one. Undefined when one was (or the API is gone).
   */
  async addRevisionUnlessPublished(input: Parameters<Store['addRevision']>[0], revisionCount: number): Promise<RevisionSummary | undefined> {
    return this.#addRevision(input, revisionCount);
  }

  /** The latest revision of each API with this ruleset (or of this one API), with the API's revision count. */
  async latestRevisions(by: { rulesetId: string } | { apiId: string }): Promise<{ api_id: string; number: number; revision_count: number; ruleset_id: string }[]> {
    return this.db.query(
      `SELECT a.id AS api_id, r.number, a.revision_count, a.ruleset_id FROM apis a
       JOIN LATERAL (SELECT number FROM revisions WHERE api_id = a.id ORDER BY number DESC LIMIT 1) r ON true
       WHERE ${'rulesetId' in by ? 'a.ruleset_id' : 'a.id'} = $1 ORDER BY a.id`,
      ['rulesetId' in by ? by.rulesetId : by.apiId],
    );
  }

  async #addRevision(input: Parameters<Store['addRevision']>[0], expectedCount: number | undefined): Promise<RevisionSummary | undefined> {
    const count = (s: Severity) => input.findings.filter((f) => f.severity === s).length;
    return this.db.transaction(async (tx: Queryable) => {
      let number = input.number;
      if (number === undefined) {
        // the API's row lock orders concurrent publishes; a count that moved meanwhile means a newer publish
        const [api] = await tx.query<{ number: number }>(
          `UPDATE apis SET revision_count = revision_count + 1 WHERE id = $1${expectedCount === undefined ? '' : ' AND revision_count = $2'} RETURNING revision_count AS number`,
          expectedCount === undefined ? [input.apiId] : [input.apiId, expectedCount],
        );
        if (!api) return undefined;
        number = api.number;
      }
      const [row] = await tx.query<RevisionRow>(
        `INSERT INTO revisions (api_id, number, root, title, version, published_by, errors, warnings, infos, hints, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${revisionColumns}`,
        [input.apiId, number, input.root, input.title, input.version, input.publishedBy, count('error'), count('warn'), count('info'), count('hint'), input.idempotencyKey ?? null],
      );
      if ('query' in input.files) {
        // a lint job's bundle, copied from its row: megabytes that never pass through this process
        const copied = await tx.query(`INSERT INTO revision_files (api_id, number, path, content) SELECT $1, $2, f.path, f.content FROM (${input.files.query}) AS f RETURNING 1`, [input.apiId, number, ...input.files.params]);
        if (copied.length === 0) throw new Error(`the files of revision ${number} of '${input.apiId}' were not found in its job`);
      } else {
        await tx.query(
          `INSERT INTO revision_files (api_id, number, path, content)
           SELECT $1, $2, f.path, f.content FROM jsonb_to_recordset($3::jsonb) AS f(path text, content text)`,
          [input.apiId, number, JSON.stringify([...input.files].map(([path, content]) => ({ path, content })))],
        );
      }
      if (input.findings.length > 0) {
        await tx.query(
          `INSERT INTO findings (api_id, number, seq, rule_id, severity, message, file, pointer, start_line, start_character, end_line, end_character)
           SELECT $1, $2, f.seq, f.rule_id, f.severity, f.message, f.file, f.pointer, f.start_line, f.start_character, f.end_line, f.end_character
           FROM jsonb_to_recordset($3::jsonb) AS f(seq integer, rule_id text, severity text, message text, file text, pointer text,
             start_line integer, start_character integer, end_line integer, end_character integer)`,
          [input.apiId, number, JSON.stringify(input.findings.map((f, seq) => ({ ...f, seq })))],
        );
      }
      return revisionOf(row!);
    });
  }

  /**
   * Stores a token, in one transaction with its name's owner: the first to use a name owns it for
   * good, so nobody else can take it over by revoking the token and making another of that name.
   * Returns 'name-owned' or 'name-live' instead when the name is not this creator's to use now.
   */
  async addToken(token: Omit<TokenRecord, 'created_at' | 'revoked_at'>): Promise<TokenRecord | 'name-owned' | 'name-live'> {
    return this.db.transaction(async (tx) => {
      await tx.query('INSERT INTO token_names (name, owner) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [token.name, token.created_by]);
      const [owner] = await tx.query<{ owner: string }>('SELECT owner FROM token_names WHERE name = $1', [token.name]);
      if (owner!.owner !== token.created_by) return 'name-owned';
      const [row] = await tx.query<TokenRecord>(
        `INSERT INTO tokens (id, name, hash, roles, created_by, expires_at, delegated_from) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7::jsonb)
         ON CONFLICT (name) WHERE revoked_at IS NULL DO NOTHING RETURNING *`,
        [token.id, token.name, token.hash, JSON.stringify(token.roles), token.created_by, token.expires_at, token.delegated_from === null ? null : JSON.stringify(token.delegated_from)],
      );
      return row ? tokenOf(row) : 'name-live';
    });
  }

  async token(id: string): Promise<TokenRecord | undefined> {
    const [row] = await this.db.query<TokenRecord>('SELECT * FROM tokens WHERE id = $1', [id]);
    return row && tokenOf(row);
  }

  /** Tokens in the order they were made: `limit` after the token `afterId`, or all. */
  async tokens(page: { afterId?: string | undefined; limit?: number } = {}): Promise<TokenRecord[]> {
    const params: unknown[] = [];
    const after = page.afterId === undefined ? '' : ` WHERE (created_at, id) > (SELECT created_at, id FROM tokens WHERE id = $${params.push(page.afterId)})`;
    const limit = page.limit === undefined ? '' : ` LIMIT $${params.push(page.limit)}`;
    return (await this.db.query<TokenRecord>(`SELECT * FROM tokens${after} ORDER BY created_at, id${limit}`, params)).map(tokenOf);
  }

  /** Revokes the token; false when there is no such token. Revoking twice keeps the first time. */
  async revokeToken(id: string): Promise<boolean> {
    const rows = await this.db.query('UPDATE tokens SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 RETURNING id', [id]);
    return rows.length > 0;
  }
}

export interface WeekStatistics {
  /** The Monday the week starts on, YYYY-MM-DD. */
  week_start: string;
  revisions: number;
  /** Findings by rule id. */
  findings: Record<string, number>;
}

export type AuditAction = 'delete-api' | 'delete-revision' | 'create-token' | 'revoke-token' | 'put-ruleset' | 'put-api';

export interface AuditEntry {
  seq: number;
  at: string;
  actor: string;
  action: AuditAction;
  target: string;
}

async function audit(db: Queryable, actor: string, action: AuditAction, target: string): Promise<void> {
  await db.query('INSERT INTO audit_log (actor, action, target) VALUES ($1, $2, $3)', [actor, action, target]);
}

/** PostgreSQL's unique_violation, from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

function tokenOf(row: TokenRecord): TokenRecord {
  return { ...row, created_at: iso(row.created_at), expires_at: iso(row.expires_at), revoked_at: row.revoked_at === null ? null : iso(row.revoked_at) };
}
