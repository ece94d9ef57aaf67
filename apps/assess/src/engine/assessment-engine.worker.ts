import { parentPort } from 'node:worker_threads';
import { FRAMEWORKS } from '@governance/frameworks';
import type { EngineReply, EngineRequest } from './engine-thread.types';
import { type CompiledFramework, compileFramework } from './framework-compiler';
import { assessDocument } from './rule-based.assessor';

// An engine thread (see engine-thread.ts): compiles the frameworks once, then assesses one document per
// message, so a 10 MiB document holds this thread, never the service's event loop.
const compiled = new Map<string, CompiledFramework>(
  FRAMEWORKS.map((framework) => [framework.key, compileFramework(framework)]),
);

parentPort!.on('message', ({ id, framework, document }: EngineRequest) => {
  const entry = compiled.get(framework);
  let reply: EngineReply;
  try {
    reply = entry
      ? { id, result: assessDocument(document, entry) }
      : { id, error: `Unknown framework ${framework}` };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
