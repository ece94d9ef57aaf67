import { Injectable } from '@nestjs/common';
import { type Framework, FRAMEWORKS } from '@governance/frameworks';
import { type TemplateResponse } from './template.dto';

type CatalogEntry = { framework: Framework };

/** The frameworks by key; the engine threads compile their own (engine/assessment-engine.worker.ts). */
@Injectable()
export class FrameworkCatalog {
  private readonly entries = new Map<string, CatalogEntry>(
    FRAMEWORKS.map((framework) => [framework.key, { framework }]),
  );

  find(key: string): CatalogEntry | undefined {
    return this.entries.get(key);
  }

  /** A template's id is the framework key itself (`EU_AI_ACT`), the value POST /document takes as `framework`. */
  templates(): TemplateResponse[] {
    return FRAMEWORKS.map(({ key, name, version, controls, description }) => ({
      id: key,
      key,
      name,
      version,
      control_count: controls.length,
      description,
    }));
  }
}
