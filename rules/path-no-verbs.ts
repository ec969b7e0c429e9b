import { defineRule } from '../src/lint/rule.js';
import { PathIndex } from './lib/path-classifier.js';
import { methodPart } from './lib/verb-detector.js';
import { verbEvidence } from './lib/verb-lexicon.js';
import { restfulForm } from './lib/restful-form.js';
import { actionWords, mayDecideCollection, methodOnNamespaceObject, pluralFeatures, verbFeatures } from './lib/segment-features.js';
import { decided, judge, shippedModels } from './lib/segment-model.js';
import type { Segment, Word } from './lib/path-parser.js';

/**
 * The word of the segment that names the action, for the message and the RESTful form: the first word
 * of a compound when it leans to a verb (`getOrders`, `setDeviceName`), else the last (`accountCreate`).
 */
function actionWord(segment: Segment): Word | undefined {
  const { words } = actionWords(segment);
  const first = words[0];
  const last = words[words.length - 1];
  if (!first || !last) return undefined;
  // ... or when the rest is the namespace's own noun (`deployments.rollbackDeployment`): the first word says what is done to it
  if (words.length > 1 && (verbEvidence(first.text).leaning || methodOnNamespaceObject(segment))) return first;
  if (verbEvidence(last.text).verbSenses > 0) return last;
  return words.find((w) => verbEvidence(w.text).verbSenses > 0) ?? last;
}

export default defineRule<{ allow: string[] }>({
  meta: {
    id: 'path-no-verbs',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'warn',
    description: 'No literal path segment names an action; the HTTP method carries it.',
    docs: `Paths name objects, never actions: \`/questions/show/{id}\` is not RESTful, \`GET /questions/{question_id}\`
is. A segment is judged by a small logistic model over named evidence, learned from 3,814 hand labels of 32
public sources in three label sets (\`scripts/train-conventions.ts\`, weights in \`rules/lib/segment-weights.json\`):

- the word and its head, from WordNet: how much of its use and its senses are a verb's, whether it is a verb
  only, a CRUD verb, a participle or adjective; for a compound (camelCase, kebab-case, snake_case, dots), its
  first word too, a modifier before the head, a preposition inside (\`wakeOnLan\`), and a verb, its object and a
  qualifying preposition (\`SearchDestinyPlayerByBungieName\`, a method's name);
- where it stands: the path's end, before literals or a parameter, below a member, the method part of a dotted
  name, capitalised (a provider namespace such as \`Microsoft.Compute\`);
- the methods of its path (POST only, read, replaced) and how many paths below it have operations;
- its siblings (how many, how many are verbs and how many are names, names under a plural parent such as \`/nonStringEnums/float\`
  beside \`integer\` and \`long\`, one that undoes it, one built the same way ending in a verb), and whether
  the path without it is another path of the document (\`/watch/namespaces/{namespace}/pods\`);
- the document's style: its share of POST-only paths and of paths that end in a verb (an RPC-style document,
  \`/api/v1/artifacts/delete\`, \`/save\`, \`/load\`).

A name written closed is read in its words when a verb opens it (\`unlockwallet\` as unlock and wallet,
\`removetx\`, \`testall\` as test and all; word-split.ts); a word WordNet knows, or an inflection of one, is never cut (\`viewed\`). Never an
action: a noun phrase whose head is a plural noun, opened by a noun (\`group_memberships\`, \`login_links\`,
\`files_on_hold\`) or with members of its own (\`upload_sessions/{upload_session_id}\`); a segment some path
follows with a parameter named after it (\`wakeOnLan/{wakeOnLanId}\`); a dotted name whose parts are all
capitalised (a provider namespace, \`Microsoft.Compute\`); a collection by decisive evidence of
\`path-collection-plural\` (its member path answers with a schema named after it, or POST adds what its GET
lists: \`commit/{sha}\` answering a \`Commit\` names commits, though \`commit\` is a verb); a literal before further
literals whose first word can be a noun, in a path that names its action at its end (\`/v1/ledger/transfer/create\`:
\`transfer\` is the namespace the action works on, not a second action). A suggestion is offered only for a CRUD verb the path
writes apart from its object (\`getOrders\` → \`GET /orders\`); a closed name or another verb gets advice, not an edit.

Thirteen pieces of evidence decide alone (set by hand, measured with the rest): a lone verb that an HTTP method
stands for and WordNet uses mostly as a verb (\`show\`, \`delete\`), a compound opening with one before its
object (\`getOrders\`, \`create-user\`), a verb as the method of a lower-case dotted RPC name
(\`chat.postMessage\`, \`conversations.archive\`), or a method ending in its namespace's own noun
(\`deployments.rollbackDeployment\`: what is done to one of them, though WordNet has \`rollback\` as a noun only),
and a verb, its object and a preposition qualifying them
(\`SearchDestinyPlayerByBungieName\`, \`getUserById\`: all seven labelled rows are actions, too few to learn from),
and a verb closed with \`in\` or \`out\` into one word WordNet lacks, ending a path without members (\`login\`,
\`signout\`: seven labelled rows, all actions; a noun of the form, \`plugin\`, has members), and a word WordNet uses
mostly as a verb before a parameter named after another thing, where every path through that parameter is only
written with POST or PUT (\`/rooms/{room_id}/kick/{memberHandle}\`: done to what the parameter picks, which nothing
reads back; round seven), and a word that leans to a verb before a parameter that ends a path only written with
PUT or POST, whatever the parameter's name (\`PUT /playlists/reorder/{id}\`: nothing reads back or deletes what it picks;
round ten), and a word WordNet has as a verb only ending a path with no members that is only written with POST or PUT
(\`POST /system/restart\`; 237 of the 242 labelled rows of the form are actions; round ten), and a word that can be a
verb, alone or after its object, ending a path only written with POST or PUT that takes no body and no query or header
argument and answers with no list (\`PUT /vouchers/{id}/void\`, \`POST /metrics_reset\`; 62 of the 63 labelled rows of the
form are actions, one ambiguous; round eleven), and a verb and its object written with a hyphen right below a member,
ending the path or before its last parameter, never replaced nor deleted (\`GET /printers/{printer_id}/purge-queue\`,
\`POST /leases/{lease_id}/renew-token/{token_id}\`: all 12 labelled rows of the form are actions; without the member
before it, 9 of 30 are not, noun compounds such as \`/integrations/google-idp\`; round twelve), and a word that can be a
verb ending a path right below a member, only written, never read, among siblings at least half of which are verbs
(\`PUT /playlists/{playlist_id}/archive\` beside \`publish\` and \`retire\`: 116 of the 117 labelled rows of the form are
actions, the other already reported; round twelve), and a word that leans to a verb ending a path only POSTed to, with
no member before or below it, right under a path the document reads with GET, where the POST answers with no list
(\`POST /mailer/test\` beside \`GET /mailer\`: 42 labelled rows of the form, all actions; a POST answering a list is a
search; round thirteen), and a custom method as Google's AIP-136 writes it, a resource and a lower-case method name
after a colon that holds a word WordNet can use as a verb (\`POST /shelves:bulkArchive\`: one labelled row of the form, an
action; round fourteen). Round fifteen: a word WordNet uses mostly as a verb beside a version segment, where every call through it is a POST
(\`POST /classify/v1/text\`: 8 labelled rows, all actions), a compound closed by a verb an HTTP method stands for, ending a
path only POSTed to (\`POST /notes/bulk-update\`: 5 rows, all actions), a verb WordNet uses mostly as one, then a preposition
and what it governs (\`GET /invoices/notify-of-payment/{id}\`: 14 rows, all actions), and a word that leans to a verb before
a last parameter only changed, PATCH counted with POST and PUT (\`PATCH …/labels/detach/{label_id}\`: 11 rows beyond round
ten's, all actions); a segment whose own path GET reads and PUT, PATCH or DELETE changes is a thing kept, not an act on
what the parameter after it picks (\`GET /replica/lock\` beside \`POST /replica/lock/{holder}\`: 1 labelled row, no action). A path only written whose body carries a property named as its last
segment writes that thing (\`POST /pipelines/{id}/schedule\` with \`{schedule: …}\`): a noun, no action. A finding's
message names the evidence that weighed most.
The \`allow\` option lists words a team accepts (\`["login"]\`).

Fails:

\`\`\`yaml
paths:
  /questions/show/{id}: {}
  /getOrders: {}
  /orders/{id}/cancel: {}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /questions/{question_id}: {}
  /orders: {}
  /orders/{order_id}/status: {}
\`\`\``,
    options: {
      type: 'object',
      properties: { allow: { type: 'array', items: { type: 'string' }, description: 'Words never reported as verbs.' } },
      additionalProperties: false,
    },
    defaults: { allow: [] },
  },
  create(ctx, { allow }) {
    const allowed = new Set(allow.map((w) => w.toLowerCase()));
    const model = shippedModels['path-no-verbs'];
    return {
      Paths(paths, node) {
        const index = PathIndex.of(node, ctx);
        for (const key of Object.keys(paths)) {
          if (!key.startsWith('/')) continue;
          const segments = index.segments(key);
          segments.forEach((segment, i) => {
            const features = verbFeatures(ctx, node, index, key, i);
            if (!features) return;
            const verb = actionWord(segment);
            if (!verb || methodPart(segment).words.some((w) => allowed.has(w.text))) return;
            const judgement = judge(model, features, 'path-no-verbs');
            if (!judgement) return;
            // a collection by the labels' own definition (its member path answers with a schema named after
            // it, or POST adds what its GET lists) names things: no action, whatever the word can be
            const pluralModel = shippedModels['path-collection-plural'];
            if (mayDecideCollection(ctx, node, index, key, i, pluralModel.decisive ?? [])) {
              const plural = pluralFeatures(ctx, node, index, key, i);
              if (plural && decided(pluralModel, plural)) return;
            }
            // A suggestion only where it keeps the meaning: a CRUD verb the method stands for, cut from
            // words the path wrote apart. A name written closed (`unlockwallet`) or another verb has none.
            const split = actionWords(segment).split;
            const form = restfulForm(segments, i, verb);
            const methods = index.methodsAt(key, segments.length - 1);
            const readOnly = methods.size > 0 && [...methods].every((m) => m === 'get' || m === 'head');
            const instead = form.method
              ? split
                ? `let ${form.method} on a path that names the object carry '${verb.text}'`
                : `write ${form.method} ${form.path}`
              : readOnly
                ? `name what it reads with a noun`
                : `model '${verb.text}' as a change of state (PATCH ${form.path}) or as a noun sub-resource that you POST to`;
            ctx.report({
              node: ctx.child(node, key),
              columns: [segment.start, segment.end],
              // the rule's description says why a path names no action: the message says what showed this one is
              message: `'${verb.text}' in '${key}' names an action (${judgement.evidence.join('; ')}); ${instead}.`,
              ...(form.method && !split ? { suggestion: `${form.method} ${form.path}` } : {}),
            });
          });
        }
      },
    };
  },
});
