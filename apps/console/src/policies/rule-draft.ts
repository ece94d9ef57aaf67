import {
  builderToRule,
  emptyRule,
  type GroupNode,
  parseRuleJson,
  ruleJson,
  ruleToBuilder,
} from './rule-builder';

/** The rule editor's whole state: which view is open, the builder's tree, and the JSON view's text. */
export interface RuleDraft {
  view: 'builder' | 'json';
  root: GroupNode;
  json: string;
  /** Why the JSON view's text is not a rule (or not one the builder can show); null when fine. */
  jsonError: string | null;
  /** The builder's problems show once the person has tried to send the rule. */
  showProblems: boolean;
}

export function newDraft(root: GroupNode = emptyRule()): RuleDraft {
  return { view: 'builder', root, json: '', jsonError: null, showProblems: false };
}

/** A draft of a stored rule: in the builder when it can show the rule, else as JSON text. */
export function draftOf(rule: unknown): RuleDraft {
  const built = ruleToBuilder(rule);
  return built.ok
    ? newDraft(built.root)
    : { view: 'json', root: emptyRule(), json: ruleJson(rule), jsonError: null, showProblems: false };
}

/**
 * The draft in the other view, showing the same rule. The builder always has a JSON form; JSON that does
 * not parse, or that the builder cannot show, keeps the JSON view open with the reason.
 */
export function switchView(draft: RuleDraft, view: RuleDraft['view']): RuleDraft {
  if (view === draft.view) return draft;
  if (view === 'json')
    return { ...draft, view, json: ruleJson(builderToRule(draft.root).rule), jsonError: null };
  const parsed = parseRuleJson(draft.json);
  if (!parsed.ok) return { ...draft, jsonError: parsed.message };
  const built = ruleToBuilder(parsed.rule);
  if (!built.ok)
    return {
      ...draft,
      jsonError: `The builder cannot show this rule (${built.path} ${built.message}); edit it here.`,
    };
  return { ...draft, view, root: built.root, jsonError: null, showProblems: false };
}

/**
 * The rule to send from the open view, or nothing with the draft showing why: an incomplete builder or
 * text that is not JSON is never sent. The service checks the rest and names each bad part.
 */
export function ruleToSend(draft: RuleDraft): { ok: true; rule: unknown } | { ok: false; draft: RuleDraft } {
  if (draft.view === 'builder') {
    const { rule, problems } = builderToRule(draft.root);
    return problems.length > 0 ? { ok: false, draft: { ...draft, showProblems: true } } : { ok: true, rule };
  }
  const parsed = parseRuleJson(draft.json);
  return parsed.ok
    ? { ok: true, rule: parsed.rule }
    : { ok: false, draft: { ...draft, jsonError: parsed.message } };
}
