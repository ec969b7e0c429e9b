// The named evidence the two path-convention models weigh (segment-model.ts), computed for one
// literal segment of one path from what any API description has: the paths, their methods, the
// parameters in them and, for POST, what it takes and returns. Each feature is a number (mostly 0 or
// 1); its name says what it is, and `featureText` says it in words for a finding's message.
//
// A segment no feature can make an action (no word WordNet has as a verb) or no collection name (a
// plural or uncountable head, unless only its spelling is plural and its member schema is named after
// it) is no candidate: `undefined`, never reported.
import * as plurals from './plurals.js';
import type { Node, RuleContext } from '../../src/lint/rule.js';
import { alternateKeyOfParent, argumentsOfAnotherNoun, evidence, isScope, memberOfChildCollection, namesSegment, pluralParentHead, postsMembers, scopesParentMembers } from './collection-evidence.js';
import { headOf } from './compound.js';
import { senses, type WordSenses } from './lexicon.js';
import { isPluralWord, postAddsMember, type PathIndex } from './path-classifier.js';
import { resolveChild } from './resolve.js';
import type { Segment, Word } from './path-parser.js';
import { isCrudVerb } from './restful-form.js';
import { amongNamedSiblings, findVerb, isModifier, isStateWord, methodPart, modifiesAnotherPath, sameConstructionAsVerbSibling, undoneBySibling, verbSiblings } from './verb-detector.js';
import { verbEvidence } from './verb-lexicon.js';
import { documentStyle, filterKey, indexedSomewhere, lookedUpByKey, memberPathDeclared, memberSchemaNamedAfter, membersOnlyPosted, membersOnlyChangedLeaves, membersOnlyWritten, membersOnlyWrittenLeaves, onlyPostedThrough, readsList, singletonOfParent, writtenLeafBody } from './segment-document.js';
import { splitWord } from './word-split.js';
import { splitWords } from './path-parser.js';

export type Features = Record<string, number>;

/** Nouns the conventions count as uncountable in API paths, beyond the pluralizer's own list. */
const uncountable = new Set(['data', 'metadata', 'health', 'info', 'status', 'search']);
export const prepositions = new Set(['on', 'to', 'from', 'by', 'with', 'for', 'of', 'in', 'at', 'as', 'per']);

/**
 * Share of the word's verb evidence: WordNet's tagged verb uses and verb senses over all its uses and
 * senses (the senses stand in where uses are few: `delete` is tagged rarely, and has verb senses only);
 * 0.5 for a word WordNet lacks.
 */
function verbShare(s: WordSenses): number {
  const all = s.verb + s.noun + s.adjective + s.verbSenses + s.nounSenses + s.adjectiveSenses;
  return all === 0 ? 0.5 : (s.verb + s.verbSenses) / all;
}

function nounShare(s: WordSenses): number {
  const all = s.verb + s.noun + s.adjective + s.verbSenses + s.nounSenses + s.adjectiveSenses;
  return all === 0 ? 0.5 : (s.noun + s.nounSenses) / all;
}

const known = (s: WordSenses) => s.nounSenses + s.verbSenses + s.adjectiveSenses > 0;
const bit = (b: boolean) => (b ? 1 : 0);
const noWords: ReadonlySet<string> = new Set();

/** What one word is to WordNet, under a prefix (`head.`, `first.`). */
function wordFeatures(prefix: string, word: string, out: Features): void {
  const s = senses(word);
  const e = verbEvidence(word);
  out[`${prefix}verbShare`] = e.derived ? 0.9 : verbShare(s);
  out[`${prefix}verbOnly`] = bit((s.verbSenses > 0 && s.nounSenses + s.adjectiveSenses === 0) || e.derived);
  out[`${prefix}noVerb`] = bit(e.verbSenses === 0);
  out[`${prefix}nounSenses`] = Math.log1p(s.nounSenses);
  out[`${prefix}verbSenses`] = Math.log1p(e.verbSenses);
  out[`${prefix}crud`] = bit(isCrudVerb(word));
  out[`${prefix}unknown`] = bit(!known(s) && !e.derived);
  out[`${prefix}state`] = bit(isStateWord(word) || (/(ed|ing)$/.test(word) && s.verbSenses === 0));
}

/** Where the segment is and what the path does there: shared by both models. */
function placeFeatures(index: PathIndex, key: string, i: number, segments: readonly Segment[], siblings: { verbs: number; all: number }, out: Features): void {
  const last = i === segments.length - 1;
  const next = segments[i + 1];
  const methods = index.methodsAt(key, i);
  const prev = segments[i - 1];
  out['last'] = bit(last);
  out['nextLiteral'] = bit(next?.kind === 'literal');
  out['nextParam'] = bit(next !== undefined && next.kind !== 'literal');
  out['belowMember'] = bit(prev !== undefined && prev.kind !== 'literal');
  out['first'] = bit(segments.slice(0, i).every((s) => s.kind === 'literal' && /^(api|v\d+.*|_?apis?|rest)$/i.test(s.text)));
  out['postOnly'] = bit(methods.size === 1 && methods.has('post'));
  out['takesPost'] = bit(methods.has('post'));
  out['read'] = bit(methods.has('get'));
  out['replaced'] = bit(methods.has('put') || methods.has('patch') || methods.has('delete'));
  out['noMethods'] = bit(methods.size === 0);
  out['pathsBelow'] = Math.log1p(index.pathsBelow(key, i));
  out['indexed'] = bit(index.isIndexed(key, i));
  out['parentPlural'] = bit(pluralParentHead(segments, i) !== undefined);
  const { verbs, all } = siblings;
  out['siblings'] = Math.log1p(all);
  out['siblingVerbShare'] = all > 0 ? verbs / all : 0;
  out['amongNamedSiblings'] = bit(amongNamedSiblings(index, key, segments, i));
  const style = documentStyle(index);
  out['doc.postOnlyShare'] = style.postOnlyShare;
  out['doc.verbLeafShare'] = style.verbLeafShare;
}

/**
 * The literal's words that can carry an action: the method part of a dotted name, the whole otherwise;
 * a one-word name written closed is split into its words when a verb opens or closes it
 * (`unlockwallet`, word-split.ts), and `split` says so.
 */
export function actionWords(segment: Segment): ActionWords {
  let known = actionWordsOf.get(segment);
  if (!known) actionWordsOf.set(segment, (known = findActionWords(segment)));
  return known;
}

interface ActionWords {
  words: Word[];
  dotted: boolean;
  split: boolean;
}

/** Per segment object (the path index keeps one per path): the rule asks three times for each segment it reports. */
const actionWordsOf = new WeakMap<Segment, ActionWords>();

function findActionWords(segment: Segment): ActionWords {
  const part = methodPart(segment);
  // every part of a dotted name capitalised is a provider's namespace (`Microsoft.Compute`), no method's name
  if (part.dotted && segment.text.split('.').every((p) => /^[A-Z]/.test(p))) return { words: [], dotted: true, split: false };
  if (part.words.length !== 1) return { ...part, split: false };
  const words = splitWord(part.words[0]!);
  return { words, dotted: part.dotted, split: words.length > 1 };
}

/** The head of a noun phrase: the word before a preposition inside it (`files_on_hold`), else the last. */
function phraseHead(words: readonly Word[]): Word {
  const at = words.findIndex((w, k) => k >= 1 && prepositions.has(w.text));
  return words[at >= 1 ? at - 1 : words.length - 1]!;
}

/** A noun in the plural by spelling whose singular WordNet has as a noun (`sessions`, `links`, `files`). */
function pluralNoun(word: string): boolean {
  return isPluralWord(word) && senses(plurals.singular(word)).nounSenses > 0;
}

/**
 * Features are the same for every path through one place that continues alike (a document may hold
 * thousands of paths below `/orders`): they are worked out once per place, by what they depend on.
 */
const memos = new WeakMap<PathIndex, Map<string, Features | undefined>>();

function memoised(index: PathIndex, id: string, compute: () => Features | undefined): Features | undefined {
  let memo = memos.get(index);
  if (!memo) memos.set(index, (memo = new Map()));
  if (memo.has(id)) return memo.get(id);
  const found = compute();
  memo.set(id, found);
  return found;
}

/** The evidence that segment `i` of `key` names an action, or undefined when no word of it can. */
export function verbFeatures(ctx: RuleContext, paths: Node, index: PathIndex, key: string, i: number): Features | undefined {
  const segments = index.segments(key);
  // most segments are no candidate wherever they stand (a parameter, a literal with no word WordNet has as a
  // verb): answered before the memo's key, whose path shapes cost more than the answer (issue 41, cold runs)
  const segment = segments[i];
  if (!segment || segment.kind !== 'literal' || !mayNameAction(index, key, i, segment)) return undefined;
  const next = segments[i + 1];
  // what the features read beyond the place itself: the next segment's kind, and the path without this segment
  const leaf = next?.kind === 'literal' ? segments[segments.length - 1]?.text : '';
  const id = `v\0${index.prefixShapes(key)[i]}\0${segments[i]?.text}\0${next?.kind}\0${next?.kind === 'param' ? next.text : ''}\0${segments[i + 2]?.kind}\0${next === undefined}\0${modifiesAnotherPath(index, segments, i)}\0${leaf}`;
  return memoised(index, id, () => computeVerbFeatures(ctx, paths, index, key, i));
}

/**
 * Some word of the segment can be a verb, or its one word is undone by a sibling (`bookmark` beside `unbookmark`),
 * or it is the method of a dotted name that acts on its namespace's object (`deployments.rollbackDeployment`).
 */
function mayNameAction(index: PathIndex, key: string, i: number, segment: Segment): boolean {
  const byWords = actionByText(segment);
  return byWords === true || (typeof byWords === 'string' && undoneBySibling(index, key, i, byWords));
}

/**
 * What the segment's text alone says: `true` when some word can be a verb or it is a dotted name's method on its
 * namespace's object, its one word when only a sibling could make it an action, `false` otherwise. The words
 * are the text's wherever it stands, so a text repeated through thousands of paths (Kubernetes' `namespaces`)
 * is split and looked up once, not once per path (issue 41, cold runs).
 */
function actionByText(segment: Segment): boolean | string {
  let known = actionTexts.get(segment.text);
  if (known === undefined) {
    const { words } = actionWords(segment);
    if (words.some((w) => verbEvidence(w.text).verbSenses > 0 || verbEvidence(w.text).capable) || methodOnNamespaceObject(segment)) known = true;
    else known = words.length === 1 ? words[0]!.text : false;
    if (actionTexts.size >= textMemoLimit) actionTexts.clear();
    actionTexts.set(segment.text, known);
  }
  return known;
}

/** Bounded, as a process may lint without end (a language server). */
const textMemoLimit = 10_000;
const actionTexts = new Map<string, boolean | string>();

function computeVerbFeatures(ctx: RuleContext, paths: Node, index: PathIndex, key: string, i: number): Features | undefined {
  const segments = index.segments(key);
  const segment = segments[i];
  if (!segment || segment.kind !== 'literal') return undefined;
  const { words, dotted, split } = actionWords(segment);
  if (!mayNameAction(index, key, i, segment)) return undefined;
  const head = words[words.length - 1]!;
  const first = words[0]!;
  // a noun phrase whose head is a plural noun, opened by a noun rather than a verb (`group_memberships`,
  // `login_links`, `files_on_hold`) names things: no action. A CRUD verb before a plural is one (`listKeys`).
  const pluralHeaded = words.length > 1 && pluralNoun(phraseHead(words).text);
  const nounPhrase = pluralHeaded && !isCrudVerb(first.text) && (phraseHead(words) === first || !verbEvidence(first.text).leaning);
  // ... and one with members of its own (`upload_sessions/{upload_session_id}`) is a collection of them,
  // unless a preposition makes it a method's name (`GetMembershipsById/{id}`)
  const collectionPhrase = pluralHeaded && !words.some((w) => prepositions.has(w.text)) && index.isIndexed(key, i);
  // a parameter named after the whole segment that some path puts after it (`wakeOnLan/{wakeOnLanId}`)
  // picks one of the things it names: a collection, no action (no labelled action has one)
  const memberNamedAfter = index.indexParamsAt(key, i).some((p) => namesSegment(p, segment));
  if (nounPhrase || collectionPhrase || memberNamedAfter || namespaceOfLeafAction(segments, i, words)) return undefined;
  // a path only written whose body carries a property named as its last segment writes that thing (`POST
  // /jobs/{jobId}/schedule` with `{schedule: …}`, `POST /uploads/{id}/file`): a noun, no action. All 8 labelled
  // rows of the form are not actions (round eleven)
  if (i === segments.length - 1 && writtenLeafBody(ctx, paths, index, key, i) === 'names') return undefined;
  const out: Features = {};
  wordFeatures('head.', head.text, out);
  const compound = words.length > 1;
  out['compound'] = bit(compound);
  if (compound) wordFeatures('first.', first.text, out);
  out['dotted'] = bit(dotted);
  out['capitalised'] = bit(/^[A-Z]/.test(segment.text));
  out['digits'] = bit(/[0-9]/.test(segment.text));
  out['modifierBeforeHead'] = bit(compound && isModifier(words[words.length - 2]!.text));
  out['preposition'] = bit(words.some((w) => prepositions.has(w.text)));
  out['headPlural'] = bit(isPluralWord(head.text));
  // counted once here for both: a place's sibling facts are kept, but its own segment is looked up anew each call
  const siblings = verbSiblings(index, key, i);
  placeFeatures(index, key, i, segments, siblings, out);
  // how many siblings are no verbs: one of an enumeration of names (`/prim/float` beside `integer`, `long`, `string`)
  const { verbs, all } = siblings;
  out['siblingNames'] = Math.log1p(all - verbs);
  out['undoneBySibling'] = bit(undoneBySibling(index, key, i, head.text));
  out['verbSiblingSameShape'] = bit(compound && sameConstructionAsVerbSibling(index, key, i, words));
  out['modifiesAnotherPath'] = bit(modifiesAnotherPath(index, segments, i));
  // the interactions a linear model cannot form itself
  const h = out['head.verbShare']!;
  out['postOnly×head.verbShare'] = out['postOnly']! * h;
  out['last×head.verbShare'] = out['last']! * h;
  out['nextLiteral×head.verbShare'] = out['nextLiteral']! * h;
  out['dotted×head.verbShare'] = out['dotted']! * h;
  out['compound×first.verbShare'] = compound ? out['first.verbShare']! : 0;
  out['compound×first.crud'] = compound ? out['first.crud']! : 0;
  out['postOnly×doc.postOnlyShare'] = out['postOnly']! * out['doc.postOnlyShare']!;
  out['last×doc.verbLeafShare'] = out['last']! * out['doc.verbLeafShare']! * h;
  // A lone verb that an HTTP method stands for (`show`, `get`, `delete`) and WordNet uses mostly as a
  // verb is the method written into the path, wherever it stands: decisive (segment-model.ts).
  out['crudImperative'] = bit(!compound && isCrudVerb(head.text) && verbEvidence(head.text).mostly);
  // The method part of a lower-case dotted RPC name that is or starts with a verb (`chat.postMessage`,
  // `conversations.archive`): the labels' criteria name these actions; one source holds most of them,
  // so a model trained without it could not learn them. Provider namespaces are capitalised (`Microsoft.Compute`).
  // ... or whose words end in the namespace's own noun (`deployments.rollbackDeployment`, `apps.createApp`): the
  // method is named for what it does to one of them, so the words before the noun say what, even a word WordNet has
  // as a noun only (`rollback`); all seven labelled rows of the form are actions (round ten)
  out['dottedVerb'] = bit(dotted && /^[a-z]/.test(segment.text) && (verbEvidence(first.text).leaning || (!compound && verbEvidence(head.text).capable) || methodOnNamespaceObject(segment)));
  // the same verb opening a compound that names what it acts on (`getOrders`, `setDeviceName`), unless literals follow (a namespace)
  // and the word after it can be its object (`read_only_mode` is a mode, `only` no object)
  const object = words[1] ? senses(words[1].text) : undefined;
  // ... and not where members follow it: a collection is no action (`upload_sessions/{id}`)
  out['crudCompound'] = bit(compound && isCrudVerb(first.text) && verbEvidence(first.text).mostly && out['nextLiteral'] === 0 && out['indexed'] === 0 && object !== undefined && (object.nounSenses > 0 || !known(object)));
  // a verb, its object, then a preposition that qualifies it (`SearchDestinyPlayerByBungieName`,
  // `getUserById`): a method's name; `wakeOnLan` (no object between) is a feature's name
  const prepositionAt = words.findIndex((w, k) => k >= 2 && prepositions.has(w.text));
  out['verbObjectPreposition'] = bit(prepositionAt >= 2 && verbEvidence(first.text).capable && words.slice(1, prepositionAt).every((w) => senses(w.text).nounSenses > 0 || !known(senses(w.text))));
  // a verb closed with `in` or `out` into one word WordNet lacks (`login`, `logout`, `signin`) ending a path
  // that holds no members: a session's action. Nouns of the same form (`plugin`) name collections, indexed.
  out['closedPhrasalVerb'] = bit(!compound && out['last'] === 1 && out['indexed'] === 0 && closedPhrasal(head.text));
  out['belowMember×postOnly'] = out['belowMember']! * out['postOnly']!;
  // a word that can be a verb before a parameter named after another noun, where every path through that
  // parameter is only written (`/knock/{roomIdOrAlias}` POST, `/redact/{eventId}/{txnId}` PUT): the segment
  // is done to the thing the parameter picks; a collection's member would be read or deleted (round seven)
  out['actsOnPicked'] = bit(segments[i + 1]?.kind === 'param' && actsOnPicked(index, key, i, segment, head.text));
  // ... and the word is one WordNet uses mostly as a verb (`knock`, `redact`, `send`, `suspend`): an imperative
  // done to that thing, as the labels' criteria define an action. Too few labelled rows to learn it: decisive (segment-model.ts)
  // ... unless the segment's own path is read and changed or removed (`GET` and `DELETE /ledger/sync` beside `POST
  // /ledger/sync/{round}`): a thing the document keeps, whose value the parameter sets; an act has no state to read
  // back. One labelled row of the form, not an action (round fifteen)
  const keptHere = out['read'] === 1 && out['replaced'] === 1;
  out['imperativeOnPicked'] = bit(!compound && !keptHere && out['actsOnPicked'] === 1 && verbEvidence(head.text).mostly);
  // ... and a word that leans to a verb before a parameter that ends the path, not named after it, where that path
  // is only written (`PUT /delayprofile/reorder/{id}`): whatever `{id}` picks, the segment is what is done to it; a
  // collection's member would be read, deleted or have parts. Decisive (segment-model.ts; round ten)
  const following = segments[i + 1];
  const leaningBeforeLastParam = !compound && !keptHere && following?.kind === 'param' && i + 2 === segments.length && !namesSegment(following, segment) && verbEvidence(head.text).leaning;
  out['leaningOnWrittenLeaf'] = bit(leaningBeforeLastParam && membersOnlyWrittenLeaves(index, key, i));
  // a word WordNet has as a verb only, ending a path with no members that is only written, POST or PUT (`POST
  // /system/restart`, `POST /users/evict`): the labels' imperative; 237 of the 242 labelled rows of the form are
  // actions (round ten). Decisive (segment-model.ts)
  const methodsHere = index.methodsAt(key, i);
  out['verbOnlyWrittenLeaf'] = bit(!compound && out['last'] === 1 && out['indexed'] === 0 && out['head.verbOnly'] === 1 && methodsHere.size > 0 && [...methodsHere].every((m) => m === 'post' || m === 'put'));
  out['parentPlural×siblingNouns'] = out['parentPlural']! * (1 - out['siblingVerbShare']!) * bit(out['siblings']! > Math.log1p(1));
  // a word that can be a verb, alone or after its object (`stats_reset`), ending a path only written (POST or PUT)
  // that takes no body and answers with no list: the call is all there is to it (`PUT /credit_notes/{id}/void`,
  // `POST /stats_reset`); a POST that answers with results reads them (`query`). Decisive (segment-model.ts; round eleven)
  // (a participle first makes a noun phrase, `rollingUpgrade`)
  const objectThenVerb = words.length === 2 && verbEvidence(first.text).verbSenses === 0 && !/(ing|ed)$/.test(first.text);
  out['writtenWithoutBody'] = bit(out['last'] === 1 && out['indexed'] === 0 && (!compound || objectThenVerb) && !isPluralWord(head.text) && verbEvidence(head.text).verbSenses > 0 && writtenLeafBody(ctx, paths, index, key, i) === 'none' && !readsList(ctx, paths, index.keysAt(key, i), ['post', 'put']));
  // a verb and its object written with a hyphen, right below a member, ending the path or before its last parameter,
  // never replaced nor deleted (`/podcasts/{id}/clear-queue`, `/webhooks/{id}/trigger-transaction/{transactionId}`):
  // what is done to that member. All 12 labelled rows of the form are actions; without the member before it, 9 of 30
  // are not (`/switch-port/{port}`, `/integrations/google-idp`: noun compounds naming collections); a noun compound
  // below a member is written over (`PUT /{id}/cover-photo`). Decisive (segment-model.ts; round twelve)
  const endsHere = out['last'] === 1 || (following?.kind === 'param' && i + 2 === segments.length);
  out['hyphenatedVerbObject'] = bit(out['belowMember'] === 1 && out['replaced'] === 0 && endsHere && hyphenPair.test(segment.text) && words.length === 2 && imperative(first.text) && senses(head.text).nounSenses > 0 && !verbEvidence(head.text).leaning && !isPluralWord(head.text));
  // a word that can be a verb ending a path right below a member, with no members, only written (never read), where at
  // least half its siblings are verbs (`PUT /revisions/{key}/{version}/archive` beside `publish`, `revert`, `discard`):
  // one of the member's actions. 116 of the 117 labelled rows of the form are actions, the other already reported (an
  // OpenAI `search`). Decisive (segment-model.ts; round twelve)
  out['verbAmongVerbSiblings'] = bit(!compound && out['last'] === 1 && out['belowMember'] === 1 && out['indexed'] === 0 && verbEvidence(head.text).capable && !isPluralWord(head.text) && out['read'] === 0 && (out['takesPost'] === 1 || out['replaced'] === 1) && out['siblingVerbShare']! >= 0.5);
  // a word that leans to a verb ending a path only POSTed to, with no member before or below it, right under a path the
  // document reads with GET, where the POST answers with no list (`POST /settings/test` beside `GET /settings`): it does
  // something to the thing read there; a POST that answers results is a search or a query. 42 labelled rows of the
  // form, all actions (38 found already). Decisive (segment-model.ts; round thirteen)
  out['verbOnReadParent'] = bit(!compound && i > 0 && out['last'] === 1 && out['belowMember'] === 0 && out['indexed'] === 0 && out['postOnly'] === 1 && verbEvidence(head.text).leaning && !isPluralWord(head.text) && index.methodsAt(key, i - 1).has('get') && !readsList(ctx, paths, index.keysAt(key, i), ['post']));
  // a custom method as Google's AIP-136 writes it, a resource and a lower-case method after a colon (`attachments:batchDelete`,
  // `books:archive`), the method holding a word that can be a verb: the colon says the rest is what is done. One labelled
  // row has the form, an action. Decisive and never weighed (segment-model.ts; round fourteen)
  out['customMethod'] = bit(customMethod(segment.text));
  // a word WordNet uses mostly as a verb, beside a version segment, where every path through it is only POSTed to
  // (`/evaluate/v1/batch`, `/ofrep/v1/evaluate/flags`): a version marks where a service's calls begin, and a service
  // named by an imperative, whose every call is a POST, is that imperative done (a gRPC gateway's `Evaluate`). Decisive
  // and never weighed (segment-model.ts; round fifteen)
  out['imperativeBesideVersion'] = bit(!compound && verbEvidence(head.text).mostly && (versionSegment(segments[i + 1]) || versionSegment(segments[i - 1])) && onlyPostedThrough(index, key, i));
  // a compound closed by a CRUD verb WordNet uses mostly as a verb, ending a path only POSTed to (`bulk-delete`,
  // `batchDelete`, `accountCreate`): the words before the verb say on what or how many, the verb what is done. Decisive
  // and never weighed (segment-model.ts; round fifteen)
  out['compoundClosedByCrudVerb'] = bit(compound && out['last'] === 1 && out['postOnly'] === 1 && isCrudVerb(head.text) && verbEvidence(head.text).mostly);
  // a verb WordNet uses mostly as one, then a preposition and what it governs (`wait-for-block-after`, `findByStatus`,
  // `remove_from_office`): a verb phrase, a method's name; two words alone (`run_as`) may name a flag. Decisive and never
  // weighed (segment-model.ts; round fifteen)
  out['verbThenPrepositionalPhrase'] = bit(words.length >= 3 && verbEvidence(first.text).mostly && prepositions.has(words[1]!.text));
  // `leaningOnWrittenLeaf` where the parameter's path is PATCHed as well (`PATCH …/tools/attach/{tool_id}`): PATCH changes
  // as POST and PUT do, and the segment still says what is done to what `{tool_id}` picks. Decisive (segment-model.ts; round fifteen)
  out['leaningOnChangedLeaf'] = bit(leaningBeforeLastParam && membersOnlyChangedLeaves(index, key, i));
  return out;
}

/** A resource, a colon, then a lower-case method name that holds a word WordNet can use as a verb (`attachments:batchDelete`). */
function customMethod(text: string): boolean {
  const at = text.lastIndexOf(':');
  if (at <= 0 || !/^[a-z][A-Za-z0-9]*$/.test(text.slice(at + 1))) return false;
  return splitWords(text.slice(at + 1)).some((w) => verbEvidence(w.text).capable);
}

/** A version segment (`v1`, `v2beta1`): where an API's or a service's paths begin. */
function versionSegment(segment: Segment | undefined): boolean {
  return segment?.kind === 'literal' && /^v[0-9]+((alpha|beta)[0-9]*)?$/i.test(segment.text);
}

/** Two words joined by one hyphen (`clear-queue`), as a kebab-case API writes a verb and its object. */
const hyphenPair = /^[A-Za-z]+-[A-Za-z]+$/;

/** A word used as an imperative: it leans to a verb, or has more verb senses than noun and adjective ones (`clear`). */
function imperative(word: string): boolean {
  const e = verbEvidence(word);
  return e.leaning || e.verbSenses > e.nounSenses + e.adjectiveSenses;
}

/**
 * A lower-case dotted name whose method part is two or more words ending in the noun of its namespace, in the
 * singular or as written (`deployments.rollbackDeployment`, `keys.getKey`, `dnd.endDnd`).
 */
export function methodOnNamespaceObject(segment: Segment): boolean {
  if (!/^[a-z][A-Za-z0-9_-]*\.[a-z]/.test(segment.text)) return false;
  const { words, dotted } = methodPart(segment);
  if (!dotted || words.length < 2) return false;
  const namespace = segment.words.filter((w) => w.end <= words[0]!.start).at(-1)?.text;
  const object = words.at(-1)!.text;
  return namespace !== undefined && (namespace === object || plurals.singular(namespace) === object);
}

/**
 * The path names its action at its end (`/cra/check_report/base_report/get`, `/processor/signal/return/report`):
 * a literal before further literals whose first word can be a noun is then a namespace, the object the
 * action works on, not a second action (`check_report` is the product "Check Report"). Not a CRUD verb
 * (`/get/...` is the method written twice) nor a word with no noun sense (`validate-upload/dart` acts).
 */
function namespaceOfLeafAction(segments: readonly Segment[], i: number, words: readonly Word[]): boolean {
  const leaf = segments[segments.length - 1];
  if (segments[i + 1]?.kind !== 'literal' || leaf?.kind !== 'literal' || words.length === 0) return false;
  const first = words[0]!.text;
  if (isCrudVerb(first) || senses(first).nounSenses === 0) return false;
  const action = methodPart(leaf).words;
  return action.length > 0 && (verbEvidence(action[0]!.text).leaning || verbEvidence(action[action.length - 1]!.text).leaning);
}

function actsOnPicked(index: PathIndex, key: string, i: number, segment: Segment, head: string): boolean {
  const next = index.segments(key)[i + 1]!;
  const words = splitWords(next.params[0] ?? '').map((w) => w.text).filter((w) => !genericId.test(w));
  return words.length > 0 && !namesSegment(next, segment) && verbEvidence(head).capable && membersOnlyWritten(index, key, i);
}

/** A word WordNet lacks made of a verb and `in` or `out` (`login`, `signout`). */
function closedPhrasal(word: string): boolean {
  const parts = /^([a-z]{3,})(in|out)$/.exec(word);
  return parts !== null && !known(senses(word)) && verbEvidence(parts[1]!).capable;
}

/** The head word of a segment for the plural rule: the last word, or the last part of a closed compound. */
export function pluralHead(segment: Segment): { last: Word; head: string } | undefined {
  const last = segment.words[segment.words.length - 1];
  if (segment.kind !== 'literal' || !last || !/^[a-z]+$/.test(last.text)) return undefined;
  return { last, head: headOf(last.text) };
}

/**
 * The evidence that segment `i` of `key` is a collection not named by a plural noun, or undefined
 * when its head is plural or uncountable.
 */
export function pluralFeatures(ctx: RuleContext, paths: Node, index: PathIndex, key: string, i: number): Features | undefined {
  const segments = index.segments(key);
  const segment = segments[i];
  // most segments are no candidate wherever they stand (a parameter, a plural or uncountable head): answered by
  // their text before the memo's key, as verbFeatures does
  if (!segment || !pluralByText(segment)) return undefined;
  // beyond the place: the next segment (a member or a scope, by its text) and the kind of the one after it
  const next = segments[i + 1];
  const id = `p\0${index.prefixShapes(key)[i]}\0${segments[i]?.text}\0${next?.kind}\0${next?.text}\0${segments[i + 2]?.kind}\0${next === undefined}\0${modifiesAnotherPath(index, segments, i)}`;
  return memoised(index, id, () => computePluralFeatures(ctx, paths, index, key, i));
}

/**
 * Whether a decisive piece of `path-collection-plural`'s evidence (`decisive`, the model's list) may be present for
 * segment `i` of `key`: false only when none can be, by a fact each of them needs that costs far less than the
 * features (`path-no-verbs` asks for every segment it would report, and in a run without the plural rule nothing
 * else needs those features). A decisive feature named here without such a fact counts as possible.
 */
export function mayDecideCollection(ctx: RuleContext, paths: Node, index: PathIndex, key: string, i: number, decisive: readonly string[]): boolean {
  const segments = index.segments(key);
  const segment = segments[i];
  if (!segment || !pluralByText(segment)) return false;
  const facts: Record<string, () => boolean> = {
    memberSchemaNamedAfter: () => memberSchemaNamedAfter(ctx, paths, index, key, i),
    madeHereReadBelow: () => madeHereReadBelow(index, key, segments, i),
    lookedUpByKey: () => lookedUpByKey(index, key, i),
    postAddsListedNoun: () => senses(pluralHead(segment)!.head).nounSenses > 0 && addsListedMember(ctx, paths, index, key, i),
  };
  return decisive.some((name) => facts[name]?.() ?? true);
}

/** A path of the shape of segments 0 to `i` of `key` takes POST to add a member of what its GET lists. */
function addsListedMember(ctx: RuleContext, paths: Node, index: PathIndex, key: string, i: number): boolean {
  return index.keysAt(key, i).some((k) => {
    const item = resolveChild(ctx, paths, k, 'PathItem');
    return item !== undefined && postAddsMember(item);
  });
}

/**
 * What computePluralFeatures asks of the segment's text alone, in any order since each answer is "no candidate":
 * a literal with a head, countable, no qualifier phrase, and not a plural by spelling that WordNet knows.
 */
function pluralByText(segment: Segment): boolean {
  let known = pluralTexts.get(segment.text);
  if (known === undefined) {
    known = pluralCandidate(segment);
    if (pluralTexts.size >= textMemoLimit) pluralTexts.clear();
    pluralTexts.set(segment.text, known);
  }
  return known;
}

const pluralTexts = new Map<string, boolean>();

function pluralCandidate(segment: Segment): boolean {
  const found = pluralHead(segment);
  if (!found) return false;
  const { last, head } = found;
  if (uncountable.has(head) || prepositions.has(segment.words[0]!.text)) return false;
  // ... nor one closed by a preposition (`group-by`, `sorted_by`, `viewed-by`): a qualifier phrase, whatever follows it;
  // 6 labelled rows, none a collection (round thirteen)
  if (segment.words.length > 1 && prepositions.has(last.text)) return false;
  const s = senses(head);
  const spelledPlural = isPluralWord(head) || plurals.isPlural(last.text) || abbreviationPlural(head, s);
  return !(spelledPlural && (known(s) || known(senses(plurals.singular(head)))));
}

function computePluralFeatures(ctx: RuleContext, paths: Node, index: PathIndex, key: string, i: number): Features | undefined {
  const segments = index.segments(key);
  const segment = segments[i];
  if (!segment) return undefined;
  const found = pluralHead(segment);
  if (!found) return undefined;
  const { last, head } = found;
  if (uncountable.has(head)) return undefined;
  // a segment opened by an underscore is a system namespace (`/_plugins/_ml/models/{model_id}`, `/_apis/wit`,
  // Elasticsearch-style APIs): before another literal, or ending the path, it holds no members of its own. Right
  // before a parameter it may (`/_transform/{id}`, `/_index_template/{name}`): judged as any other (round nine)
  const following = segments[i + 1];
  if (segment.text.startsWith('_') && (following === undefined || following.kind === 'literal')) return undefined;
  // a qualifier phrase (`by-id`, `byName`, `for-review`) names how its parent is read, never a collection
  if (prepositions.has(segment.words[0]!.text)) return undefined;
  // CONVENTIONS.md: a segment whose parameter is a lookup key or scope of another noun is no collection;
  // after a plural collection, a parameter named as the segment (`/recipes/title/{title}`) or after that
  // collection (`/members/guest/{member_id}`) looks up or picks one of the collection's members
  if (keysParentCollection(index, key, segments, i)) return undefined;
  // ... unless POST makes what that parameter picks and GET reads it back, with no path of the parent's own: then the
  // segment is where those members are kept, a collection (decisive, segment-model.ts; round fourteen)
  const made = madeHereReadBelow(index, key, segments, i);
  // ... and so is a segment before the member id of a collection it holds (`/cluster/{node_id}` beside `/cluster/nodes`),
  // or between a collection with members of its own and a second key of them only read (`/sdk-connections/lookup/{key}`
  // beside `/sdk-connections/{id}`): the parameter is not the segment's own member's (round twelve)
  if (memberOfChildCollection(index, key, i, segment) || alternateKeyOfParent(index, key, i, segment)) return undefined;
  // ... and so is a segment right under a plural collection before a parameter no path ends at, which only scopes the
  // paths below it (`/agents/group/{group_id}/restart`: the agents of one group): it narrows the parent's members (round thirteen)
  if (scopesParentMembers(index, key, i)) return undefined;
  // ... and an identifier key before a parameter named as it (`/group/id/{id}`, `/widget/uid/{uid}`) looks a member of
  // its parent up, whatever the parent (round eleven; no labelled row has the form)
  const after = segments[i + 1];
  // ... as does a compound whose last word is one (`external_id/{external_id}`, `object-type-id/{objectTypeId}`): the key a
  // member is found by, not a collection of keys (round thirteen: 2 labelled rows, neither a collection)
  if (after?.kind === 'param' && (genericId.test(lettersOf(segment.text)) || genericId.test(last.text)) && sameName(after.params[0] ?? '', segment.text)) return undefined;
  // a word that can name an action, before a parameter that only POST follows (`signal/{signalName}`,
  // `query/{queryType}`): the segment acts on the value it is given; nothing stored is picked (issue 38)
  if (verbEvidence(head).capable && membersOnlyPosted(index, key, i)) return undefined;
  // ... and so is a noun before such a parameter not named after it (`/downloadclient/action/{name}`: the name of
  // what POST runs; round ten). Named after it (`/logout/user/{username}`, `/org/{org}`), it picks one of the segment's own
  const following0 = segments[i + 1];
  if (following0?.kind === 'param' && !namesSegment(following0, segment) && membersOnlyPosted(index, key, i)) return undefined;
  // a bound of a range: the parameter is named after the segment with a unit of time (`/start/{start_ts}/end/{end_ts}`,
  // `/since/{since_date}`): a value the read is bounded by, no member of a collection (round ten)
  if (rangeBound(segments[i + 1], segment)) return undefined;
  // a word that reads as a plural only by its spelling (`redis`, of no `redi`), WordNet knowing neither it
  // nor its singular, is judged by what its member path answers with: a schema named after it is one member's
  const s = senses(head);
  const spelledPlural = isPluralWord(head) || plurals.isPlural(last.text) || abbreviationPlural(head, s);
  if (spelledPlural && (known(s) || known(senses(plurals.singular(head))))) return undefined;
  const namedMember = memberSchemaNamedAfter(ctx, paths, index, key, i);
  if (spelledPlural && !namedMember && !usedAsSingular(segments[i + 1], segment, head)) return undefined;
  // one thing of a parent below a parameter that no path of that parent indexes (`/{mount_path}/config`), and a
  // filter of the list its parent reads (`GET /discover/tv/network/{networkId}` lists shows): no collection of the
  // segment's own (round eleven)
  if (!namedMember && (singletonOfParent(ctx, paths, index, key, i) || filterKey(ctx, paths, index, key, i))) return undefined;
  // the parameters after it are named after another noun and only read or called with (`/_cat/allocation/{node_id}`):
  // arguments, no members of the segment, unless its member path answers with a schema named after it (round eight)
  if (!namedMember && !made && argumentsOfAnotherNoun(index, key, i, segment, head)) return undefined;
  // Eleven pieces of evidence (two decide alone), no more: with some forty, the weights learned without one
  // source swung with it (heavy rows of one API decided a dozen collinear features), and the
  // leave-one-source-out recall was lower (bench/README.md). What is a collection comes first, as the labels define it.
  const out: Features = {};
  out['head.nounShare'] = nounShare(s);
  out['head.unknown'] = bit(!known(s) && !verbEvidence(head).derived);
  const next = segments[i + 1];
  const { named, members: others } = evidence(index, key, i, segment, head);
  // a parameter named as the whole segment (`meta_range/{meta_range}`) picks the segment's own member, though
  // its last word is the head's (`{groupName}` after `name` looks a group up): never a lookup key of another noun
  const members = new Map(others);
  if (next?.kind === 'param' && namesSegment(next, segment) && sameName(next.params[0] ?? '', segment.text)) members.set(next.text, next);
  const scope = next !== undefined && members.has(next.text) && isScope(index, key, i, members.get(next.text)!, segment);
  const memberCount = members.size - (scope ? 1 : 0);
  const memberNext = next !== undefined && next.kind !== 'literal' && members.has(next.text) && !scope;
  const postAdds = postsMembers(ctx, paths, index, key, i, memberCount > 0, head);
  const indexedElsewhere = next?.kind === 'literal' && memberCount > 0 && index.methodsAt(key, i).size === 0;
  out['paramNamedAfter'] = bit(named);
  out['memberNext'] = bit(memberNext);
  // the member parameter's name says it identifies one (`{id}`, `{orderId}`, `{img_id}`, `{key}`, `{username}`), not a value looked up by (`{email}`, `{count}`)
  out['idNext'] = bit(memberNext && /(id|key|slug|sha|name)$/i.test(next!.params[0] ?? ''));
  out['postAddsMembers'] = bit(postAdds);
  // what the rest of the document says: members served one by one at this place (a member path), and a GET that reads a
  // list of a name another path indexes (ARM lists `service` under a subscription, indexes it under a resource group)
  // ... but not where every parameter there is a lookup key or another collection's member id
  // (`/thirdparty/location/{protocol}` beside `/thirdparty/protocol/{protocol}`): nothing of its own is served (round seven)
  const othersOnly = members.size === 0 && index.indexParamsAt(key, i).length > 0;
  out['memberPath'] = bit(memberPathDeclared(index, key, i) && !othersOnly);
  // the member path answers with a schema named after the segment itself: it names one member (decisive, segment-model.ts)
  out['memberSchemaNamedAfter'] = bit(namedMember);
  out['readsList×indexedSomewhere'] = bit(indexedSomewhere(index, segment.text) && readsList(ctx, paths, index.keysAt(key, i)));
  // POST adds a member of the very schema the GET lists, and the head is a countable noun: the labels'
  // definition of a collection, met whole. The labels hold too few such paths to learn it (segment-model.ts)
  out['postAddsListedNoun'] = bit(addsListedMember(ctx, paths, index, key, i) && s.nounSenses > 0 && plurals.plural(head) !== head);
  // the labels' collection test as written by hand (issue 20): a collection, of a noun, and no action
  const firstWord = segment.words[0]!.text;
  const hasMembers = memberCount > 0;
  const collection = memberNext || postAdds || indexedElsewhere;
  const adjective = s.nounSenses > 0 && s.adjectiveSenses > s.nounSenses && s.adjective > s.noun && !hasMembers;
  const nounHere = named || ((s.nounSenses > 0 || (hasMembers && s.verbSenses > 0)) && !adjective && !(firstWord !== last.text && verbEvidence(firstWord).leaning));
  out['criteria'] = bit(collection && nounHere && findVerb(index, key, i, noWords) === undefined);
  // some path looks its members up by an identifier key (`/identity/group/id/{id}`, `/group/name/{name}`): the
  // segment holds what is looked up, a collection by the labels' definition (decisive, segment-model.ts; round eleven)
  out['lookedUpByKey'] = bit(lookedUpByKey(index, key, i) && nounHere);
  // a word WordNet lacks (an acronym, a product's name) right under a plural collection, before no parameter named after
  // it (`/policies/egp/{name}`, `/integrations/msp/tenants`): it names a kind of the parent's members, no collection of
  // its own; 27 labelled rows, none a collection. A veto, never weighed (segment-model.ts; round thirteen): as an
  // exclusion it took its rows out of the fit, and the weights learned without them moved a heavy row of another source
  out['kindOfParent'] = bit(!namedMember && kindOfParent(segments, i, segment, s, head));
  out['madeHereReadBelow'] = bit(made);
  return out;
}

/**
 * Segment `i` stands between a plural collection and a parameter that is that collection's: named as
 * the segment (a lookup key: `/recipes/title/{title}`, `/widgets/slug/{slug}`) or after the collection
 * (its member id behind a qualifier: `/members/guest/{member_id}`).
 */
function keysParentCollection(index: PathIndex, key: string, segments: readonly Segment[], i: number): boolean {
  const next = segments[i + 1];
  const parentHead = pluralParentHead(segments, i);
  if (!parentHead || next?.kind !== 'param') return false;
  const name = next.params[0] ?? '';
  // a lookup key looks up the parent collection's members, so the parent must be one: it has operations or
  // members of its own. A namespace spelt as a plural (`/metadata/range/{range}`: no `/metadata`, and
  // `metadata` is uncountable) holds no members to look up: the segment names a collection of its own.
  // ... and a lookup key finds members, it does not add or remove them: where the parent has no member path of its
  // own and what the parameter picks is added or deleted there (`/members/instance/{instance}` POST and DELETE, no
  // `/members/{member}`), the segment names the kind of member its own parameter picks: a collection (round nine)
  if (sameName(name, segments[i]!.text)) {
    if (uncountable.has(parentHead)) return false;
    if (index.isIndexed(key, i - 1)) return true;
    return index.methodsAt(key, i - 1).size > 0 && ![...index.methodsAt(key, i + 1)].some((m) => m === 'post' || m === 'put' || m === 'delete');
  }
  return parentMemberNext(segments, i) && !madeHereReadBelow(index, key, segments, i);
}

/** The parameter after segment `i` is named after the plural literal before it, with an identifier's ending (`/operations/sample/{operation_id}`). */
function parentMemberNext(segments: readonly Segment[], i: number): boolean {
  const next = segments[i + 1];
  const parentHead = pluralParentHead(segments, i);
  if (!parentHead || next?.kind !== 'param') return false;
  const words = splitWords(next.params[0] ?? '').map((w) => w.text);
  const owner = words.length > 1 && genericId.test(words.at(-1)!) ? words.slice(0, -1).join('') : undefined;
  return owner !== undefined && (owner === plurals.singular(parentHead) || owner === lettersOf(segments[i - 1]!.text.replace(/s$/i, '')));
}

/**
 * The parameter after the segment is named after its plural parent's member (`parentMemberNext`), the parent has no path
 * of its own (neither operations nor members), the segment is only POSTed to and GET reads what the parameter picks
 * (`POST /operations/sample`, `GET /operations/sample/{operation_id}`): POST makes one, the member path reads it back, so
 * the segment names a kind of the parent's members that is a collection of its own, though the parameter is named after
 * the parent (the labels' definition of a collection). Round fourteen: the 5 labelled rows of the form are violations;
 * the other 13 of the qualifier form (a GET at the segment, `/users/db` listing users, or a path of the parent's own) are
 * no collections or ambiguous.
 */
function madeHereReadBelow(index: PathIndex, key: string, segments: readonly Segment[], i: number): boolean {
  if (!parentMemberNext(segments, i) || index.methodsAt(key, i - 1).size > 0 || index.isIndexed(key, i - 1)) return false;
  const here = index.methodsAt(key, i);
  return here.size === 1 && here.has('post') && index.methodsAt(key, i + 1).has('get');
}

/**
 * A word WordNet lacks right under a literal whose last word is plural, and no parameter named after it follows: a kind
 * of the parent's members (`/policies/egp`), as a lookup key is a way of finding them.
 */
function kindOfParent(segments: readonly Segment[], i: number, segment: Segment, s: WordSenses, head: string): boolean {
  const next = segments[i + 1];
  return !known(s) && !verbEvidence(head).derived && pluralParentHead(segments, i) !== undefined && !(next?.kind === 'param' && namesSegment(next, segment));
}

/**
 * A word plural only by its spelling (WordNet knowing neither it nor a singular of it) that the parameter after it
 * names as written with an identifier's ending (`/media/{mediaId}`): the API uses the word as a singular noun, one
 * media item per id (round eleven).
 */
function usedAsSingular(next: Segment | undefined, segment: Segment, head: string): boolean {
  if (next?.kind !== 'param' || head !== lettersOf(segment.text)) return false;
  const name = lettersOf(next.params[0] ?? '');
  return name.startsWith(head) && /^(id|key|uuid|uid|guid)$/.test(name.slice(head.length));
}

/** The parameter after a segment is named after it with a unit of time (`end` and `{end_ts}`, `since` and `{sinceDate}`). */
function rangeBound(next: Segment | undefined, segment: Segment): boolean {
  if (next?.kind !== 'param') return false;
  const own = lettersOf(segment.text);
  const name = lettersOf(next.params[0] ?? '');
  return own !== '' && name.startsWith(own) && timeUnit.test(name.slice(own.length));
}

const timeUnit = /^(ts|time|timestamp|date|datetime|epoch|day|at)$/;

/** Generic identifiers: they name no noun of their own (`{id}`, `{name}`, `{key}`). */
const genericId = /^(id|ids|uid|uuid|guid|key|name|slug|sha|hash|ref|code|number|no|num|idx|index)$/;

const lettersOf = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');
const sameName = (param: string, segment: string) => lettersOf(param) !== '' && lettersOf(param) === lettersOf(segment);

/**
 * A word WordNet lacks, written as the plural of a word it lacks too (`skus`, `vpcs`): already
 * plural; not `redis`, whose `-is` (as `-ss`) is no plural ending (`status`, `bonus`: WordNet knows them).
 */
function abbreviationPlural(word: string, s: WordSenses): boolean {
  return !known(s) && !verbEvidence(word).derived && /[^si]s$/.test(word) && word.length >= 3;
}

/** Each feature in words, for a finding's message: what made the model decide. */
const texts: Record<string, string> = {
  'head.verbShare': 'WordNet uses the word mostly as a verb',
  'head.verbOnly': 'WordNet has the word as a verb only',
  'head.crud': 'the word is a CRUD verb',
  'head.verbSenses': 'WordNet has the word as a verb',
  crudImperative: 'it is a verb that an HTTP method stands for',
  dottedVerb: 'a verb names the method of a dotted RPC name',
  crudCompound: 'it starts with a verb that an HTTP method stands for',
  'first.verbSenses': 'the compound starts with a verb',
  noMethods: 'the path declares no operation',
  indexed: 'paths index it with a member identifier',
  'head.noVerb': 'WordNet has the word as no verb',
  'head.unknown': 'WordNet lacks the word',
  preposition: 'it is a phrase with a preposition',
  first: 'it opens the path',
  'first.unknown': 'the compound starts with a word WordNet lacks',
  'head.state': 'the word is a participle or an adjective',
  noMethodsBelow: 'no operation below it',
  pathsBelow: 'operations below it',
  'parentPlural×siblingNouns': 'its siblings are nouns under a plural parent',
  'head.nounShare': 'WordNet uses the word mostly as a noun',
  'head.nounSenses': 'WordNet has the word as a noun',
  'first.verbShare': 'the compound starts with a word WordNet uses mostly as a verb',
  'first.verbOnly': 'the compound starts with a verb',
  'first.crud': 'the compound starts with a CRUD verb',
  'compound×first.verbShare': 'the compound starts with a verb',
  'compound×first.crud': 'the compound starts with a CRUD verb',
  dotted: 'it is the method part of a dotted name',
  'dotted×head.verbShare': 'the method part of a dotted name is a verb',
  last: 'it ends the path',
  postOnly: 'the path takes POST only',
  takesPost: 'the path takes POST',
  'postOnly×head.verbShare': 'a verb ends a POST-only path',
  'last×head.verbShare': 'a verb ends the path',
  'nextLiteral×head.verbShare': 'a verb before further segments',
  'postOnly×doc.postOnlyShare': 'the document is RPC style (most paths take POST only)',
  'doc.postOnlyShare': 'the document is RPC style (most paths take POST only)',
  'last×doc.verbLeafShare': 'the document ends its paths in verbs',
  'doc.verbLeafShare': 'the document ends its paths in verbs',
  'belowMember×postOnly': 'POST on one member acts on it',
  actsOnPicked: 'what the parameter after it picks is only written, never read (it acts on that thing)',
  imperativeOnPicked: 'an imperative before a parameter that picks another thing, only written to',
  leaningOnWrittenLeaf: 'a verb before a parameter that ends a path only written to (it acts on what the parameter picks)',
  verbOnlyWrittenLeaf: 'a verb and nothing else ends a path only written to',
  belowMember: 'it follows a member identifier',
  undoneBySibling: 'a sibling undoes it',
  verbSiblingSameShape: 'a sibling built the same way ends in a verb',
  modifiesAnotherPath: 'the path without it is another path of the document',
  siblingVerbShare: 'its siblings are verbs',
  siblings: 'it has siblings',
  siblingNames: 'its siblings are names',
  amongNamedSiblings: 'its siblings under a plural parent are names',
  memberNext: 'a parameter that picks one member follows it',
  idNext: 'an identifier parameter follows it',
  paramNamedAfter: 'the parameter after it is named after it',
  postAddsMembers: 'POST adds its members',
  postAddsListedNoun: 'POST adds a member of what its GET lists',
  criteria: 'a member identifier or a POST makes it a collection of a noun',
  memberPath: 'its members have paths of their own',
  'readsList×indexedSomewhere': 'its GET reads a list of what another path indexes',
  memberSchemaNamedAfter: 'its member path answers with a schema named after it',
  verbObjectPreposition: 'a verb, its object and a qualifying preposition make a method name',
  closedPhrasalVerb: 'a verb and its particle written as one word end the path',
  writtenWithoutBody: 'a verb ends a path only written to, with no body',
  lookedUpByKey: 'its members are looked up by an identifier key',
  hyphenatedVerbObject: 'a verb and its object, written with a hyphen, act on the member before them',
  verbAmongVerbSiblings: 'a verb ends a path only written to, below a member, among siblings that are verbs',
  verbOnReadParent: 'a verb ends a path only POSTed to, right under a path the document reads',
  kindOfParent: 'a word WordNet lacks names a kind of its plural parent',
  customMethod: 'a method name after a colon acts on the resource before it (a custom method)',
  imperativeBesideVersion: 'a verb names a service beside its version, and every call through it is a POST',
  compoundClosedByCrudVerb: 'a compound ends in a verb an HTTP method stands for, on a path only POSTed to',
  verbThenPrepositionalPhrase: 'a verb, then a preposition and its object: a method\'s name',
  leaningOnChangedLeaf: 'a verb before a parameter that ends a path only written to (it acts on what the parameter picks)',
  madeHereReadBelow: 'POST makes what the parameter after it picks, and GET reads it back there',
};

export function featureText(name: string): string {
  return texts[name] ?? name;
}
