// The two path-convention models: a logistic model per rule over the named features of
// segment-features.ts, with weights learned from the hand labels by scripts/train-conventions.ts and
// shipped in segment-weights.json. A segment is reported when its probability reaches the rule's
// threshold (chosen in training, on scores of sources left out); the features that pushed it there
// most are the evidence its message names.
import shipped from './segment-weights.json' with { type: 'json' };
import { featureText, type Features } from './segment-features.js';

export type ModelRule = 'path-no-verbs' | 'path-collection-plural';

export interface Model {
  /** Weight per feature name; a feature the model lacks weighs nothing. */
  weights: Record<string, number>;
  bias: number;
  /** Report at or above this probability. */
  threshold: number;
  /** The L2 penalty training chose (scripts/conventions-training.ts): a record, not used in scoring. */
  ridge?: number;
  /**
   * Features that decide alone when present (value 1): set by hand, not learned, and measured with the
   * rest (`crudImperative`: the labels hold too few lone CRUD verbs before a parameter to learn that
   * `/questions/show/{id}` is one, yet it is the plainest action a path can name; `postAddsListedNoun`:
   * six labelled rows hold a POST adding a member of the schema its GET lists, all collections;
   * `verbObjectPreposition`: seven rows, all actions; `memberSchemaNamedAfter`: 71 rows, all violations;
   * `lookedUpByKey`: `/group/id/{id}` looks a group up, one labelled row, a violation).
   */
  decisive?: string[];
  /**
   * Features that rule a finding out when present (value 1), unless a decisive one decides: set by hand, never weighed,
   * measured with the rest (`kindOfParent`: a word WordNet lacks under a plural collection, `/policies/egp`, 27 labelled
   * rows, none a collection). The rows keep their place in the fit and in the choice of the threshold, so neither moves
   * with them: a veto only takes findings away.
   */
  vetoes?: string[];
}

export type Models = Record<ModelRule, Model>;

export const shippedModels = shipped as unknown as Models;

export interface Judgement {
  probability: number;
  /** The features that raised the score most, strongest first, in words. */
  evidence: string[];
}

/** A feature that decides alone is present: the verdict is the labels' definition met, not a weighing. */
export function decided(model: Model, features: Features): boolean {
  return model.decisive?.some((name) => features[name] === 1) ?? false;
}

export function probability(model: Model, features: Features): number {
  if (model.decisive?.some((name) => features[name] === 1)) return 1;
  if (model.vetoes?.some((name) => features[name] === 1)) return 0;
  let z = model.bias;
  for (const name in features) z += (model.weights[name] ?? 0) * features[name]!;
  return 1 / (1 + Math.exp(-z));
}

/**
 * Features whose words say the opposite of a finding (`WordNet has the word as no verb` on an action):
 * a weight learned for them may still push a score up, alongside others it is collinear with, but a
 * message never gives them as the reason (issue 38: `login_links` was reported "because" WordNet has
 * `links` as no verb).
 */
const unstated: Record<ModelRule, ReadonlySet<string>> = {
  'path-no-verbs': new Set(['head.noVerb', 'first.noVerb', 'head.nounSenses', 'first.nounSenses', 'head.nounShare', 'head.unknown', 'first.unknown', 'head.state', 'first.state', 'headPlural', 'capitalised', 'digits', 'indexed', 'siblingNames', 'amongNamedSiblings', 'belowMember', 'read', 'replaced', 'nextParam', 'pathsBelow', 'modifierBeforeHead', 'siblings', 'compound']),
  'path-collection-plural': new Set(['head.unknown']),
};

/**
 * Verdicts per features object: segment-features.ts hands the same object to every path through one place
 * (Kubernetes asks some 2,800 times for a few hundred), and a verdict is a pure function of it (issue 41).
 */
const verdicts = new WeakMap<Model, WeakMap<Features, Map<ModelRule | undefined, Judgement | undefined>>>();

/** The model's verdict on a segment: undefined below the threshold. */
export function judge(model: Model, features: Features, rule?: ModelRule): Judgement | undefined {
  let byFeatures = verdicts.get(model);
  if (!byFeatures) verdicts.set(model, (byFeatures = new WeakMap()));
  let byRule = byFeatures.get(features);
  if (!byRule) byFeatures.set(features, (byRule = new Map()));
  if (byRule.has(rule)) return byRule.get(rule);
  const found = weigh(model, features, rule);
  byRule.set(rule, found);
  return found;
}

function weigh(model: Model, features: Features, rule: ModelRule | undefined): Judgement | undefined {
  const p = probability(model, features);
  if (p < model.threshold) return undefined;
  const decided = model.decisive?.filter((name) => features[name] === 1).map(featureText) ?? [];
  if (decided.length > 0) return { probability: p, evidence: decided };
  // only the features that push the score up are worded and sorted: a finding's vector holds some seventy, a few push
  const pushes: Array<{ text: string; push: number }> = [];
  for (const name in features) {
    const push = (model.weights[name] ?? 0) * features[name]!;
    if (push > 0 && !(rule && unstated[rule].has(name))) pushes.push({ text: featureText(name), push });
  }
  pushes.sort((a, b) => b.push - a.push);
  const evidence: string[] = [];
  for (const f of pushes) if (!evidence.includes(f.text) && evidence.length < 3) evidence.push(f.text);
  return { probability: p, evidence };
}
