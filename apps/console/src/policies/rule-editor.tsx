import { type KeyboardEvent, useId } from 'react';
import { Button } from '../design/button';
import {
  type BuilderProblem,
  builderToRule,
  type ConditionNode,
  FIELD_KINDS,
  type FieldKind,
  type GroupNode,
  NAMED_KINDS,
  newCondition,
  newGroup,
  opsFor,
  parseRuleJson,
  type RuleNode,
  takesList,
  takesValue,
  updateNode,
  withKind,
} from './rule-builder';
import { type RuleDraft, switchView } from './rule-draft';
import { FIELD_KIND_LABELS, OP_LABELS } from './rule-text';
import styles from './policies.module.css';

export function RuleEditor({ draft, onChange }: { draft: RuleDraft; onChange: (draft: RuleDraft) => void }) {
  const id = useId();
  const views = ['builder', 'json'] as const;
  const problems = draft.showProblems ? builderToRule(draft.root).problems : [];
  const select = (view: RuleDraft['view']) => {
    const next = switchView(draft, view);
    onChange(next);
    if (next.view === view) document.getElementById(`${id}-tab-${view}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      select(draft.view === 'builder' ? 'json' : 'builder');
    }
  };
  return (
    <div>
      <div className={styles.editorHeader}>
        <h3 id={`${id}-title`}>Rule</h3>
        <div role="tablist" aria-label="Edit the rule as" className={styles.tabs}>
          {views.map((view) => (
            <button
              key={view}
              id={`${id}-tab-${view}`}
              type="button"
              role="tab"
              aria-selected={draft.view === view}
              aria-controls={`${id}-panel`}
              tabIndex={draft.view === view ? 0 : -1}
              className={styles.tab}
              onClick={() => select(view)}
              onKeyDown={onKeyDown}
            >
              {view === 'builder' ? 'Builder' : 'JSON'}
            </button>
          ))}
        </div>
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${draft.view}`}>
        {draft.view === 'builder' ? (
          <>
            <p className={styles.panelHint}>
              A telemetry record violates the policy when this rule holds for it.
            </p>
            <GroupView
              group={draft.root}
              path=""
              depth={1}
              problems={problems}
              onChange={(change) => onChange({ ...draft, root: change(draft.root) })}
            />
          </>
        ) : (
          <JsonView draft={draft} onChange={onChange} />
        )}
      </div>
    </div>
  );
}

function JsonView({ draft, onChange }: { draft: RuleDraft; onChange: (draft: RuleDraft) => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={styles.panelHint}>
        Rule as JSON: a condition (<code>field</code>, <code>op</code>, <code>value</code>) or{' '}
        <code>all</code>, <code>any</code> and <code>not</code> over conditions.
      </label>
      <textarea
        id={id}
        className={styles.json}
        spellCheck={false}
        value={draft.json}
        aria-invalid={draft.jsonError ? true : undefined}
        aria-describedby={draft.jsonError ? `${id}-error` : undefined}
        onChange={(event) => onChange({ ...draft, json: event.target.value, jsonError: null })}
        onBlur={() => {
          const parsed = parseRuleJson(draft.json);
          if (!parsed.ok) onChange({ ...draft, jsonError: parsed.message });
        }}
      />
      {draft.jsonError && (
        <span id={`${id}-error`} className={styles.jsonError} role="alert">
          {draft.jsonError}
        </span>
      )}
    </>
  );
}

type Change = (update: (root: GroupNode) => GroupNode) => void;

const MAX_GROUP_DEPTH = 4;

function GroupView({
  group,
  path,
  depth,
  problems,
  onChange,
}: {
  group: GroupNode;
  path: string;
  depth: number;
  problems: BuilderProblem[];
  onChange: Change;
}) {
  const isRoot = path === '';
  const name = isRoot ? 'the rule' : `group ${path}`;
  const mine = problems.filter((problem) => problem.id === group.id);
  const errorId = `${group.id}-problems`;
  const change = (update: (node: GroupNode) => RuleNode | null) =>
    onChange((root) => updateNode(root, group.id, (node) => (node.type === 'group' ? update(node) : node)));
  const add = (node: RuleNode) => change((node_) => ({ ...node_, children: [...node_.children, node] }));
  return (
    <div className={styles.group} role="group" aria-label={isRoot ? 'Rule' : `Group ${path}`}>
      <div className={styles.groupHeader}>
        {!isRoot && <strong>Group {path}:</strong>}
        <label className={styles.negate}>
          <input
            type="checkbox"
            checked={group.negated}
            aria-label={`Negate ${name}`}
            onChange={(event) => change((node) => ({ ...node, negated: event.target.checked }))}
          />
          not
        </label>
        <select
          className={styles.control}
          aria-label={`Match of ${name}`}
          value={group.match}
          aria-describedby={mine.length > 0 ? errorId : undefined}
          onChange={(event) =>
            change((node) => ({ ...node, match: event.target.value === 'any' ? 'any' : 'all' }))
          }
        >
          <option value="all">every condition holds</option>
          <option value="any">any condition holds</option>
        </select>
        {!isRoot && (
          <Button size="small" variant="ghost" onClick={() => change(() => null)}>
            Remove group {path}
          </Button>
        )}
      </div>
      {group.children.map((child, index) => {
        const childPath = isRoot ? `${index + 1}` : `${path}.${index + 1}`;
        return child.type === 'group' ? (
          <GroupView
            key={child.id}
            group={child}
            path={childPath}
            depth={depth + 1}
            problems={problems}
            onChange={onChange}
          />
        ) : (
          <ConditionRow
            key={child.id}
            condition={child}
            path={childPath}
            problems={problems.filter((problem) => problem.id === child.id)}
            onChange={onChange}
          />
        );
      })}
      {mine.length > 0 && (
        <ul id={errorId} className={styles.problems}>
          {mine.map((problem) => (
            <li key={problem.message}>{problem.message}</li>
          ))}
        </ul>
      )}
      <div className={styles.groupActions}>
        <Button size="small" onClick={() => add(newCondition())}>
          {isRoot ? 'Add condition' : `Add condition to group ${path}`}
        </Button>
        {depth < MAX_GROUP_DEPTH && (
          <Button size="small" onClick={() => add(newGroup([newCondition()]))}>
            {isRoot ? 'Add group' : `Add group to group ${path}`}
          </Button>
        )}
      </div>
    </div>
  );
}

function ConditionRow({
  condition,
  path,
  problems,
  onChange,
}: {
  condition: ConditionNode;
  path: string;
  problems: BuilderProblem[];
  onChange: Change;
}) {
  const name = `condition ${path}`;
  const errorId = `${condition.id}-problems`;
  const invalid = problems.length > 0 ? true : undefined;
  const describedBy = invalid ? errorId : undefined;
  const change = (update: (node: ConditionNode) => ConditionNode | null) =>
    onChange((root) =>
      updateNode(root, condition.id, (node) => (node.type === 'condition' ? update(node) : node)),
    );
  const named = NAMED_KINDS.has(condition.kind);
  return (
    <div className={styles.condition} role="group" aria-label={`Condition ${path}`}>
      <label className={styles.negate}>
        <input
          type="checkbox"
          checked={condition.negated}
          aria-label={`Negate ${name}`}
          onChange={(event) => change((node) => ({ ...node, negated: event.target.checked }))}
        />
        not
      </label>
      <select
        className={styles.control}
        aria-label={`Field of ${name}`}
        value={condition.kind}
        onChange={(event) => {
          const kind = FIELD_KINDS.find((known) => known === event.target.value) as FieldKind;
          change((node) => withKind(node, kind));
        }}
      >
        {FIELD_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {FIELD_KIND_LABELS[kind]}
          </option>
        ))}
      </select>
      {named ? (
        <input
          className={styles.control}
          aria-label={`${condition.kind === 'metrics' ? 'Metric' : 'Label'} name of ${name}`}
          placeholder={condition.kind === 'metrics' ? 'latency_ms' : 'pii'}
          value={condition.name}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => change((node) => ({ ...node, name: event.target.value }))}
        />
      ) : null}
      <select
        className={styles.control}
        aria-label={`Operator of ${name}`}
        value={condition.op}
        onChange={(event) => {
          const op = opsFor(condition.kind).find((known) => known === event.target.value);
          if (op) change((node) => ({ ...node, op }));
        }}
      >
        {opsFor(condition.kind).map((op) => (
          <option key={op} value={op}>
            {OP_LABELS[op]}
          </option>
        ))}
      </select>
      {takesValue(condition.op) ? (
        <input
          className={styles.control}
          aria-label={`Value of ${name}`}
          placeholder={takesList(condition.op) ? 'a, b, c' : condition.op === 'matches' ? '^gpt-4' : 'value'}
          inputMode={condition.kind === 'metrics' ? 'decimal' : undefined}
          value={condition.value}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => change((node) => ({ ...node, value: event.target.value }))}
        />
      ) : null}
      <Button size="small" variant="ghost" onClick={() => change(() => null)} aria-label={`Remove ${name}`}>
        ✕
      </Button>
      {problems.length > 0 && (
        <ul id={errorId} className={styles.problems}>
          {problems.map((problem) => (
            <li key={problem.message}>{problem.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
