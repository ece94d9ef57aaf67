import { type FormEvent, useState } from 'react';
import { problemMessage } from '../api/problem';
import { Button } from '../design/button';
import { Dialog } from '../design/dialog';
import { Alert } from '../design/surface';
import { ENFORCEMENT_MODES, FRAMEWORK_LABELS, FRAMEWORKS, MODE_HINTS, MODE_LABELS } from './labels';
import {
  type EnforcementMode,
  type FrameworkImport,
  type FrameworkKey,
  useFrameworks,
  useImportFramework,
} from './policies.queries';
import styles from './policies.module.css';

/**
 * Imports a framework's runtime controls as policies. The frameworks come from the API's catalog (the
 * assessment templates); the keys the OpenAPI documents stand in while it loads or if it fails.
 */
export function ImportFrameworkDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const catalog = useFrameworks(open);
  const [framework, setFramework] = useState<FrameworkKey>('EU_AI_ACT');
  const [mode, setMode] = useState<EnforcementMode>('WARN');
  const importing = useImportFramework();
  const [result, setResult] = useState<FrameworkImport | null>(null);
  const frameworks =
    catalog.data?.data.map((entry) => ({
      key: entry.key,
      name: entry.name,
      detail: `${entry.version} · ${entry.description}`,
    })) ?? FRAMEWORKS.map((key) => ({ key, name: FRAMEWORK_LABELS[key], detail: key }));
  const close = () => {
    importing.reset();
    setResult(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    importing.mutate({ framework, mode }, { onSuccess: setResult });
  };
  const name = frameworks.find((entry) => entry.key === result?.framework)?.name ?? result?.framework;
  return (
    <Dialog title="Import a framework" open={open} onClose={close}>
      {result ? (
        <div className={styles.form}>
          <div className={styles.full}>
            <Alert tone="success" title={`${name} imported.`}>
              {result.created_count > 0
                ? `${result.created_count} polic${result.created_count === 1 ? 'y was' : 'ies were'} created`
                : 'No policy was created'}
              {result.already_imported_count > 0
                ? `; ${result.already_imported_count} had been imported before.`
                : '.'}
            </Alert>
          </div>
          <div className={styles.formActions}>
            <Button variant="primary" onClick={close}>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <form className={styles.form} onSubmit={submit}>
          {importing.isError && (
            <div className={styles.full}>
              <Alert tone="danger" title="The framework was not imported.">
                {problemMessage(importing.error)}
              </Alert>
            </div>
          )}
          <fieldset className={`${styles.fieldset} ${styles.full}`}>
            <legend className={styles.legend}>Framework</legend>
            <div className={styles.choices}>
              {frameworks.map((entry) => (
                <label key={entry.key}>
                  <input
                    type="radio"
                    name="framework"
                    value={entry.key}
                    checked={framework === entry.key}
                    onChange={() => setFramework(entry.key)}
                  />
                  <span>
                    {entry.name}
                    <small>{entry.detail}</small>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className={`${styles.fieldset} ${styles.full}`}>
            <legend className={styles.legend}>Enforcement of the imported policies</legend>
            <div className={styles.choices}>
              {ENFORCEMENT_MODES.map((entry) => (
                <label key={entry}>
                  <input
                    type="radio"
                    name="import_mode"
                    value={entry}
                    checked={mode === entry}
                    onChange={() => setMode(entry)}
                  />
                  <span>
                    {MODE_LABELS[entry]}
                    <small>{MODE_HINTS[entry]}</small>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <p className={`${styles.panelHint} ${styles.full}`}>
            Each control with a runtime rule becomes a policy. Importing again creates only what is missing.
          </p>
          <div className={styles.formActions}>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={importing.isPending}>
              {importing.isPending ? 'Importing…' : 'Import framework'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
