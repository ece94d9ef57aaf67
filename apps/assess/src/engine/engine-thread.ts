import { Worker } from 'node:worker_threads';
import { workerScript } from '@governance/platform';
import type { AssessedDocument, AssessmentResult } from './engine.types';
import type { EngineReply, EngineRequest } from './engine-thread.types';

export interface EngineThreadLimits {
  /** Longest one document may take before its thread is stopped and the assessment fails. */
  timeoutMs: number;
  /** Heap one engine thread may use. */
  memoryMb: number;
}

/** Why the engine gave no result; the message is the assessment's `error`. */
export class EngineFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineFailure';
  }
}

/**
 * Runs the engine on threads of their own, kept between assessments: one per assessment in progress
 * (the job worker bounds how many). A thread past its deadline or its heap is stopped and replaced, and
 * only its assessment fails.
 */
export class EngineThreads {
  private readonly idle: Worker[] = [];
  private readonly busy = new Set<Worker>();
  private nextId = 0;

  constructor(private readonly limits: EngineThreadLimits) {}

  async assess(framework: string, document: AssessedDocument): Promise<AssessmentResult> {
    const thread = this.idle.pop() ?? this.start();
    this.busy.add(thread);
    try {
      const result = await this.ask(thread, { id: (this.nextId += 1), framework, document });
      this.idle.push(thread);
      return result;
    } catch (error) {
      void thread.terminate();
      throw error;
    } finally {
      this.busy.delete(thread);
    }
  }

  /** Nest calls this after the job worker has drained (beforeApplicationShutdown), so no job is cut off. */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  async close(): Promise<void> {
    const threads = [...this.idle, ...this.busy];
    this.idle.length = 0;
    await Promise.all(threads.map((thread) => thread.terminate()));
  }

  private start(): Worker {
    const { filename, execArgv } = workerScript(__dirname, 'assessment-engine.worker');
    const thread = new Worker(filename, {
      execArgv,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb },
    });
    // An idle thread must not keep a stopping process alive.
    thread.unref();
    return thread;
  }

  private ask(thread: Worker, request: EngineRequest): Promise<AssessmentResult> {
    return new Promise<AssessmentResult>((resolve, reject) => {
      const settle = (): void => {
        clearTimeout(timer);
        thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
      const fail = (message: string): void => {
        settle();
        reject(new EngineFailure(message));
      };
      const onMessage = (reply: EngineReply): void => {
        if (reply.id !== request.id) return;
        settle();
        if ('error' in reply) reject(new EngineFailure(reply.error));
        else resolve(reply.result);
      };
      const onError = (error: Error & { code?: string }): void =>
        fail(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `assessing the document needs more than ${this.limits.memoryMb} MB`
            : `the assessment engine stopped: ${error.message}`,
        );
      const onExit = (): void => fail('the assessment engine stopped');
      const timer = setTimeout(
        () => fail(`assessing the document took longer than ${Math.round(this.limits.timeoutMs / 1000)} s`),
        this.limits.timeoutMs,
      );
      thread.on('message', onMessage).on('error', onError).on('exit', onExit);
      thread.postMessage(request);
    });
  }
}
