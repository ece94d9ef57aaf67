import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiProblem, problemMessage } from '../api/problem';
import { Button } from '../design/button';
import { SelectField } from '../design/field';
import { Alert, Card } from '../design/surface';
import { DOCUMENT_ACCEPT, fileProblem, formatBytes } from './assessment-rules';
import { type Queued, useSystemNames, useTemplates } from './assessments.queries';
import { uploadDocument } from './upload-document';
import styles from './assessments.module.css';

type Upload =
  | { state: 'idle' }
  | { state: 'sending'; percent: number }
  | { state: 'done'; queued: Queued; fileName: string }
  | { state: 'failed'; error: unknown };

/** Picks a document by drag and drop or the file picker, a system and a framework, and uploads it. */
export function UploadPanel({ initialSystemId }: { initialSystemId?: string | undefined }) {
  const queryClient = useQueryClient();
  const systems = useSystemNames();
  const templates = useTemplates();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [systemId, setSystemId] = useState(initialSystemId ?? '');
  const [framework, setFramework] = useState('');
  const [dragging, setDragging] = useState(false);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const activeSystems = (systems.data?.data ?? []).filter((system) => system.status === 'active');
  const frameworks = templates.data?.data ?? [];
  const sending = upload.state === 'sending';

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setUpload({ state: 'idle' });
    setErrors((current) => {
      const rest = Object.fromEntries(Object.entries(current).filter(([field]) => field !== 'file'));
      const problem = fileProblem(chosen);
      return problem ? { ...rest, file: problem } : rest;
    });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!sending) choose(event.dataTransfer.files[0]);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!file) problems['file'] = 'Choose a document to assess.';
    else {
      const problem = fileProblem(file);
      if (problem) problems['file'] = problem;
    }
    if (!systemId) problems['system_id'] = 'Choose the system the document describes.';
    if (!framework) problems['framework'] = 'Choose a framework.';
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !file) return;
    setUpload({ state: 'sending', percent: 0 });
    try {
      const queued = await uploadDocument({ systemId, framework, file }, (percent) =>
        setUpload((current) => (current.state === 'sending' ? { state: 'sending', percent } : current)),
      );
      setUpload({ state: 'done', queued, fileName: file.name });
      setFile(null);
      if (input.current) input.current.value = '';
      await queryClient.invalidateQueries({ queryKey: ['assessments', 'list'] });
    } catch (error) {
      setUpload({ state: 'failed', error });
      if (error instanceof ApiProblem) setErrors(error.fieldErrors());
    }
  };

  const percent = upload.state === 'sending' ? upload.percent : upload.state === 'done' ? 100 : 0;

  return (
    <Card title="Assess a document" labelledBy="upload-title">
      <form className={styles.uploadForm} onSubmit={(event) => void onSubmit(event)} noValidate>
        <div
          className={`${styles.dropZone} ${dragging ? styles.dragging : ''} ${errors['file'] ? styles.invalid : ''}`}
          role="group"
          aria-label="Document"
          aria-describedby={hintId}
          data-testid="drop-zone"
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = 'copy';
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <p className={styles.dropTitle}>
            {file ? (
              <>
                <strong>{file.name}</strong> · {formatBytes(file.size)}
              </>
            ) : (
              'Drop a document here'
            )}
          </p>
          <p id={hintId} className={styles.hint}>
            PDF, Word (.docx), Markdown or text, up to 10 MB.
          </p>
          <input
            ref={input}
            id="document-file"
            type="file"
            accept={DOCUMENT_ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Document file"
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <Button type="button" size="small" disabled={sending} onClick={() => input.current?.click()}>
            {file ? 'Choose another file' : 'Choose a file'}
          </Button>
          {errors['file'] && (
            <p className={styles.fieldError} role="alert">
              {errors['file']}
            </p>
          )}
        </div>
        <div className={styles.uploadFields}>
          <SelectField
            label="System"
            value={systemId}
            error={errors['system_id']}
            disabled={sending || systems.isPending}
            onChange={(event) => setSystemId(event.target.value)}
            options={[
              { value: '', label: systems.isPending ? 'Loading systems…' : 'Choose a system' },
              ...activeSystems.map((system) => ({ value: system.id, label: system.name })),
            ]}
            hint={
              systems.isSuccess && activeSystems.length === 0 ? (
                <>
                  No active system yet: <Link to="/systems">register one</Link> first.
                </>
              ) : undefined
            }
          />
          <SelectField
            label="Framework"
            value={framework}
            error={errors['framework']}
            disabled={sending || templates.isPending}
            onChange={(event) => setFramework(event.target.value)}
            options={[
              { value: '', label: templates.isPending ? 'Loading frameworks…' : 'Choose a framework' },
              ...frameworks.map((template) => ({ value: template.id, label: template.name })),
            ]}
          />
          <div className={styles.uploadActions}>
            <Button type="submit" variant="primary" disabled={sending}>
              {sending ? 'Uploading…' : 'Upload and assess'}
            </Button>
          </div>
        </div>
      </form>
      {(systems.isError || templates.isError) && (
        <Alert tone="danger" title="The choices could not be loaded.">
          {problemMessage(systems.error ?? templates.error)}
        </Alert>
      )}
      {upload.state !== 'idle' && upload.state !== 'failed' && (
        <div className={styles.progress}>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}% uploaded`}
            className={styles.progressTrack}
          >
            <div className={styles.progressBar} style={{ width: `${percent}%` }} />
          </div>
          <span aria-hidden="true">{percent}%</span>
        </div>
      )}
      {upload.state === 'done' && (
        <Alert tone="success" title="Upload complete.">
          {upload.fileName} is being assessed.{' '}
          <Link to={`/assessments/${upload.queued.id}`}>Open the result</Link>
        </Alert>
      )}
      {upload.state === 'failed' && (
        <Alert tone="danger" title="The upload failed.">
          {problemMessage(upload.error)}
        </Alert>
      )}
    </Card>
  );
}
